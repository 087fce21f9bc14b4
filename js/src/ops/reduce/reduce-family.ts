// The Reduce* family's one factory: every version of ReduceSum, Mean, Max,
// Min, Prod, L1, L2, LogSum, LogSumExp and SumSquare, over one kernel
// (cpp/src/kernels/reduce.cc, tessera/reduce.h). The input is viewed as
// [outer, n, inner] with the reduced axes merged into n: extent-1 axes are
// dropped (they reduce to themselves), runs of adjacent reduced axes merge,
// and when the reduced axes still form more than one run the kernel call
// first moves them together (the strided move into the work block), after
// the kept axes before the last run and before the kept axes after it, so
// that the output keeps the input's axis order and one pass reduces all.
import { DTYPES, type DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';

import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { booleanOption } from '../../options.js';
import { heapView, requireReady } from '../../wasm.js';
import { normalizeAxis, productOf, rowMajorStrides } from '../axes.js';
import { integerList, requireType } from '../check.js';
import { type OpDefinition, type OpVersion, newestOf } from '../definition.js';
import { type ComputeOps, type ComputePlan, dispatch } from '../dispatch.js';
import { type OutOptions, checkOut, opOptions } from '../out.js';
import { intAttribute, intsAttribute } from '../movement/read.js';
import { extend } from '../type-sets.js';

/** The kernel's op codes (tessera/reduce.h ReduceOp). */
export const REDUCE_CODES = {
  ReduceSum: 0, ReduceMean: 1, ReduceMax: 2, ReduceMin: 3, ReduceProd: 4,
  ReduceL1: 5, ReduceL2: 6, ReduceLogSum: 7, ReduceLogSumExp: 8, ReduceSumSquare: 9,
} as const;
export type ReduceName = keyof typeof REDUCE_CODES;

/** Axes for the named functions: a 1-D int64 tensor or an array of integers. */
export type ReduceAxes = TensorLike<'int64'> | ArrayLike<number | bigint>;

/** The options of every tw.reduce* function. */
export interface ReduceOptions<T extends DataType = DataType> extends OutOptions<T> {
  /** The axes reduced (negative from the back); none or empty: every axis, unless noopWithEmptyAxes. */
  axes?: ReduceAxes;
  /** Keep each reduced axis as extent 1 (default true). */
  keepdims?: boolean;
  /** With no axes (or empty ones), reduce nothing: the op's elementwise step only. */
  noopWithEmptyAxes?: boolean;
}

const HIGH_PRECISION = ['uint32', 'uint64', 'int32', 'int64', 'float16', 'float32', 'float64'] as const satisfies readonly DataType[];
const WITH_BF16 = /* @__PURE__ */ extend(HIGH_PRECISION, ['bfloat16']);
const WITH_BYTES = /* @__PURE__ */ extend(HIGH_PRECISION, ['uint8', 'int8']);
const WITH_BF16_BYTES = /* @__PURE__ */ extend(WITH_BF16, ['uint8', 'int8']);
const WITH_BOOL = /* @__PURE__ */ extend(WITH_BF16_BYTES, ['bool']);

/**
 * Every version of one Reduce op: axes an attribute in 1, 11, 13 (12 too for
 * Max and Min), an input with noop_with_empty_axes from 18 (ReduceSum from 13).
 */
export function reduceVersions(name: ReduceName): OpVersion[] {
  const attr = (since: number, types: readonly DataType[]): OpVersion =>
    ({ since, inputs: ['data'], required: 1, outputs: ['reduced'], attributes: ['axes', 'keepdims'], types: { T: types } });
  const input = (since: number, types: readonly DataType[]): OpVersion =>
    ({ since, inputs: ['data', 'axes'], required: 1, outputs: ['reduced'], attributes: ['keepdims', 'noop_with_empty_axes'], types: { T: types } });
  if (name === 'ReduceSum') return [attr(1, HIGH_PRECISION), attr(11, HIGH_PRECISION), input(13, WITH_BF16)];
  if (name === 'ReduceMax' || name === 'ReduceMin') {
    return [attr(1, HIGH_PRECISION), attr(11, HIGH_PRECISION), attr(12, WITH_BYTES), attr(13, WITH_BF16_BYTES), input(18, WITH_BF16_BYTES), input(20, WITH_BOOL)];
  }
  return [attr(1, HIGH_PRECISION), attr(11, HIGH_PRECISION), attr(13, WITH_BF16), input(18, WITH_BF16)];
}

/** A checked reduction: the inputs read once. */
interface Request {
  readonly axes: number[] | undefined;
  readonly keepdims: boolean;
  readonly noop: boolean;
  readonly out?: unknown;
}

/** runNode's reader of one version's attributes and inputs. */
export function runReduce(name: ReduceName, v: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>): Tensor | ResidentTensor {
  const context: OpContext = { op: name, version: v.since };
  const byInput = v.inputs.length === 2;
  const axes = byInput ? (inputs[1] === undefined ? undefined : integerList(context, 'axes', inputs[1], 'tensor-only'))
    : intsAttribute(context, 'axes', attributes.axes);
  const flag = (key: string, fallback: number): boolean => {
    const value = intAttribute(context, key, attributes[key], fallback);
    if (value !== 0 && value !== 1) throw specError(context, key, `${key} must be 0 or 1 (got ${value})`);
    return value === 1;
  };
  return reduceWith(context, name, v, inputs[0], { axes, keepdims: flag('keepdims', 1), noop: byInput && flag('noop_with_empty_axes', 0) });
}

/** The named function's body: the newest version, options in camelCase. */
export function reduceNamed(op: OpDefinition, name: ReduceName, data: unknown, options: unknown): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(op);
  const context: OpContext = { op: name, version: v.since };
  const own = opOptions(context, options, ['axes', 'keepdims', 'noopWithEmptyAxes']);
  const axes = own.axes === undefined ? undefined : integerList(context, 'axes', own.axes, 'tensor-or-array');
  return reduceWith(context, name, v, data, {
    axes,
    keepdims: booleanOption(context, 'keepdims', own.keepdims, true),
    noop: booleanOption(context, 'noopWithEmptyAxes', own.noopWithEmptyAxes, false),
    out: own.out,
  });
}

