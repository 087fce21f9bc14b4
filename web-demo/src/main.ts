// The demo page: pick an op, its version and type, edit the input and the
// parameters; the output is recomputed with tw.runNode on every change.
// Everything the person sets lives in the URL.
import * as tw from 'tessera-wasm';
import { gradient, heatColor, type Scale, scaleOf } from './heat.js';
import { InputError, formatNested, parseInt1, parseIntList, parseNested, product, unravel } from './nested.js';
import { DEMO_OPS } from './ops/index.js';
import type { DemoOp, Example, Param, RunArgs } from './ops/op.js';
import { makeTensor, parseValue, randomValue, showTensor, supported, tensorCode } from './values.js';

type DataType = tw.DataType;

interface Version {
  readonly since: number;
  readonly types: Readonly<Record<string, readonly DataType[]>>;
}

/** Input grids larger than this are edited as text. */
const GRID_LIMIT = 1024;
/** Inputs larger than this are refused: the page is for trying, not benchmarking. */
const INPUT_LIMIT = 65536;
/** Output cells drawn; the rest are summarised. */
const OUTPUT_LIMIT = 2048;

interface State {
  op: DemoOp;
  version: number;
  type: DataType;
  mode: 'grid' | 'text';
  dims: number[];
  items: string[];
  /** The text box as typed (it may not parse while being typed). */
  text: string;
  params: Record<string, string>;
}

const $ = <E extends HTMLElement>(id: string) => document.getElementById(id) as E;
const el = {
  op: $<HTMLSelectElement>('op'),
  version: $<HTMLSelectElement>('version'),
  type: $<HTMLSelectElement>('type'),
  summary: $('summary'),
  example: $<HTMLButtonElement>('example'),
  random: $<HTMLButtonElement>('random'),
  copy: $<HTMLButtonElement>('copy-link'),
  copyStatus: $('copy-status'),
  exampleSource: $('example-source'),
  inputEditor: $<HTMLFieldSetElement>('input-editor'),
  inputName: $('input-name'),
  modeGrid: $<HTMLInputElement>('mode-grid'),
  modeText: $<HTMLInputElement>('mode-text'),
  dims: $<HTMLInputElement>('dims'),
  inputGrid: $('input-grid'),
  inputText: $<HTMLTextAreaElement>('input-text'),
  inputHint: $('input-hint'),
  params: $<HTMLFieldSetElement>('params'),
  paramFields: $('param-fields'),
  backend: $('backend'),
  outDims: $('out-dims'),
  outType: $('out-type'),
  outSize: $('out-size'),
  outTime: $('out-time'),
  outTimeDetail: $('out-time-detail'),
  banner: $('banner'),
  outputGrid: $('output-grid'),
  legendMin: $('legend-min'),
  legendMax: $('legend-max'),
  legendBar: $('legend-bar'),
  hoverLine: $('hover-line'),
  source: $('source'),
  sourceTitle: $('source-title'),
  sourceGrid: $('source-grid'),
  code: $('code'),
};

let state: State;

// ---------------------------------------------------------------------------
// Versions and types, from the library's own table

function versionsOf(op: DemoOp): readonly Version[] {
  return tw.OPS[op.op].versions as readonly Version[];
}

function versionOf(op: DemoOp, since: number): Version {
  return versionsOf(op).find((v) => v.since === since) ?? versionsOf(op).at(-1)!;
}

function allowedTypes(op: DemoOp, since: number): readonly DataType[] {
  return versionOf(op, since).types[op.typeConstraint] ?? [];
}

function versionLabel(op: DemoOp, v: Version, next: Version | undefined): string {
  if (tw.OPS[op.op].domain === 'atb') return 'ATB (one version)';
  const opsets = next === undefined ? `opset ${v.since}+` : next.since - 1 === v.since ? `opset ${v.since}` : `opsets ${v.since}–${next.since - 1}`;
  return `${v.since} · ${opsets}`;
}

// ---------------------------------------------------------------------------
// State <-> URL

const compact = (dims: readonly number[], items: readonly string[], type: DataType) =>
  formatNested(dims, items.map((s) => quote(type, s))).replace(/\n\s*/g, ' ');

