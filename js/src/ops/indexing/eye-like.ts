// ONNX EyeLike: zeros of the input's 2-D shape with ones on diagonal k, of
// the input's type or `dtype`. A zeroed typed array and one store per
// diagonal element: the diagonal holds at most min(rows, cols) of them, the
// zeros come with the allocation (or one fill of `out`).
import { DTYPES, type DataType, allocateData, elementBytes } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { ResidentTensor, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { integerAttribute, outputSize, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOptions, READS_NOTHING, checkOut, opOptions } from '../out.js';
import { finishOutput } from './index-kernels.js';
import { extend } from '../type-sets.js';

const EYE_9 = ['float16', 'float32', 'float64', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'bool'] as const satisfies readonly DataType[];
const EYE_22 = /* @__PURE__ */ extend(EYE_9, ['bfloat16']);

/** EyeLike's every version. */
export const EYE_LIKE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'EyeLike',
  domain: 'ai.onnx',
  versioned: true,
  family: 'generation',
  summary: 'Zeros of the input\'s 2-D shape with ones on a diagonal (np.eye).',
  named: 'eyeLike',
  versions: [
    { since: 9, inputs: ['input'], required: 1, outputs: ['output'], attributes: ['dtype', 'k'], types: { T1: EYE_9, T2: EYE_9 } },
    { since: 22, inputs: ['input'], required: 1, outputs: ['output'], attributes: ['dtype', 'k'], types: { T1: EYE_22, T2: EYE_22 } },
  ],
  run: (v, [input], attributes) => eyeLikeWith(v, input, nodeDtype(v, attributes.dtype), attributes.k),
}));

/** EyeLike's options: the output type (default: the input's), the diagonal `k` (default 0), and `out`. */
export interface EyeLikeOptions extends OutOptions {
  /** The output type; default the input's. */
  dtype?: DataType;
  /** The diagonal set to one: 0 the main one (default), positive above it, negative below. */
  k?: number | bigint;
}

/**
 * ONNX EyeLike-22: `output[i][i + k] = 1`, every other element 0, with the
 * input's dims (2-D) and its type or `dtype`.
 *
 * @example tw.eyeLike(tw.tensor('float32', new Array(6).fill(0), [2, 3]), { k: 1 })  // [[0, 1, 0], [0, 0, 1]]
 */
export function eyeLike(input: ResidentTensor, options?: EyeLikeOptions & { out?: undefined }): ResidentTensor;
export function eyeLike(input: TensorLike | ResidentTensor, options?: EyeLikeOptions): Tensor;
export function eyeLike(input: TensorLike | ResidentTensor, options?: EyeLikeOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(EYE_LIKE_OP);
  const own = opOptions({ op: 'EyeLike', version: v.since }, options, ['dtype', 'k']);
  return eyeLikeWith(v, input, own.dtype, own.k, own.out);
}

// runNode's dtype: a TensorProto data type number.
function nodeDtype(v: OpVersion, value: unknown): unknown {
  if (value === undefined) return undefined;
  const n = typeof value === 'bigint' ? Number(value) : value;
  const type = (Object.keys(DTYPES) as DataType[]).find((t) => DTYPES[t].onnx === n);
  if (type === undefined) throw specError({ op: 'EyeLike', version: v.since }, 'dtype', `dtype must be a TensorProto data type number (got ${describe(value)})`);
  return type;
}

// The bytes of 1 in each type (little-endian).
function oneBytes(type: DataType): number[] {
  switch (type) {
    case 'float16': return [0x00, 0x3c];
    case 'bfloat16': return [0x80, 0x3f];
    case 'float32': return [0x00, 0x00, 0x80, 0x3f];
    case 'float64': return [0, 0, 0, 0, 0, 0, 0xf0, 0x3f];
    default: return [1];  // integers and bool: 1 in the lowest byte, the rest 0
  }
}

function eyeLikeWith(v: OpVersion, value: unknown, dtypeValue: unknown, kValue: unknown, outValue?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'EyeLike', version: v.since };
  const input = asOperand(value, context, 'input');
  requireType(context, 'input', input.type, v.types.T1);
  if (dtypeValue !== undefined && typeof dtypeValue !== 'string') throw specError(context, 'dtype', `dtype must be a data type name (got ${describe(dtypeValue)})`);
  const type = (dtypeValue ?? input.type) as DataType;
  requireType(context, 'dtype', type, v.types.T2);
  if (input.dims.length !== 2) throw specError(context, 'input', `input must be 2-D (got dims [${input.dims.join(', ')}])`);
  const k = integerAttribute(context, 'k', kValue, 0);
  const [rows, cols] = input.dims;
  const width = elementBytes(type);
  const size = outputSize(context, 'input', input.dims, width);
  const out = outValue === undefined ? undefined : checkOut(context, outValue, type, size, READS_NOTHING);
  const data = allocateData(type, size) as ArrayBufferView;
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const one = oneBytes(type);
  // Row i holds the one at column i + k, where that column exists.
  for (let i = Math.max(0, -k); i < rows && i + k < cols; i++) {
    const at = (i * cols + i + k) * width;
    for (let b = 0; b < one.length; b++) bytes[at + b] = one[b];
  }
  return finishOutput(context, type, data as Tensor['data'], input.dims, size, out, ResidentTensor.isResident(input));
}