/** The kernel's arguments: the view, and the move that gathers the reduced axes where one is needed. */
interface ReduceArgs {
  readonly onnxType: number;
  readonly code: number;
  readonly outer: number;
  readonly n: number;
  readonly inner: number;
  readonly elementBytes: number;
  readonly inputSize: number;
  /** The strided move's size, x strides and y strides, or undefined when x is already [outer, n, inner]. */
  readonly gather: readonly number[] | undefined;
}

const align = (bytes: number): number => Math.ceil(bytes / 16) * 16;

const REDUCE: ComputeOps<ReduceArgs> = {
  workBytes: (a) => (a.gather === undefined ? 0 : align(a.gather.length * 4) + align(a.inputSize * a.elementBytes)) + (2 * a.outer * a.inner + 2) * 8,
  kernel: (kernels, [x], [y], a, work) => {
    let source = x!;
    let scratch = work;
    if (a.gather !== undefined) {
      const rank = a.gather.length / 3;
      heapView(Uint32Array, work, a.gather.length).set(a.gather);
      source = work + align(a.gather.length * 4);
      kernels.stridedMove(x!, source, a.elementBytes, rank, work, work + rank * 4, work + rank * 8, 0);
      scratch = source + align(a.inputSize * a.elementBytes);
    }
    kernels.reduce(source, y, scratch, a.onnxType, a.code, a.outer, a.n, a.inner);
  },
};

