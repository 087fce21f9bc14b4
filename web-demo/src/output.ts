// The output: a heat map of the result, the input element each cell came
// from, the call that made it (the status line and the code view), and
// "not run" in the status line when a field is at fault. Nothing is ever
// drawn over the output.
import { el } from './dom.js';
import { formatEnd, heatColor, type Scale } from './heat.js';
import { unravel } from './nested.js';
import { app } from './state.js';
import type { Heat } from './values.js';
import type { GridView, View } from './view.js';

const HOVER_HINT = 'Hover over or focus an output cell to see which input element it came from.';

/** The dims of the output on show, for the hover line and the arrow keys. */
let shown: readonly number[] | undefined;

/** What a field is called in "see … above/below". */
function fieldName(key: string): string {
  return key === 'input' || key === 'dims' ? 'the input' : key === 'type' ? 'Type' : key === 'version' ? (app.state.op.nodeSwitch ? 'ATB node' : 'Version') : key;
}

/**
 * Not run: the status line says where the error is (it is shown beside its
 * field) or, when no field is at fault, what it is. The last output stays,
 * in grey.
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
    el.runStatus.replaceChildren('Not run: see the error at ', link, shown ? '. The last output is shown in grey.' : '.');
  }
  el.runStatus.dataset.field = key;
  document.body.classList.add('failed');
  document.body.classList.toggle('no-output', shown === undefined);
  markCodeStale(key === 'call' ? 'this is the last call that ran; the new one did not run.' : 'this is the last call that ran; the input now has an error.');
}

/** Draws the worker's view of the result: the facts, the drawn window of cells, the legend, the code. */
export function renderOutput(view: View): void {
  document.body.classList.remove('failed', 'no-output');
  el.runStatus.classList.remove('bad');
  delete el.runStatus.dataset.field;
  const outputs = view.more.length === 0 ? `y = ${view.expression}${view.many ? '[0]' : ''}`
    : `[${['y', ...view.more.map((m) => m.name)].join(', ')}] = ${view.expression}`;
  el.runStatus.replaceChildren(Object.assign(document.createElement('code'), { textContent: outputs }));
  el.code.textContent = view.code;
  el.printed.textContent = view.printed;
  el.codeView.classList.remove('stale');
  el.codeStale.hidden = true;

  const { out, scale } = view;
  shown = out.dims;
  el.outDims.textContent = `[${out.dims.join(', ')}]`;
  el.outType.textContent = view.type;
  el.outSize.textContent = out.size.toLocaleString('en');
  el.legendMin.textContent = view.type === 'string' ? 'first' : formatEnd(scale.min);
  el.legendMax.textContent = view.type === 'string' ? 'last' : formatEnd(scale.max);

  const grid = heatGrid(out, scale, 'y');
  // What is not drawn is said under the grid's scroll area, where it is always in view.
  const more = grid.querySelector('.more');
  el.outputMore.replaceChildren(...(more ? [more] : []));
  el.outputMore.hidden = !more;
  el.outputGrid.replaceChildren(grid);
  el.moreOutputs.hidden = view.more.length === 0;
  el.moreOutputs.replaceChildren(...view.more.map((m) => {
    const section = document.createElement('section');
    section.className = 'more-output';
    const title = Object.assign(document.createElement('h3'), { textContent: 'Output ' });
    title.append(Object.assign(document.createElement('code'), { textContent: m.name }),
      Object.assign(document.createElement('span'), { className: 'muted', textContent: ` · ${m.type} · dims [${m.grid.dims.join(', ')}]` }));
    const scroll = Object.assign(document.createElement('div'), { className: 'grid-scroll heat-out', tabIndex: 0 });
    scroll.setAttribute('role', 'region');
    scroll.setAttribute('aria-label', `Output ${m.name}`);
    scroll.append(heatGrid(m.grid, m.scale, m.name));
    section.append(title, scroll);
    return section;
  }));
  el.source.hidden = !view.source;
  if (view.source) {
    el.sourceTitle.textContent = view.source.title;
    el.sourceGrid.replaceChildren(heatGrid(view.source.grid, scale, 'x'));
  }
  colourInputGrid(view.inputHeat, scale);
  el.hoverLine.textContent = out.src ? HOVER_HINT : '';
}

/** The code on show belongs to the last call that ran, not to what is set now: `why` says so. */
export function markCodeStale(why: string): void {
  if (!el.code.textContent) return;
  el.codeView.classList.add('stale');
  el.codeStale.textContent = `Out of date: ${why}`;
  el.codeStale.hidden = false;
}

