// The ten Reduce* ops of ONNX, every version, over one factory (reduce-family.ts)
// and one kernel (cpp/src/kernels/reduce.cc).
import type { DataType } from '../../dtype.js';
import type { ResidentTensor, ResidentType } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { defineOp } from '../definition.js';
import type { OutOf } from '../out.js';
import { type ReduceOptions, reduceNamed, reduceVersions, runReduce } from './reduce-family.js';

export type { ReduceAxes, ReduceOptions } from './reduce-family.js';

/** Options with no `out`: a resident input then gives a resident result. */
type ResidentOptions = Omit<ReduceOptions, 'out'> & { out?: undefined };

/** ReduceSum's every version. */
export const REDUCE_SUM_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ReduceSum',
  domain: 'ai.onnx',
  versioned: true,
  family: 'reductions',
  summary: 'The sum over the axes named (all of them by default).',
  named: 'reduceSum',
  versions: reduceVersions('ReduceSum'),
  run: (v, inputs, attributes) => runReduce('ReduceSum', v, inputs, attributes),
}));

/**
 * ONNX ReduceSum, its newest version: the sum over the axes named (all of them by default). keepdims
 * (default true) keeps each reduced axis as extent 1.
 *
 * @example tw.reduceSum(x, { axes: [1], keepdims: false })  // [2, 3, 4] -> [2, 4]
 */
export function reduceSum<T extends ResidentType>(data: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function reduceSum<T extends ResidentType>(data: ResidentTensor<T>, options: ReduceOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function reduceSum<T extends DataType>(data: TensorLike<T>, options?: ReduceOptions<T>): Tensor<T>;
export function reduceSum(data: TensorLike | ResidentTensor, options?: ReduceOptions): Tensor | ResidentTensor {
  return reduceNamed(REDUCE_SUM_OP, 'ReduceSum', data, options);
}

/** ReduceMean's every version. */
export const REDUCE_MEAN_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ReduceMean',
  domain: 'ai.onnx',
  versioned: true,
  family: 'reductions',
  summary: 'The mean over the axes named (all of them by default).',
  named: 'reduceMean',
  versions: reduceVersions('ReduceMean'),
  run: (v, inputs, attributes) => runReduce('ReduceMean', v, inputs, attributes),
}));

/**
 * ONNX ReduceMean, its newest version: the mean over the axes named (all of them by default). keepdims
 * (default true) keeps each reduced axis as extent 1.
 *
 * @example tw.reduceMean(x, { axes: [1], keepdims: false })  // [2, 3, 4] -> [2, 4]
 */
export function reduceMean<T extends ResidentType>(data: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function reduceMean<T extends ResidentType>(data: ResidentTensor<T>, options: ReduceOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function reduceMean<T extends DataType>(data: TensorLike<T>, options?: ReduceOptions<T>): Tensor<T>;
export function reduceMean(data: TensorLike | ResidentTensor, options?: ReduceOptions): Tensor | ResidentTensor {
  return reduceNamed(REDUCE_MEAN_OP, 'ReduceMean', data, options);
}

/** ReduceMax's every version. */
export const REDUCE_MAX_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ReduceMax',
  domain: 'ai.onnx',
  versioned: true,
  family: 'reductions',
  summary: 'The largest element over the axes named (NaN when one is NaN).',
  named: 'reduceMax',
  versions: reduceVersions('ReduceMax'),
  run: (v, inputs, attributes) => runReduce('ReduceMax', v, inputs, attributes),
}));

/**
 * ONNX ReduceMax, its newest version: the largest element over the axes named (NaN when one is NaN). keepdims
 * (default true) keeps each reduced axis as extent 1.
 *
 * @example tw.reduceMax(x, { axes: [1], keepdims: false })  // [2, 3, 4] -> [2, 4]
 */
export function reduceMax<T extends ResidentType>(data: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function reduceMax<T extends ResidentType>(data: ResidentTensor<T>, options: ReduceOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function reduceMax<T extends DataType>(data: TensorLike<T>, options?: ReduceOptions<T>): Tensor<T>;
export function reduceMax(data: TensorLike | ResidentTensor, options?: ReduceOptions): Tensor | ResidentTensor {
  return reduceNamed(REDUCE_MAX_OP, 'ReduceMax', data, options);
}

/** ReduceMin's every version. */
export const REDUCE_MIN_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ReduceMin',
  domain: 'ai.onnx',
  versioned: true,
  family: 'reductions',
  summary: 'The smallest element over the axes named (NaN when one is NaN).',
  named: 'reduceMin',
  versions: reduceVersions('ReduceMin'),
  run: (v, inputs, attributes) => runReduce('ReduceMin', v, inputs, attributes),
}));