function reduceWith(context: OpContext, name: ReduceName, v: OpVersion, value: unknown, request: Request): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'data');
  requireType(context, 'data', x.type, v.types.T);
  const rank = x.dims.length;
  const reduced = new Array<boolean>(rank).fill(false);
  const given = request.axes;
  if (given === undefined || given.length === 0) {
    if (!request.noop) reduced.fill(true);
  } else {
    for (let i = 0; i < given.length; i++) {
      const a = given[i];
      if (v.since < 11 && a < 0) throw specError(context, 'axes', `axes[${i}] = ${a}: ${name}-${v.since} takes no negative axes (from version 11 on it does)`);
      const axis = normalizeAxis(context, `axes[${i}]`, a, rank);
      if (reduced[axis]) throw specError(context, 'axes', `axes names axis ${axis} twice (axes = [${given.join(', ')}])`);
      reduced[axis] = true;
    }
  }
  const dims: number[] = [];
  for (let a = 0; a < rank; a++) {
    if (!reduced[a]) dims.push(x.dims[a]);
    else if (request.keepdims) dims.push(1);
  }
  const size = productOf(dims);
  const type = x.type as ResidentType;
  const out = request.out === undefined ? undefined : checkOut(context, request.out, type, size, { inputs: [['data', value]], inPlace: false });
  const plan: ComputePlan<ReduceArgs> = {
    kind: 'compute', context, inputs: [['data', x]], outputs: [{ type, dims, size }], ops: REDUCE_RUN,
    args: viewOf(x.dims, reduced, DTYPES[type].onnx, REDUCE_CODES[name], DTYPES[type].bits / 8, x.size),
  };
  return dispatch(plan, out);
}

// The kernel call, skipped where there is no output element.
const REDUCE_RUN: ComputeOps<ReduceArgs> = {
  workBytes: REDUCE.workBytes,
  kernel: (kernels, xs, ys, a, work) => { if (a.outer * a.inner > 0) REDUCE.kernel(kernels, xs, ys, a, work); },
};

/** [outer, n, inner] for dims with `reduced` axes, and the gathering move where the reduced axes are not one run. */
function viewOf(inDims: readonly number[], reduced: readonly boolean[], onnxType: number, code: number, elementBytes: number, inputSize: number): ReduceArgs {
  // Extent-1 axes drop out; adjacent axes of one kind merge.
  const dims: number[] = [];
  const kinds: boolean[] = [];
  for (let a = 0; a < inDims.length; a++) {
    if (inDims[a] === 1) continue;
    if (kinds.length > 0 && kinds[kinds.length - 1] === reduced[a]) dims[dims.length - 1] *= inDims[a];
    else { dims.push(inDims[a]); kinds.push(reduced[a]); }
  }
  const runs = kinds.filter((k) => k).length;
  const n = productOf(dims.filter((_, i) => kinds[i]));
  const base = { onnxType, code, n, elementBytes, inputSize };
  if (runs <= 1 || inputSize === 0) {
    const at = kinds.lastIndexOf(true);
    if (runs > 1) return { ...base, outer: productOf(dims.filter((_, i) => i < at && !kinds[i])), inner: productOf(dims, at + 1), gather: undefined };
    if (at < 0) return { ...base, outer: productOf(dims), inner: 1, n: 1, gather: undefined };
    return { ...base, outer: productOf(dims, 0, at), inner: productOf(dims, at + 1), gather: undefined };
  }
  // Gather: kept axes before the last reduced run, every reduced axis, the kept axes after it.
  const last = kinds.lastIndexOf(true);
  const order: number[] = [];
  for (let i = 0; i < last; i++) if (!kinds[i]) order.push(i);
  for (let i = 0; i <= last; i++) if (kinds[i]) order.push(i);
  for (let i = last + 1; i < dims.length; i++) order.push(i);
  const permuted = order.map((i) => dims[i]);
  const yStridesPermuted = rowMajorStrides(permuted);
  const yStrides = new Array<number>(dims.length);
  order.forEach((axis, position) => { yStrides[axis] = yStridesPermuted[position]; });
  const outer = productOf(dims.filter((_, i) => i < last && !kinds[i]));
  const inner = productOf(dims, last + 1);
  return { ...base, outer, inner, gather: [...dims, ...rowMajorStrides(dims), ...yStrides] };
}
