// ONNX Reshape and Flatten: the input's elements, in order, under new dims.
import type { DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { productOf } from '../axes.js';
import { integerList, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, opOptions } from '../out.js';
import {
  ALL_TYPES_V13, ALL_TYPES_V19, ALL_TYPES_V21, ALL_TYPES_V23, ALL_TYPES_V24, ALL_TYPES_V25, ALL_TYPES_V6, FLOATS,
} from '../type-sets.js';
import { intAttribute, intsAttribute } from './read.js';
import { relabel } from './relabel.js';

const reshapeVersion = (since: number, T: readonly DataType[]): OpVersion =>
  ({ since, inputs: ['data', 'shape'], required: 2, outputs: ['reshaped'], attributes: since >= 14 ? ['allowzero'] : [], types: { T } });

/** Reshape's every version: 1 with a shape attribute, 5 on with a shape input, 14 on with allowzero. */
export const RESHAPE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Reshape',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The elements under new dims (0 keeps a dim, -1 infers one).',
  named: 'reshape',
  versions: [
    { since: 1, inputs: ['data'], required: 1, outputs: ['reshaped'], attributes: ['consumed_inputs', 'shape'], types: { T: FLOATS } },
    reshapeVersion(5, ALL_TYPES_V6), reshapeVersion(13, ALL_TYPES_V13), reshapeVersion(14, ALL_TYPES_V13),
    reshapeVersion(19, ALL_TYPES_V19), reshapeVersion(21, ALL_TYPES_V21), reshapeVersion(23, ALL_TYPES_V23),
    reshapeVersion(24, ALL_TYPES_V24), reshapeVersion(25, ALL_TYPES_V25),
  ],
  run: (v, [data, shape], attributes) => {
    const context: OpContext = { op: 'Reshape', version: v.since };
    const list = v.since === 1 ? intsAttribute(context, 'shape', attributes.shape) : integerList(context, 'shape', shape, 'tensor-only');
    if (list === undefined) throw specError(context, 'shape', 'Reshape-1 needs the shape attribute');
    return reshapeWith(context, v, data, list, intAttribute(context, 'allowzero', attributes.allowzero, 0));
  },
}));

/**
 * ONNX Reshape-25: the input's elements, in order, as a tensor of `shape`:
 * a 0 keeps the input's dim there (unless `allowzero`: then it is 0), one
 * -1 is inferred from the element count. Every type.
 *
 * @example tw.reshape(x, [0, -1])  // [2, 3, 4] -> [2, 12]
 */
export function reshape<T extends ResidentType>(data: ResidentTensor<T>, shape: TensorLike<'int64'> | ArrayLike<number | bigint>, options?: { allowzero?: boolean | number; out?: undefined }): ResidentTensor<T>;
export function reshape<T extends ResidentType>(data: ResidentTensor<T>, shape: TensorLike<'int64'> | ArrayLike<number | bigint>, options: { allowzero?: boolean | number; out: OutOf<T> }): Tensor<T>;
export function reshape<T extends DataType>(data: TensorLike<T>, shape: TensorLike<'int64'> | ArrayLike<number | bigint>, options?: { allowzero?: boolean | number } & OutOptions<T>): Tensor<T>;
export function reshape(data: TensorLike | ResidentTensor, shape: TensorLike<'int64'> | ArrayLike<number | bigint>, options?: { allowzero?: boolean | number } & OutOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(RESHAPE_OP);
  const context: OpContext = { op: 'Reshape', version: v.since };
  const own = opOptions(context, options, ['allowzero']);
  const allowzero = typeof own.allowzero === 'boolean' ? Number(own.allowzero) : intAttribute(context, 'allowzero', own.allowzero, 0);
  return reshapeWith(context, v, data, integerList(context, 'shape', shape, 'tensor-or-array'), allowzero, own.out);
}

