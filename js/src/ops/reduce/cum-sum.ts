// ONNX CumSum, every version: the running sum along one axis (an int32 or
// int64 input, 0-D or of one element), inclusive or `exclusive`, forward or
// `reverse`; float16 and bfloat16 from 14. One kernel
// (cpp/src/kernels/cumsum.cc, tessera/cumsum.h): each line one sequential
// sum started from its first element, float16 and bfloat16 held in float32
// and rounded once per output, integers wrapping; SIMD128 lanes across the
// inner axis, the same bits as the scalar walk.
import { DTYPES, type DataType } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand, asPlainTensor } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { booleanOption } from '../../options.js';
import { requireReady } from '../../wasm.js';
import { normalizeAxis, productOf } from '../axes.js';
import { requireType, safeIntegers } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type ComputeOps, type ComputePlan, dispatch } from '../dispatch.js';
import { type OutOf, type OutOptions, checkOut, opOptions } from '../out.js';
import { intAttribute } from '../movement/read.js';
import { INDEX_TYPES, extend } from '../type-sets.js';

const TYPES_V11 = ['uint32', 'uint64', 'int32', 'int64', 'float32', 'float64'] as const satisfies readonly DataType[];
const TYPES_V14 = /* @__PURE__ */ extend(TYPES_V11, ['float16', 'bfloat16']);
/** The types CumSum-14 takes. */
export type CumSumType = (typeof TYPES_V14)[number];

const version = (since: number, T: readonly DataType[]): OpVersion => ({
  since, inputs: ['x', 'axis'], required: 2, outputs: ['y'], attributes: ['exclusive', 'reverse'], types: { T, T2: INDEX_TYPES },
});

/** CumSum's every version: 11, and 14 with float16 and bfloat16. */
export const CUM_SUM_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'CumSum', domain: 'ai.onnx', versioned: true, family: 'reductions',
  summary: 'The running sum along an axis, inclusive or exclusive, forward or reverse (integers wrap).',
  named: 'cumSum',
  versions: [version(11, TYPES_V11), version(14, TYPES_V14)],
  run: (v, [x, axis], attributes) => {
    const context: OpContext = { op: 'CumSum', version: v.since };
    const flag = (key: string): boolean => {
      const value = intAttribute(context, key, attributes[key], 0);
      if (value !== 0 && value !== 1) throw specError(context, key, `${key} must be 0 or 1 (got ${value})`);
      return value === 1;
    };
    return cumSumWith(context, v, x, axisOf(context, axis, false), flag('exclusive'), flag('reverse'), undefined);
  },
}));

/** The options of tw.cumSum. */
export interface CumSumOptions<T extends DataType = DataType> extends OutOptions<T> {
  /** Each output the sum of the elements before it, the first 0 (default false: up to and including it). */
  exclusive?: boolean;
  /** Sum from the end of the axis toward its start (default false). */
  reverse?: boolean;
}

/** The axis of tw.cumSum: a number or bigint, or the ONNX input (a 0-D or one-element int32 or int64 tensor). */
export type CumSumAxis = number | bigint | TensorLike<'int32' | 'int64'>;

// The axis input: int32 or int64, 0-D or one element (the spec says 0-D; onnxruntime and the reference also take [1]).
function axisOf(context: OpContext, value: unknown, named: boolean): number {
  if (named && (typeof value === 'number' || typeof value === 'bigint')) return intAttribute(context, 'axis', value, 0);
  if (typeof value !== 'object' || value === null || !('dims' in value)) {
    throw specError(context, 'axis', `axis must be a 0-D int32 or int64 tensor${named ? ' or an integer' : ''} (got ${describe(value)})`);
  }
  const t = asPlainTensor(value, context, 'axis');
  if (t.type !== 'int32' && t.type !== 'int64') throw specError(context, 'axis', `axis must be an int32 or int64 tensor (got ${t.type})`);
  if (t.dims.length > 1 || t.size !== 1) throw specError(context, 'axis', `axis must be a 0-D tensor, or hold one value (got dims [${t.dims.join(', ')}])`);
  return safeIntegers(context, 'axis', t.data as ArrayLike<unknown>, 1)[0];
}

interface CumSumArgs {
  readonly onnxType: number; readonly outer: number; readonly n: number; readonly inner: number; readonly exclusive: number; readonly reverse: number;
}

const CUM_SUM: ComputeOps<CumSumArgs> = {
  kernel: (kernels, [x], [y], a) => {
    if (a.outer * a.n * a.inner > 0) kernels.cumSum(x!, y, a.onnxType, a.outer, a.n, a.inner, a.exclusive, a.reverse);
  },
};

function cumSumWith(context: OpContext, v: OpVersion, value: unknown, axisGiven: number, exclusive: boolean, reverse: boolean,
  out: unknown): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'x');
  requireType(context, 'x', x.type, v.types.T);
  const axis = normalizeAxis(context, 'axis', axisGiven, x.dims.length);
  const type = x.type as ResidentType;
  const checked = out === undefined ? undefined : checkOut(context, out, type, x.size, { inputs: [['x', value]], inPlace: false });
  const plan: ComputePlan<CumSumArgs> = {
    kind: 'compute', context, inputs: [['x', x]], outputs: [{ type, dims: x.dims, size: x.size }], ops: CUM_SUM,
    args: {
      onnxType: DTYPES[type].onnx, outer: productOf(x.dims, 0, axis), n: x.dims[axis], inner: productOf(x.dims, axis + 1),
      exclusive: exclusive ? 1 : 0, reverse: reverse ? 1 : 0,
    },
  };
  return dispatch(plan, checked);
}

type ResidentCumSumOptions = Omit<CumSumOptions, 'out'> & { out?: undefined };

/**
 * ONNX CumSum-14: the running sum of `x` along `axis` (negative from the
 * back); `exclusive` leaves each element out of its own sum, `reverse` sums
 * from the end. Integers wrap; float16 and bfloat16 sum in float32.
 *
 * @example tw.cumSum(x, 0)  // [1, 2, 3] -> [1, 3, 6]
 */
export function cumSum<T extends CumSumType>(x: ResidentTensor<T>, axis: CumSumAxis, options?: ResidentCumSumOptions): ResidentTensor<T>;
export function cumSum<T extends CumSumType>(x: ResidentTensor<T>, axis: CumSumAxis, options: CumSumOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function cumSum<T extends CumSumType>(x: TensorLike<T>, axis: CumSumAxis, options?: CumSumOptions<T>): Tensor<T>;
export function cumSum(x: TensorLike | ResidentTensor, axis: CumSumAxis, options?: CumSumOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(CUM_SUM_OP);
  const context: OpContext = { op: 'CumSum', version: v.since };
  const own = opOptions(context, options, ['exclusive', 'reverse']);
  return cumSumWith(context, v, x, axisOf(context, axis, true), booleanOption(context, 'exclusive', own.exclusive, false),
    booleanOption(context, 'reverse', own.reverse, false), own.out);
}
