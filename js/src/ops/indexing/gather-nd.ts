// ONNX GatherND: slices of the data named by tuples of indices, after
// `batch_dims` leading axes the data and indices share.
import { type DataType, moveBytes } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { integerAttribute, outputSize, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, checkOut, opOptions } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V6 } from '../type-sets.js';
import { gatherRows } from './gather-rows.js';
import { indexOperand, outOfRange } from './index-kernels.js';

const version = <const T extends readonly DataType[], const A extends readonly string[]>(since: number, types: T, attributes: A) =>
  ({ since, inputs: ['data', 'indices'], required: 2, outputs: ['output'], attributes, types: { T: types, Tind: ['int64'] } }) as const;

/** GatherND's every version. */
export const GATHER_ND_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'GatherND',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'Slices of the data named by tuples of indices, after shared batch axes.',
  named: 'gatherND',
  versions: [version(11, ALL_TYPES_V6, []), version(12, ALL_TYPES_V6, ['batch_dims']), version(13, ALL_TYPES_V13, ['batch_dims'])],
  run: (v, [data, indices], attributes) => gatherNDWith(v, data, indices, attributes.batch_dims),
}));

/** GatherND's options: the leading axes data and indices share (default 0), and `out`. */
export interface GatherNDOptions<T extends DataType = DataType> extends OutOptions<T> {
  /** How many leading axes data and indices share as batch axes; default 0. */
  batchDims?: number | bigint;
}

/**
 * ONNX GatherND-13: indices of dims `[b..., n..., m]` name, per batch index,
 * `n...` slices `data[b..., i_1, ..., i_m, ...]`; output dims
 * `indices.dims[:-1] + data.dims[batchDims + m:]`. Negative indices count
 * from the end; every index is checked.
 *
 * @example tw.gatherND(tw.tensor('int32', [0, 1, 2, 3], [2, 2]), tw.tensor('int64', [1, 0], [1, 2]))  // [2]
 */
export function gatherND<T extends ResidentType>(data: ResidentTensor<T>, indices: TensorLike<'int64'> | ResidentTensor<'int64'>, options?: GatherNDOptions<T> & { out?: undefined }): ResidentTensor<T>;
export function gatherND<T extends ResidentType>(data: ResidentTensor<T>, indices: TensorLike<'int64'> | ResidentTensor<'int64'>, options: GatherNDOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function gatherND<T extends DataType>(data: TensorLike<T>, indices: TensorLike<'int64'> | ResidentTensor<'int64'>, options?: GatherNDOptions<T>): Tensor<T>;
export function gatherND(data: TensorLike | ResidentTensor, indices: TensorLike<'int64'> | ResidentTensor<'int64'>, options?: GatherNDOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(GATHER_ND_OP);
  const own = opOptions({ op: 'GatherND', version: v.since }, options, ['batchDims']);
  return gatherNDWith(v, data, indices, own.batchDims, own.out);
}

function gatherNDWith(v: OpVersion, dataValue: unknown, indicesValue: unknown, batchValue: unknown, outValue?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'GatherND', version: v.since };
  const data = asOperand(dataValue, context, 'data');
  requireType(context, 'data', data.type, v.types.T);
  const indices = indexOperand(context, 'indices', indicesValue, v.types.Tind);
  const r = data.dims.length;
  const q = indices.dims.length;
  if (r < 1) throw specError(context, 'data', 'data must have rank >= 1 (got a scalar)');
  if (q < 1) throw specError(context, 'indices', 'indices must have rank >= 1 (got a scalar)');
  const b = integerAttribute(context, 'batch_dims', batchValue, 0);
  if (b < 0 || b >= Math.min(q, r)) throw specError(context, 'batch_dims', `batch_dims must lie in [0, ${Math.min(q, r) - 1}] for data of rank ${r} and indices of rank ${q} (got ${b})`);
  for (let d = 0; d < b; d++) {
    if (data.dims[d] !== indices.dims[d]) {
      throw specError(context, 'indices', `indices dims[${d}] must equal data dims[${d}] within batch_dims ${b} (${indices.dims[d]} vs ${data.dims[d]})`);
    }
  }
  const m = indices.dims[q - 1];
  if (m < 1 || m > r - b) throw specError(context, 'indices', `indices' last dimension must lie in [1, ${r - b}] (data rank ${r} less batch_dims ${b}; got ${m})`);
  const dims = [...indices.dims.slice(0, q - 1), ...data.dims.slice(b + m)];
  const size = outputSize(context, 'indices', dims, moveBytes(data.type));
  const out = outValue === undefined ? undefined : checkOut(context, outValue, data.type, size, { inputs: [['data', data], ['indices', indices]], inPlace: false });
  const product = (from: number, to: number, of: readonly number[]) => {
    let p = 1;
    for (let d = from; d < to; d++) p *= of[d];
    return p;
  };
  const extents = data.dims.slice(b, b + m);
  const indexDims = indices.dims;
  return gatherRows(context, data, dims, size, {
    context, indices, outer: product(0, b, data.dims), xRows: product(b, b + m, data.dims), n: product(b, q - 1, indices.dims),
    batched: true, extents, rowElements: product(b + m, r, data.dims),
    badIndex: (position, value) => outOfRange('indices', indexDims, position, value, extents[position % m], b + (position % m)),
  }, out);
}
