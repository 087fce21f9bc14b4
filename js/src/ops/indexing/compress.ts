// ONNX Compress: the slices along an axis (or the elements of the flattened
// input) whose condition is true. The true positions come from the NonZero
// kernel over the condition's bytes; the slices move as a gather of rows.
import type { DataType } from '../../dtype.js';
import { moveBytes } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand, asPlainTensor } from '../../resident.js';
import { type Tensor, type TensorLike, resultOf } from '../../tensor.js';
import { checkedBytes, copyIn, copyOut, requireReady, wasm, withScratch } from '../../wasm.js';
import { integerAttribute, outputSize, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, checkOut, opOptions } from '../out.js';
import { ALL_TYPES_V6 } from '../type-sets.js';
import { normalizeAxis } from '../axes.js';
import { gatherRows } from './gather-rows.js';

const version = (since: number) =>
  ({ since, inputs: ['input', 'condition'], required: 2, outputs: ['output'], attributes: ['axis'], types: { T: ALL_TYPES_V6, T1: ['bool'] } }) as const;

/** Compress's every version. */
export const COMPRESS_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Compress',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The slices along an axis (or flat elements) whose condition is true (np.compress).',
  named: 'compress',
  versions: [version(9), version(11)],
  run: (v, [input, condition], attributes) => compressWith(v, input, condition, attributes.axis),
}));

/** Compress's options: the axis (absent: the input flattened) and `out`. */
export interface CompressOptions<T extends DataType = DataType> extends OutOptions<T> {
  /** The axis to select slices along (negative counts from the end); absent, the input is flattened first. */
  axis?: number | bigint;
}

/**
 * ONNX Compress-11: the slices of `input` along `axis` whose entry of the
 * 1-D bool `condition` is true (no axis: the flattened input's elements);
 * slices past the condition's length are dropped (np.compress).
 *
 * @example tw.compress(tw.tensor('float32', [1, 2, 3, 4, 5, 6], [3, 2]), tw.tensor('bool', [false, true, true]), { axis: 0 })
 *          // [[3, 4], [5, 6]]
 */
export function compress<T extends ResidentType>(input: ResidentTensor<T>, condition: TensorLike<'bool'> | ResidentTensor<'bool'>, options?: CompressOptions<T> & { out?: undefined }): ResidentTensor<T>;
export function compress<T extends ResidentType>(input: ResidentTensor<T>, condition: TensorLike<'bool'> | ResidentTensor<'bool'>, options: CompressOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function compress<T extends DataType>(input: TensorLike<T>, condition: TensorLike<'bool'> | ResidentTensor<'bool'>, options?: CompressOptions<T>): Tensor<T>;
export function compress(input: TensorLike | ResidentTensor, condition: TensorLike<'bool'> | ResidentTensor<'bool'>, options?: CompressOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(COMPRESS_OP);
  const own = opOptions({ op: 'Compress', version: v.since }, options, ['axis']);
  return compressWith(v, input, condition, own.axis, own.out);
}

function compressWith(v: OpVersion, inputValue: unknown, conditionValue: unknown, axisValue: unknown, outValue?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Compress', version: v.since };
  const input = asOperand(inputValue, context, 'input');
  requireType(context, 'input', input.type, v.types.T);
  const condition = asPlainTensor(conditionValue, context, 'condition');
  requireType(context, 'condition', condition.type, v.types.T1);
  if (condition.dims.length !== 1) throw specError(context, 'condition', `condition must be 1-D (got dims [${condition.dims.join(', ')}])`);
  const rank = input.dims.length;
  if (rank < 1) throw specError(context, 'input', 'input must have rank >= 1 (got a scalar)');
  const axis = axisValue === undefined ? undefined : normalizeAxis(context, 'axis', integerAttribute(context, 'axis', axisValue, 0), rank);
  const extent = axis === undefined ? input.size : input.dims[axis];
  if (condition.size > extent) {
    throw specError(context, 'condition', `condition's length ${condition.size} must not exceed ${axis === undefined ? 'the input\'s element count' : `input dims[${axis}]`} (${extent})`);
  }
  const positions = truePositions(context, condition);
  const n = positions.length;
  const dims = axis === undefined ? [n] : input.dims.map((d, i) => (i === axis ? n : d));
  const size = outputSize(context, 'condition', dims, moveBytes(input.type));
  const out = outValue === undefined ? undefined : checkOut(context, outValue, input.type, size, { inputs: [['input', input], ['condition', condition]], inPlace: false });
  let outer = 1;
  let rowElements = 1;
  if (axis !== undefined) {
    for (let d = 0; d < axis; d++) outer *= input.dims[d];
    for (let d = axis + 1; d < rank; d++) rowElements *= input.dims[d];
  }
  const indices = resultOf('int32', new Int32Array(positions.buffer, positions.byteOffset, n), [n], n);
  return gatherRows(context, input, dims, size, {
    context, indices, outer, xRows: extent, n, batched: false, extents: [extent], rowElements,
    badIndex: () => 'unreachable: the positions of true entries lie inside the condition',
  }, out);
}

/** The positions of the condition's true entries, by the NonZero kernel over its bytes. */
function truePositions(context: OpContext, condition: Tensor): Uint32Array {
  const n = condition.size;
  if (n === 0) return new Uint32Array(0);
  return withScratch(context, [n, 4 * n, 4], ([bytes, positions, count]) => {
    copyIn(context, 'condition', bytes, checkedBytes(context, 'condition', condition.data as ArrayBufferView, n), n);
    wasm().kernels.nonzeroPositions(bytes, n, 1, 0, positions, count);
    const found = new Uint32Array(new Uint32Array(wasm().memory.buffer, count, 1)[0]);
    copyOut(positions, found, 4 * found.length);
    return found;
  });
}
