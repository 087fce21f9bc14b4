// ONNX Squeeze and Unsqueeze: extent-1 axes taken away or put in.
import type { DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { normalizeAxes } from '../axes.js';
import { integerList, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, opOptions } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V21, ALL_TYPES_V23, ALL_TYPES_V24, ALL_TYPES_V25, ALL_TYPES_V6 } from '../type-sets.js';
import { intsAttribute } from './read.js';
import { relabel } from './relabel.js';

/** Axes for Squeeze and Unsqueeze: a 1-D int64 tensor or an array of integers. */
export type Axes = TensorLike<'int64'> | ArrayLike<number | bigint>;

// Versions 1 and 11 take axes as an attribute, 13 on as an input (Squeeze's optional, Unsqueeze's required).
const versions = (output: string, required: number, all: readonly OpVersion['types']['T'][]): OpVersion[] =>
  [1, 11, 13, 21, 23, 24, 25].map((since, i) => (since < 13
    ? { since, inputs: ['data'], required: 1, outputs: [output], attributes: ['axes'], types: { T: all[i] } }
    : { since, inputs: ['data', 'axes'], required, outputs: [output], attributes: [], types: { T: all[i] } }));
const TYPES = [ALL_TYPES_V6, ALL_TYPES_V6, ALL_TYPES_V13, ALL_TYPES_V21, ALL_TYPES_V23, ALL_TYPES_V24, ALL_TYPES_V25];

const axesOf = (context: OpContext, v: OpVersion, input: unknown, attribute: unknown) =>
  (v.since < 13 ? intsAttribute(context, 'axes', attribute) : input === undefined ? undefined : integerList(context, 'axes', input, 'tensor-only'));

/** Squeeze's every version. */
export const SQUEEZE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Squeeze',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'Extent-1 axes removed: those named, or all of them.',
  named: 'squeeze',
  versions: versions('squeezed', 1, TYPES),
  run: (v, [data, axes], attributes) => {
    const context: OpContext = { op: 'Squeeze', version: v.since };
    return squeezeWith(context, v, data, axesOf(context, v, axes, attributes.axes));
  },
}));

/** Unsqueeze's every version. */
export const UNSQUEEZE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Unsqueeze',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'Extent-1 axes inserted at the output axes named.',
  named: 'unsqueeze',
  versions: versions('expanded', 2, TYPES),
  run: (v, [data, axes], attributes) => {
    const context: OpContext = { op: 'Unsqueeze', version: v.since };
    const list = axesOf(context, v, axes, attributes.axes);
    if (list === undefined) throw specError(context, 'axes', `Unsqueeze-${v.since} needs axes`);
    return unsqueezeWith(context, v, data, list);
  },
}));

/**
 * ONNX Squeeze-25: the axes of `axes` (each of extent 1) removed, or without
 * `axes` every extent-1 axis. Every type.
 *
 * @example tw.squeeze(x, { axes: [0] })  // [1, 3, 1] -> [3, 1]
 */
export function squeeze<T extends ResidentType>(data: ResidentTensor<T>, options?: { axes?: Axes; out?: undefined }): ResidentTensor<T>;
export function squeeze<T extends ResidentType>(data: ResidentTensor<T>, options: { axes?: Axes; out: OutOf<T> }): Tensor<T>;
export function squeeze<T extends DataType>(data: TensorLike<T>, options?: { axes?: Axes } & OutOptions<T>): Tensor<T>;
export function squeeze(data: TensorLike | ResidentTensor, options?: { axes?: Axes } & OutOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(SQUEEZE_OP);
  const context: OpContext = { op: 'Squeeze', version: v.since };
  const own = opOptions(context, options, ['axes']);
  return squeezeWith(context, v, data, own.axes === undefined ? undefined : integerList(context, 'axes', own.axes, 'tensor-or-array'), own.out);
}

/**
 * ONNX Unsqueeze-25: extent-1 axes inserted so that each of `axes` (axes of
 * the output, negative from its back) is one. Every type.
 *
 * @example tw.unsqueeze(x, [0, -1])  // [3] -> [1, 3, 1]
 */
export function unsqueeze<T extends ResidentType>(data: ResidentTensor<T>, axes: Axes, options?: { out?: undefined }): ResidentTensor<T>;
export function unsqueeze<T extends ResidentType>(data: ResidentTensor<T>, axes: Axes, options: { out: OutOf<T> }): Tensor<T>;
export function unsqueeze<T extends DataType>(data: TensorLike<T>, axes: Axes, options?: OutOptions<T>): Tensor<T>;
export function unsqueeze(data: TensorLike | ResidentTensor, axes: Axes, options?: OutOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(UNSQUEEZE_OP);
  const context: OpContext = { op: 'Unsqueeze', version: v.since };
  const own = opOptions(context, options, []);
  return unsqueezeWith(context, v, data, integerList(context, 'axes', axes, 'tensor-or-array'), own.out);
}

function squeezeWith(context: OpContext, v: OpVersion, value: unknown, axesGiven: number[] | undefined, out?: unknown): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'data');
  requireType(context, 'data', x.type, v.types.T);
  const rank = x.dims.length;
  const drop = new Array<boolean>(rank).fill(false);
  if (axesGiven === undefined) {
    x.dims.forEach((d, a) => { drop[a] = d === 1; });
  } else {
    for (const [i, a] of normalizeAxes(context, 'axes', axesGiven, rank).entries()) {
      if (x.dims[a] !== 1) throw specError(context, 'axes', `axes[${i}] = ${axesGiven[i]} names axis ${a} of extent ${x.dims[a]}: only extent-1 axes can be squeezed`);
      drop[a] = true;
    }
  }
  return relabel(context, x, x.dims.filter((_, a) => !drop[a]), out, 'axes');
}

function unsqueezeWith(context: OpContext, v: OpVersion, value: unknown, axesGiven: number[], out?: unknown): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'data');
  requireType(context, 'data', x.type, v.types.T);
  const rank = x.dims.length + axesGiven.length;
  const inserted = new Array<boolean>(rank).fill(false);
  for (const a of normalizeAxes(context, 'axes', axesGiven, rank)) inserted[a] = true;
  const dims: number[] = [];
  let next = 0;
  for (let a = 0; a < rank; a++) dims.push(inserted[a] ? 1 : x.dims[next++]);
  return relabel(context, x, dims, out, 'axes');
}
