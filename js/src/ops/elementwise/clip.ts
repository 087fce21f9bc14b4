// ONNX Clip, every version: min(max(x, min), max) on the unary kernel, the
// bounds passed as two elements of the input's type. Clip-1 and -6 take them
// as float attributes (Clip-1: an absent one is no bound; Clip-6: the
// schema's defaults -3.402823e+38 and 3.402823e+38, rounded to the type);
// from 11 they are optional scalar inputs of the input's type, an omitted
// one no bound. min > max gives max everywhere (numpy.clip's order).
import { DTYPES, type DataType } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { encodeOne } from '../../formats.js';
import { ResidentTensor, asPlainTensor } from '../../resident.js';
import { requireReady } from '../../wasm.js';
import { defineOp, type OpVersion } from '../definition.js';
import { FLOATS, NUMERIC, extend } from '../type-sets.js';
import { namedOptions, runUnary } from './unary.js';
import type { SameTypeMap } from './unary-named.js';

const attributeVersion = (since: number, attributes: string[]): OpVersion =>
  ({ since, inputs: ['input'], required: 1, outputs: ['output'], attributes, types: { T: FLOATS } });
const inputVersion = (since: number, T: readonly DataType[]): OpVersion =>
  ({ since, inputs: ['input', 'min', 'max'], required: 1, outputs: ['output'], attributes: [], types: { T } });

/** Clip's every version. */
export const CLIP_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Clip',
  domain: 'ai.onnx',
  versioned: true,
  family: 'elementwise',
  summary: 'Each element limited to [min, max] (either bound may be omitted).',
  named: 'clip',
  versions: [
    attributeVersion(1, ['consumed_inputs', 'max', 'min']), attributeVersion(6, ['max', 'min']),
    inputVersion(11, FLOATS), inputVersion(12, NUMERIC), inputVersion(13, extend(NUMERIC, ['bfloat16'])),
  ],
  run: (version, [input, min, max], attributes) => {
    if (version.since >= 11) return runClip(version, input, min, max, undefined);
    const fallback = version.since === 6 ? 3.402823e+38 : undefined;
    const lo = floatAttribute(version, 'min', attributes.min, fallback === undefined ? undefined : -fallback);
    const hi = floatAttribute(version, 'max', attributes.max, fallback);
    return runClip(version, input, lo, hi, undefined);
  },
}));

/** A scalar tensor bound of Clip: its type and dims (with its data, as any TensorLike). */
export interface ClipBound {
  /** The input's type. */
  readonly type: DataType;
  /** [] or [1]. */
  readonly dims: readonly number[];
}

/** Clip's named function's options: the bounds (numbers, bigints for 64-bit integers, or scalar tensors of the input's type), and `out`. */
export interface ClipOptions {
  /** The lower bound: a number or bigint, or a scalar tensor of the input's type; absent, no lower bound. */
  min?: number | bigint | ClipBound | ResidentTensor;
  /** The upper bound: a number or bigint, or a scalar tensor of the input's type; absent, no upper bound. */
  max?: number | bigint | ClipBound | ResidentTensor;
}

/**
 * ONNX Clip-13: each element limited to [min, max]; either bound may be
 * omitted; every numeric type. A NaN element stays NaN; min > max gives max.
 *
 * @example tw.clip(tw.tensor('float32', [-2, 0.5, 9]), { min: 0, max: 1 })  // [0, 0.5, 1]
 */
export const clip: SameTypeMap<ClipOptions> = /* @__PURE__ */ ((): SameTypeMap<ClipOptions> => ((x: unknown, options?: unknown) => {
  requireReady();
  const { version, options: own } = namedOptions(CLIP_OP, options, ['min', 'max']);
  return runClip(version, x, own.min, own.max, own.out);
}) as SameTypeMap<ClipOptions>)();

function floatAttribute(version: OpVersion, name: string, value: unknown, fallback: number | undefined): number | undefined {
  if (value === undefined) return fallback;
  if (typeof value !== 'number') throw specError({ op: 'Clip', version: version.since }, name, `${name} must be a float (got ${describe(value)})`);
  return value;
}

/** Clip of `input` with bounds that are numbers (attributes, named options), tensors (inputs) or undefined (no bound). */
function runClip(version: OpVersion, input: unknown, min: unknown, max: unknown, out: unknown) {
  return runUnary('Clip', version, 'clip', 'input', input, out, (type, context) => {
    const bytes = DTYPES[type as Exclude<DataType, 'string'>].bits / 8;
    const both = new Uint8Array(Math.max(4, 2 * bytes));
    both.set(boundBytes(context, 'min', min, type, false), 0);
    both.set(boundBytes(context, 'max', max, type, true), bytes);
    return { params: Array.from(new Uint32Array(both.buffer)) };
  });
}

const INTEGER_RANGE: Readonly<Record<string, readonly [bigint, bigint]>> = {
  int8: [-128n, 127n], int16: [-32768n, 32767n], int32: [-(2n ** 31n), 2n ** 31n - 1n], int64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint8: [0n, 255n], uint16: [0n, 65535n], uint32: [0n, 2n ** 32n - 1n], uint64: [0n, 2n ** 64n - 1n],
};

/** One bound as the element bytes of `type`: from a scalar tensor of that type, a number or bigint, or (undefined) the type's extreme. */
function boundBytes(context: OpContext, name: string, value: unknown, type: DataType, upper: boolean): Uint8Array {
  if (typeof value === 'object' && value !== null) {
    const t = asPlainTensor(value, context, name);
    if (t.type !== type) throw specError(context, name, `${name} must have the input's type ${type} (got ${t.type})`);
    if (t.size !== 1 || t.dims.length > 1) throw specError(context, name, `${name} must be a scalar (dims [], or [1]; got dims [${t.dims.join(', ')}])`);
    const data = t.data as ArrayBufferView;
    return new Uint8Array(data.buffer, data.byteOffset, DTYPES[type].bits / 8).slice();
  }
  const range = INTEGER_RANGE[type];
  if (range !== undefined) {
    if (value === undefined) return integerBytes(type, upper ? range[1] : range[0]);
    const n = typeof value === 'bigint' ? value : typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : undefined;
    if (n === undefined || n < range[0] || n > range[1]) {
      throw specError(context, name, `${name} must be an integer from ${range[0]} to ${range[1]} for a ${type} input (got ${describe(value)})`);
    }
    return integerBytes(type, n);
  }
  if (value !== undefined && typeof value !== 'number') throw specError(context, name, `${name} must be a number or a scalar ${type} tensor (got ${describe(value)})`);
  const v = value ?? (upper ? Infinity : -Infinity);
  if (type === 'float32') return new Uint8Array(Float32Array.of(v).buffer);
  if (type === 'float64') return new Uint8Array(Float64Array.of(v).buffer);
  return new Uint8Array(Uint16Array.of(encodeOne(type as 'float16' | 'bfloat16', v, false, 'nearest')).buffer);
}

function integerBytes(type: string, n: bigint): Uint8Array {
  const bits = DTYPES[type as 'int8'].bits;
  const out = new Uint8Array(bits / 8);
  let u = BigInt.asUintN(bits, n);
  for (let i = 0; i < out.length; i++, u >>= 8n) out[i] = Number(u & 255n);
  return out;
}