/**
 * ONNX ReduceMin, its newest version: the smallest element over the axes named (NaN when one is NaN). keepdims
 * (default true) keeps each reduced axis as extent 1.
 *
 * @example tw.reduceMin(x, { axes: [1], keepdims: false })  // [2, 3, 4] -> [2, 4]
 */
export function reduceMin<T extends ResidentType>(data: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function reduceMin<T extends ResidentType>(data: ResidentTensor<T>, options: ReduceOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function reduceMin<T extends DataType>(data: TensorLike<T>, options?: ReduceOptions<T>): Tensor<T>;
export function reduceMin(data: TensorLike | ResidentTensor, options?: ReduceOptions): Tensor | ResidentTensor {
  return reduceNamed(REDUCE_MIN_OP, 'ReduceMin', data, options);
}

/** ReduceProd's every version. */
export const REDUCE_PROD_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ReduceProd',
  domain: 'ai.onnx',
  versioned: true,
  family: 'reductions',
  summary: 'The product over the axes named (all of them by default).',
  named: 'reduceProd',
  versions: reduceVersions('ReduceProd'),
  run: (v, inputs, attributes) => runReduce('ReduceProd', v, inputs, attributes),
}));

/**
 * ONNX ReduceProd, its newest version: the product over the axes named (all of them by default). keepdims
 * (default true) keeps each reduced axis as extent 1.
 *
 * @example tw.reduceProd(x, { axes: [1], keepdims: false })  // [2, 3, 4] -> [2, 4]
 */
export function reduceProd<T extends ResidentType>(data: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function reduceProd<T extends ResidentType>(data: ResidentTensor<T>, options: ReduceOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function reduceProd<T extends DataType>(data: TensorLike<T>, options?: ReduceOptions<T>): Tensor<T>;
export function reduceProd(data: TensorLike | ResidentTensor, options?: ReduceOptions): Tensor | ResidentTensor {
  return reduceNamed(REDUCE_PROD_OP, 'ReduceProd', data, options);
}

/** ReduceL1's every version. */
export const REDUCE_L1_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ReduceL1',
  domain: 'ai.onnx',
  versioned: true,
  family: 'reductions',
  summary: 'The sum of absolute values over the axes named.',
  named: 'reduceL1',
  versions: reduceVersions('ReduceL1'),
  run: (v, inputs, attributes) => runReduce('ReduceL1', v, inputs, attributes),
}));

/**
 * ONNX ReduceL1, its newest version: the sum of absolute values over the axes named. keepdims
 * (default true) keeps each reduced axis as extent 1.
 *
 * @example tw.reduceL1(x, { axes: [1], keepdims: false })  // [2, 3, 4] -> [2, 4]
 */
export function reduceL1<T extends ResidentType>(data: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function reduceL1<T extends ResidentType>(data: ResidentTensor<T>, options: ReduceOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function reduceL1<T extends DataType>(data: TensorLike<T>, options?: ReduceOptions<T>): Tensor<T>;
export function reduceL1(data: TensorLike | ResidentTensor, options?: ReduceOptions): Tensor | ResidentTensor {
  return reduceNamed(REDUCE_L1_OP, 'ReduceL1', data, options);
}

/** ReduceL2's every version. */
export const REDUCE_L2_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ReduceL2',
  domain: 'ai.onnx',
  versioned: true,
  family: 'reductions',
  summary: 'The Euclidean norm over the axes named: sqrt of the sum of squares.',
  named: 'reduceL2',
  versions: reduceVersions('ReduceL2'),
  run: (v, inputs, attributes) => runReduce('ReduceL2', v, inputs, attributes),
}));

/**
 * ONNX ReduceL2, its newest version: the Euclidean norm over the axes named: sqrt of the sum of squares. keepdims
 * (default true) keeps each reduced axis as extent 1.
 *
 * @example tw.reduceL2(x, { axes: [1], keepdims: false })  // [2, 3, 4] -> [2, 4]
 */
