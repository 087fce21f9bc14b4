// ONNX Pad: the input with elements added (or, for negative pads, removed)
// at the start and end of each axis: a constant, the edge, a reflection, or
// the wrapped-around input. One program of strided moves: the (cropped)
// input copied into the output's interior, then, axis by axis, the borders
// of that axis written from the value or from the output already written.
import { type DataType, elementBytes, isPacked } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { encode } from '../../encode.js';
import { type ResidentTensor, type ResidentType, asOperand, asPlainTensor } from '../../resident.js';
import { type Tensor, type TensorLike, resultOf } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { normalizeAxes, rowMajorStrides } from '../axes.js';
import { requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, opOptions } from '../out.js';
import {
  ALL_TYPES_V13, ALL_TYPES_V21, ALL_TYPES_V23, ALL_TYPES_V24, ALL_TYPES_V25, FLOATS, INDEX_TYPES, NUMERIC_V11,
} from '../type-sets.js';
import { indexList, intsAttribute, stringAttribute } from './read.js';
import { type Move, runProgram } from './strided.js';
import { padBorders } from './pad-borders.js';

const withInputs = (since: number, T: readonly DataType[], axes: boolean): OpVersion => ({
  since, inputs: axes ? ['data', 'pads', 'constant_value', 'axes'] : ['data', 'pads', 'constant_value'], required: 2,
  outputs: ['output'], attributes: ['mode'], types: axes ? { T, Tind: INDEX_TYPES } : { T },
});

/** Pad's every version: 1 and 2 with attributes, 11 on with inputs, 18 with axes, 19 with wrap. */
export const PAD_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Pad',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'Elements added at the start and end of each axis: a constant, the edge, a reflection or wrapped around (negative pads crop).',
  named: 'pad',
  versions: [
    { since: 1, inputs: ['data'], required: 1, outputs: ['output'], attributes: ['mode', 'paddings', 'value'], types: { T: FLOATS } },
    { since: 2, inputs: ['data'], required: 1, outputs: ['output'], attributes: ['mode', 'pads', 'value'], types: { T: FLOATS } },
    withInputs(11, NUMERIC_V11, false), withInputs(13, ALL_TYPES_V13, false), withInputs(18, ALL_TYPES_V13, true),
    withInputs(19, ALL_TYPES_V13, true), withInputs(21, ALL_TYPES_V21, true), withInputs(23, ALL_TYPES_V23, true),
    withInputs(24, ALL_TYPES_V24, true), withInputs(25, ALL_TYPES_V25, true),
  ],
  run: (v, [data, pads, constantValue, axes], attributes) => {
    const context: OpContext = { op: 'Pad', version: v.since };
    const mode = stringAttribute(context, 'mode', attributes.mode, 'constant');
    if (v.since <= 2) {
      const name = v.since === 1 ? 'paddings' : 'pads';
      const list = intsAttribute(context, name, attributes[name]);
      if (list === undefined) throw specError(context, name, `Pad-${v.since} needs the ${name} attribute`);
      return padWith(context, v, data, list, mode, { float: attributes.value }, undefined, undefined, name);
    }
    const padList = indexList(context, 'pads', pads, ['int64'], false);
    const axisList = axes === undefined ? undefined : indexList(context, 'axes', axes, v.types.Tind, false);
    return padWith(context, v, data, padList, mode, { tensor: constantValue }, axisList, undefined, 'pads');
  },
}));

/** How Pad fills: with `value`, the edge element, the reflection about the edge (the edge not repeated), or wrapped around. */
export type PadMode = 'constant' | 'reflect' | 'edge' | 'wrap';

/** Pad's options: the mode (default constant), the constant (a scalar tensor of the input's type, or a number), the axes pads apply to, and `out`. */
export interface PadOptions<T extends DataType = DataType> extends OutOptions<T> {
  /** 'constant' (the default), 'reflect', 'edge' or 'wrap'. */
  mode?: PadMode;
  /** The constant mode's value: a one-element tensor of the input's type, or a plain value; default 0 (or ''). */
  value?: TensorLike<T> | number | bigint | string | boolean;
  /** The axes the pads apply to (negative counts from the back); default every axis. */
  axes?: TensorLike<'int32' | 'int64'> | ArrayLike<number | bigint>;
}

/**
 * ONNX Pad-25: `pads` = [x1_begin, x2_begin, ..., x1_end, x2_end, ...] for
 * each axis of `axes` (default all), elements added (negative: removed) at
 * the start and end; the new elements are `value` (default 0, '' or false),
 * the edge, the reflection about the edge, or the input wrapped around.
 *
 * @example tw.pad(frames, [0, 256, 0, 256], { mode: 'reflect' })  // centred audio frames
 */