function quote(type: DataType, text: string): string {
  return type === 'string' ? JSON.stringify(text) : text;
}

function fromExample(op: DemoOp, version: number, example: Example): State {
  const dims = [...(example.dims ?? [])];
  const items = [...(example.items ?? [])];
  return {
    op, version, type: example.type, mode: dims.length <= 2 ? 'grid' : 'text',
    dims, items, text: formatNested(dims, items.map((s) => quote(example.type, s))), params: { ...example.params },
  };
}

function readUrl(): State {
  const q = new URLSearchParams(location.search);
  const op = DEMO_OPS.find((o) => o.op === q.get('op')) ?? DEMO_OPS[0];
  const versions = versionsOf(op);
  const requested = Number(q.get('v'));
  const version = versions.find((v) => v.since === requested)?.since ?? versions.at(-1)!.since;
  const example = op.example(version);
  const s = fromExample(op, version, example);
  const type = q.get('type');
  if (type !== null && (tw.DATA_TYPES as readonly string[]).includes(type)) s.type = type as DataType;
  for (const field of op.fields(version)) {
    const value = q.get(field.key);
    if (value !== null) s.params[field.key] = value;
  }
  const x = q.get('x');
  if (op.input && x !== null) {
    s.text = x;
    try {
      const parsed = parseNested(x);
      const dims = q.has('dims') ? parseIntList(q.get('dims')!) : parsed.dims;
      if (product(dims) === parsed.items.length) {
        s.dims = dims;
        s.items = parsed.items;
        s.text = formatNested(dims, parsed.items.map((i) => quote(s.type, i)));
      }
    } catch {
      s.mode = 'text';  // shown as typed, with its error beside it
    }
  }
  if (q.get('mode') === 'text' || s.dims.length > 2) s.mode = 'text';
  else if (q.get('mode') === 'grid') s.mode = 'grid';
  return s;
}

function writeUrl(): void {
  const q = new URLSearchParams();
  q.set('op', state.op.op);
  q.set('v', String(state.version));
  q.set('type', state.type);
  if (state.op.input) {
    q.set('mode', state.mode);
    if (state.mode === 'text') {
      q.set('x', state.text);
    } else {
      q.set('dims', state.dims.join(','));
      q.set('x', compact(state.dims, state.items, state.type));
    }
  }
  for (const field of state.op.fields(state.version)) q.set(field.key, state.params[field.key] ?? '');
  history.replaceState(null, '', `?${q}`);
}

// ---------------------------------------------------------------------------
// Controls

function option(value: string, label: string, selected: boolean, disabled = false): HTMLOptionElement {
  const o = new Option(label, value, selected, selected);
  o.disabled = disabled;
  return o;
}

function renderPickers(): void {
  el.op.replaceChildren(...DEMO_OPS.map((o) => option(o.op, o.op, o === state.op)));
  const versions = versionsOf(state.op);
  el.version.replaceChildren(...versions.map((v, i) => option(String(v.since), versionLabel(state.op, v, versions[i + 1]), v.since === state.version)));
  el.version.disabled = versions.length === 1;

  const allowed = allowedTypes(state.op, state.version);
  const options = allowed.map((t) => option(t, supported(t) ? t : `${t} (not editable here yet)`, t === state.type, !supported(t)));
  if (!allowed.includes(state.type)) {
    // Carried over from another version: kept, so that the spec's refusal shows.
    options.unshift(option(state.type, `${state.type} ⚠ not allowed`, true));
  }
  el.type.replaceChildren(...options);
  const what = state.op.input ? `${state.op.input.name} and the output` : 'value and the output';
  setHint('type', `Type of ${what}: ${versionName()} allows ${allowed.length} (${state.op.typeConstraint} in its spec)`);

  // `name` in a summary is code.
  el.summary.replaceChildren(...state.op.summary.split('`').map((part, i) =>
    i % 2 ? Object.assign(document.createElement('code'), { textContent: part }) : part));
  const example = state.op.example(state.version);
  el.exampleSource.textContent = `Spec example: ${example.source}`;
}

