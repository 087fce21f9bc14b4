// The strided move, which every data-movement op here plans over: a program
// of one or more moves of xx_strided_move (cpp/src/kernels/as-strided.cc),
//   y[to + sum_j i_j * outStride_j] = source[start + sum_j i_j * stride_j],
// whose source is the input, the output already written (Pad's borders copy
// its edges), or one value (Pad's constant). Strides are signed (Slice's
// negative steps read backward) and the output strides are the move's own (a
// box of a larger output: Pad's interior). A program runs as one move plan
// of the dispatcher (dispatch.ts), so `out`, resident tensors, packed types
// and strings come as they do for Tile; its built-ins twin copies rows with
// set/copyWithin where every move's rows are contiguous on both sides.
import { moveBytes } from '../../dtype.js';
import type { OpContext } from '../../errors.js';
import { ResidentTensor } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { type Kernels, writeParams } from '../../wasm.js';
import { outputSize } from '../check.js';
import { type MoveOps, type MovePlan, dispatch } from '../dispatch.js';
import { checkOut } from '../out.js';
import { replicate } from '../twins.js';

/** Where a move reads: the input, the output written so far, or the program's one value. */
export type MoveSource = 'x' | 'y' | 'value';

export interface Move {
  readonly from: MoveSource;
  /** The source element the move's index 0 reads (0 for the value). */
  readonly start: number;
  /** The output element index 0 writes. */
  readonly to: number;
  readonly size: readonly number[];
  /** Source elements between consecutive indices, signed (0 along every axis for the value). */
  readonly stride: readonly number[];
  /** Output elements between consecutive indices. */
  readonly outStride: readonly number[];
}

/** The moves, in order, and the value's bytes (one element; the code in one byte for packed types). */
export interface MoveProgram {
  readonly moves: readonly Move[];
  readonly value?: Uint8Array;
}

/** A move of dims `size` from x read with `stride` from `start`, to a fresh row-major output. */
export function viewMove(start: number, size: readonly number[], stride: readonly number[]): Move {
  const outStride = new Array<number>(size.length);
  let step = 1;
  for (let i = size.length - 1; i >= 0; i--) {
    outStride[i] = step;
    step *= size[i];
  }
  return { from: 'x', start, to: 0, size, stride, outStride };
}

/**
 * The kernel's canonical form, found here too so that its parameters stay
 * within 32 axes and the twin sees long rows: extent-1 axes dropped, an axis
 * merged into its outer neighbour where both steps continue the run;
 * undefined for an empty move.
 */
export function canonicalMove(m: Move): Move | undefined {
  const size: number[] = [];
  const stride: number[] = [];
  const outStride: number[] = [];
  for (let i = 0; i < m.size.length; i++) {
    const n = m.size[i];
    if (n === 0) return undefined;
    if (n === 1) continue;
    const k = size.length - 1;
    if (k >= 0 && stride[k] === n * m.stride[i] && outStride[k] === n * m.outStride[i]) {
      size[k] *= n;
      stride[k] = m.stride[i];
      outStride[k] = m.outStride[i];
      continue;
    }
    size.push(n);
    stride.push(m.stride[i]);
    outStride.push(m.outStride[i]);
  }
  return { from: m.from, start: m.start, to: m.to, size, stride, outStride };
}

/** Runs one canonical move in module memory: source and output addresses of the elements of index 0. */
export function moveInMemory(kernels: Kernels, source: number, y: number, elementSize: number, m: Move, value?: Uint8Array): void {
  const rank = m.size.length;
  const words = value === undefined ? 0 : Math.ceil(value.length / 4);
  const list = new Array<number>(3 * rank + words);
  let reversed = 0;
  for (let i = 0; i < rank; i++) {
    list[i] = m.size[i];
    list[rank + i] = Math.abs(m.stride[i]);
    list[2 * rank + i] = m.outStride[i];
    if (m.stride[i] < 0) reversed |= 1 << i;
  }
  for (let w = 0; w < words; w++) {
    let word = 0;
    for (let b = 3; b >= 0; b--) word = word * 256 + (value![4 * w + b] ?? 0);
    list[3 * rank + w] = word;
  }
  const p = writeParams(list);
  kernels.stridedMove(m.from === 'value' ? p + 12 * rank : source, y, elementSize, rank, p, p + 4 * rank, p + 8 * rank, reversed >>> 0);
}

