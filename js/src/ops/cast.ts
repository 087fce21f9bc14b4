// ONNX Cast and CastLike: every element converted to another type.
//
// Built as a plan (output type, dims, size, and which way converts: a kernel
// of tessera/casts.inc, a plain copy, or the JavaScript converter) and one
// executor that runs a plan whatever the input is (resident or not, with or
// without `out`), so the dispatcher can take the executor over.
import { DTYPES, type DataType, type TensorData, allocateData, isDataType, storageBytes, storageConstructor, storageLength } from '../dtype.js';
import { type OpContext, describe, specError } from '../errors.js';
import type { RoundMode } from '../formats.js';
import { CAST_KERNELS } from '../generated/casts.js';
import { ResidentTensor, type ResidentType, allocateResident, asOperand } from '../resident.js';
import { type Tensor, type TensorLike, tensorOf } from '../tensor.js';
import { leadingBytes } from '../typed-array.js';
import { checkedBytes, copyIn, copyOut, heapView, requireReady, wasm, withScratch } from '../wasm.js';
import { type OpVersion, newest } from '../versions.js';
import { ownValue, requireType } from './check.js';
import { type CastRules, convertInJs } from './cast-convert.js';
import { type CheckedOut, type OutOf, checkOut } from './out.js';

/** tw.cast's options: ONNX Cast's `saturate` and `round_mode`, and `out`. */
export interface CastOptions<T extends DataType = DataType> {
  /** float8 outputs (float8e8m0 included): true (the default) clamps out-of-range values to the largest finite one; false gives Inf or NaN, as Cast's tables say. */
  saturate?: boolean;
  /** float8e8m0 outputs: 'up' (the default), 'down' or 'nearest' (ties up). */
  roundMode?: RoundMode;
  /** Write the result here: exactly the output's storage class and length. */
  out?: OutOf<T>;
}

/** How a plan converts. */
export type CastWay =
  | { readonly kind: 'copy' }                        // same type: the bytes as they are
  | { readonly kind: 'kernel'; readonly name: string } // a row of casts.inc
  | { readonly kind: 'js' };                         // cast-convert.ts

/** One Cast, planned: what comes out and how. */
export interface CastPlan {
  readonly from: DataType;
  readonly to: DataType;
  readonly dims: readonly number[];
  readonly size: number;
  readonly rules: CastRules;
  readonly way: CastWay;
}

/**
 * ONNX Cast-25: x's elements converted to type `to`, with the same dims. The
 * rules, pair by pair (README, "Cast"): floats round to nearest even (float8
 * by `saturate`, float8e8m0 by `roundMode`); floats to integers truncate
 * toward zero, NaN to 0, saturating at the type's ends; integers to integers
 * keep the low bits; strings parse "NaN", "INF", "-INF" and decimal literals.
 * A resident x gives a resident result (not for string outputs).
 *
 * @example tw.cast(tw.tensor('uint8', [0, 128, 255]), 'float32')       // Float32Array [0, 128, 255]
 * @example tw.cast(tw.tensor('float32', [-3.7, 300]), 'uint8')         // Uint8Array [0, 255]
 * @example tw.cast(tw.tensor('float32', [1000]), 'float8e4m3fn', { saturate: false }) // NaN (0x7f)
 */
export function cast<T extends ResidentType>(x: ResidentTensor, to: T, options?: CastOptions<T> & { out?: undefined }): ResidentTensor<T>;
export function cast<T extends DataType>(x: TensorLike | ResidentTensor, to: T, options?: CastOptions<T>): Tensor<T>;
export function cast(x: TensorLike | ResidentTensor, to: DataType, options?: CastOptions): Tensor | ResidentTensor {
  requireReady();
  const version = newest('Cast');
  const context: OpContext = { op: 'Cast', version: version.since };
  const { rules, out } = namedOptions(context, options);
  if (!isDataType(to)) throw specError(context, 'to', `to must be a data type name such as 'float32' (got ${describe(to)})`);
  return castWith(context, version, x, to, rules, out);
}

/**
 * ONNX CastLike-25: x cast to the type of `like` (whose values are not read),
 * by Cast's rules, with the same options.
 *
 * @example tw.castLike(tw.tensor('int32', [1, 2]), tw.tensor('float16', [0])) // float16 [1, 2]
 */
