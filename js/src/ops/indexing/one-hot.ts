// ONNX OneHot: each index becomes a run of `depth` values, off_value
// everywhere but on_value at the index. The output is one fill with
// off_value and one store per index entry: the stores are per element of the
// indices, which is depth times smaller than the output the fill writes.
import { type DataType, allocateData, elementBytes, moveBytes } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { decodeStorage } from '../../formats.js';
import { ResidentTensor, type ResidentType, asPlainTensor } from '../../resident.js';
import { type Tensor, type TensorLike, resultOf } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { integerAttribute, outputSize, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOptions, checkOut, opOptions } from '../out.js';
import { fillBytes } from '../twins.js';
import { ALL_TYPES_V6 } from '../type-sets.js';
import { normalizeAxis } from '../axes.js';
import { finishOutput } from './index-kernels.js';

const NUMERIC = ['uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64'] as const satisfies readonly DataType[];
const version = (since: number) =>
  ({ since, inputs: ['indices', 'depth', 'values'], required: 3, outputs: ['output'], attributes: ['axis'], types: { T1: NUMERIC, T2: NUMERIC, T3: ALL_TYPES_V6 } }) as const;

/** OneHot's every version. */
export const ONE_HOT_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'OneHot',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'Each index as a one-hot run of depth values along a new axis.',
  named: 'oneHot',
  versions: [version(9), version(11)],
  run: (v, [indices, depth, values], attributes) => oneHotWith(v, indices, depth, values, attributes.axis),
}));

/** OneHot's options: where the new axis goes (default -1, the last) and `out`. */
export interface OneHotOptions extends OutOptions {
  /** Where the one-hot axis goes in the output (negative counts from the end); default -1, the last. */
  axis?: number | bigint;
}

/**
 * ONNX OneHot-11: the output has the indices' dims with `depth` inserted at
 * `axis`; along it, `values[1]` (on) at each index and `values[0]` (off)
 * elsewhere. Indices in [-depth, 0) count from the end; any others give a
 * run of off values. Non-integer indices and depth are truncated to integers.
 *
 * @example tw.oneHot(tw.tensor('int64', [0, 2], [2]), tw.tensor('int64', [3], []), tw.tensor('float32', [0, 1], [2]))
 *          // [[1, 0, 0], [0, 0, 1]]
 */
export function oneHot(indices: ResidentTensor, depth: ResidentTensor, values: ResidentTensor, options?: OneHotOptions & { out?: undefined }): ResidentTensor;
export function oneHot(indices: TensorLike | ResidentTensor, depth: TensorLike | ResidentTensor, values: TensorLike | ResidentTensor, options?: OneHotOptions): Tensor;
export function oneHot(indices: TensorLike | ResidentTensor, depth: TensorLike | ResidentTensor, values: TensorLike | ResidentTensor, options?: OneHotOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(ONE_HOT_OP);
  const own = opOptions({ op: 'OneHot', version: v.since }, options, ['axis']);
  return oneHotWith(v, indices, depth, values, own.axis, own.out);
}

/** A numeric tensor's elements as numbers (int64 as the nearest number: only a range check reads them). */
function numbersOf(t: Tensor): ArrayLike<number> {
  if (t.type === 'float16') return decodeStorage('float16', t.data as ArrayBufferView, t.size);
  if (t.type === 'int64' || t.type === 'uint64') return Array.from(t.data as BigInt64Array, Number);
  return t.data as ArrayLike<number>;
}

function oneHotWith(v: OpVersion, indicesValue: unknown, depthValue: unknown, valuesValue: unknown, axisValue: unknown,
  outValue?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'OneHot', version: v.since };
  const resident = [indicesValue, depthValue, valuesValue].every((t) => ResidentTensor.isResident(t));
  const indices = asPlainTensor(indicesValue, context, 'indices');
  requireType(context, 'indices', indices.type, v.types.T1);
  const depthTensor = asPlainTensor(depthValue, context, 'depth');
  requireType(context, 'depth', depthTensor.type, v.types.T2);
  const values = asPlainTensor(valuesValue, context, 'values');
  requireType(context, 'values', values.type, v.types.T3);
  if (depthTensor.size !== 1 || depthTensor.dims.length > 1) throw specError(context, 'depth', `depth must be a scalar or hold one element (got dims [${depthTensor.dims.join(', ')}])`);
  if (values.size !== 2 || values.dims.length !== 1) throw specError(context, 'values', `values must be 1-D [off_value, on_value] (got dims [${values.dims.join(', ')}])`);
  const depth = Math.trunc(numbersOf(depthTensor)[0]);
  if (!(depth >= 1) || !Number.isSafeInteger(depth)) throw specError(context, 'depth', `depth must be a positive integer (got ${numbersOf(depthTensor)[0]})`);
  const rank = indices.dims.length;
  const axis = normalizeAxis(context, 'axis', integerAttribute(context, 'axis', axisValue, -1), rank, 1);
  const dims = [...indices.dims.slice(0, axis), depth, ...indices.dims.slice(axis)];
  const type = values.type;
  const size = outputSize(context, 'depth', dims, moveBytes(type));
  const out = outValue === undefined ? undefined : checkOut(context, outValue, type, size, { inputs: [['indices', indices], ['depth', depthTensor], ['values', values]], inPlace: false });
  // Output position of index entry i holding h: (prefix * depth + h) * suffix + rest, the entry at prefix * suffix + rest.
  let suffix = 1;
  for (let d = axis; d < rank; d++) suffix *= indices.dims[d];
  const numbers = numbersOf(indices);
  const negativeWraps = v.since >= 11;
  const place = (i: number): number => {
    let h = Math.trunc(numbers[i]);
    if (h < 0 && negativeWraps) h += depth;
    if (!(h >= 0 && h < depth)) return -1;
    const prefix = Math.floor(i / suffix);
    return (prefix * depth + h) * suffix + (i - prefix * suffix);
  };
  if (type === 'string') {
    const [off, on] = values.data as string[];
    const strings = new Array<string>(size).fill(off);
    for (let i = 0; i < indices.size; i++) {
      const at = place(i);
      if (at >= 0) strings[at] = on;
    }
    return resultOf('string', strings, dims, size);
  }
  const width = elementBytes(type);
  const valueBytes = new Uint8Array((values.data as ArrayBufferView).buffer, (values.data as ArrayBufferView).byteOffset, 2 * width);
  const data = allocateData(type, size) as ArrayBufferView;
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  fillBytes(type as ResidentType, bytes, valueBytes.subarray(0, width), size);
  const on = valueBytes.slice(width, 2 * width);
  for (let i = 0; i < indices.size; i++) {
    const at = place(i);
    if (at >= 0) bytes.set(on, at * width);
  }
  return finishOutput(context, type, data as Tensor['data'], dims, size, out, resident);
}