function reshapeWith(context: OpContext, v: OpVersion, value: unknown, shape: number[], allowzero: number, out?: unknown): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'data');
  requireType(context, 'data', x.type, v.types.T);
  const dims = shape.slice();
  let inferred = -1;
  for (let i = 0; i < dims.length; i++) {
    if (dims[i] === -1) {
      if (inferred >= 0) throw specError(context, 'shape', `shape may have one -1 (got -1 at ${inferred} and at ${i}: [${shape.join(', ')}])`);
      inferred = i;
    } else if (dims[i] === 0 && allowzero === 0) {
      if (i >= x.dims.length) throw specError(context, 'shape', `shape[${i}] = 0 copies the input's dim ${i}, which a rank-${x.dims.length} input does not have`);
      dims[i] = x.dims[i];
    } else if (dims[i] < 0) {
      throw specError(context, 'shape', `shape[${i}] must be >= -1 (got ${dims[i]})`);
    }
  }
  if (allowzero !== 0 && inferred >= 0 && shape.includes(0)) {
    throw specError(context, 'shape', `with allowzero, shape may not hold both 0 and -1 ([${shape.join(', ')}])`);
  }
  if (inferred >= 0) {
    const known = dims.reduce((p, d, i) => (i === inferred ? p : p * d), 1);
    if (known === 0 || x.size % known !== 0) {
      throw specError(context, 'shape', `shape [${shape.join(', ')}] cannot hold the input's ${x.size} elements (the -1 has no integral extent)`);
    }
    dims[inferred] = x.size / known;
  }
  if (productOf(dims) !== x.size) {
    throw specError(context, 'shape', `shape [${shape.join(', ')}] gives dims [${dims.join(', ')}] of ${productOf(dims)} elements; the input has ${x.size}`);
  }
  return relabel(context, x, dims, out, 'shape');
}

const flattenVersion = (since: number, T: readonly DataType[]): OpVersion =>
  ({ since, inputs: ['input'], required: 1, outputs: ['output'], attributes: ['axis'], types: { T } });

/** Flatten's every version. */
export const FLATTEN_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Flatten',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The input as a matrix: the axes before `axis` as rows, the rest as columns.',
  named: 'flatten',
  versions: [
    flattenVersion(1, FLOATS), flattenVersion(9, ALL_TYPES_V6), flattenVersion(11, ALL_TYPES_V6), flattenVersion(13, ALL_TYPES_V13),
    flattenVersion(21, ALL_TYPES_V21), flattenVersion(23, ALL_TYPES_V23), flattenVersion(24, ALL_TYPES_V24), flattenVersion(25, ALL_TYPES_V25),
  ],
  run: (v, [input], attributes) => {
    const context: OpContext = { op: 'Flatten', version: v.since };
    return flattenWith(context, v, input, intAttribute(context, 'axis', attributes.axis, 1));
  },
}));

/**
 * ONNX Flatten-25: the input as a 2-D tensor [d_0 * ... * d_(axis-1),
 * d_axis * ... * d_n] (axis in [-rank, rank], default 1). Every type.
 *
 * @example tw.flatten(x, { axis: 1 })  // [2, 3, 4] -> [2, 12]
 */
export function flatten<T extends ResidentType>(input: ResidentTensor<T>, options?: { axis?: number; out?: undefined }): ResidentTensor<T>;
export function flatten<T extends ResidentType>(input: ResidentTensor<T>, options: { axis?: number; out: OutOf<T> }): Tensor<T>;
export function flatten<T extends DataType>(input: TensorLike<T>, options?: { axis?: number } & OutOptions<T>): Tensor<T>;
export function flatten(input: TensorLike | ResidentTensor, options?: { axis?: number } & OutOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(FLATTEN_OP);
  const context: OpContext = { op: 'Flatten', version: v.since };
  const own = opOptions(context, options, ['axis']);
  return flattenWith(context, v, input, intAttribute(context, 'axis', own.axis, 1), own.out);
}

function flattenWith(context: OpContext, v: OpVersion, value: unknown, axisGiven: number, out?: unknown): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'input');
  requireType(context, 'input', x.type, v.types.T);
  const rank = x.dims.length;
  // Flatten-1 and 9 take axis in [0, rank]; from 11, negative ones too.
  const lowest = v.since >= 11 ? -rank : 0;
  if (axisGiven < lowest || axisGiven > rank) throw specError(context, 'axis', `axis ${axisGiven} is out of range: it must lie in [${lowest}, ${rank}] for rank ${rank}`);
  const axis = axisGiven < 0 ? axisGiven + rank : axisGiven;
  return relabel(context, x, [productOf(x.dims, 0, axis), productOf(x.dims, axis)], out, 'axis');
}

