// ONNX Cast and CastLike: every element converted to another type.
//
// The op checks its version's rules and makes a plan (the pair, its rules,
// and the kernel of tessera/casts.inc that serves it, if one does); the
// dispatcher (dispatch.ts) decides where the output goes and whether the
// kernel or the JS twin (cast-convert.ts) computes it.
import { DTYPES, type DataType, elementBytes, isDataType } from '../dtype.js';
import { type OpContext, describe, specError } from '../errors.js';
import { ROUND_MODES, type RoundMode } from '../formats.js';
import { CAST_KERNELS } from '../generated/casts.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../resident.js';
import type { Tensor, TensorLike } from '../tensor.js';
import { requireReady } from '../wasm.js';
import { type OpVersion, defineOp, newestOf } from './definition.js';
import { extend, FLOAT8_V19, NUMERIC_AND_BOOL } from './type-sets.js';
import { booleanOption, choiceOption } from '../options.js';
import { asciiUpper, sameNameIgnoringAsciiCase } from '../names.js';
import { outputSize, requireType } from './check.js';
import { checkStringCount } from '../strings.js';
import { type CastRules, convertInJs } from './cast-convert.js';
import { type ConvertOps, type ConvertPlan, dispatch } from './dispatch.js';
import { type OutOf, checkOut, opOptions } from './out.js';

const CAST_1 = NUMERIC_AND_BOOL;
const CAST_9 = /* @__PURE__ */ extend(CAST_1, ['string']);
const CAST_13 = /* @__PURE__ */ extend(CAST_9, ['bfloat16']);
const CAST_19 = /* @__PURE__ */ extend(CAST_13, FLOAT8_V19);
const CAST_21 = /* @__PURE__ */ extend(CAST_19, ['uint4', 'int4']);
const CAST_23 = /* @__PURE__ */ extend(CAST_21, ['float4e2m1']);
const CAST_24 = /* @__PURE__ */ extend(CAST_23, ['float8e8m0']);
const CAST_25 = /* @__PURE__ */ extend(CAST_24, ['uint2', 'int2']);

// Cast-1 takes `to` as a DataType enum name, later versions as its number;
// saturate arrives in 19, round_mode in 24. T1 and T2 are the same set in every version.
function castVersion<const A extends readonly string[], const T extends readonly DataType[]>(since: number, attributes: A, types: T) {
  return { since, inputs: ['input'], required: 1, outputs: ['output'], attributes, types: { T1: types, T2: types } } as const;
}

function castLikeVersion<const A extends readonly string[], const T extends readonly DataType[]>(since: number, attributes: A, types: T) {
  return { since, inputs: ['input', 'target_type'], required: 2, outputs: ['output'], attributes, types: { T1: types, T2: types } } as const;
}

/** Cast's every version. */
export const CAST_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Cast',
  domain: 'ai.onnx',
  versioned: true,
  family: 'conversion',
  summary: 'Every element converted to another type.',
  named: 'cast',
  versions: [
    castVersion(1, ['to'], CAST_1), castVersion(6, ['to'], CAST_1), castVersion(9, ['to'], CAST_9), castVersion(13, ['to'], CAST_13),
    castVersion(19, ['saturate', 'to'], CAST_19), castVersion(21, ['saturate', 'to'], CAST_21), castVersion(23, ['saturate', 'to'], CAST_23),
    castVersion(24, ['round_mode', 'saturate', 'to'], CAST_24), castVersion(25, ['round_mode', 'saturate', 'to'], CAST_25),
  ],
  run: (version, inputs, attributes) => runCast(version, inputs, attributes),
}));

/** CastLike's every version: Cast's rules, the type taken from a second input. */
export const CAST_LIKE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'CastLike',
  domain: 'ai.onnx',
  versioned: true,
  family: 'conversion',
  summary: 'Every element converted to the type of a second tensor.',
  named: 'castLike',
  versions: [
    castLikeVersion(15, [], CAST_13), castLikeVersion(19, ['saturate'], CAST_19), castLikeVersion(21, ['saturate'], CAST_21),
    castLikeVersion(23, ['saturate'], CAST_23), castLikeVersion(24, ['round_mode', 'saturate'], CAST_24),
    castLikeVersion(25, ['round_mode', 'saturate'], CAST_25),
  ],
  run: (version, inputs, attributes) => runCastLike(version, inputs, attributes),
}));

