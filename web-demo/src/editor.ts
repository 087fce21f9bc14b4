// The controls: the op pages' links, the version and type menus, the
// parameter fields and the input editor (a grid for 1-D and 2-D tensors, a
// text box for any rank). Each field has a note under it holding its
// constraint, or its error in the same place.
import { el, guard } from './dom.js';
import { InputError, parseIntList, parseNested, product, unravel } from './nested.js';
import { markCurrent } from './picker.js';
import { randomValue } from './values.js';
import {
  allowedTypes, app, fieldsOf, opsetsOf, reshape, runsAsNode, setItem, setItems, textOf, versionLabel, versionName, versionsOf,
} from './state.js';

/** Input grids larger than this are edited as text. */
export const GRID_LIMIT = 1024;

/** What the editor calls when the person changed something: recompute after `delay` ms. */
type Changed = (delay?: number) => void;

// ---------------------------------------------------------------------------
// Version and type

function option(value: string, label: string, selected: boolean): HTMLOptionElement {
  return new Option(label, value, selected, selected);
}

export function renderPickers(): void {
  const s = app.state;
  markCurrent(s.op);
  document.title = `${s.op.op} · tessera-wasm demo`;

  // ONNX ops choose a version; AsStrided has one, and a switch for its ATB node's own types instead.
  const nodeSwitch = s.op.nodeSwitch;
  el.version.hidden = nodeSwitch !== undefined;
  el.nodeRow.hidden = nodeSwitch === undefined;
  el.versionLabel.htmlFor = nodeSwitch ? 'node' : 'version';
  el.versionLabel.textContent = nodeSwitch ? 'ATB node' : 'Version';
  if (nodeSwitch) {
    el.node.checked = s.node;
    el.nodeLabel.textContent = nodeSwitch.label;
    setHint('version', s.node ? nodeSwitch.on : nodeSwitch.off);
  } else {
    const versions = versionsOf(s.op);
    el.version.replaceChildren(...versions.map((v, i) => option(String(v.since), versionLabel(v, versions[i + 1]), v.since === s.version)));
    setHint('version', runsAsNode(s) ? `${opsetsOf(s.op, s.version)}: tw.runNode` : `newest: ${s.op.named}`);
  }

  // The state's type is always one the call takes (a version switch or a link picks one if need be).
  // An op with no main input and no value of the type (every input a tensor field of its own) has no type menu.
  el.typeField.hidden = s.op.typeConstraint(s.version) === undefined;
  const allowed = allowedTypes(s);
  el.type.replaceChildren(...allowed.map((t) => option(t, t, t === s.type)));
  const named = s.op.namedTypes && !runsAsNode(s);
  setHint('type', named ? `${s.op.named} takes all ${allowed.length}` : `${versionName(s)} allows ${allowed.length} (${s.op.typeConstraint(s.version)})`);

  // `name` in a summary is code.
  el.summary.replaceChildren(...s.op.summary.split('`').map((part, i) =>
    i % 2 ? Object.assign(document.createElement('code'), { textContent: part }) : part));
  el.example.textContent = s.op.hasExample ? 'Spec example' : 'Start values';
  el.exampleSource.textContent = `${s.op.hasExample ? 'Spec example' : 'Start values'}: ${s.op.example(s.version).source}`;
}

// ---------------------------------------------------------------------------
// Notes: a field's constraint, or its error

export function noteElement(key: string, hint: string): HTMLParagraphElement {
  const note = document.createElement('p');
  note.className = 'note';
  note.id = `note-${key}`;
  const h = document.createElement('span');
  h.className = 'hint';
  h.textContent = hint;
  const info = document.createElement('span');
  info.className = 'info';
  const e = document.createElement('span');
  e.className = 'error';
  note.append(h, info, e);
  return note;
}

/** A note about what the page did with a field's value (a type switched, a value rounded), or none. */
export function setInfo(key: string, text: string | undefined): void {
  const info = document.querySelector(`#note-${key} .info`);
  if (info) info.textContent = text ?? '';
}