function colourInputGrid(heat: readonly Heat[] | undefined, scale: Scale): void {
  if (!heat || app.state.mode !== 'grid') return;
  for (const input of el.inputGrid.querySelectorAll<HTMLInputElement>('input[data-i]')) {
    const v = heat[Number(input.dataset.i)];
    input.style.setProperty('--heat', v === undefined ? 'transparent' : heatColor(v, scale).background);
  }
}

const count = (n: number) => n.toLocaleString('en');

/**
 * A heat-map grid of a view's drawn window: rank 0-2 as one table, higher
 * ranks as a stack of 2-D slices. Cells carry their flat index, and their
 * source index where the op defines one; what is not drawn is counted.
 */
function heatGrid(grid: GridView, scale: Scale, name: string): HTMLElement {
  const { dims, size, slices, rows, cols, at, text, heat, src } = grid;
  const wrap = document.createElement('div');
  wrap.className = 'slices';
  let k = 0;
  for (let s = 0; s < slices; s++) {
    const table = document.createElement('table');
    table.className = 'cells heat';
    const first = unravel(at[k], dims);
    if (dims.length > 2) table.createCaption().textContent = `${name}[${first.slice(0, -2).join(', ')}, :, :]`;
    else table.setAttribute('aria-label', name === 'x' ? 'Input' : `Output ${name}`);
    const body = table.createTBody();
    for (let r = 0; r < rows; r++) {
      const row = body.insertRow();
      for (let c = 0; c < cols; c++, k++) {
        const i = at[k];
        const cell = row.insertCell();
        cell.textContent = text[k];
        const { background, color } = heatColor(heat[k], scale);
        cell.style.background = background;
        cell.style.color = color;
        cell.dataset.i = String(i);
        if (src) cell.dataset.src = String(src[k]);
        if (name === 'y') cell.tabIndex = k === 0 ? 0 : -1;  // one tab stop; arrows move within
        cell.title = `${name}[${unravel(i, dims).join(', ')}] = ${text[k]}`;
      }
    }
    wrap.append(table);
  }
  if (size === 0) wrap.append(Object.assign(document.createElement('p'), { className: 'empty', textContent: `No elements: dims [${dims.join(', ')}]` }));
  if (at.length < size) {
    const allCols = dims.length === 0 ? 1 : dims[dims.length - 1];
    const allRows = dims.length >= 2 ? dims[dims.length - 2] : 1;
    const parts = [];
    if (rows < allRows) parts.push(`the first ${count(rows)} of ${count(allRows)} rows`);
    if (cols < allCols) parts.push(`the first ${count(cols)} of ${count(allCols)} ${dims.length >= 2 ? 'columns' : 'elements'}`);
    if (dims.length > 2 && slices < size / (allRows * allCols)) parts.push(`the first ${count(slices)} of ${count(size / (allRows * allCols))} slices`);
    wrap.append(Object.assign(document.createElement('p'), {
      className: 'more',
      textContent: `Drawn: ${parts.join(', ')}; ${count(size - at.length)} more elements are not drawn.`,
    }));
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
  el.hoverLine.textContent = `y[${unravel(i, shown).join(', ')}] = ${cell.textContent} comes from ${input}[${flat ? from : unravel(from, inputDims).join(', ')}]`
    + (flat && inputDims.length > 1 ? ` (= ${input}[${unravel(from, inputDims).join(', ')}])` : '')
    + (readers > 1 ? `, as do ${readers - 1} other shown output cell${readers > 2 ? 's' : ''}` : '');
}

/** Arrow keys move through the output cells: one tab stop for the whole grid. */
export function moveFocus(event: KeyboardEvent): void {
  const cell = (event.target as HTMLElement).closest<HTMLElement>('td[data-i]');
  if (!cell || !shown) return;
  const dims = shown;
  const cols = dims.length === 0 ? 1 : dims[dims.length - 1];
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[event.key];
  let target: number | undefined = step === undefined ? undefined : Number(cell.dataset.i) + step;
  if (event.key === 'Home') target = 0;
  const cells = el.outputGrid.querySelectorAll<HTMLElement>('td[data-i]');
  if (event.key === 'End') target = Number(cells[cells.length - 1].dataset.i);
  if (target === undefined) return;
  const next = el.outputGrid.querySelector<HTMLElement>(`td[data-i="${target}"]`);
  if (!next) return;
  event.preventDefault();
  cell.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}