export function pad<T extends ResidentType>(data: ResidentTensor<T>, pads: ArrayLike<number | bigint> | TensorLike<'int64'>, options?: PadOptions<T> & { out?: undefined }): ResidentTensor<T>;
export function pad<T extends ResidentType>(data: ResidentTensor<T>, pads: ArrayLike<number | bigint> | TensorLike<'int64'>, options: PadOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function pad<T extends DataType>(data: TensorLike<T>, pads: ArrayLike<number | bigint> | TensorLike<'int64'>, options?: PadOptions<T>): Tensor<T>;
export function pad(data: TensorLike | ResidentTensor, pads: ArrayLike<number | bigint> | TensorLike<'int64'>, options?: PadOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(PAD_OP);
  const context: OpContext = { op: 'Pad', version: v.since };
  const own = opOptions(context, options, ['mode', 'value', 'axes']);
  const padList = indexList(context, 'pads', pads, ['int64'], true);
  const axisList = own.axes === undefined ? undefined : indexList(context, 'axes', own.axes, v.types.Tind, true);
  const mode = stringAttribute(context, 'mode', own.mode, 'constant');
  const value = own.value;
  const given = value === undefined || (typeof value === 'object' && value !== null) ? { tensor: value } : { plain: value };
  return padWith(context, v, data, padList, mode, given, axisList, own.out, 'pads');
}

/** Where the constant comes from: Pad-1/2's float attribute, a scalar tensor (Pad-11 on), or a plain value (the named function). */
type ValueSource = { float?: unknown; tensor?: unknown; plain?: unknown };

function padWith(context: OpContext, v: OpVersion, value: unknown, pads: number[], mode: string, constant: ValueSource,
  axesGiven: number[] | undefined, out: unknown, padsName: string): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'data');
  requireType(context, 'data', x.type, v.types.T);
  const modes = v.since >= 19 ? ['constant', 'reflect', 'edge', 'wrap'] : ['constant', 'reflect', 'edge'];
  if (!modes.includes(mode)) throw specError(context, 'mode', `mode must be one of ${modes.join(', ')} (got ${describe(mode)})`);
  const rank = x.dims.length;
  const axes = normalizeAxes(context, 'axes', axesGiven ?? x.dims.map((_, i) => i), rank);
  if (pads.length !== 2 * axes.length) {
    throw specError(context, padsName, `${padsName} must have 2 entries per axis padded (${2 * axes.length}, got ${pads.length})`);
  }
  const begin = new Array<number>(rank).fill(0);
  const end = new Array<number>(rank).fill(0);
  axes.forEach((axis, i) => { begin[axis] = pads[i]; end[axis] = pads[i + axes.length]; });

  // Negative pads crop the input first; the positive ones pad what is left.
  const kept = x.dims.map((n, a) => n + Math.min(begin[a], 0) + Math.min(end[a], 0));
  const dims = kept.map((n, a) => n + Math.max(begin[a], 0) + Math.max(end[a], 0));
  for (let a = 0; a < rank; a++) {
    if (kept[a] < 0 || !Number.isSafeInteger(dims[a])) {
      throw specError(context, padsName, `the pads of axis ${a} (${begin[a]}, ${end[a]}) leave ${kept[a]} of its ${x.dims[a]} elements: the output dim would be ${x.dims[a] + begin[a] + end[a]}`);
    }
    if (kept[a] === 0 && dims[a] > 0 && mode !== 'constant' && productOfOthers(dims, a) > 0) {
      throw specError(context, padsName, `${mode} padding of axis ${a} needs at least one element of it to pad from (it has none)`);
    }
    if (mode === 'reflect' && (Math.max(begin[a], 0) >= kept[a] || Math.max(end[a], 0) >= kept[a]) && (begin[a] > 0 || end[a] > 0) && productOfOthers(dims, a) > 0) {
      throw specError(context, padsName, `reflect padding of axis ${a} must be less than its extent ${kept[a]} on each side (got ${Math.max(begin[a], 0)} and ${Math.max(end[a], 0)})`);
    }
  }
  const lead = begin.map((b) => Math.max(b, 0));
  const xStrides = rowMajorStrides(x.dims);
  const yStrides = rowMajorStrides(dims);
  let start = 0;
  let to = 0;
  for (let a = 0; a < rank; a++) {
    start += Math.max(-begin[a], 0) * xStrides[a];
    to += lead[a] * yStrides[a];
  }
  const interior: Move = { from: 'x', start, to, size: kept, stride: xStrides, outStride: yStrides };
  const { input, bytes, valueIndex } = constantOf(context, x, mode, constant);
  const moves = [interior, ...padBorders(mode as 'constant', kept, dims, lead, yStrides, valueIndex)];
  return runProgram(context, input, dims, { moves, value: bytes }, out, padsName);
}