function versionName(): string {
  return tw.OPS[state.op.op].domain === 'atb' ? `ATB ${state.op.op}` : `${state.op.op}-${state.version}`;
}

function renderParams(): void {
  const fields = state.op.fields(state.version);
  el.params.hidden = fields.length === 0;
  el.paramFields.replaceChildren(...fields.map((field) => {
    const wrap = document.createElement('div');
    wrap.className = 'field';
    wrap.dataset.field = field.key;
    const label = document.createElement('label');
    label.htmlFor = `param-${field.key}`;
    label.textContent = field.label;
    const input = document.createElement('input');
    input.id = `param-${field.key}`;
    input.name = field.key;
    input.spellcheck = false;
    input.value = state.params[field.key] ?? '';
    input.placeholder = field.optional ? 'not given' : field.kind === 'ints' ? 'e.g. 2, 3' : '';
    input.setAttribute('aria-describedby', `note-${field.key}`);
    input.addEventListener('input', guard(() => {
      state.params[field.key] = input.value;
      schedule();
    }));
    const note = noteElement(field.key, field.hint);
    wrap.append(label, input, note);
    return wrap;
  }));
}

function noteElement(key: string, hint: string): HTMLParagraphElement {
  const note = document.createElement('p');
  note.className = 'note';
  note.id = `note-${key}`;
  const h = document.createElement('span');
  h.className = 'hint';
  h.textContent = hint;
  const e = document.createElement('span');
  e.className = 'error';
  note.append(h, e);
  return note;
}

function setHint(key: string, hint: string): void {
  const h = document.querySelector(`#note-${key} .hint`);
  if (h) h.textContent = hint;
}

/** Shows `message` as the error of field `key` (or clears it), marking the control invalid. */
function setError(key: string, message: string | undefined): void {
  const note = document.getElementById(`note-${key}`);
  if (!note) return;
  note.classList.toggle('has-error', message !== undefined);
  note.querySelector('.error')!.textContent = message ?? '';
  const control = key === 'input' ? (state.mode === 'grid' ? el.inputGrid : el.inputText)
    : key === 'type' ? el.type : key === 'dims' ? el.dims : document.getElementById(`param-${key}`);
  if (control) {
    if (message === undefined) control.removeAttribute('aria-invalid');
    else control.setAttribute('aria-invalid', 'true');
  }
}

function renderInputEditor(): void {
  const input = state.op.input;
  el.inputEditor.hidden = input === undefined;
  if (!input) return;
  el.inputName.textContent = input.name;
  el.inputName.hidden = input.name === 'input';
  el.inputHint.textContent = input.hint;
  el.modeGrid.checked = state.mode === 'grid';
  el.modeText.checked = state.mode === 'text';
  el.dims.value = state.dims.join(', ');
  el.dims.readOnly = state.mode === 'text';
  el.inputText.hidden = state.mode !== 'text';
  el.inputGrid.hidden = state.mode !== 'grid';
  if (state.mode === 'text') {
    el.inputText.value = state.text;
  } else {
    renderInputGrid();
  }
}

function renderInputGrid(): void {
  const { dims, items } = state;
  const table = document.createElement('table');
  table.className = 'cells editable';
  const rows = dims.length === 2 ? dims[0] : 1;
  const cols = dims.length === 0 ? 1 : dims[dims.length - 1];
  if (dims.length > 0) {
    const head = table.createTHead().insertRow();
    head.append(document.createElement('th'));
    for (let c = 0; c < cols; c++) head.append(Object.assign(document.createElement('th'), { textContent: String(c), scope: 'col' }));
  }
  const body = table.createTBody();
  for (let r = 0; r < rows; r++) {
    const row = body.insertRow();
    if (dims.length > 0) row.append(Object.assign(document.createElement('th'), { textContent: dims.length === 2 ? String(r) : '', scope: 'row' }));
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const cell = row.insertCell();
      const input = document.createElement('input');
      input.value = items[i];
      input.dataset.i = String(i);
      input.spellcheck = false;
      input.setAttribute('aria-label', `x[${unravel(i, dims).join(', ')}]`);
      cell.append(input);
    }
  }
  el.inputGrid.replaceChildren(table);
}

