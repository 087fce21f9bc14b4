// ONNX TopK, every version: the k largest (or, from 11, smallest) elements
// along one axis and their int64 indices, two outputs, over one kernel
// (cpp/src/kernels/topk.cc, tessera/topk.h: a partial selection, never a
// full sort when k is small). k is an attribute in 1 and a 1-D int64 input
// from 10; largest and sorted come in 11; bfloat16 in 24. The order is
// total: a NaN is above every number (first when largest, last when
// smallest), -0 ties +0, ties keep the lower index first, as ONNX's
// reference and onnxruntime's CPU kernel do; sorted = 0 gives the sorted
// order too (the spec leaves that order open).
import { DTYPES, type DataType } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { booleanOption, ownValue } from '../../options.js';
import { requireReady } from '../../wasm.js';
import { normalizeAxis, productOf } from '../axes.js';
import { requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type ComputeOps, type ComputePlan, dispatchOutputs } from '../dispatch.js';
import { type CheckedOut, type OutOf, checkOut, opOptions } from '../out.js';
import { indexList, intAttribute } from '../movement/read.js';
import { FLOATS, NUMERIC, extend } from '../type-sets.js';

const TYPES_V24 = /* @__PURE__ */ extend(NUMERIC, ['bfloat16']);
/** The types TopK-24 takes. */
export type TopKType = (typeof TYPES_V24)[number];

const version = (since: number, T: readonly DataType[]): OpVersion => ({
  since, inputs: since === 1 ? ['X'] : ['X', 'K'], required: since === 1 ? 1 : 2, outputs: ['Values', 'Indices'],
  attributes: since === 1 ? ['axis', 'k'] : since === 10 ? ['axis'] : ['axis', 'largest', 'sorted'],
  types: { T, I: ['int64'] },
});

/** TopK's every version: k an attribute (1), an input (10), largest and sorted (11), bfloat16 (24). */
export const TOP_K_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'TopK', domain: 'ai.onnx', versioned: true, family: 'reductions',
  summary: 'The k largest or smallest elements along an axis, sorted, and their int64 indices (a NaN above every number; ties: the lower index first).',
  named: 'topK',
  versions: [version(1, FLOATS), version(10, FLOATS), version(11, NUMERIC), version(24, TYPES_V24)],
  run: (v, [x, k], attributes) => {
    const context: OpContext = { op: 'TopK', version: v.since };
    let count: number;
    if (v.since === 1) {
      const given = intAttribute(context, 'k', attributes.k);
      if (given === undefined) throw specError(context, 'k', 'TopK-1 needs the attribute k');
      count = given;
    } else {
      const list = indexList(context, 'K', k, ['int64'], false);
      if (list.length !== 1) throw specError(context, 'K', `K must hold exactly one value (got ${list.length})`);
      count = list[0];
    }
    const flag = (key: string): boolean => {
      const value = intAttribute(context, key, attributes[key], 1);
      if (value !== 0 && value !== 1) throw specError(context, key, `${key} must be 0 or 1 (got ${value})`);
      return value === 1;
    };
    const largest = v.since >= 11 ? flag('largest') : true;
    if (v.since >= 11) flag('sorted');  // checked; the output is sorted either way
    const r = topKWith(context, v, x, count, k === undefined ? 'k' : 'K', intAttribute(context, 'axis', attributes.axis, -1), largest, undefined);
    return [r.values, r.indices];
  },
}));

/** Where tw.topK writes its two outputs: both arrays, each exactly its output's storage class and length. */
export interface TopKOut<T extends DataType = DataType> {
  /** The values' array (x's storage class). */
  values: OutOf<T>;
  /** The indices' array (a BigInt64Array). */
  indices: OutOf<'int64'>;
}

/** The options of tw.topK. */
export interface TopKOptions<T extends DataType = DataType> {
  /** The axis searched (negative from the back; default -1). */
  axis?: number | bigint;
  /** The k largest, in descending order (default true); false: the k smallest, ascending. */
  largest?: boolean;
  /** Return them sorted (default true). false leaves the order to the library: it is the sorted order too. */
  sorted?: boolean;
  /** Write the two outputs into these arrays; the returned Tensors' data are these arrays. */
  out?: TopKOut<T>;
}

/** What tw.topK returns: the spec's two outputs, by name. */
export interface TopKResult<V, I> {
  /** The k selected elements along the axis, as they are in x (a NaN's bits too). */
  readonly values: V;
  /** Their int64 positions along the axis. */
  readonly indices: I;
}

/** How many to take: a number, a bigint, or a 1-D int64 tensor of one value (the ONNX input K). */
export type TopKCount = number | bigint | TensorLike<'int64'>;

interface TopKArgs { readonly onnxType: number; readonly outer: number; readonly n: number; readonly inner: number; readonly k: number; readonly largest: number }