function productOfOthers(dims: readonly number[], axis: number): number {
  let p = 1;
  for (let a = 0; a < dims.length; a++) if (a !== axis) p *= dims[a];
  return p;
}

/**
 * The constant as the moves read it: its storage bytes (a packed type's
 * code in one byte), or, for strings, an input with the value appended
 * (strings move as indices, so the value is one more string to index).
 */
function constantOf(context: OpContext, x: Tensor | ResidentTensor, mode: string, constant: ValueSource):
  { input: Tensor | ResidentTensor; bytes?: Uint8Array; valueIndex?: number } {
  if (mode !== 'constant') return { input: x };
  const type = x.type;
  let element: Tensor | undefined;
  if (constant.tensor !== undefined) {
    element = asPlainTensor(constant.tensor, context, 'constant_value');
    if (element.type !== type) throw specError(context, 'constant_value', `constant_value must be of the data's type ${type} (got ${element.type})`);
    if (element.size !== 1) throw specError(context, 'constant_value', `constant_value must be one element (got dims [${element.dims.join(', ')}])`);
  } else if (constant.plain !== undefined) {
    element = plainElement(context, type, constant.plain);
  } else if (constant.float !== undefined) {
    if (typeof constant.float !== 'number') throw specError(context, 'value', `value must be a number (got ${describe(constant.float)})`);
    element = plainElement(context, type, constant.float);
  }
  if (type === 'string') {
    const strings = x.data as string[];
    const joined = [...strings.slice(0, x.size), element === undefined ? '' : (element.data as string[])[0]];
    return { input: resultOf('string', joined, [joined.length], joined.length), valueIndex: x.size };
  }
  const width = isPacked(type) ? 1 : elementBytes(type);
  const bytes = new Uint8Array(width);
  if (element !== undefined) {
    const d = element.data as ArrayBufferView;
    const storage = new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
    if (isPacked(type)) bytes[0] = storage[0] & (type.endsWith('2') ? 0x3 : 0xf);
    else bytes.set(storage.subarray(0, width));
  }
  return { input: x, bytes };
}

/** A plain number, bigint, string or boolean as one element of `type` (floats rounded to nearest as Pad-2's value is). */
function plainElement(context: OpContext, type: DataType, value: unknown): Tensor {
  const bad = () => specError(context, 'value', `value must be a ${type} scalar (got ${describe(value)})`);
  if (type === 'string') {
    if (typeof value !== 'string') throw bad();
    return resultOf('string', [value], [], 1);
  }
  if (type === 'bool') {
    if (typeof value !== 'boolean' && typeof value !== 'number') throw bad();
    return resultOf('bool', Uint8Array.of(value ? 1 : 0), [], 1);
  }
  if (type === 'float32') return resultOf('float32', Float32Array.of(toNumber(value, bad)), [], 1);
  if (type === 'float64') return resultOf('float64', Float64Array.of(toNumber(value, bad)), [], 1);
  if (type === 'float16' || type === 'bfloat16') return resultOf(type, encode(type, [toNumber(value, bad)]) as never, [], 1);
  if (type === 'int64' || type === 'uint64') {
    if (typeof value !== 'bigint' && !(typeof value === 'number' && Number.isSafeInteger(value))) throw bad();
    const big = BigInt(value);
    return resultOf(type, (type === 'int64' ? BigInt64Array.of(BigInt.asIntN(64, big)) : BigUint64Array.of(BigInt.asUintN(64, big))) as never, [], 1);
  }
  const n = toNumber(value, bad);
  const Ctor = { int8: Int8Array, uint8: Uint8Array, int16: Int16Array, uint16: Uint16Array, int32: Int32Array, uint32: Uint32Array }[type as 'int8'];
  if (Ctor !== undefined) {
    if (!Number.isInteger(n)) throw bad();
    return resultOf(type, Ctor.of(n) as never, [], 1);
  }
  throw specError(context, 'value', `a ${type} value must be given as a ${type} tensor of one element (tw.tensor('${type}', [v]))`);
}

function toNumber(value: unknown, bad: () => Error): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw bad();
}
