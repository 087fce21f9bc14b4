// ONNX GatherElements: each output element picked from the data along one
// axis by the index at the same place (np.take_along_axis).
import { type DataType, moveBytes } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady, wasm } from '../../wasm.js';
import { integerAttribute, outputSize, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type MoveOps, type MovePlan, dispatch } from '../dispatch.js';
import { type OutOf, checkOut, opOptions } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V6 } from '../type-sets.js';
import { normalizeAxis } from '../axes.js';
import type { GatherOptions, Indices } from './gather.js';
import { type Operand, indexBytes, indexOperand, outOfRange, withOperands } from './index-kernels.js';

const TIND = ['int32', 'int64'] as const satisfies readonly DataType[];
const version = <const T extends readonly DataType[]>(since: number, types: T) =>
  ({ since, inputs: ['data', 'indices'], required: 2, outputs: ['output'], attributes: ['axis'], types: { T: types, Tind: TIND } }) as const;

/** GatherElements' every version. */
export const GATHER_ELEMENTS_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'GatherElements',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'Each element picked along an axis by the index at its place (np.take_along_axis).',
  named: 'gatherElements',
  versions: [version(11, ALL_TYPES_V6), version(13, ALL_TYPES_V13)],
  run: (v, [data, indices], attributes) => gatherElementsWith(v, data, indices, attributes.axis),
}));

/**
 * ONNX GatherElements-13: output has the indices' dims, and
 * `output[i][j][k] = data[indices[i][j][k]][j][k]` for axis 0 (likewise for
 * the others), negative indices counting from the end. Along the other axes
 * the indices may be shorter than the data.
 *
 * @example tw.gatherElements(tw.tensor('float32', [1, 2, 3, 4], [2, 2]), tw.tensor('int64', [0, 0, 1, 0], [2, 2]), { axis: 1 })
 *          // [[1, 1], [4, 3]]
 */
export function gatherElements<T extends ResidentType>(data: ResidentTensor<T>, indices: Indices, options?: GatherOptions<T> & { out?: undefined }): ResidentTensor<T>;
export function gatherElements<T extends ResidentType>(data: ResidentTensor<T>, indices: Indices, options: GatherOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function gatherElements<T extends DataType>(data: TensorLike<T>, indices: Indices, options?: GatherOptions<T>): Tensor<T>;
export function gatherElements(data: TensorLike | ResidentTensor, indices: Indices, options?: GatherOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(GATHER_ELEMENTS_OP);
  const own = opOptions({ op: 'GatherElements', version: v.since }, options, ['axis']);
  return gatherElementsWith(v, data, indices, own.axis, own.out);
}

/**
 * The checks GatherElements and ScatterElements share: indices of the data's
 * rank, no longer than the data along any axis but `axis`; the strides of data.
 */
export function elementsGeometry(context: OpContext, dataDims: readonly number[], indexDims: readonly number[], axis: number): number[] {
  if (indexDims.length !== dataDims.length) {
    throw specError(context, 'indices', `indices must have the data's rank ${dataDims.length} (got dims [${indexDims.join(', ')}])`);
  }
  for (let d = 0; d < dataDims.length; d++) {
    if (d !== axis && indexDims[d] > dataDims[d]) {
      throw specError(context, 'indices', `indices dims[${d}] = ${indexDims[d]} must not exceed the data's ${dataDims[d]} (axis ${axis} aside)`);
    }
  }
  const strides = new Array<number>(dataDims.length);
  let s = 1;
  for (let d = dataDims.length - 1; d >= 0; d--) {
    strides[d] = s;
    s *= dataDims[d];
  }
  return strides;
}

function gatherElementsWith(v: OpVersion, dataValue: unknown, indicesValue: unknown, axisValue: unknown, outValue?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'GatherElements', version: v.since };
  const data = asOperand(dataValue, context, 'data');
  requireType(context, 'data', data.type, v.types.T);
  const indices = indexOperand(context, 'indices', indicesValue, v.types.Tind);
  const rank = data.dims.length;
  if (rank < 1) throw specError(context, 'data', 'data must have rank >= 1 (got a scalar)');
  const axis = normalizeAxis(context, 'axis', integerAttribute(context, 'axis', axisValue, 0), rank);
  const strides = elementsGeometry(context, data.dims, indices.dims, axis);
  const dims = indices.dims;
  const size = outputSize(context, 'indices', dims, moveBytes(data.type));
  const out = outValue === undefined ? undefined : checkOut(context, outValue, data.type, size, { inputs: [['data', data], ['indices', indices]], inPlace: false });
  const extent = data.dims[axis];
  const plan: MovePlan<ElementsArgs> = {
    kind: 'move', context, input: data, dims, size, ops: GATHER_ELEMENTS, builtinFits: false, rows: size, rowElements: 1, callsPerRow: 1,
    args: { context, indices, dims, strides, axis, extent },
  };
  return dispatch(plan, out);
}

interface ElementsArgs {
  readonly context: OpContext;
  readonly indices: Operand;
  readonly dims: readonly number[];
  readonly strides: readonly number[];
  readonly axis: number;
  readonly extent: number;
}

/** xx_gather_elements (cpp/src/kernels/gather.cc); no JS twin. */
const GATHER_ELEMENTS: MoveOps<ElementsArgs> = {
  params: ({ dims, strides }) => [...dims, ...strides],
  kernel: (_kernels, x, y, elementSize, params, a) => withOperands(a.context, [a.indices], ([indices], result) => {
    wasm().kernels.gatherElements(x, indices, y, elementSize, a.dims.length, params, params + 4 * a.dims.length, a.axis, a.extent,
      indexBytes(a.indices), result);
  }, (position, value) => outOfRange('indices', a.dims, position, value, a.extent, a.axis)),
};
