// ONNX ScatterElements (and Scatter, its name at opset 9 and 10): a copy of
// the data with each update written (or reduced) at the place its index
// names along one axis.
import type { DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady, wasm, writeParams } from '../../wasm.js';
import { integerAttribute, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import type { MoveOps } from '../dispatch.js';
import { type OutOf, type OutOptions, opOptions } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V6 } from '../type-sets.js';
import { normalizeAxis } from '../axes.js';
import { elementsGeometry } from './gather-elements.js';
import type { Indices } from './gather.js';
import { type Operand, indexBytes, indexOperand, outOfRange, withOperands } from './index-kernels.js';
import { REDUCTIONS, type Reduction, onnxNumber, readReduction, updatesOperand } from './scatter-common.js';
import { dispatchScatter } from './scatter-dispatch.js';

const TIND = ['int32', 'int64'] as const satisfies readonly DataType[];
const version = <const T extends readonly DataType[], const A extends readonly string[]>(since: number, types: T, attributes: A) =>
  ({ since, inputs: ['data', 'indices', 'updates'], required: 3, outputs: ['output'], attributes, types: { T: types, Tind: TIND } }) as const;

/** ScatterElements' every version. */
export const SCATTER_ELEMENTS_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ScatterElements',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'A copy of the data with updates written (or reduced) where their indices point along an axis.',
  named: 'scatterElements',
  versions: [
    version(11, ALL_TYPES_V6, ['axis']), version(13, ALL_TYPES_V13, ['axis']),
    version(16, ALL_TYPES_V13, ['axis', 'reduction']), version(18, ALL_TYPES_V13, ['axis', 'reduction']),
  ],
  run: (v, [data, indices, updates], attributes) => scatterElementsWith('ScatterElements', v, data, indices, updates, attributes.axis, attributes.reduction),
}));

/** Scatter: deprecated at opset 11 for ScatterElements, which does the same. */
export const SCATTER_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Scatter',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'ScatterElements under its opset 9 name (deprecated from opset 11).',
  named: 'scatter',
  versions: [version(9, ALL_TYPES_V6, ['axis']), version(11, ALL_TYPES_V6, ['axis'])],
  run: (v, [data, indices, updates], attributes) => {
    if (v.since >= 11) throw specError({ op: 'Scatter', version: v.since }, 'opType', 'Scatter is deprecated from opset 11: use ScatterElements, which does the same');
    return scatterElementsWith('Scatter', v, data, indices, updates, attributes.axis, undefined);
  },
}));

/** ScatterElements' options: the axis (default 0), the reduction (default 'none'), and `out`. */
export interface ScatterElementsOptions<T extends DataType = DataType> extends OutOptions<T> {
  /** The data's axis the indices address (negative counts from the end); default 0. */
  axis?: number | bigint;
  /** How an update meets the element it lands on: 'none' (replaces it, the default), 'add', 'mul', 'max' or 'min'. */
  reduction?: Reduction;
}

/**
 * ONNX ScatterElements-18: a copy of `data` where, for axis 0,
 * `output[indices[i][j]][j] = updates[i][j]` (or that element reduced with
 * it: add, mul, max, min; duplicates reduce in order, and with 'none' the
 * last one wins). Negative indices count from the end; every one is checked.
 *
 * @example tw.scatterElements(tw.tensor('float32', [0, 0, 0], [3]), tw.tensor('int64', [2, 0], [2]), tw.tensor('float32', [5, 6], [2]))
 *          // [6, 0, 5]
 */