/** Whether the built-ins twin takes a canonical move: rank 0, or rows contiguous in source and output. */
export function hasRows(m: Move): boolean {
  const k = m.size.length - 1;
  return k < 0 || (m.outStride[k] === 1 && (m.stride[k] === 1 || m.from === 'value'));
}

/**
 * One canonical move between byte arrays (see hasRows), a built-in call or
 * two per row: set of a subarray of x, copyWithin inside y, or the value
 * doubled along the row.
 */
export function moveRows(x: Uint8Array, y: Uint8Array, es: number, m: Move, value?: Uint8Array): void {
  const rank = m.size.length;
  const run = (rank === 0 ? 1 : m.size[rank - 1]) * es;
  const outer = Math.max(rank - 1, 0);
  const index = new Array<number>(outer).fill(0);
  let rows = 1;
  for (let i = 0; i < outer; i++) rows *= m.size[i];
  let from = m.start * es;
  let to = m.to * es;
  for (let r = 0; r < rows; r++) {
    if (m.from === 'x') y.set(x.subarray(from, from + run), to);
    else if (m.from === 'y') y.copyWithin(to, from, from + run);
    else {
      y.set(value!, to);
      replicate(y, to, es, run);
    }
    // The odometer over the outer axes: the last one moves fastest.
    for (let axis = outer - 1; axis >= 0; axis--) {
      from += m.stride[axis] * es;
      to += m.outStride[axis] * es;
      if (++index[axis] < m.size[axis]) break;
      from -= m.stride[axis] * m.size[axis] * es;
      to -= m.outStride[axis] * m.size[axis] * es;
      index[axis] = 0;
    }
  }
}

const NO_PARAMS: readonly number[] = [];

/** A program's kernel calls (one per move) and its built-ins twin. */
const STRIDED: MoveOps<MoveProgram> = {
  params: () => NO_PARAMS,
  kernel: (kernels, x, y, es, _params, { moves, value }) => {
    for (const m of moves) moveInMemory(kernels, (m.from === 'x' ? x : y) + m.start * es, y + m.to * es, es, m, value);
  },
  builtin: (x, y, es, { moves, value }) => {
    for (const m of moves) moveRows(x, y, es, m, value);
  },
};

/**
 * Runs a program over `input` to an output of `dims` (checked: its size,
 * and `out` for it) through the dispatcher. `param` names what sized the
 * output, for an error of size.
 */
export function runProgram(context: OpContext, input: Tensor | ResidentTensor, dims: readonly number[], program: MoveProgram,
  out: unknown, param: string): Tensor | ResidentTensor {
  const size = outputSize(context, param, dims, moveBytes(input.type));
  const checkedOut = out === undefined ? undefined : checkOut(context, out, input.type, size, { inputs: [['input', input]], inPlace: false });
  const moves: Move[] = [];
  let builtin = true;
  let rows = 0;
  let rowElements = Number.MAX_SAFE_INTEGER;
  for (const m of program.moves) {
    const c = canonicalMove(m);
    if (c === undefined) continue;
    moves.push(c);
    builtin &&= hasRows(c);
    const rank = c.size.length;
    let r = 1;
    for (let i = 0; i + 1 < rank; i++) r *= c.size[i];
    rows += r;
    rowElements = Math.min(rowElements, rank === 0 ? 1 : c.size[rank - 1]);
  }
  const plan: MovePlan<MoveProgram> = {
    kind: 'move', context, input, dims, size, ops: STRIDED, args: { moves, value: ownValue(program) },
    builtinFits: builtin, rows, rowElements: moves.length === 0 ? 1 : rowElements, callsPerRow: 2,  // a subarray and a set
  };
  return dispatch(plan, checkedOut);
}

// A program without a value (most) has no own `value`: an inherited one (a
// polluted Object.prototype.value) is not the program's.
function ownValue(program: MoveProgram): Uint8Array | undefined {
  return Object.prototype.hasOwnProperty.call(program, 'value') ? program.value : undefined;
}
