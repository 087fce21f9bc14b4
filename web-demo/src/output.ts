// The output: a heat map of the result, the input element each cell came
// from, the call that made it (the status line and the code view), and
// "not run" in the status line when a field is at fault. Nothing is ever
// drawn over the output.
import type * as tw from 'tessera-wasm';
import { el } from './dom.js';
import { heatColor, type Scale, scaleOf } from './heat.js';
import { product, unravel } from './nested.js';
import type { Outcome } from './run.js';
import { app } from './state.js';
import { showTensor, tensorCode } from './values.js';

/** Output cells drawn; the rest are summarised. */
const OUTPUT_LIMIT = 2048;

const HOVER_HINT = 'Hover over or focus an output cell to see which input element it came from.';

/** The output on show, for the hover line and the arrow keys. */
let shown: tw.Tensor | undefined;

/** What a field is called in "see … above/below". */
function fieldName(key: string): string {
  return key === 'input' || key === 'dims' ? 'the input' : key === 'type' ? 'Type' : key === 'version' ? (app.state.op.nodeSwitch ? 'ATB node' : 'Version') : key;
}

/**
 * Not run: the status line says where the error is (it is shown beside its
 * field) or, when no field is at fault, what it is. The last output stays,
 * faded.
 */
export function showNotRun(errors: ReadonlyMap<string, string>): void {
  const [key, message] = [...errors][0];
  el.runStatus.classList.add('bad');
  if (key === 'call') {
    el.runStatus.textContent = `Not run: ${message}`;
  } else {
    // A button, not a link: the URL's hash is the op's page.
    const link = Object.assign(document.createElement('button'), { type: 'button', className: 'link', textContent: fieldName(key) });
    link.dataset.field = key;
    el.runStatus.replaceChildren('Not run: see the error at ', link, shown ? '. The last output is shown faded.' : '.');
  }
  el.runStatus.dataset.field = key;
  document.body.classList.add('failed');
  document.body.classList.toggle('no-output', shown === undefined);
}

export function renderOutput(ran: NonNullable<Outcome['ran']>): void {
  const { output, input, args, call } = ran;
  document.body.classList.remove('failed', 'no-output');
  el.runStatus.classList.remove('bad');
  delete el.runStatus.dataset.field;
  el.runStatus.replaceChildren(Object.assign(document.createElement('code'), { textContent: `y = ${call.expression}${call.many ? '[0]' : ''}` }));
  el.code.textContent = codeOf(ran);

  const shownOut = showTensor(output, OUTPUT_LIMIT);
  const shownIn = input ? showTensor(input, OUTPUT_LIMIT) : undefined;
  const scale = scaleOf(shownOut.heat, output.type !== 'string' && shownIn ? shownIn.heat : []);
  shown = output;

  el.outDims.textContent = `[${output.dims.join(', ')}]`;
  el.outType.textContent = output.type;
  el.outSize.textContent = output.size.toLocaleString('en');
  el.legendMin.textContent = output.type === 'string' ? 'first' : formatEnd(scale.min);
  el.legendMax.textContent = output.type === 'string' ? 'last' : formatEnd(scale.max);

  const op = app.state.op;
  const source = op.source?.(args, output.dims);
  el.outputGrid.replaceChildren(heatGrid(output.dims, shownOut.text, shownOut.heat, scale, output.size, 'y', source));
  el.source.hidden = !input || !source;
  if (input && source) {
    const flat = op.flatSource === true;
    const name = op.input!.name;
    el.sourceTitle.textContent = flat ? `Input ${name}, flattened: ${op.op} reads it as one row` : `Input${name === 'input' ? '' : ` ${name}`}`;
    el.sourceGrid.replaceChildren(heatGrid(flat ? [input.size] : input.dims, shownIn!.text, shownIn!.heat, scale, input.size, 'x'));
  }
  colourInputGrid(shownIn, scale);
  el.hoverLine.textContent = source ? HOVER_HINT : '';
}

/** The call as a script that runs as pasted (in an ES module, for the top-level await). */
function codeOf({ input, call }: NonNullable<Outcome['ran']>): string {
  return [
    "import * as tw from 'tessera-wasm';",
    'await tw.init();',
    ...(input ? [`const x = ${tensorCode(input)};`] : []),
    ...call.setup,
    `const ${call.many ? '[y]' : 'y'} = ${call.expression};`,
  ].join('\n');
}

function formatEnd(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toPrecision(4).replace(/\.?0+$/, '');
}

function colourInputGrid(shownIn: { heat: number[] } | undefined, scale: Scale): void {
  if (!shownIn || app.state.mode !== 'grid') return;
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
    if (dims.length > 2) table.createCaption().textContent = `${name}[${unravel(s, dims.slice(0, -2)).join(', ')}, :, :]`;
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

/** Marks an output cell's source in the input, and the other cells that read it. */
export function highlight(cell: HTMLElement | null): void {
  for (const c of document.querySelectorAll('.is-source, .is-sibling, .is-current')) c.classList.remove('is-source', 'is-sibling', 'is-current');
  if (!cell || cell.dataset.src === undefined || !shown) return;
  const src = cell.dataset.src;
  cell.classList.add('is-current');
  for (const c of el.outputGrid.querySelectorAll<HTMLElement>(`td[data-src="${src}"]`)) if (c !== cell) c.classList.add('is-sibling');
  el.sourceGrid.querySelector(`td[data-i="${src}"]`)?.classList.add('is-source');
  const { op, dims: inputDims } = app.state;
  const input = op.input!.name;
  const i = Number(cell.dataset.i);
  const from = Number(src);
  const flat = op.flatSource === true;
  const readers = el.outputGrid.querySelectorAll(`td[data-src="${src}"]`).length;
  el.hoverLine.textContent = `y[${unravel(i, shown.dims).join(', ')}] = ${cell.textContent} comes from ${input}[${flat ? from : unravel(from, inputDims).join(', ')}]`
    + (flat && inputDims.length > 1 ? ` (= ${input}[${unravel(from, inputDims).join(', ')}])` : '')
    + (readers > 1 ? `, as do ${readers - 1} other shown output cell${readers > 2 ? 's' : ''}` : '');
}

/** Arrow keys move through the output cells: one tab stop for the whole grid. */
export function moveFocus(event: KeyboardEvent): void {
  const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-i]');
  if (!cell || !shown) return;
  const dims = shown.dims;
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