export function scatterElements<T extends ResidentType>(data: ResidentTensor<T>, indices: Indices, updates: TensorLike<T> | ResidentTensor<T>, options?: ScatterElementsOptions<T> & { out?: undefined }): ResidentTensor<T>;
export function scatterElements<T extends ResidentType>(data: ResidentTensor<T>, indices: Indices, updates: TensorLike<T> | ResidentTensor<T>, options: ScatterElementsOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function scatterElements<T extends DataType>(data: TensorLike<T>, indices: Indices, updates: TensorLike<T> | ResidentTensor<T & ResidentType>, options?: ScatterElementsOptions<T>): Tensor<T>;
export function scatterElements(data: TensorLike | ResidentTensor, indices: Indices, updates: TensorLike | ResidentTensor, options?: ScatterElementsOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(SCATTER_ELEMENTS_OP);
  const own = opOptions({ op: 'ScatterElements', version: v.since }, options, ['axis', 'reduction']);
  return scatterElementsWith('ScatterElements', v, data, indices, updates, own.axis, own.reduction, own.out);
}

/**
 * ONNX Scatter-9 (opset 9 and 10), ScatterElements' older name: no reduction.
 *
 * @example tw.scatter(data, indices, updates, { axis: 1 })
 */
export function scatter<T extends DataType>(data: TensorLike<T>, indices: Indices, updates: TensorLike<T>, options?: OutOptions<T> & { axis?: number | bigint }): Tensor<T> {
  requireReady();
  const v = SCATTER_OP.versions[0];
  const own = opOptions({ op: 'Scatter', version: v.since }, options, ['axis']);
  return scatterElementsWith('Scatter', v, data, indices, updates, own.axis, undefined, own.out) as Tensor<T>;
}

function scatterElementsWith(op: string, v: OpVersion, dataValue: unknown, indicesValue: unknown, updatesValue: unknown, axisValue: unknown,
  reductionValue: unknown, outValue?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op, version: v.since };
  const data = asOperand(dataValue, context, 'data');
  requireType(context, 'data', data.type, v.types.T);
  const indices = indexOperand(context, 'indices', indicesValue, v.types.Tind);
  const updates = updatesOperand(context, updatesValue, data.type);
  const rank = data.dims.length;
  if (rank < 1) throw specError(context, 'data', 'data must have rank >= 1 (got a scalar)');
  const axis = normalizeAxis(context, 'axis', integerAttribute(context, 'axis', axisValue, 0), rank);
  const reduction = readReduction(context, v, reductionValue, data.type);
  const strides = elementsGeometry(context, data.dims, indices.dims, axis);
  if (updates.dims.length !== indices.dims.length || updates.dims.some((d, i) => d !== indices.dims[i])) {
    throw specError(context, 'updates', `updates must have the indices' dims [${indices.dims.join(', ')}] (got [${updates.dims.join(', ')}])`);
  }
  return dispatchScatter<ScatterArgs>(context, data, indices, updates, outValue, {
    ops: SCATTER_ELEMENTS, rows: 1, rowElements: data.size, anyIndex: indices.size > 0,
    args: (x, u) => ({ context, indices, updates: u, dims: indices.dims, strides, axis, extent: data.dims[axis], reduction, onnx: onnxNumber(x.type), dataSize: data.size }),
    refuseEmpty: (elementSize, args) => SCATTER_ELEMENTS.kernel(wasm().kernels, 0, 0, elementSize, writeParams(SCATTER_ELEMENTS.params(args)), args),
  });
}

interface ScatterArgs {
  readonly context: OpContext;
  readonly indices: Operand;
  readonly updates: Operand;
  readonly dims: readonly number[];
  readonly strides: readonly number[];
  readonly axis: number;
  readonly extent: number;
  readonly reduction: Reduction;
  readonly onnx: number;
  readonly dataSize: number;
}

/** xx_scatter_elements (cpp/src/kernels/scatter.cc): y starts as a copy of x; no JS twin. */
const SCATTER_ELEMENTS: MoveOps<ScatterArgs> = {
  params: ({ dims, strides }) => [...dims, ...strides],
  kernel: (_kernels, x, y, elementSize, params, a) => withOperands(a.context, [a.indices, a.updates], ([indices, updates], result) => {
    const rank = a.dims.length;
    wasm().kernels.scatterElements(x, indices, updates, y, a.dataSize * elementSize, elementSize, a.onnx,
      REDUCTIONS.indexOf(a.reduction), rank, params, params + 4 * rank, a.axis, a.extent, indexBytes(a.indices), result);
  }, (position, value) => outOfRange('indices', a.dims, position, value, a.extent, a.axis)),
};