export function reduceL2<T extends ResidentType>(data: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function reduceL2<T extends ResidentType>(data: ResidentTensor<T>, options: ReduceOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function reduceL2<T extends DataType>(data: TensorLike<T>, options?: ReduceOptions<T>): Tensor<T>;
export function reduceL2(data: TensorLike | ResidentTensor, options?: ReduceOptions): Tensor | ResidentTensor {
  return reduceNamed(REDUCE_L2_OP, 'ReduceL2', data, options);
}

/** ReduceLogSum's every version. */
export const REDUCE_LOG_SUM_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ReduceLogSum',
  domain: 'ai.onnx',
  versioned: true,
  family: 'reductions',
  summary: 'The log of the sum over the axes named.',
  named: 'reduceLogSum',
  versions: reduceVersions('ReduceLogSum'),
  run: (v, inputs, attributes) => runReduce('ReduceLogSum', v, inputs, attributes),
}));

/**
 * ONNX ReduceLogSum, its newest version: the log of the sum over the axes named. keepdims
 * (default true) keeps each reduced axis as extent 1.
 *
 * @example tw.reduceLogSum(x, { axes: [1], keepdims: false })  // [2, 3, 4] -> [2, 4]
 */
export function reduceLogSum<T extends ResidentType>(data: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function reduceLogSum<T extends ResidentType>(data: ResidentTensor<T>, options: ReduceOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function reduceLogSum<T extends DataType>(data: TensorLike<T>, options?: ReduceOptions<T>): Tensor<T>;
export function reduceLogSum(data: TensorLike | ResidentTensor, options?: ReduceOptions): Tensor | ResidentTensor {
  return reduceNamed(REDUCE_LOG_SUM_OP, 'ReduceLogSum', data, options);
}

/** ReduceLogSumExp's every version. */
export const REDUCE_LOG_SUM_EXP_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ReduceLogSumExp',
  domain: 'ai.onnx',
  versioned: true,
  family: 'reductions',
  summary: 'log(sum(exp(x))) over the axes named, computed with the max subtracted.',
  named: 'reduceLogSumExp',
  versions: reduceVersions('ReduceLogSumExp'),
  run: (v, inputs, attributes) => runReduce('ReduceLogSumExp', v, inputs, attributes),
}));

/**
 * ONNX ReduceLogSumExp, its newest version: log(sum(exp(x))) over the axes named, computed with the max subtracted. keepdims
 * (default true) keeps each reduced axis as extent 1.
 *
 * @example tw.reduceLogSumExp(x, { axes: [1], keepdims: false })  // [2, 3, 4] -> [2, 4]
 */
export function reduceLogSumExp<T extends ResidentType>(data: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function reduceLogSumExp<T extends ResidentType>(data: ResidentTensor<T>, options: ReduceOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function reduceLogSumExp<T extends DataType>(data: TensorLike<T>, options?: ReduceOptions<T>): Tensor<T>;
export function reduceLogSumExp(data: TensorLike | ResidentTensor, options?: ReduceOptions): Tensor | ResidentTensor {
  return reduceNamed(REDUCE_LOG_SUM_EXP_OP, 'ReduceLogSumExp', data, options);
}

/** ReduceSumSquare's every version. */
export const REDUCE_SUM_SQUARE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ReduceSumSquare',
  domain: 'ai.onnx',
  versioned: true,
  family: 'reductions',
  summary: 'The sum of squares over the axes named.',
  named: 'reduceSumSquare',
  versions: reduceVersions('ReduceSumSquare'),
  run: (v, inputs, attributes) => runReduce('ReduceSumSquare', v, inputs, attributes),
}));

/**
 * ONNX ReduceSumSquare, its newest version: the sum of squares over the axes named. keepdims
 * (default true) keeps each reduced axis as extent 1.
 *
 * @example tw.reduceSumSquare(x, { axes: [1], keepdims: false })  // [2, 3, 4] -> [2, 4]
 */
export function reduceSumSquare<T extends ResidentType>(data: ResidentTensor<T>, options?: ResidentOptions): ResidentTensor<T>;
export function reduceSumSquare<T extends ResidentType>(data: ResidentTensor<T>, options: ReduceOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function reduceSumSquare<T extends DataType>(data: TensorLike<T>, options?: ReduceOptions<T>): Tensor<T>;
export function reduceSumSquare(data: TensorLike | ResidentTensor, options?: ReduceOptions): Tensor | ResidentTensor {
  return reduceNamed(REDUCE_SUM_SQUARE_OP, 'ReduceSumSquare', data, options);
}
