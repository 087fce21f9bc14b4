// ONNX Softmax, LogSoftmax and Hardmax, every version: 1 and 11 coerce the
// input to 2-D at `axis` (default 1) and work along the flattened trailing
// axes; 13 works along the one axis (default -1). One kernel (tessera/reduce.h
// softmax): the max subtracted, exp and log in float64, one rounding.
import { DTYPES, type DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { normalizeAxis, productOf } from '../axes.js';
import { requireType } from '../check.js';
import { type OpDefinition, type OpVersion, defineOp, newestOf } from '../definition.js';
import { type ComputeOps, type ComputePlan, dispatch } from '../dispatch.js';
import { type OutOf, type OutOptions, checkOut, opOptions } from '../out.js';
import { intAttribute } from '../movement/read.js';

type Name = 'Softmax' | 'LogSoftmax' | 'Hardmax';
const KIND: Record<Name, number> = { Softmax: 0, LogSoftmax: 1, Hardmax: 2 };

/** The options of tw.softmax, tw.logSoftmax and tw.hardmax. */
export interface SoftmaxOptions<T extends DataType = DataType> extends OutOptions<T> {
  /** The axis (negative from the back; default -1). */
  axis?: number | bigint;
}
type SoftmaxType = 'float16' | 'float32' | 'float64' | 'bfloat16';

const versions = (): OpVersion[] => [1, 11, 13].map((since) => ({
  since, inputs: ['input'], required: 1, outputs: ['output'], attributes: ['axis'],
  types: { T: since >= 13 ? ['float16', 'float32', 'float64', 'bfloat16'] : ['float16', 'float32', 'float64'] },
}));

interface Args { readonly onnxType: number; readonly outer: number; readonly n: number; readonly inner: number; readonly kind: number }
const SOFTMAX: ComputeOps<Args> = {
  kernel: (kernels, [x], [y], a) => { if (a.outer * a.n * a.inner > 0) kernels.softmax(x!, y, a.onnxType, a.outer, a.n, a.inner, a.kind); },
};

function softmaxWith(context: OpContext, name: Name, v: OpVersion, value: unknown, axisGiven: number, out?: unknown): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'input');
  requireType(context, 'input', x.type, v.types.T);
  const rank = x.dims.length;
  if (v.since < 11 && axisGiven < 0) throw specError(context, 'axis', `axis ${axisGiven}: version ${v.since} takes no negative axis (from 11 on it does)`);
  const axis = normalizeAxis(context, 'axis', axisGiven, rank);
  // 1 and 11: [prod(dims[:axis]), prod(dims[axis:])]; 13: [outer, dims[axis], inner].
  const coerced = v.since < 13;
  const args: Args = {
    onnxType: DTYPES[x.type as ResidentType].onnx, kind: KIND[name],
    outer: productOf(x.dims, 0, axis), n: coerced ? productOf(x.dims, axis) : x.dims[axis], inner: coerced ? 1 : productOf(x.dims, axis + 1),
  };
  const type = x.type as ResidentType;
  const checked = out === undefined ? undefined : checkOut(context, out, type, x.size, { inputs: [['input', value]], inPlace: false });
  const plan: ComputePlan<Args> = { kind: 'compute', context, inputs: [['input', x]], outputs: [{ type, dims: x.dims, size: x.size }], ops: SOFTMAX, args };
  return dispatch(plan, checked);
}

function makeOp(name: Name, named: string, summary: string): OpDefinition {
  return {
    name, domain: 'ai.onnx', versioned: true, family: 'reductions', summary, named, versions: versions(),
    run: (v, [input], attributes) => {
      const context: OpContext = { op: name, version: v.since };
      return softmaxWith(context, name, v, input, intAttribute(context, 'axis', attributes.axis, v.since < 13 ? 1 : -1));
    },
  };
}

/** Softmax's every version. */
export const SOFTMAX_OP = /* @__PURE__ */ defineOp(() => ({ ...makeOp('Softmax', 'softmax', 'exp(x - max) / sum along an axis (1 and 11: the flattened trailing axes).'), name: 'Softmax' as const }));
/** LogSoftmax's every version. */
export const LOG_SOFTMAX_OP = /* @__PURE__ */ defineOp(() => ({ ...makeOp('LogSoftmax', 'logSoftmax', '(x - max) - log(sum(exp(x - max))) along an axis.'), name: 'LogSoftmax' as const }));
/** Hardmax's every version. */
export const HARDMAX_OP = /* @__PURE__ */ defineOp(() => ({ ...makeOp('Hardmax', 'hardmax', '1 at the first largest element along an axis, 0 elsewhere.'), name: 'Hardmax' as const }));

function named(op: OpDefinition, name: Name, input: unknown, options: unknown): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(op);
  const context: OpContext = { op: name, version: v.since };
  const own = opOptions(context, options, ['axis']);
  return softmaxWith(context, name, v, input, intAttribute(context, 'axis', own.axis, -1), own.out);
}

type ResidentOptions = Omit<SoftmaxOptions, 'out'> & { out?: undefined };

/**
 * ONNX Softmax-13 along `axis` (default -1), computed stably (the max subtracted).
 *
 * @example tw.softmax(logits)  // [1, 32000] -> probabilities summing to 1
 */
export function softmax<T extends SoftmaxType>(input: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function softmax<T extends SoftmaxType>(input: ResidentTensor<T>, options: SoftmaxOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function softmax<T extends SoftmaxType>(input: TensorLike<T>, options?: SoftmaxOptions<T>): Tensor<T>;
export function softmax(input: TensorLike | ResidentTensor, options?: SoftmaxOptions): Tensor | ResidentTensor {
  return named(SOFTMAX_OP, 'Softmax', input, options);
}

/**
 * ONNX LogSoftmax-13 along `axis` (default -1).
 *
 * @example tw.logSoftmax(logits, { axis: 1 })
 */
export function logSoftmax<T extends SoftmaxType>(input: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function logSoftmax<T extends SoftmaxType>(input: ResidentTensor<T>, options: SoftmaxOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function logSoftmax<T extends SoftmaxType>(input: TensorLike<T>, options?: SoftmaxOptions<T>): Tensor<T>;
export function logSoftmax(input: TensorLike | ResidentTensor, options?: SoftmaxOptions): Tensor | ResidentTensor {
  return named(LOG_SOFTMAX_OP, 'LogSoftmax', input, options);
}

/**
 * ONNX Hardmax-13 along `axis` (default -1): 1 at the first largest element, 0 elsewhere.
 *
 * @example tw.hardmax(scores)
 */
export function hardmax<T extends SoftmaxType>(input: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function hardmax<T extends SoftmaxType>(input: ResidentTensor<T>, options: SoftmaxOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function hardmax<T extends SoftmaxType>(input: TensorLike<T>, options?: SoftmaxOptions<T>): Tensor<T>;
export function hardmax(input: TensorLike | ResidentTensor, options?: SoftmaxOptions): Tensor | ResidentTensor {
  return named(HARDMAX_OP, 'Hardmax', input, options);
}
