// ONNX Shape and Size: the input's dims (a slice of them from 15) and its
// element count, as int64 tensors made from the dims alone.
import type { DataType } from '../../dtype.js';
import type { OpContext } from '../../errors.js';
import { ResidentTensor, asOperand, residentCopy } from '../../resident.js';
import { type Tensor, type TensorLike, resultOf } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOptions, READS_NOTHING, checkOut, opOptions, outOption } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V19, ALL_TYPES_V21, ALL_TYPES_V23, ALL_TYPES_V24, ALL_TYPES_V25, ALL_TYPES_V6 } from '../type-sets.js';
import { intAttribute } from './read.js';

const version = (since: number, T: readonly DataType[], output: string, attributes: readonly string[] = []): OpVersion =>
  ({ since, inputs: ['data'], required: 1, outputs: [output], attributes, types: { T, T1: ['int64'] } });

/** Shape's every version (start and end from 15). */
export const SHAPE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Shape',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The input\'s dims as a 1-D int64 tensor (from 15, dims[start:end]).',
  named: 'shape',
  versions: [
    version(1, ALL_TYPES_V6, 'shape'), version(13, ALL_TYPES_V13, 'shape'),
    ...[[15, ALL_TYPES_V13], [19, ALL_TYPES_V19], [21, ALL_TYPES_V21], [23, ALL_TYPES_V23], [24, ALL_TYPES_V24], [25, ALL_TYPES_V25]]
      .map(([since, T]) => version(since as number, T as readonly DataType[], 'shape', ['end', 'start'])),
  ],
  run: (v, [data], attributes) => {
    const context: OpContext = { op: 'Shape', version: v.since };
    return shapeWith(context, v, data, intAttribute(context, 'start', attributes.start, 0), intAttribute(context, 'end', attributes.end));
  },
}));

/** Size's every version. */
export const SIZE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Size',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The input\'s element count as an int64 scalar.',
  named: 'size',
  versions: [[1, ALL_TYPES_V6], [13, ALL_TYPES_V13], [19, ALL_TYPES_V19], [21, ALL_TYPES_V21], [23, ALL_TYPES_V23], [24, ALL_TYPES_V24], [25, ALL_TYPES_V25]]
    .map(([since, T]) => version(since as number, T as readonly DataType[], 'size')),
  run: (v, [data]) => sizeWith({ op: 'Size', version: v.since }, v, data),
}));

/**
 * ONNX Shape-25: the input's dims from `start` to `end` (negative: from the
 * back; clamped to the rank) as a 1-D int64 tensor.
 *
 * @example tw.shape(x)                  // dims [2, 3, 4] -> int64 [2, 3, 4]
 * @example tw.shape(x, { start: -1 })   // int64 [4]
 */
export function shape(data: ResidentTensor, options?: { start?: number; end?: number; out?: undefined }): ResidentTensor<'int64'>;
export function shape(data: TensorLike | ResidentTensor, options?: { start?: number; end?: number } & OutOptions<'int64'>): Tensor<'int64'>;
export function shape(data: TensorLike | ResidentTensor, options?: { start?: number; end?: number } & OutOptions<'int64'>): Tensor<'int64'> | ResidentTensor<'int64'> {
  requireReady();
  const v = newestOf(SHAPE_OP);
  const context: OpContext = { op: 'Shape', version: v.since };
  const own = opOptions(context, options, ['start', 'end']);
  return shapeWith(context, v, data, intAttribute(context, 'start', own.start, 0), intAttribute(context, 'end', own.end), own.out);
}

/**
 * ONNX Size-25: the input's element count as an int64 scalar.
 *
 * @example tw.size(x)  // dims [2, 3, 4] -> int64 24, dims []
 */
export function size(data: ResidentTensor, options?: { out?: undefined }): ResidentTensor<'int64'>;
export function size(data: TensorLike | ResidentTensor, options?: OutOptions<'int64'>): Tensor<'int64'>;
export function size(data: TensorLike | ResidentTensor, options?: OutOptions<'int64'>): Tensor<'int64'> | ResidentTensor<'int64'> {
  requireReady();
  const v = newestOf(SIZE_OP);
  const context: OpContext = { op: 'Size', version: v.since };
  return sizeWith(context, v, data, outOption(context, options));
}

function shapeWith(context: OpContext, v: OpVersion, value: unknown, start: number, end: number | undefined, out?: unknown): Tensor<'int64'> | ResidentTensor<'int64'> {
  const x = asOperand(value, context, 'data');
  requireType(context, 'data', x.type, v.types.T);
  const rank = x.dims.length;
  const clamp = (i: number) => Math.min(Math.max(i < 0 ? i + rank : i, 0), rank);
  const from = clamp(start);
  const to = clamp(end ?? rank);
  const dims = x.dims.slice(from, Math.max(from, to));
  return int64Result(context, x, dims.map(BigInt), [dims.length], out);
}

function sizeWith(context: OpContext, v: OpVersion, value: unknown, out?: unknown): Tensor<'int64'> | ResidentTensor<'int64'> {
  const x = asOperand(value, context, 'data');
  requireType(context, 'data', x.type, v.types.T);
  return int64Result(context, x, [BigInt(x.size)], [], out);
}

/** The values as an int64 tensor: into `out`, resident for a resident input, else fresh. */
function int64Result(context: OpContext, x: Tensor | ResidentTensor, values: bigint[], dims: number[], out: unknown): Tensor<'int64'> | ResidentTensor<'int64'> {
  const checkedOut = out === undefined ? undefined : checkOut(context, out, 'int64', values.length, READS_NOTHING);
  const data = (checkedOut?.array as BigInt64Array | undefined) ?? new BigInt64Array(values.length);
  for (let i = 0; i < values.length; i++) data[i] = values[i];
  const result = resultOf('int64', data, dims, values.length);
  return checkedOut === undefined && ResidentTensor.isResident(x) ? residentCopy(context, 'data', result) as ResidentTensor<'int64'> : result;
}