export function castLike<T extends DataType>(x: TensorLike | ResidentTensor, like: TensorLike<T> | ResidentTensor, options?: CastOptions<T>): Tensor<T> | ResidentTensor {
  requireReady();
  const version = newest('CastLike');
  const context: OpContext = { op: 'CastLike', version: version.since };
  const { rules, out } = namedOptions(context, options);
  const target = asOperand(like, context, 'target_type');
  return castWith(context, version, x, target.type, rules, out) as Tensor<T> | ResidentTensor;
}

function namedOptions(context: OpContext, options: unknown): { rules: CastRules; out: unknown } {
  if (options === undefined) return { rules: DEFAULT_RULES, out: undefined };
  if (typeof options !== 'object' || options === null) {
    throw specError(context, 'options', `options must be an object such as { saturate, roundMode, out } (got ${describe(options)})`);
  }
  const saturate = ownValue(options, 'saturate') ?? true;
  const roundMode = ownValue(options, 'roundMode') ?? 'up';
  if (typeof saturate !== 'boolean') throw specError(context, 'saturate', `saturate must be a boolean (got ${describe(saturate)})`);
  return { rules: { saturate, roundMode: checkRoundMode(context, 'roundMode', roundMode) }, out: ownValue(options, 'out') };
}

const DEFAULT_RULES: CastRules = Object.freeze({ saturate: true, roundMode: 'up' });

function checkRoundMode(context: OpContext, name: string, value: unknown): RoundMode {
  if (value !== 'up' && value !== 'down' && value !== 'nearest') {
    throw specError(context, name, `${name} must be 'up', 'down' or 'nearest' (got ${describe(value)})`);
  }
  return value;
}

// ---------------------------------------------------------------------------
// runNode: every version of Cast and CastLike

/** ONNX's TensorProto.DataType enum names (Cast-1's `to` is one): FLOAT, DOUBLE, and the rest as our names in capitals. */
function enumName(type: DataType): string {
  return type === 'float32' ? 'FLOAT' : type === 'float64' ? 'DOUBLE' : type.toUpperCase();
}

/** Cast as one version defines it. */
export function runCast(version: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Cast', version: version.since };
  const to = attributes.to;
  if (to === undefined) throw specError(context, 'to', 'the attribute to is required');
  let type: DataType | undefined;
  if (version.since === 1) {
    if (typeof to !== 'string') throw specError(context, 'to', `Cast-1's to must be a DataType enum name such as 'FLOAT' (got ${describe(to)})`);
    type = (Object.keys(DTYPES) as DataType[]).find((t) => enumName(t) === to.toUpperCase());
  } else {
    const number = typeof to === 'bigint' ? Number(to) : to;
    if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
      throw specError(context, 'to', `to must be a TensorProto data type number (got ${describe(to)})`);
    }
    type = (Object.keys(DTYPES) as DataType[]).find((t) => DTYPES[t].onnx === number);
  }
  if (type === undefined) throw specError(context, 'to', `to names no data type (got ${describe(to)})`);
  return castWith(context, version, inputs[0], type, nodeRules(context, version, attributes));
}

/** CastLike as one version defines it. */
export function runCastLike(version: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>): Tensor | ResidentTensor {
  const context: OpContext = { op: 'CastLike', version: version.since };
  const target = asOperand(inputs[1], context, 'target_type');
  return castWith(context, version, inputs[0], target.type, nodeRules(context, version, attributes));
}

/** saturate (an int, 0 or 1) and round_mode, where the version has them; runNode refused the others. */
function nodeRules(context: OpContext, version: OpVersion, attributes: Record<string, unknown>): CastRules {
  let saturate = true;
  const given = attributes.saturate;
  if (given !== undefined) {
    const value = typeof given === 'bigint' ? Number(given) : given;
    if (value !== 0 && value !== 1 && value !== true && value !== false) {
      throw specError(context, 'saturate', `saturate must be 0 or 1 (got ${describe(given)})`);
    }
    saturate = value === 1 || value === true;
  }
  const roundMode = version.attributes.includes('round_mode') && attributes.round_mode !== undefined
    ? checkRoundMode(context, 'round_mode', attributes.round_mode) : 'up';
  return { saturate, roundMode };
}

// ---------------------------------------------------------------------------
// Plan and execute

function castWith(context: OpContext, version: OpVersion, input: unknown, to: DataType, rules: CastRules, out?: unknown): Tensor | ResidentTensor {
  const x = asOperand(input, context, 'input');
  const plan = planCast(context, version, x, to, rules);
  const checkedOut = out === undefined ? undefined : checkOut(context, out, to, plan.size);
  return executeCast(context, plan, x, checkedOut);
}