/** Resizes the grid to new dims, keeping each value that still has a place. */
function resize(dims: number[]): void {
  const old = state.dims;
  const items = new Array<string>(product(dims));
  for (let i = 0; i < items.length; i++) {
    const at = unravel(i, dims);
    const fits = at.length === old.length && at.every((a, k) => a < old[k]);
    const from = fits ? at.reduce((acc, a, k) => acc * old[k] + a, 0) : -1;
    items[i] = from >= 0 ? state.items[from] : fill(state.type);
  }
  state.dims = dims;
  state.items = items;
  state.text = formatNested(dims, items.map((s) => quote(state.type, s)));
}

function fill(type: DataType): string {
  return type === 'string' ? '' : type === 'bool' ? 'false' : '0';
}

// ---------------------------------------------------------------------------
// Running the op

interface Outcome {
  output?: tw.Tensor;
  input?: tw.Tensor;
  args?: RunArgs;
  code?: string;
  errors: Map<string, string>;
  run?: () => unknown;
}

function evaluate(): Outcome {
  const errors = new Map<string, string>();
  const op = state.op;
  let input: tw.Tensor | undefined;
  if (op.input) {
    try {
      if (state.mode === 'text') {
        const parsed = parseNested(state.text);
        state.dims = parsed.dims;
        state.items = parsed.items;
        el.dims.value = parsed.dims.join(', ');
      }
      if (product(state.dims) > INPUT_LIMIT) throw new InputError(`${product(state.dims)} elements: this page takes up to ${INPUT_LIMIT}`);
      input = makeTensor(state.type, state.dims, state.items);
    } catch (error) {
      if (!(error instanceof InputError || error instanceof tw.SpecError)) throw error;
      errors.set('input', error.message);
    }
  }
  const params: Record<string, Param> = {};
  for (const field of op.fields(state.version)) {
    const text = state.params[field.key] ?? '';
    try {
      if (field.kind === 'ints') params[field.key] = parseIntList(text);
      else if (field.kind === 'int') params[field.key] = parseInt1(text);
      else {
        if (text.trim() !== '' && supported(state.type)) parseValue(state.type, text);
        params[field.key] = text;
      }
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      errors.set(field.key, error.message);
    }
  }
  if (errors.size > 0) return { errors };

  const args: RunArgs = { opset: state.version, type: state.type, input, params };
  try {
    const { spec, inputs, code } = op.node(args);
    const output = tw.runNode(spec, inputs)[0];
    return { output, input, args, code, errors, run: () => tw.runNode(spec, inputs) };
  } catch (error) {
    if (error instanceof tw.SpecError) {
      errors.set(op.fieldOf(error.message, state.version) ?? 'call', error.message);
    } else if (error instanceof InputError) {
      errors.set(error.field ?? 'call', error.message);
    } else {
      throw error;
    }
    return { errors };
  }
}

let shown: { output: tw.Tensor; scale: Scale } | undefined;

let ready = false;

function update(): void {
  writeUrl();
  if (!ready) return;
  const outcome = evaluate();
  const keys = ['type', 'dims', 'input', ...state.op.fields(state.version).map((f) => f.key)];
  for (const key of keys) setError(key, outcome.errors.get(key));
  const failed = outcome.errors.size > 0;
  document.body.classList.toggle('failed', failed);
  if (failed) {
    const [key, message] = [...outcome.errors][0];
    el.banner.hidden = false;
    const where = key === 'call' ? '' : ` (marked at ${key === 'input' || key === 'dims' ? 'the input' : key === 'type' ? 'Type' : key})`;
    el.banner.textContent = `Not run. ${message}${where}.${shown ? ' The last output is shown faded.' : ''}`;
    el.banner.dataset.field = key;
    document.body.classList.toggle('no-output', shown === undefined);
    timing.cancel();
    el.outTime.textContent = '–';
    return;
  }
  el.banner.hidden = true;
  document.body.classList.remove('no-output');
  el.code.textContent = `${codePrelude(outcome)}\n${outcome.code}`;
  renderOutput(outcome);
  timing.start(outcome.run!);
}