const TOP_K: ComputeOps<TopKArgs> = {
  // The kernel's work block: 24 bytes per element of one line, and 16 (tessera/topk.h topk_work_bytes).
  workBytes: (a) => (a.outer * a.inner * a.k > 0 ? 24 * a.n + 16 : 0),
  kernel: (kernels, [x], [values, indices], a, work) => {
    if (a.outer * a.inner * a.k > 0) kernels.topK(x!, values, indices, work, a.onnxType, a.outer, a.n, a.inner, a.k, a.largest);
  },
};

function topKWith(context: OpContext, v: OpVersion, value: unknown, k: number, kName: string, axisGiven: number, largest: boolean,
  out: unknown): TopKResult<Tensor | ResidentTensor, Tensor | ResidentTensor> {
  const x = asOperand(value, context, 'X');
  requireType(context, 'X', x.type, v.types.T);
  const axis = normalizeAxis(context, 'axis', axisGiven, x.dims.length);
  const n = x.dims[axis];
  if (k < 0) throw specError(context, kName, `k must be >= 0 (got ${k})`);
  if (k > n) throw specError(context, kName, `k ${k} is larger than the extent ${n} of axis ${axis}`);
  const dims = x.dims.map((d, a) => (a === axis ? k : d));
  const size = productOf(dims);
  const type = x.type as ResidentType;
  const outs = out === undefined ? undefined : checkOuts(context, out, value, type, size);
  const plan: ComputePlan<TopKArgs> = {
    kind: 'compute', context, inputs: [['X', x]], outputs: [{ type, dims, size }, { type: 'int64', dims, size }], ops: TOP_K,
    args: { onnxType: DTYPES[type].onnx, outer: productOf(x.dims, 0, axis), n, inner: productOf(x.dims, axis + 1), k, largest: largest ? 1 : 0 },
  };
  const [values, indices] = dispatchOutputs(plan, outs);
  return Object.freeze({ values, indices });
}

// Both arrays, each apart from X and from the other.
function checkOuts(context: OpContext, out: unknown, x: unknown, type: DataType, size: number): CheckedOut[] {
  if (typeof out !== 'object' || out === null) throw specError(context, 'out', `out must be { values, indices }, two arrays (got ${describe(out)})`);
  const valuesOut = ownValue(out, 'values');
  const indicesOut = ownValue(out, 'indices');
  if (valuesOut === undefined || indicesOut === undefined) {
    throw specError(context, 'out', `TopK has two outputs: out must give both arrays, { values, indices } (got ${describe(out)})`);
  }
  const values = checkOut(context, valuesOut, type, size, { inputs: [['X', x]], inPlace: false });
  const indices = checkOut(context, indicesOut, 'int64', size, { inputs: [['X', x], ['out.values', { data: values.array }]], inPlace: false });
  return [values, indices];
}

// k as the named function takes it: a number or bigint, or K's tensor.
function countOf(context: OpContext, k: unknown): number {
  if (typeof k === 'number' || typeof k === 'bigint') return intAttribute(context, 'k', k, 0);
  const list = indexList(context, 'k', k, ['int64'], false);
  if (list.length !== 1) throw specError(context, 'k', `k must hold exactly one value (got ${list.length})`);
  return list[0];
}

type ResidentTopKOptions = Omit<TopKOptions, 'out'> & { out?: undefined };

/**
 * ONNX TopK-24: the `k` largest elements along `axis` (default -1), in
 * descending order, and their int64 indices; with `largest: false` the k
 * smallest, ascending. A NaN is above every number; equal elements keep the
 * lower index first.
 *
 * @example const { values, indices } = tw.topK(logits, 5)  // [1, 32000] -> [1, 5] twice
 */
export function topK<T extends TopKType>(x: ResidentTensor<T>, k: TopKCount, options?: ResidentTopKOptions): TopKResult<ResidentTensor<T>, ResidentTensor<'int64'>>;
export function topK<T extends TopKType>(x: ResidentTensor<T>, k: TopKCount, options: TopKOptions<T> & { out: TopKOut<T> }): TopKResult<Tensor<T>, Tensor<'int64'>>;
export function topK<T extends TopKType>(x: TensorLike<T>, k: TopKCount, options?: TopKOptions<T>): TopKResult<Tensor<T>, Tensor<'int64'>>;
export function topK(x: TensorLike | ResidentTensor, k: TopKCount, options?: TopKOptions): TopKResult<Tensor | ResidentTensor, Tensor | ResidentTensor> {
  requireReady();
  const v = newestOf(TOP_K_OP);
  const context: OpContext = { op: 'TopK', version: v.since };
  const own = opOptions(context, options, ['axis', 'largest', 'sorted']);
  const count = countOf(context, k);
  booleanOption(context, 'sorted', own.sorted, true);
  return topKWith(context, v, x, count, 'k', intAttribute(context, 'axis', own.axis, -1),
    booleanOption(context, 'largest', own.largest, true), own.out);
}