/** tw.cast's options: ONNX Cast's `saturate` and `round_mode`, and `out`. */
export interface CastOptions<T extends DataType = DataType> {
  /** float8 outputs (float8e8m0 included): true (the default) clamps out-of-range values to the largest finite one; false gives Inf or NaN, as Cast's tables say. Given for another output, a SpecError says it does not apply (runNode ignores the attribute, as the spec does). */
  saturate?: boolean;
  /** float8e8m0 outputs (and float8e8m0 to string: the decimal written reads back under it): 'up' (the default), 'down' or 'nearest' (ties up). Given for another pair, a SpecError says it does not apply. */
  roundMode?: RoundMode;
  /** Write the result here: exactly the output's storage class and length. */
  out?: OutOf<T>;
}

/**
 * ONNX Cast-25: x's elements converted to type `to`, with the same dims. The
 * rules, pair by pair (docs/using-ops.md, "Cast and CastLike"): floats round to nearest even (float8
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
  const version = newestOf(CAST_OP);
  const context: OpContext = { op: 'Cast', version: version.since };
  if (!isDataType(to)) throw specError(context, 'to', `to must be a data type name such as 'float32' (got ${describe(to)})${aliasHint(to)}`);
  const { rules, out, given } = namedOptions(context, options);
  return castWith(context, version, x, to, rules, out, given);
}

/**
 * ONNX CastLike-25: x cast to the type of `like` (whose values are not read),
 * by Cast's rules, with the same options.
 *
 * @example tw.castLike(tw.tensor('int32', [1, 2]), tw.tensor('float16', [0])) // float16 [1, 2]
 */
export function castLike<T extends ResidentType>(x: ResidentTensor, like: TensorLike<T> | ResidentTensor<T>, options?: CastOptions<T> & { out?: undefined }): ResidentTensor<T>;
export function castLike<T extends DataType>(x: TensorLike | ResidentTensor, like: TensorLike<T> | ResidentTensor<Extract<T, ResidentType>>, options?: CastOptions<T>): Tensor<T>;
export function castLike(x: TensorLike | ResidentTensor, like: TensorLike | ResidentTensor, options?: CastOptions): Tensor | ResidentTensor {
  requireReady();
  const version = newestOf(CAST_LIKE_OP);
  const context: OpContext = { op: 'CastLike', version: version.since };
  const target = asOperand(like, context, 'target_type');
  const { rules, out, given } = namedOptions(context, options);
  return castWith(context, version, x, target.type, rules, out, given);
}

/** Which of the rules' options the caller gave (the named functions refuse one that does not apply to the pair). */
interface Given { readonly saturate: boolean; readonly roundMode: boolean }

function namedOptions(context: OpContext, options: unknown): { rules: CastRules; out: unknown; given?: Given } {
  if (options === undefined) return { rules: DEFAULT_RULES, out: undefined };
  const own = opOptions(context, options, ['saturate', 'roundMode'] as const);
  const saturate = booleanOption(context, 'saturate', own.saturate, true);
  const roundMode = choiceOption(context, 'roundMode', own.roundMode, ROUND_MODES, 'up');
  return { rules: { saturate, roundMode }, out: own.out, given: { saturate: own.saturate !== undefined, roundMode: own.roundMode !== undefined } };
}

/**
 * The named functions' rule (issue 38): an option that cannot change the result is a mistake worth
 * saying, where runNode keeps the spec's rule of ignoring it. saturate changes only float8 outputs
 * (Cast's attribute text); roundMode only float8e8m0 outputs, and float8e8m0 written as strings (the
 * decimal written reads back under it, cast-convert.ts's formatNumber).
 */
function requireApplies(context: OpContext, from: DataType, to: DataType, given: Given): void {
  if (given.saturate && !(FLOAT8_CAST as readonly DataType[]).includes(to)) {
    throw specError(context, 'saturate', `saturate does not apply to a cast to ${to}: it applies to float8 outputs only (${FLOAT8_CAST.join(', ')})`);
  }
  if (given.roundMode && to !== 'float8e8m0' && !(from === 'float8e8m0' && to === 'string')) {
    throw specError(context, 'roundMode', `roundMode does not apply to a cast to ${to}: it applies to float8e8m0 outputs only (and float8e8m0 to string)`);
  }
}

const FLOAT8_CAST = /* @__PURE__ */ extend(FLOAT8_V19, ['float8e8m0']);

// The short names other libraries use (numpy, PyTorch, WebGPU), each to ours.
const ALIASES: Readonly<Record<string, DataType>> = {
  fp16: 'float16', f16: 'float16', half: 'float16', bf16: 'bfloat16', fp32: 'float32', f32: 'float32', float: 'float32',
  single: 'float32', fp64: 'float64', f64: 'float64', double: 'float64', i8: 'int8', u8: 'uint8', i16: 'int16',
  u16: 'uint16', i32: 'int32', u32: 'uint32', i64: 'int64', u64: 'uint64', int: 'int32', long: 'int64', boolean: 'bool',
  fp8: 'float8e4m3fn', e4m3: 'float8e4m3fn', e5m2: 'float8e5m2', fp4: 'float4e2m1', i4: 'int4', u4: 'uint4',
};

