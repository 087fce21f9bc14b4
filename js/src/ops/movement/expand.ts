// ONNX Expand: the input broadcast to a shape (numpy's broadcasting, both
// ways): one strided view, stride 0 along every broadcast axis.
import type { DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { rowMajorStrides } from '../axes.js';
import { integerList, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, outOption } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V6 } from '../type-sets.js';
import { runProgram, viewMove } from './strided.js';

const version = (since: number, T: readonly DataType[]): OpVersion =>
  ({ since, inputs: ['input', 'shape'], required: 2, outputs: ['output'], attributes: [], types: { T } });

/** Expand's every version. */
export const EXPAND_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Expand',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The input broadcast to a shape (numpy broadcasting, both ways).',
  named: 'expand',
  versions: [version(8, ALL_TYPES_V6), version(13, ALL_TYPES_V13)],
  run: (v, [input, shape]) => {
    const context: OpContext = { op: 'Expand', version: v.since };
    return expandWith(context, v, input, integerList(context, 'shape', shape, 'tensor-only'));
  },
}));

/**
 * ONNX Expand-13: `input` broadcast with `shape` as numpy broadcasts two
 * shapes (aligned from the back; a 1 on either side takes the other's
 * extent), every element of an extent-1 axis repeated. Every type.
 *
 * @example tw.expand(column, [3, 4])  // [3, 1] -> [3, 4]
 */
export function expand<T extends ResidentType>(input: ResidentTensor<T>, shape: TensorLike<'int64'> | ArrayLike<number | bigint>, options?: { out?: undefined }): ResidentTensor<T>;
export function expand<T extends ResidentType>(input: ResidentTensor<T>, shape: TensorLike<'int64'> | ArrayLike<number | bigint>, options: { out: OutOf<T> }): Tensor<T>;
export function expand<T extends DataType>(input: TensorLike<T>, shape: TensorLike<'int64'> | ArrayLike<number | bigint>, options?: OutOptions<T>): Tensor<T>;
export function expand(input: TensorLike | ResidentTensor, shape: TensorLike<'int64'> | ArrayLike<number | bigint>, options?: OutOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(EXPAND_OP);
  const context: OpContext = { op: 'Expand', version: v.since };
  const out = outOption(context, options);
  return expandWith(context, v, input, integerList(context, 'shape', shape, 'tensor-or-array'), out);
}

function expandWith(context: OpContext, v: OpVersion, value: unknown, shape: number[], out?: unknown): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'input');
  requireType(context, 'input', x.type, v.types.T);
  const rank = Math.max(shape.length, x.dims.length);
  const xStrides = rowMajorStrides(x.dims);
  const dims = new Array<number>(rank);
  const stride = new Array<number>(rank);
  for (let i = 0; i < rank; i++) {
    const xi = i - (rank - x.dims.length);
    const si = i - (rank - shape.length);
    const n = xi >= 0 ? x.dims[xi] : 1;
    const s = si >= 0 ? shape[si] : 1;
    if (s < 0) throw specError(context, 'shape', `shape[${si}] must be >= 0 (got ${s})`);
    if (n !== s && n !== 1 && s !== 1) {
      throw specError(context, 'shape', `shape [${shape.join(', ')}] does not broadcast with the input's dims [${x.dims.join(', ')}]: ${s} against ${n}`);
    }
    dims[i] = n === 1 ? s : n;
    stride[i] = n === 1 ? 0 : xStrides[xi];
  }
  return runProgram(context, x, dims, { moves: [viewMove(0, dims, stride)] }, out, 'shape');
}
