// ONNX ArgMax and ArgMin, every version: the int64 index of the largest or
// smallest element along one axis (the first, or from 12 with
// select_last_index the last), over the reduction kernels (tessera/reduce.h).
import { DTYPES, type DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { booleanOption } from '../../options.js';
import { requireReady } from '../../wasm.js';
import { normalizeAxis, productOf } from '../axes.js';
import { requireType } from '../check.js';
import { type OpDefinition, type OpVersion, defineOp, newestOf } from '../definition.js';
import { type ComputeOps, type ComputePlan, dispatch } from '../dispatch.js';
import { type OutOf, type OutOptions, checkOut, opOptions } from '../out.js';
import { intAttribute } from '../movement/read.js';
import { extend } from '../type-sets.js';

/** The options of tw.argMax and tw.argMin. */
export interface ArgOptions extends OutOptions<'int64'> {
  /** The axis searched (negative from the back; default 0). */
  axis?: number | bigint;
  /** Keep the axis as extent 1 (default true). */
  keepdims?: boolean;
  /** On ties, the last index rather than the first. */
  selectLastIndex?: boolean;
}

const TYPES_V1 = ['uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64'] as const satisfies readonly DataType[];
const TYPES_V13 = /* @__PURE__ */ extend(TYPES_V1, ['bfloat16']);

const versions = (): OpVersion[] => [1, 11, 12, 13].map((since) => ({
  since, inputs: ['data'], required: 1, outputs: ['reduced'],
  attributes: since >= 12 ? ['axis', 'keepdims', 'select_last_index'] : ['axis', 'keepdims'],
  types: { T: since >= 13 ? TYPES_V13 : TYPES_V1 },
}));

interface ArgArgs { readonly onnxType: number; readonly outer: number; readonly n: number; readonly inner: number; readonly isMax: number; readonly last: number }

const ARG: ComputeOps<ArgArgs> = {
  kernel: (kernels, [x], [y], a) => { if (a.outer * a.inner > 0) kernels.argReduce(x!, y, a.onnxType, a.outer, a.n, a.inner, a.isMax, a.last); },
};

interface ArgRequest { readonly axis: number; readonly keepdims: boolean; readonly last: boolean; readonly out?: unknown }

function argWith(context: OpContext, isMax: boolean, v: OpVersion, value: unknown, request: ArgRequest): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'data');
  requireType(context, 'data', x.type, v.types.T);
  const rank = x.dims.length;
  if (v.since < 11 && request.axis < 0) throw specError(context, 'axis', `axis ${request.axis}: version ${v.since} takes no negative axis (from 11 on it does)`);
  const axis = normalizeAxis(context, 'axis', request.axis, rank);
  const n = x.dims[axis];
  const outer = productOf(x.dims, 0, axis);
  const inner = productOf(x.dims, axis + 1);
  if (n === 0 && outer * inner > 0) throw specError(context, 'data', `axis ${axis} has extent 0: an empty axis has no ${isMax ? 'largest' : 'smallest'} element`);
  const dims = x.dims.flatMap((d, a) => (a !== axis ? [d] : request.keepdims ? [1] : []));
  const size = outer * inner;
  const out = request.out === undefined ? undefined : checkOut(context, request.out, 'int64', size, { inputs: [['data', value]], inPlace: false });
  const plan: ComputePlan<ArgArgs> = {
    kind: 'compute', context, inputs: [['data', x]], outputs: [{ type: 'int64', dims, size }], ops: ARG,
    args: { onnxType: DTYPES[x.type as ResidentType].onnx, outer, n, inner, isMax: isMax ? 1 : 0, last: request.last ? 1 : 0 },
  };
  return dispatch(plan, out);
}

function flag(context: OpContext, key: string, value: unknown, fallback: number): boolean {
  const read = intAttribute(context, key, value, fallback);
  if (read !== 0 && read !== 1) throw specError(context, key, `${key} must be 0 or 1 (got ${read})`);
  return read === 1;
}

function runArg(name: 'ArgMax' | 'ArgMin', v: OpVersion, data: unknown, attributes: Record<string, unknown>): Tensor | ResidentTensor {
  const context: OpContext = { op: name, version: v.since };
  return argWith(context, name === 'ArgMax', v, data, {
    axis: intAttribute(context, 'axis', attributes.axis, 0),
    keepdims: flag(context, 'keepdims', attributes.keepdims, 1),
    last: v.since >= 12 && flag(context, 'select_last_index', attributes.select_last_index, 0),
  });
}

function argNamed(op: OpDefinition, name: 'ArgMax' | 'ArgMin', data: unknown, options: unknown): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(op);
  const context: OpContext = { op: name, version: v.since };
  const own = opOptions(context, options, ['axis', 'keepdims', 'selectLastIndex']);
  return argWith(context, name === 'ArgMax', v, data, {
    axis: intAttribute(context, 'axis', own.axis, 0),
    keepdims: booleanOption(context, 'keepdims', own.keepdims, true),
    last: booleanOption(context, 'selectLastIndex', own.selectLastIndex, false),
    out: own.out,
  });
}

/** ArgMax's every version. */
export const ARG_MAX_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ArgMax', domain: 'ai.onnx', versioned: true, family: 'reductions',
  summary: 'The int64 index of the largest element along an axis (a NaN wins; ties: the first, or the last).',
  named: 'argMax', versions: versions(),
  run: (v, [data], attributes) => runArg('ArgMax', v, data, attributes),
}));

/** ArgMin's every version. */
export const ARG_MIN_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ArgMin', domain: 'ai.onnx', versioned: true, family: 'reductions',
  summary: 'The int64 index of the smallest element along an axis (a NaN wins; ties: the first, or the last).',
  named: 'argMin', versions: versions(),
  run: (v, [data], attributes) => runArg('ArgMin', v, data, attributes),
}));

type ResidentArgOptions = Omit<ArgOptions, 'out'> & { out?: undefined };

/**
 * ONNX ArgMax-13: the int64 index of the largest element along `axis`
 * (default 0); a NaN counts as largest; ties give the first index, or the
 * last with selectLastIndex.
 *
 * @example tw.argMax(scores, { axis: 1, keepdims: false })  // [1, 84, 8400] -> [1, 8400]
 */
export function argMax(data: ResidentTensor, options?: ResidentArgOptions): ResidentTensor<'int64'>;
export function argMax(data: ResidentTensor, options: ArgOptions & { out: OutOf<'int64'> }): Tensor<'int64'>;
export function argMax(data: TensorLike, options?: ArgOptions): Tensor<'int64'>;
export function argMax(data: TensorLike | ResidentTensor, options?: ArgOptions): Tensor | ResidentTensor {
  return argNamed(ARG_MAX_OP, 'ArgMax', data, options);
}

/**
 * ONNX ArgMin-13: the int64 index of the smallest element along `axis`
 * (default 0); a NaN counts as smallest; ties give the first index, or the
 * last with selectLastIndex.
 *
 * @example tw.argMin(x, { axis: -1 })
 */
export function argMin(data: ResidentTensor, options?: ResidentArgOptions): ResidentTensor<'int64'>;
export function argMin(data: ResidentTensor, options: ArgOptions & { out: OutOf<'int64'> }): Tensor<'int64'>;
export function argMin(data: TensorLike, options?: ArgOptions): Tensor<'int64'>;
export function argMin(data: TensorLike | ResidentTensor, options?: ArgOptions): Tensor | ResidentTensor {
  return argNamed(ARG_MIN_OP, 'ArgMin', data, options);
}
