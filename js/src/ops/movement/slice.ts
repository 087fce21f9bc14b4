// ONNX Slice: a sub-box of the input, numpy's x[start:end:step] along each
// axis named, as one strided view (a negative step reads backward).
import type { DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { normalizeAxes, rowMajorStrides } from '../axes.js';
import { requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, opOptions } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V6, INDEX_TYPES } from '../type-sets.js';
import { clampedInts, indexList, intsAttribute } from './read.js';
import { runProgram, viewMove } from './strided.js';

const fromInputs = (since: number, T: readonly DataType[]): OpVersion => ({
  since, inputs: ['data', 'starts', 'ends', 'axes', 'steps'], required: 3, outputs: ['output'], attributes: [], types: { T, Tind: INDEX_TYPES },
});

/** Slice's every version: 1 with attributes, 10 on with inputs (and steps). */
export const SLICE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Slice',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'A sub-box of the input, x[start:end:step] along each axis named (negative steps too).',
  named: 'slice',
  versions: [
    { since: 1, inputs: ['data'], required: 1, outputs: ['output'], attributes: ['axes', 'ends', 'starts'], types: { T: ALL_TYPES_V6 } },
    fromInputs(10, ALL_TYPES_V6), fromInputs(11, ALL_TYPES_V6), fromInputs(13, ALL_TYPES_V13),
  ],
  run: (v, [data, starts, ends, axes, steps], attributes) => {
    const context: OpContext = { op: 'Slice', version: v.since };
    if (v.since === 1) {
      if (attributes.starts === undefined) throw specError(context, 'starts', 'Slice-1 needs the starts attribute');
      if (attributes.ends === undefined) throw specError(context, 'ends', 'Slice-1 needs the ends attribute');
      return sliceWith(context, v, data, clampedInts(context, 'starts', attributes.starts), clampedInts(context, 'ends', attributes.ends),
        intsAttribute(context, 'axes', attributes.axes), undefined);
    }
    const list = (name: string, value: unknown, clamp: boolean) => (value === undefined ? undefined : indexList(context, name, value, v.types.Tind, false, clamp));
    return sliceWith(context, v, data, list('starts', starts, true)!, list('ends', ends, true)!, list('axes', axes, false), list('steps', steps, true));
  },
}));

/** Slice's starts, ends, axes or steps: a 1-D int32 or int64 tensor, or an array of integers (bigints for int64 bounds). */
export type SliceList = TensorLike<'int32' | 'int64'> | ArrayLike<number | bigint>;

/** Slice's options: the axes `starts` and `ends` apply to (default 0, 1, ...), the step of each (default 1), and `out`. */
export interface SliceOptions<T extends DataType = DataType> extends OutOptions<T> {
  /** The axes starts and ends index (negative counts from the back); default every axis in order. */
  axes?: SliceList;
  /** The step along each axis sliced (negative walks backwards; never 0); default 1. */
  steps?: SliceList;
}

/**
 * ONNX Slice-13: along each axis of `axes`, the elements from `starts[i]` up
 * to (not including) `ends[i]` in steps of `steps[i]`, as numpy slices them:
 * negative starts and ends count from the end, bounds past the ends are
 * clamped, a negative step walks backward. Every type.
 *
 * @example tw.slice(image, [128, 208, 0], [352, 432, 4])  // a 224 x 224 crop of HWC
 * @example tw.slice(x, [-1], [-(2n ** 63n)], { steps: [-1] })  // x reversed along axis 0
 */
export function slice<T extends ResidentType>(data: ResidentTensor<T>, starts: SliceList, ends: SliceList, options?: SliceOptions<T> & { out?: undefined }): ResidentTensor<T>;
export function slice<T extends ResidentType>(data: ResidentTensor<T>, starts: SliceList, ends: SliceList, options: SliceOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function slice<T extends DataType>(data: TensorLike<T>, starts: SliceList, ends: SliceList, options?: SliceOptions<T>): Tensor<T>;
export function slice(data: TensorLike | ResidentTensor, starts: SliceList, ends: SliceList, options?: SliceOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(SLICE_OP);
  const context: OpContext = { op: 'Slice', version: v.since };
  const own = opOptions(context, options, ['axes', 'steps']);
  const list = (name: string, value: unknown, clamp: boolean) => (value === undefined ? undefined : indexList(context, name, value, v.types.Tind, true, clamp));
  return sliceWith(context, v, data, list('starts', starts, true)!, list('ends', ends, true)!, list('axes', own.axes, false),
    list('steps', own.steps, true), own.out);
}

function sliceWith(context: OpContext, v: OpVersion, value: unknown, starts: number[], ends: number[], axesGiven: number[] | undefined,
  steps: number[] | undefined, out?: unknown): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'data');
  requireType(context, 'data', x.type, v.types.T);
  const rank = x.dims.length;
  if (ends.length !== starts.length) {
    throw specError(context, 'ends', `ends must have as many entries as starts (${starts.length}, got ${ends.length})`);
  }
  const axes = normalizeAxes(context, 'axes', axesGiven ?? starts.map((_, i) => i), rank);
  if (axes.length !== starts.length) throw specError(context, 'axes', `axes must have as many entries as starts (${starts.length}, got ${axes.length})`);
  if (steps !== undefined && steps.length !== starts.length) {
    throw specError(context, 'steps', `steps must have as many entries as starts (${starts.length}, got ${steps.length})`);
  }
  const first = new Array<number>(rank).fill(0);
  const step = new Array<number>(rank).fill(1);
  const dims = [...x.dims];
  for (let i = 0; i < axes.length; i++) {
    const axis = axes[i];
    const n = x.dims[axis];
    const s = steps === undefined ? 1 : steps[i];
    if (s === 0) throw specError(context, 'steps', `steps[${i}] must not be 0`);
    let start = starts[i] < 0 ? starts[i] + n : starts[i];
    let end = ends[i] < 0 ? ends[i] + n : ends[i];
    // numpy's clamping: forward within [0, n], backward within [-1, n - 1].
    if (s > 0) {
      start = Math.min(Math.max(start, 0), n);
      end = Math.min(Math.max(end, 0), n);
    } else {
      start = Math.min(Math.max(start, -1), n - 1);
      end = Math.min(Math.max(end, -1), n - 1);
    }
    dims[axis] = Math.max(0, Math.ceil((end - start) / s));
    first[axis] = start;
    step[axis] = s;
  }
  const strides = rowMajorStrides(x.dims);
  let start = 0;
  for (let a = 0; a < rank; a++) if (dims[a] > 0) start += first[a] * strides[a];
  return runProgram(context, x, dims, { moves: [viewMove(start, dims, strides.map((st, a) => st * step[a]))] }, out, 'data');
}
