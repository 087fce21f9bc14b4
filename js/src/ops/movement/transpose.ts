// ONNX Transpose: the input's axes permuted (numpy.transpose), one strided view.
import type { DataType } from '../../dtype.js';
import type { OpContext } from '../../errors.js';
import { ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { checkPermutation, rowMajorStrides } from '../axes.js';
import { requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, outOption } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V21, ALL_TYPES_V23, ALL_TYPES_V24, ALL_TYPES_V25, ALL_TYPES_V6 } from '../type-sets.js';
import { intsAttribute } from './read.js';
import { runProgram, viewMove } from './strided.js';

const version = (since: number, T: readonly DataType[]): OpVersion =>
  ({ since, inputs: ['data'], required: 1, outputs: ['transposed'], attributes: ['perm'], types: { T } });

/** Transpose's every version. */
export const TRANSPOSE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Transpose',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The input\'s axes permuted (numpy.transpose); by default reversed.',
  named: 'transpose',
  versions: [
    version(1, ALL_TYPES_V6), version(13, ALL_TYPES_V13), version(21, ALL_TYPES_V21),
    version(23, ALL_TYPES_V23), version(24, ALL_TYPES_V24), version(25, ALL_TYPES_V25),
  ],
  run: (v, [data], attributes) => transposeWith({ op: 'Transpose', version: v.since }, v, data, intsAttribute({ op: 'Transpose', version: v.since }, 'perm', attributes.perm)),
}));

/** A permutation of the input's axes: `perm[i]` is the input axis that becomes output axis i. */
export type Perm = ArrayLike<number | bigint>;

/**
 * ONNX Transpose-25: `output.dims[i] = data.dims[perm[i]]`, the axes
 * permuted; without `perm`, reversed (a matrix transposed). Every type.
 *
 * @example tw.transpose(x)            // [2, 3] -> [3, 2]
 * @example tw.transpose(nchw, [0, 2, 3, 1])  // NCHW -> NHWC
 */
export function transpose<T extends ResidentType>(data: ResidentTensor<T>, perm?: Perm, options?: { out?: undefined }): ResidentTensor<T>;
export function transpose<T extends ResidentType>(data: ResidentTensor<T>, perm: Perm | undefined, options: { out: OutOf<T> }): Tensor<T>;
export function transpose<T extends DataType>(data: TensorLike<T>, perm?: Perm, options?: OutOptions<T>): Tensor<T>;
export function transpose(data: TensorLike | ResidentTensor, perm?: Perm, options?: OutOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(TRANSPOSE_OP);
  const context: OpContext = { op: 'Transpose', version: v.since };
  const out = outOption(context, options);
  return transposeWith(context, v, data, intsAttribute(context, 'perm', perm), out);
}

function transposeWith(context: OpContext, v: OpVersion, value: unknown, perm: number[] | undefined, out?: unknown): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'data');
  requireType(context, 'data', x.type, v.types.T);
  const rank = x.dims.length;
  const order = perm ?? Array.from({ length: rank }, (_, i) => rank - 1 - i);
  checkPermutation(context, 'perm', order, rank);
  const strides = rowMajorStrides(x.dims);
  const dims = order.map((p) => x.dims[p]);
  return runProgram(context, x, dims, { moves: [viewMove(0, dims, order.map((p) => strides[p]))] }, out, 'data');
}
