// What the page draws of a call's result, built in the worker from the
// tensors and sent to the page: only the cells that are drawn (a window of
// at most DRAWN cells: the first rows and columns of the first slices), so
// that a 400-million-element output costs the page what a small one does.
import * as tw from 'tessera-wasm';
import { type Scale, scaleOf } from './heat.js';
import { product } from './nested.js';
import type { Call, DemoOp } from './ops/op.js';
import type { Outcome } from './run.js';
import { type Heat, gather, showTensor, tensorCode } from './values.js';

/** Cells drawn per grid; the rest are counted under it. */
const DRAWN = 2048;
/** Columns drawn of a 2-D slice (a 1-D tensor is one row of up to ROW). */
const COLUMNS = 64;
const ROW = 512;
/** The input grid editor's cells, coloured on the output's scale. */
const EDITOR_CELLS = 1024;

/** A grid's drawn window: the first `slices` x `rows` x `cols` of its dims, as flat indices `at`. */
export interface GridView {
  readonly dims: readonly number[];
  readonly size: number;
  readonly slices: number;
  readonly rows: number;
  readonly cols: number;
  readonly at: readonly number[];
  readonly text: readonly string[];
  readonly heat: readonly Heat[];
  /** The input element each drawn output cell comes from, where the op defines it. */
  readonly src?: readonly number[];
}

export interface View {
  readonly type: tw.DataType;
  /** `tw.tile(x, [2, 2])`, and whether it returns an array (runNode). */
  readonly expression: string;
  readonly many: boolean;
  /** The call as a script that runs as pasted, and what its console.log prints. */
  readonly code: string;
  readonly printed: string;
  readonly out: GridView;
  /** The other outputs (Split's, TopK's indices), each drawn under the first. */
  readonly more: readonly { readonly name: string; readonly type: tw.DataType; readonly grid: GridView; readonly scale: Scale }[];
  /** The input as the source view shows it (flat for AsStrided). */
  readonly source?: { readonly title: string; readonly grid: GridView };
  /** The editor grid's first cells, coloured like the output. */
  readonly inputHeat?: readonly Heat[];
  readonly scale: Scale;
}

/** The flat indices of a grid's drawn window, in row-major order. */
function windowOf(dims: readonly number[]): Pick<GridView, 'slices' | 'rows' | 'cols' | 'at'> {
  const cols = dims.length === 0 ? 1 : dims[dims.length - 1];
  const rows = dims.length >= 2 ? dims[dims.length - 2] : 1;
  const slices = dims.length <= 2 ? 1 : product(dims.slice(0, -2));
  if (product(dims) === 0) return { slices: 0, rows: 0, cols: 0, at: [] };
  const c = Math.min(cols, dims.length >= 2 ? COLUMNS : ROW);
  const r = Math.min(rows, Math.max(1, Math.floor(DRAWN / c)));
  const s = Math.min(slices, Math.max(1, Math.floor(DRAWN / (r * c))));
  const at: number[] = [];
  for (let k = 0; k < s; k++) for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) at.push((k * rows + i) * cols + j);
  return { slices: s, rows: r, cols: c, at };
}

function gridOf(t: tw.Tensor, dims: readonly number[], src?: (i: number) => number): GridView {
  const window = windowOf(dims);
  const shown = showTensor(gather(t, window.at));
  return { dims, size: t.size, ...window, ...shown, src: src && window.at.map(src) };
}

/** The variables the code view gives the outputs: `y`, then the call's names for the others (`indices`), else `y1`, `y2`, … */
export function outputNames(call: Call, count: number): string[] {
  const names = Array.from({ length: count }, (_, i) => (i === 0 ? 'y' : call.outputs?.[i] ?? `y${i}`));
  return names.map((name, i) => (names.indexOf(name) === i ? name : `y${i}`));
}

/** The call as a script that runs as pasted (an ES module, for the top-level await), printing each output. */
function codeOf({ input, call, outputs }: NonNullable<Outcome['ran']>): string {
  const names = outputNames(call, outputs.length);
  return [
    "import * as tw from 'tessera-wasm';",
    'await tw.init();',
    ...(input ? [`const x = ${tensorCode(input)};`] : []),
    ...call.setup,
    `const ${call.many ? `[${names.join(', ')}]` : 'y'} = ${call.expression};`,
    ...names.map((name) => `console.log(String(${name}));`),
  ].join('\n');
}

export function viewOf(op: DemoOp, ran: NonNullable<Outcome['ran']>, editorGrid: boolean): View {
  const { outputs, input, args, call } = ran;
  const output = outputs[0];
  const names = outputNames(call, outputs.length);
  const more = outputs.slice(1).map((t, i) => {
    const grid = gridOf(t, t.dims);
    return { name: names[i + 1], type: t.type, grid, scale: scaleOf(grid.heat, []) };
  });
  const sourceOf = op.source?.(args, output.dims);
  const out = gridOf(output, output.dims, sourceOf);
  let source: View['source'];
  if (input && sourceOf) {
    const flat = op.flatSource === true;
    const name = op.input!.name;
    source = {
      title: flat ? `Input ${name}, flattened: ${op.op} reads it as one row` : `Input${name === 'input' ? '' : ` ${name}`}`,
      grid: gridOf(input, flat ? [input.size] : input.dims),
    };
  }
  const inputHeat = input && editorGrid
    ? showTensor(gather(input, Array.from({ length: Math.min(input.size, EDITOR_CELLS) }, (_, i) => i))).heat : undefined;
  // Strings are ordered among themselves: the input's order is its own.
  const scale = scaleOf(out.heat, output.type !== 'string' && source ? source.grid.heat : []);
  return {
    type: output.type, expression: call.expression, many: call.many,
    code: codeOf(ran), printed: outputs.map(String).join('\n'), out, more, source, inputHeat, scale,
  };
}