/** The plan: the version's type constraints hold, and the way is chosen from the pair. */
export function planCast(context: OpContext, version: OpVersion, x: Tensor | ResidentTensor, to: DataType, rules: CastRules): CastPlan {
  requireType(context, 'input', x.type, version.types.T1);
  if (!version.types.T2.includes(to)) {
    throw specError(context, 'to', `the output type must be one of ${version.types.T2.join(', ')} (got ${to})`);
  }
  const kernel = CAST_KERNELS[`${x.type}>${to}`];
  const way: CastWay = x.type === to ? { kind: 'copy' } : kernel !== undefined ? { kind: 'kernel', name: kernel } : { kind: 'js' };
  return { from: x.type, to, dims: x.dims, size: x.size, rules, way };
}

/** Runs a plan: into `out`, a fresh array, or (resident x, no out, not string) a resident tensor. */
export function executeCast(context: OpContext, plan: CastPlan, x: Tensor | ResidentTensor, out?: CheckedOut): Tensor | ResidentTensor {
  const { from, to, size } = plan;
  if (ResidentTensor.isResident(x)) {
    if (out === undefined && to !== 'string') return castResident(context, plan, x);
    return executeCast(context, plan, x.toTensor(), out);  // a resident chain ends in a JS array
  }
  const y = (out?.array ?? allocateData(to, size)) as TensorData;
  if (size > 0) {
    if (plan.way.kind === 'copy' && to !== 'string') {
      const bytes = storageBytes(to as ResidentType, size);
      leadingBytes(y as ArrayBufferView, bytes)!.set(checkedBytes(context, 'input', x.data as ArrayBufferView, bytes));
    } else if (plan.way.kind !== 'kernel') {
      convertInJs(context, from, to, readable(context, x), size, writable(to, y, out), plan.rules);
    } else {
      const inBytes = storageBytes(from as ResidentType, size);
      const outBytes = storageBytes(to as ResidentType, size);
      withScratch(context, [inBytes, outBytes], ([xOffset, yOffset]) => {
        copyIn(context, 'input', xOffset, x.data as ArrayBufferView, inBytes);
        runWay(plan, xOffset, yOffset, inBytes);
        copyOut(yOffset, y as ArrayBufferView, outBytes);
      });
    }
  }
  return tensorOf(to, y as never, plan.dims, size);
}

function castResident(context: OpContext, plan: CastPlan, x: ResidentTensor): ResidentTensor {
  const to = plan.to as ResidentType;
  const y = allocateResident(context, to, plan.dims, plan.size);
  try {
    if (plan.size === 0) return y;
    if (plan.way.kind === 'js') {
      const converted = executeCast(context, plan, x.toTensor()) as Tensor;
      copyIn(context, 'input', y.offset, converted.data as ArrayBufferView, y.byteLength);
    } else {
      runWay(plan, x.offset, y.offset, x.byteLength);
    }
    return y;
  } catch (error) {
    y.dispose();
    throw error;
  }
}

/** A kernel or a copy, from one place in memory to another. */
function runWay(plan: CastPlan, x: number, y: number, inBytes: number): void {
  if (plan.way.kind === 'copy') {
    const bytes = heapView(Uint8Array, 0, wasm().memory.buffer.byteLength);
    bytes.copyWithin(y, x, x + inBytes);
  } else {
    wasm().kernels.cast(x, y, plan.size, DTYPES[plan.from].onnx, DTYPES[plan.to].onnx);
  }
}

/** The input's storage, measured again now (a resizable buffer may have shrunk) and read through a private view. */
function readable(context: OpContext, x: Tensor): unknown {
  if (x.type === 'string') return x.data;
  const type = x.type as ResidentType;
  const bytes = checkedBytes(context, 'input', x.data as ArrayBufferView, storageBytes(type, x.size));
  const Storage = storageConstructor(type) as unknown as new (buffer: ArrayBufferLike, offset: number, length: number) => ArrayBufferView;
  return new Storage(bytes.buffer, bytes.byteOffset, storageLength(type, x.size));
}

/** Where the converter writes: the storage class itself (a float16 `out` that is a Float16Array is written as its bits). */
function writable(to: DataType, y: TensorData, out: CheckedOut | undefined): { [index: number]: number | bigint | string; length: number } {
  if (out === undefined || to === 'string') return y as never;
  const { facts } = out;
  if (facts.kind !== 'Float16Array') return y as never;
  return new Uint16Array(facts.buffer, facts.byteOffset, facts.length);
}
