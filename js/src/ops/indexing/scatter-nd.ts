// ONNX ScatterND: a copy of the data with whole slices, named by tuples of
// indices, written (or reduced) from the updates.
import type { DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady, wasm, writeParams } from '../../wasm.js';
import { requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import type { MoveOps } from '../dispatch.js';
import { type OutOf, type OutOptions, opOptions } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V6 } from '../type-sets.js';
import { type Operand, indexOperand, outOfRange, withOperands } from './index-kernels.js';
import { REDUCTIONS, type Reduction, onnxNumber, readReduction, updatesOperand } from './scatter-common.js';
import { dispatchScatter } from './scatter-dispatch.js';

const version = <const T extends readonly DataType[], const A extends readonly string[]>(since: number, types: T, attributes: A) =>
  ({ since, inputs: ['data', 'indices', 'updates'], required: 3, outputs: ['output'], attributes, types: { T: types } }) as const;

/** ScatterND's every version. */
export const SCATTER_ND_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ScatterND',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'A copy of the data with slices named by index tuples written (or reduced) from the updates.',
  named: 'scatterND',
  versions: [
    version(11, ALL_TYPES_V6, []), version(13, ALL_TYPES_V13, []),
    version(16, ALL_TYPES_V13, ['reduction']), version(18, ALL_TYPES_V13, ['reduction']),
  ],
  run: (v, [data, indices, updates], attributes) => scatterNDWith(v, data, indices, updates, attributes.reduction),
}));

/** ScatterND's options: the reduction (default 'none') and `out`. */
export interface ScatterNDOptions<T extends DataType = DataType> extends OutOptions<T> {
  /** How an update meets the element it lands on: 'none' (replaces it, the default), 'add', 'mul', 'max' or 'min'. */
  reduction?: Reduction;
}

/**
 * ONNX ScatterND-18: indices of dims `[n..., k]` name slices
 * `data[i_1, ..., i_k, ...]`, each replaced by (or reduced with: add, mul,
 * max, min) the slice of `updates` (dims `indices.dims[:-1] + data.dims[k:]`)
 * at the same `n...`. Negative indices count from the end; every one is checked.
 *
 * @example tw.scatterND(data, tw.tensor('int64', [0, 2], [2, 1]), updates, { reduction: 'add' })
 */
export function scatterND<T extends ResidentType>(data: ResidentTensor<T>, indices: TensorLike<'int64'> | ResidentTensor<'int64'>, updates: TensorLike<T> | ResidentTensor<T>, options?: ScatterNDOptions<T> & { out?: undefined }): ResidentTensor<T>;
export function scatterND<T extends ResidentType>(data: ResidentTensor<T>, indices: TensorLike<'int64'> | ResidentTensor<'int64'>, updates: TensorLike<T> | ResidentTensor<T>, options: ScatterNDOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function scatterND<T extends DataType>(data: TensorLike<T>, indices: TensorLike<'int64'> | ResidentTensor<'int64'>, updates: TensorLike<T> | ResidentTensor<T & ResidentType>, options?: ScatterNDOptions<T>): Tensor<T>;
export function scatterND(data: TensorLike | ResidentTensor, indices: TensorLike<'int64'> | ResidentTensor<'int64'>, updates: TensorLike | ResidentTensor, options?: ScatterNDOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(SCATTER_ND_OP);
  const own = opOptions({ op: 'ScatterND', version: v.since }, options, ['reduction']);
  return scatterNDWith(v, data, indices, updates, own.reduction, own.out);
}

function scatterNDWith(v: OpVersion, dataValue: unknown, indicesValue: unknown, updatesValue: unknown, reductionValue: unknown,
  outValue?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'ScatterND', version: v.since };
  const data = asOperand(dataValue, context, 'data');
  requireType(context, 'data', data.type, v.types.T);
  const indices = indexOperand(context, 'indices', indicesValue, ['int64']);
  const updates = updatesOperand(context, updatesValue, data.type);
  const reduction = readReduction(context, v, reductionValue, data.type);
  const r = data.dims.length;
  const q = indices.dims.length;
  if (r < 1) throw specError(context, 'data', 'data must have rank >= 1 (got a scalar)');
  if (q < 1) throw specError(context, 'indices', 'indices must have rank >= 1 (got a scalar)');
  const k = indices.dims[q - 1];
  if (k < 1 || k > r) throw specError(context, 'indices', `indices' last dimension must lie in [1, ${r}] (the data's rank; got ${k})`);
  const want = [...indices.dims.slice(0, q - 1), ...data.dims.slice(k)];
  if (updates.dims.length !== want.length || updates.dims.some((d, i) => d !== want[i])) {
    throw specError(context, 'updates', `updates must have dims [${want.join(', ')}] (indices' dims but the last, then the data's from axis ${k}; got [${updates.dims.join(', ')}])`);
  }
  let n = 1;
  for (let d = 0; d < q - 1; d++) n *= indices.dims[d];
  let rowElements = 1;
  for (let d = k; d < r; d++) rowElements *= data.dims[d];
  const extents = data.dims.slice(0, k);
  return dispatchScatter<NDArgs>(context, data, indices, updates, outValue, {
    ops: SCATTER_ND, rows: n, rowElements, anyIndex: n > 0,
    args: (x, u) => ({ context, indices, updates: u, indexDims: indices.dims, extents, n, rowElements, reduction, onnx: onnxNumber(x.type), dataSize: data.size }),
    refuseEmpty: (elementSize, args) => runScatterND(0, 0, elementSize, args),
  });
}

interface NDArgs {
  readonly context: OpContext;
  readonly indices: Operand;
  readonly updates: Operand;
  readonly indexDims: readonly number[];
  readonly extents: readonly number[];
  readonly n: number;
  readonly rowElements: number;
  readonly reduction: Reduction;
  readonly onnx: number;
  readonly dataSize: number;
}

function runScatterND(x: number, y: number, elementSize: number, a: NDArgs): void {
  // The extents are written once the operands are in, just before the call (as writeParams asks).
  withOperands(a.context, [a.indices, a.updates], ([indices, updates], result) => {
    const params = writeParams(a.extents);
    wasm().kernels.scatterNd(x, indices, updates, y, a.dataSize * elementSize, elementSize, a.onnx, REDUCTIONS.indexOf(a.reduction),
      a.rowElements, a.n, a.extents.length, params, result);
  }, (position, value) => outOfRange('indices', a.indexDims, position, value, a.extents[position % a.extents.length], position % a.extents.length));
}

/** xx_scatter_nd (cpp/src/kernels/scatter.cc): y starts as a copy of x; no JS twin. */
const SCATTER_ND: MoveOps<NDArgs> = {
  params: () => [],
  kernel: (_kernels, x, y, elementSize, _params, a) => runScatterND(x, y, elementSize, a),
};