function setHint(key: string, hint: string): void {
  const h = document.querySelector(`#note-${key} .hint`);
  if (h) h.textContent = hint;
}

/** The control a field's error marks invalid. */
function controlOf(key: string): HTMLElement | null {
  switch (key) {
    case 'input': return app.state.mode === 'grid' ? el.inputGrid : el.inputText;
    case 'type': return el.type;
    case 'dims': return el.dims;
    case 'version': return app.state.op.nodeSwitch ? el.node : el.version;
    default: return document.getElementById(`param-${key}`);
  }
}

/** Shows `message` as the error of field `key` (or clears it); false when the page has no such field. */
export function setError(key: string, message: string | undefined): boolean {
  const note = document.getElementById(`note-${key}`);
  if (!note) return false;
  note.classList.toggle('has-error', message !== undefined);
  note.querySelector('.error')!.textContent = message ?? '';
  const control = controlOf(key);
  if (message === undefined) control?.removeAttribute('aria-invalid');
  else control?.setAttribute('aria-invalid', 'true');
  return true;
}

/** Every field that may show an error now. */
export function fieldKeys(): string[] {
  return ['version', 'type', 'dims', 'input', ...fieldsOf(app.state).map((f) => f.key)];
}

/** Brings a field into view and focuses its control (from the output's "see …" link). */
export function focusField(key: string): void {
  const control = controlOf(key);
  control?.scrollIntoView({ block: 'center' });
  (control?.matches('input, select, textarea') ? control : control?.querySelector<HTMLElement>('input'))?.focus({ preventScroll: true });
}

// ---------------------------------------------------------------------------
// Parameters

export function renderParams(changed: Changed): void {
  const s = app.state;
  // Tensor fields have editors of their own (tensors.ts).
  const fields = fieldsOf(s).filter((f) => f.kind !== 'tensor');
  el.params.hidden = fields.length === 0;
  el.paramFields.replaceChildren(...fields.map((field) => {
    const wrap = document.createElement('div');
    wrap.className = 'field';
    wrap.dataset.field = field.key;
    const label = document.createElement('label');
    label.htmlFor = `param-${field.key}`;
    label.textContent = field.label;
    // A choice (Cast's `to`, say) is a menu of its options; anything else is typed.
    const choices = field.kind === 'choice' ? field.choices?.(s.version) ?? [] : undefined;
    const input = choices ? document.createElement('select') : document.createElement('input');
    input.id = `param-${field.key}`;
    input.name = field.key;
    if (input instanceof HTMLSelectElement) {
      const value = s.params[field.key] ?? '';
      input.replaceChildren(...choices!.map((c) => option(c, c, c === value)));
    } else {
      input.spellcheck = false;
      input.value = s.params[field.key] ?? '';
      input.placeholder = field.optional ? 'not given' : field.kind === 'ints' ? 'e.g. 2, 3' : '';
    }
    input.setAttribute('aria-describedby', `note-${field.key}`);
    input.addEventListener(choices ? 'change' : 'input', guard(() => {
      app.state.params[field.key] = input.value;
      changed(choices ? 0 : undefined);
    }));
    wrap.append(label, input, noteElement(field.key, field.hint));
    return wrap;
  }));
}

// ---------------------------------------------------------------------------
// The input tensor

export function renderInputEditor(): void {
  const s = app.state;
  const input = s.op.input;
  el.inputEditor.hidden = input === undefined;
  if (!input) return;
  el.inputName.textContent = input.name;
  el.inputName.hidden = input.name === 'input';
  el.inputHint.textContent = input.hint(runsAsNode(s), s.version);
  el.modeGrid.checked = s.mode === 'grid';
  el.modeText.checked = s.mode === 'text';
  el.dims.value = s.dims.join(', ');
  el.dims.readOnly = s.mode === 'text';
  el.inputText.hidden = s.mode !== 'text';
  el.inputGrid.hidden = s.mode !== 'grid';
  if (s.mode === 'text') el.inputText.value = s.text;
  else renderInputGrid();
}

