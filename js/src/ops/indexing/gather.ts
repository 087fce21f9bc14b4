// ONNX Gather: entries of the data along one axis, picked by an index tensor.
import { type DataType, moveBytes } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { integerAttribute, outputSize, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, checkOut, opOptions } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V6 } from '../type-sets.js';
import { normalizeAxis } from '../axes.js';
import { gatherRows } from './gather-rows.js';
import { indexOperand, outOfRange } from './index-kernels.js';

const TIND = ['int32', 'int64'] as const satisfies readonly DataType[];

const gatherVersion = <const T extends readonly DataType[]>(since: number, types: T) =>
  ({ since, inputs: ['data', 'indices'], required: 2, outputs: ['output'], attributes: ['axis'], types: { T: types, Tind: TIND } }) as const;

/** Gather's every version. */
export const GATHER_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Gather',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'Entries of the data along an axis, picked by an index tensor (np.take).',
  named: 'gather',
  versions: [gatherVersion(1, ALL_TYPES_V6), gatherVersion(11, ALL_TYPES_V6), gatherVersion(13, ALL_TYPES_V13)],
  run: (version, [data, indices], attributes) => gatherWith(version, data, indices, attributes.axis),
}));

/** An index tensor: int32 or int64, any rank. */
export type Indices = TensorLike<'int32'> | TensorLike<'int64'> | ResidentTensor<'int32'> | ResidentTensor<'int64'>;

/** Gather's options: the axis (default 0, negative from the back) and `out`. */
export interface GatherOptions<T extends DataType = DataType> extends OutOptions<T> {
  /** The data's axis the indices pick along (negative counts from the end); default 0. */
  axis?: number | bigint;
}

/**
 * ONNX Gather-13: `output[i..., j..., k...] = data[i..., indices[j...], k...]`
 * along `axis`, negative indices counting from the end (np.take). Every
 * index is checked: the first out of range is a SpecError naming it.
 *
 * @example tw.gather(embeddings, tw.tensor('int64', [3, 0, 3]))  // rows 3, 0, 3
 */
export function gather<T extends ResidentType>(data: ResidentTensor<T>, indices: Indices, options?: GatherOptions<T> & { out?: undefined }): ResidentTensor<T>;
export function gather<T extends ResidentType>(data: ResidentTensor<T>, indices: Indices, options: GatherOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function gather<T extends DataType>(data: TensorLike<T>, indices: Indices, options?: GatherOptions<T>): Tensor<T>;
export function gather(data: TensorLike | ResidentTensor, indices: Indices, options?: GatherOptions): Tensor | ResidentTensor {
  requireReady();
  const version = newestOf(GATHER_OP);
  const own = opOptions({ op: 'Gather', version: version.since }, options, ['axis']);
  return gatherWith(version, data, indices, own.axis, own.out);
}

function gatherWith(version: OpVersion, dataValue: unknown, indicesValue: unknown, axisValue: unknown, outValue?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Gather', version: version.since };
  const data = asOperand(dataValue, context, 'data');
  requireType(context, 'data', data.type, version.types.T);
  const indices = indexOperand(context, 'indices', indicesValue, version.types.Tind);
  const rank = data.dims.length;
  if (rank < 1) throw specError(context, 'data', 'data must have rank >= 1 (got a scalar)');
  const axis = normalizeAxis(context, 'axis', integerAttribute(context, 'axis', axisValue, 0), rank);
  const dims = [...data.dims.slice(0, axis), ...indices.dims, ...data.dims.slice(axis + 1)];
  const size = outputSize(context, 'indices', dims, moveBytes(data.type));
  const out = outValue === undefined ? undefined : checkOut(context, outValue, data.type, size, { inputs: [['data', data], ['indices', indices]], inPlace: false });
  const extent = data.dims[axis];
  let outer = 1;
  for (let d = 0; d < axis; d++) outer *= data.dims[d];
  let rowElements = 1;
  for (let d = axis + 1; d < rank; d++) rowElements *= data.dims[d];
  const indexDims = indices.dims;
  return gatherRows(context, data, dims, size, {
    context, indices, outer, xRows: extent, n: indices.size, batched: false, extents: [extent], rowElements,
    badIndex: (position, value) => outOfRange('indices', indexDims, position, value, extent, axis),
  }, out);
}