function aliasHint(to: unknown): string {
  if (typeof to !== 'string') return '';
  const key = to.toLowerCase().replace(/^torch\.|^np\./, '');
  const name = isDataType(key) ? key : Object.prototype.hasOwnProperty.call(ALIASES, key) ? ALIASES[key] : undefined;
  return name === undefined ? '' : `; did you mean '${name}'?`;
}

const DEFAULT_RULES: CastRules = /* @__PURE__ */ Object.freeze({ saturate: true, roundMode: 'up' });

function checkRoundMode(context: OpContext, name: string, value: unknown): RoundMode {
  if (!(ROUND_MODES as readonly unknown[]).includes(value)) {
    throw specError(context, name, `${name} must be 'up', 'down' or 'nearest' (got ${describe(value)})`);
  }
  return value as RoundMode;
}

// ---------------------------------------------------------------------------
// runNode: every version of Cast and CastLike

/** ONNX's TensorProto.DataType enum names (Cast-1's `to` is one): FLOAT, DOUBLE, and the rest as our names in capitals. */
function enumName(type: DataType): string {
  return type === 'float32' ? 'FLOAT' : type === 'float64' ? 'DOUBLE' : asciiUpper(type);
}

/** Cast as one version defines it. */
export function runCast(version: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Cast', version: version.since };
  const to = attributes.to;
  if (to === undefined) throw specError(context, 'to', 'the attribute to is required');
  let type: DataType | undefined;
  if (version.since === 1) {
    if (typeof to !== 'string') throw specError(context, 'to', `Cast-1's to must be a DataType enum name such as 'FLOAT' (got ${describe(to)})`);
    type = (Object.keys(DTYPES) as DataType[]).find((t) => sameNameIgnoringAsciiCase(enumName(t), to));
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
// The plan, for the dispatcher

/** One Cast's arguments: the pair, its rules, and the kernel of casts.inc that serves it, if any. */
interface CastArgs {
  readonly context: OpContext;
  readonly from: DataType;
  readonly to: DataType;
  readonly rules: CastRules;
  readonly kernel: string | undefined;
}

/** Cast's kernel (one export; the pair picks the row of casts.inc) and its JS twin (cast-convert.ts). */
const CAST: ConvertOps<CastArgs> = {
  hasKernel: (a) => a.kernel !== undefined,
  kernel: (kernels, x, y, size, a) => kernels.cast(x, y, size, DTYPES[a.from].onnx, DTYPES[a.to].onnx, a.rules.saturate ? 1 : 0),
  loop: (x, y, size, a) => {
    if (a.from === a.to && a.from !== 'string') (y as Uint8Array).set(x as Uint8Array);  // the same type: bits as they are
    else convertInJs(a.context, a.from, a.to, x, size, y as never, a.rules);
  },
};

function castWith(context: OpContext, version: OpVersion, input: unknown, to: DataType, rules: CastRules, out?: unknown, given?: Given): Tensor | ResidentTensor {
  const x = asOperand(input, context, 'input');
  if (given !== undefined) requireApplies(context, x.type, to, given);
  const plan = planCast(context, version, x, to, rules);
  // Never in place: a narrow type read into a wider one would write over elements not yet read.
  return dispatch(plan, out === undefined ? undefined : checkOut(context, out, to, x.size, { inputs: [['input', x]], inPlace: false }));
}

/** The plan: the version's type constraints hold; the pair names its kernel, if one serves it. */
function planCast(context: OpContext, version: OpVersion, x: Tensor | ResidentTensor, to: DataType, rules: CastRules): ConvertPlan<CastArgs> {
  requireType(context, 'input', x.type, version.types.T1);
  if (!version.types.T2.includes(to)) {
    throw specError(context, 'to', `the output type must be one of ${version.types.T2.join(', ')} (got ${to})`);
  }
  // Every op's output fits the memory limit, even one computed in JS (an int2 input cast to float64 grows 32-fold).
  if (to !== 'string') outputSize(context, 'to', x.dims, elementBytes(to));
  if (to === 'string') checkStringCount(context, 'input', x.size);
  const kernel = x.type === to ? undefined : CAST_KERNELS[`${x.type}>${to}`];
  return { kind: 'convert', context, input: x, outType: to, ops: CAST, args: { context, from: x.type, to, rules, kernel } };
}