function renderInputGrid(): void {
  const { dims, items } = app.state;
  const table = document.createElement('table');
  table.className = 'cells editable';
  const rows = dims.length === 2 ? dims[0] : 1;
  const cols = dims.length === 0 ? 1 : dims[dims.length - 1];
  // Column numbers above, row numbers (2-D) beside; the corner is an empty data cell, not a header.
  if (dims.length > 0) {
    const head = table.createTHead().insertRow();
    if (dims.length === 2) head.insertCell();
    for (let c = 0; c < cols; c++) head.append(Object.assign(document.createElement('th'), { textContent: String(c), scope: 'col' }));
  }
  const body = table.createTBody();
  for (let r = 0; r < rows; r++) {
    const row = body.insertRow();
    if (dims.length === 2) row.append(Object.assign(document.createElement('th'), { textContent: String(r), scope: 'row' }));
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const input = document.createElement('input');
      input.value = items[i];
      input.dataset.i = String(i);
      input.spellcheck = false;
      input.setAttribute('aria-label', `x[${unravel(i, dims).join(', ')}]`);
      row.insertCell().append(input);
    }
  }
  el.inputGrid.replaceChildren(table);
}

/** The input editor's own events: grid or text, dims, cells, the text box. */
export function bindInputEditor(changed: Changed): void {
  const setMode = guard((mode: 'grid' | 'text') => {
    const s = app.state;
    if (mode === s.mode) return;
    if (mode === 'grid') {
      try {
        const parsed = parseNested(el.inputText.value);
        if (parsed.dims.length > 2) throw new InputError(`the grid edits 1-D and 2-D tensors; this one is ${parsed.dims.length}-D`);
        if (product(parsed.dims) > GRID_LIMIT) throw new InputError(`the grid takes up to ${GRID_LIMIT} elements; this tensor has ${product(parsed.dims)}`);
        s.dims = parsed.dims;
        setItems(s, parsed.items);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        el.modeText.checked = true;
        setError('input', `Kept as text: ${error.message}`);
        return;
      }
    } else {
      s.text = textOf(s);
    }
    s.mode = mode;
    renderInputEditor();
    changed(0);
  });
  el.modeGrid.addEventListener('change', () => setMode('grid'));
  el.modeText.addEventListener('change', () => setMode('text'));

  el.dims.addEventListener('input', guard(() => {
    if (app.state.mode !== 'grid') return;
    try {
      const dims = parseIntList(el.dims.value);
      if (dims.length > 2) throw new InputError('the grid edits 1-D and 2-D tensors: use Text for more dims');
      if (dims.some((d) => d < 0)) throw new InputError('sizes must be ≥ 0');
      if (product(dims) > GRID_LIMIT) throw new InputError(`the grid takes up to ${GRID_LIMIT} elements (these dims give ${product(dims)}): use Text`);
      setError('dims', undefined);
      if (dims.join() === app.state.dims.join()) return;
      reshape(app.state, dims);
      renderInputGrid();
      changed();
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      setError('dims', error.message);
    }
  }));
  el.inputGrid.addEventListener('input', guard((event: Event) => {
    const input = event.target as HTMLInputElement;
    if (input.dataset.i === undefined) return;
    setItem(app.state, Number(input.dataset.i), input.value);
    changed();
  }));
  el.inputGrid.addEventListener('keydown', (event: KeyboardEvent) => {
    const input = event.target as HTMLInputElement;
    if (input.dataset.i === undefined) return;
    const dims = app.state.dims;
    const cols = dims.length === 0 ? 1 : dims[dims.length - 1];
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
    app.state.text = el.inputText.value;
    changed(250);
  }));
}

/** Fresh random input values (and parameters to match, where the op has a way to pick them). */
export function randomize(): void {
  const s = app.state;
  if (s.op.input) {
    if (product(s.dims) === 0 || product(s.dims) > GRID_LIMIT) s.dims = [...(s.op.example(s.version).dims ?? [])];
    setItems(s, Array.from({ length: product(s.dims) }, () => randomValue(s.type)));
    s.text = textOf(s);
  }
  const random = s.op.random?.({ version: s.version, type: s.type, dims: s.dims });
  if (random?.params) Object.assign(s.params, random.params);
}