function codePrelude({ input, args }: Outcome): string {
  const lines = ["import * as tw from 'tessera-wasm';", 'await tw.init();'];
  if (input && args) lines.push(`const x = ${tensorCode(input)};`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------
// The output: a heat map, and where each cell came from

function renderOutput({ output, input, args }: Outcome): void {
  if (!output || !args) return;
  const shownOut = showTensor(output, OUTPUT_LIMIT);
  const shownIn = input ? showTensor(input, OUTPUT_LIMIT) : undefined;
  const numericLike = output.type !== 'string';
  const scale = scaleOf(shownOut.heat, numericLike && shownIn ? shownIn.heat : []);
  shown = { output, scale };

  el.outDims.textContent = `[${output.dims.join(', ')}]`;
  el.outType.textContent = output.type;
  el.outSize.textContent = output.size.toLocaleString('en');
  el.legendMin.textContent = output.type === 'string' ? 'first' : formatEnd(scale.min);
  el.legendMax.textContent = output.type === 'string' ? 'last' : formatEnd(scale.max);

  const source = state.op.source?.(args, output.dims);
  el.outputGrid.replaceChildren(heatGrid(output.dims, shownOut.text, shownOut.heat, scale, output.size, 'y', source));
  el.source.hidden = !input || !source;
  if (input && source) {
    const flat = state.op.flatSource === true;
    el.sourceTitle.textContent = flat
      ? `Input ${state.op.input!.name}, flattened: AsStrided reads it as one row`
      : `Input${state.op.input!.name === 'input' ? '' : ` ${state.op.input!.name}`}: hover an output cell to mark its source`;
    el.sourceGrid.replaceChildren(heatGrid(flat ? [input.size] : input.dims, shownIn!.text, shownIn!.heat, scale, input.size, 'x'));
  }
  colourInputGrid(shownIn, scale);
  el.hoverLine.textContent = source ? 'Hover over or focus an output cell to see which input element it came from.' : ' ';
}

function formatEnd(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toPrecision(4).replace(/\.?0+$/, '');
}

function colourInputGrid(shownIn: { heat: number[] } | undefined, scale: Scale): void {
  if (!shownIn || state.mode !== 'grid') return;
  for (const input of el.inputGrid.querySelectorAll<HTMLInputElement>('input[data-i]')) {
    const v = shownIn.heat[Number(input.dataset.i)];
    input.style.setProperty('--heat', v === undefined ? 'transparent' : heatColor(v, scale).background);
  }
}

/**
 * A heat-map grid: rank 0-2 as one table, higher ranks as a stack of 2-D
 * slices, at most `text.length` cells. Cells carry their flat index, and
 * their source index when `source` is given.
 */
function heatGrid(dims: readonly number[], text: readonly string[], heat: readonly number[], scale: Scale,
  size: number, name: string, source?: (i: number) => number): HTMLElement {
  const wrap = document.createElement('div');
  wrap.className = 'slices';
  const cols = dims.length === 0 ? 1 : dims[dims.length - 1];
  const rows = dims.length >= 2 ? dims[dims.length - 2] : 1;
  const perSlice = rows * cols;
  const slices = dims.length <= 2 ? 1 : product(dims.slice(0, -2));
  let drawn = 0;
  for (let s = 0; s < slices && drawn < text.length; s++) {
    const table = document.createElement('table');
    table.className = 'cells heat';
    if (dims.length > 2) {
      const lead = unravel(s, dims.slice(0, -2));
      table.createCaption().textContent = `${name}[${lead.join(', ')}, :, :]`;
    }
    const body = table.createTBody();
    for (let r = 0; r < rows && drawn < text.length; r++) {
      const row = body.insertRow();
      for (let c = 0; c < cols && drawn < text.length; c++) {
        const i = s * perSlice + r * cols + c;
        const cell = row.insertCell();
        cell.textContent = text[i];
        const { background, color } = heatColor(heat[i], scale);
        cell.style.background = background;
        cell.style.color = color;
        cell.dataset.i = String(i);
        if (source) cell.dataset.src = String(source(i));
        if (name === 'y') cell.tabIndex = i === 0 ? 0 : -1;  // one tab stop; arrows move within
        cell.title = `${name}[${unravel(i, dims).join(', ')}] = ${text[i]}`;
        drawn++;
      }
    }
    wrap.append(table);
  }
  if (size === 0) wrap.append(Object.assign(document.createElement('p'), { className: 'empty', textContent: `No elements: dims [${dims.join(', ')}]` }));
  if (drawn < size) {
    wrap.append(Object.assign(document.createElement('p'), { className: 'more', textContent: `… and ${(size - drawn).toLocaleString('en')} more elements, not drawn` }));
  }
  return wrap;
}

function highlight(cell: HTMLElement | null): void {
  for (const c of document.querySelectorAll('.is-source, .is-sibling, .is-current')) c.classList.remove('is-source', 'is-sibling', 'is-current');
  if (!cell || cell.dataset.src === undefined || !shown) return;
  const src = cell.dataset.src;
  cell.classList.add('is-current');
  for (const c of el.outputGrid.querySelectorAll<HTMLElement>(`td[data-src="${src}"]`)) if (c !== cell) c.classList.add('is-sibling');
  el.sourceGrid.querySelector(`td[data-i="${src}"]`)?.classList.add('is-source');
  const input = state.op.input!.name;
  const i = Number(cell.dataset.i);
  const from = Number(src);
  const inputDims = state.dims;
  const flat = state.op.flatSource === true;
  const readers = el.outputGrid.querySelectorAll(`td[data-src="${src}"]`).length;
  el.hoverLine.textContent = `y[${unravel(i, shown.output.dims).join(', ')}] = ${cell.textContent} comes from ${input}[${flat ? from : unravel(from, inputDims).join(', ')}]`
    + (flat && inputDims.length > 1 ? ` (= ${input}[${unravel(from, inputDims).join(', ')}])` : '')
    + (readers > 1 ? `, as do ${readers - 1} other shown output cell${readers > 2 ? 's' : ''}` : '');
}

/** Arrow keys move through the output cells: one tab stop for the whole grid. */
function moveFocus(event: KeyboardEvent): void {
  const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-i]');
  if (!cell || !shown) return;
  const dims = shown.output.dims;
  const cols = dims.length === 0 ? 1 : dims[dims.length - 1];
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[event.key];
  let target: number | undefined = step === undefined ? undefined : Number(cell.dataset.i) + step;
  if (event.key === 'Home') target = 0;
  if (event.key === 'End') target = el.outputGrid.querySelectorAll('td[data-i]').length - 1;
  if (target === undefined) return;
  const next = el.outputGrid.querySelector<HTMLElement>(`td[data-i="${target}"]`);
  if (!next) return;
  event.preventDefault();
  cell.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

// ---------------------------------------------------------------------------
// Timing: the median of a few samples, each long enough for the browser's clock

/**
 * Times `run`: enough calls per sample for the browser's coarse clock (0.1 ms
 * without cross-origin isolation) to resolve a sample to about 2%, then the
 * median of up to 7 samples, within about a quarter of a second.
 */
function measure(run: () => unknown): { median: number; samples: number; calls: number } {
  const SAMPLE_MS = 5;
  const deadline = performance.now() + 250;
  const time = (calls: number) => {
    const t0 = performance.now();
    for (let k = 0; k < calls; k++) run();
    return performance.now() - t0;
  };
  time(1);  // warm-up: the first calls compile and allocate
  let calls = 1;
  for (let elapsed = time(calls); elapsed < SAMPLE_MS && calls < 1 << 20 && performance.now() < deadline; elapsed = time(calls)) {
    calls = elapsed <= 0.5 ? calls * 10 : Math.ceil((calls * SAMPLE_MS * 1.2) / elapsed);
  }
  const samples: number[] = [];
  while (samples.length < 7 && (samples.length < 3 || performance.now() < deadline)) samples.push(time(calls) / calls);
  samples.sort((a, b) => a - b);
  return { median: samples[samples.length >> 1], samples: samples.length, calls };
}

const timing = (() => {
  let generation = 0;
  const format = (ms: number) => ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toPrecision(3)} µs`;
  return {
    cancel() {
      generation++;
    },
    start(run: () => unknown) {
      const mine = ++generation;
      el.outTime.textContent = 'measuring…';
      setTimeout(guard(() => {
        if (mine !== generation) return;
        const { median, samples, calls } = measure(run);
        el.outTime.textContent = median > 0 ? format(median) : `< ${format(0.1 / calls)}`;
        el.outTimeDetail.textContent = `median of ${samples} samples × ${calls} call${calls > 1 ? 's' : ''} of tw.runNode, in this browser`;
      }), 200);
    },
  };
})();

// ---------------------------------------------------------------------------
// Events

/** Runs a handler; anything unexpected is shown on the page, never thrown to the console. */
function guard<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return (...args: A) => {
    try {
      fn(...args);
    } catch (error) {
      showBanner(`Unexpected error: ${(error as Error)?.message ?? error}`);
    }
  };
}

let pending: ReturnType<typeof setTimeout> | undefined;
/** Recomputes soon: typing stays smooth on big inputs. */
function schedule(delay = 120): void {
  clearTimeout(pending);
  pending = setTimeout(guard(update), delay);
}

function now(): void {
  clearTimeout(pending);
  update();
}

function loadExample(op: DemoOp, version: number): void {
  state = fromExample(op, version, op.example(version));
  renderAll();
}

function renderAll(): void {
  renderPickers();
  renderParams();
  renderInputEditor();
  now();
}

function bind(): void {
  el.op.addEventListener('change', guard(() => {
    const op = DEMO_OPS.find((o) => o.op === el.op.value)!;
    loadExample(op, versionsOf(op).at(-1)!.since);
  }));
  el.version.addEventListener('change', guard(() => {
    // The type, input and parameters are kept: what the new version refuses shows where it applies.
    const before = state.op.fields(state.version).map((f) => f.key).join();
    state.version = Number(el.version.value);
    const example = state.op.example(state.version);
    for (const field of state.op.fields(state.version)) state.params[field.key] ??= example.params[field.key] ?? '';
    renderPickers();
    if (before !== state.op.fields(state.version).map((f) => f.key).join()) renderParams();
    now();
  }));
  el.type.addEventListener('change', guard(() => {
    state.type = el.type.value as DataType;
    renderPickers();
    if (state.mode === 'text') state.text = el.inputText.value;
    now();
  }));
  el.example.addEventListener('click', guard(() => loadExample(state.op, state.version)));
  el.random.addEventListener('click', guard(() => {
    if (state.op.input) {
      if (product(state.dims) === 0 || product(state.dims) > GRID_LIMIT) {
        state.dims = [...(state.op.example(state.version).dims ?? [])];
      }
      state.items = Array.from({ length: product(state.dims) }, () => randomValue(state.type));
      state.text = formatNested(state.dims, state.items.map((s) => quote(state.type, s)));
    }
    const random = state.op.random?.({ version: state.version, type: state.type, dims: state.dims });
    if (random?.params) Object.assign(state.params, random.params);
    renderParams();
    renderInputEditor();
    now();
  }));
  el.copy.addEventListener('click', guard(() => {
    writeUrl();
    const done = (ok: boolean) => {
      el.copyStatus.textContent = ok ? 'Link copied' : 'Copy the address bar';
      setTimeout(() => { el.copyStatus.textContent = ''; }, 2500);
    };
    navigator.clipboard?.writeText(location.href).then(() => done(true), () => done(false)) ?? done(false);
  }));

  const setMode = guard((mode: 'grid' | 'text') => {
    if (mode === state.mode) return;
    if (mode === 'grid') {
      try {
        const parsed = parseNested(el.inputText.value);
        if (parsed.dims.length > 2) throw new InputError(`the grid edits 1-D and 2-D tensors; this one is ${parsed.dims.length}-D`);
        if (product(parsed.dims) > GRID_LIMIT) throw new InputError(`the grid takes up to ${GRID_LIMIT} elements; this tensor has ${product(parsed.dims)}`);
        state.dims = parsed.dims;
        state.items = parsed.items;
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        el.modeText.checked = true;
        setError('input', `Kept as text: ${error.message}`);
        return;
      }
    } else {
      state.text = formatNested(state.dims, state.items.map((s) => quote(state.type, s)));
    }
    state.mode = mode;
    renderInputEditor();
    now();
  });
  el.modeGrid.addEventListener('change', () => setMode('grid'));
  el.modeText.addEventListener('change', () => setMode('text'));

  el.dims.addEventListener('input', guard(() => {
    if (state.mode !== 'grid') return;
    try {
      const dims = parseIntList(el.dims.value);
      if (dims.length > 2) throw new InputError('the grid edits 1-D and 2-D tensors: use Text for more dims');
      if (dims.some((d) => d < 0)) throw new InputError('sizes must be ≥ 0');
      if (product(dims) > GRID_LIMIT) throw new InputError(`the grid takes up to ${GRID_LIMIT} elements (these dims give ${product(dims)}): use Text`);
      setError('dims', undefined);
      if (dims.join() === state.dims.join()) return;
      resize(dims);
      renderInputGrid();
      schedule();
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      setError('dims', error.message);
    }
  }));
  el.inputGrid.addEventListener('input', guard((event: Event) => {
    const input = event.target as HTMLInputElement;
    if (input.dataset.i === undefined) return;
    state.items[Number(input.dataset.i)] = input.value;
    schedule();
  }));
  el.inputGrid.addEventListener('keydown', (event: KeyboardEvent) => {
    const input = event.target as HTMLInputElement;
    if (input.dataset.i === undefined) return;
    const cols = state.dims.length === 0 ? 1 : state.dims[state.dims.length - 1];
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    const step = event.key === 'ArrowUp' ? -cols : event.key === 'ArrowDown' || event.key === 'Enter' ? cols
      : event.key === 'ArrowLeft' && atStart ? -1 : event.key === 'ArrowRight' && atEnd ? 1 : 0;
    const next = step && el.inputGrid.querySelector<HTMLInputElement>(`input[data-i="${Number(input.dataset.i) + step}"]`);
    if (next) {
      event.preventDefault();
      next.focus();
      next.select();
    }
  });
  el.inputText.addEventListener('input', guard(() => {
    state.text = el.inputText.value;
    schedule(250);
  }));

  el.outputGrid.addEventListener('mouseover', (event) => highlight((event.target as HTMLElement).closest('td')));
  el.outputGrid.addEventListener('focusin', (event) => highlight((event.target as HTMLElement).closest('td')));
  el.outputGrid.addEventListener('mouseleave', () => highlight(document.activeElement?.closest('#output-grid td') ?? null));
  el.outputGrid.addEventListener('keydown', moveFocus);
  document.getElementById('controls')!.addEventListener('submit', (event) => event.preventDefault());
}

async function main(): Promise<void> {
  el.legendBar.style.background = gradient();
  state = readUrl();
  bind();
  // The controls need no wasm: drawn first, so nothing moves when it arrives.
  renderPickers();
  renderParams();
  renderInputEditor();
  try {
    await tw.init();
  } catch (error) {
    el.backend.textContent = 'tessera.wasm did not load';
    el.backend.classList.add('bad');
    showBanner(`Could not load the WebAssembly module: ${(error as Error).message}`);
    return;
  }
  const info = tw.backendInfo();
  const file = info.source.split('/').pop()?.replace(/-[\w-]{8}\.wasm$/, '.wasm') ?? 'tessera.wasm';
  el.backend.innerHTML = '';
  el.backend.append(
    Object.assign(document.createElement('span'), { className: 'badge', textContent: info.simd ? 'SIMD128' : 'scalar' }),
    ` ${file} · `,
    Object.assign(document.createElement('span'), { id: 'wasm-size', textContent: info.wasmBytes === undefined ? 'size unknown' : `${(info.wasmBytes / 1024).toFixed(1)} KiB` }),
  );
  el.backend.title = `Loaded from ${info.source} (${info.wasmBytes} bytes)`;
  document.body.classList.add('ready');
  ready = true;
  now();
  document.documentElement.classList.remove('loading');
}

function showBanner(message: string): void {
  el.banner.hidden = false;
  el.banner.textContent = message;
  document.documentElement.classList.remove('loading');
}

main().catch((error: unknown) => showBanner(`The page failed to start: ${(error as Error)?.message ?? error}`));
