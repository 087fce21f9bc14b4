// Numbers to and from the storage of the narrow number formats: float16,
// bfloat16, the five float8 types, float4e2m1, int4, uint4, int2 and uint2.
//
// Followed, from onnx/onnx:
//   docs/Operators.md, Cast (since_version 25; its description is Cast-24's):
//     the two float8 saturate tables, the FLOAT8E8M0 table, and the attributes
//     `saturate` (default 1) and `round_mode` (default "up": "away from zero";
//     "down": "towards zero"; "nearest": "ties round up").
//   docs/docsgen/source/technical/float8.md ("Float stored in 8 bits"):
//     layouts, biases, NaN and zero encodings of E4M3FN, E4M3FNUZ, E5M2, E5M2FNUZ.
//   docs/docsgen/source/technical/float4.md ("Float stored in 4 bits"): E2M1
//     values, its cast table (no NaN or Inf: NaN -> 6, +/-Inf -> +/-6,
//     beyond +/-6 -> +/-6), and the nibble packing.
//   docs/docsgen/source/technical/int4.md, int2.md: round to nearest even, packing.
//   onnx/numpy_helper.py to_float8e8m0: the bit-level meaning of round_mode
//     (nearest compares the first dropped mantissa bit: linear midpoint, ties up).
// Where they disagree, the operator's own text wins:
//   - float8.md's saturate table sends +/-Inf to NaN for the FNUZ types; Cast-25
//     (and onnxruntime) send it to +/-FLT_MAX.
//   - to_float8e8m0 sends Inf to NaN and 0 to 0x00 whatever `saturate` says;
//     Cast-25's table gives Inf -> E8M0_MAX when saturating and 0 -> NaN when
//     not. Out of range is judged on the rounded value, as the float8 tables
//     judge `[x] > FLT_MAX`: below 2^-127 (0 included) is E8M0_MIN when
//     saturating and NaN otherwise; above 2^127 is E8M0_MAX or NaN.
//   - to_float8e8m0 first rounds to float32 and mishandles float32 subnormals;
//     here the double is rounded once, exactly. For normal float32 inputs the
//     two agree. Cast-25 leaves negative inputs unspecified; like
//     to_float8e8m0, the sign is ignored.
// Integer formats round to nearest even, then saturate (as ONNX Cast does for int4 and int2).
import { type Decimal, roundDecimalHalfEven, roundToBinary, roundToPowerOfTwo } from './decimal.js';
import { type IntegerType, roundHalfEven, toInteger } from './convert.js';
import { DTYPES } from './dtype.js';
import type { OpContext } from './errors.js';
import { typedArrayFacts, typedArrayKind } from './typed-array.js';

// ---------------------------------------------------------------------------
// The formats

/** What a float format does with a value beyond its largest finite one. */
type Overflow = 'max' | 'inf' | 'nan';

interface FloatFormat {
  readonly kind: 'float';
  readonly exponentBits: number;
  readonly mantissaBits: number;
  readonly bias: number;
  /** IEEE-style: the all-ones exponent holds +/-Inf (zero mantissa) and NaNs. */
  readonly hasInf: boolean;
  /**
   * Which codes are NaN: 'ieee' all-ones exponent with a non-zero mantissa;
   * 'all-ones' only S.1111.111; 'negative-zero' only 1.0000.000 (FNUZ); 'none'.
   */
  readonly nan: 'ieee' | 'all-ones' | 'negative-zero' | 'none';
  /**
   * The code NaN encodes to (float4e2m1, which has none: +6); the NaN an
   * overflow becomes, with the overflow's sign where the format has signed NaNs.
   */
  readonly canonicalNaN: number;
  readonly hasNegativeZero: boolean;
  /** Overflow (and +/-Inf) with saturate true, and with saturate false. */
  readonly overflow: { readonly saturate: Overflow; readonly noSaturate: Overflow };
}

/** float8e8m0: an unsigned power of two, 2^(code - 127); 0xFF is NaN; no zero. */
interface ExponentFormat {
  readonly kind: 'exponent';
  readonly exponentBits: 8;
  readonly bias: 127;
  readonly nanCode: 0xff;
}

interface IntFormat {
  readonly kind: 'int';
  readonly bits: number;
  readonly min: number;
  readonly max: number;
}

export type Format = FloatFormat | ExponentFormat | IntFormat;

export const FORMATS = {
  float16: {
    kind: 'float', exponentBits: 5, mantissaBits: 10, bias: 15, hasInf: true, nan: 'ieee',
    canonicalNaN: 0x7e00, hasNegativeZero: true, overflow: { saturate: 'inf', noSaturate: 'inf' },
  },
  bfloat16: {
    kind: 'float', exponentBits: 8, mantissaBits: 7, bias: 127, hasInf: true, nan: 'ieee',
    canonicalNaN: 0x7fc0, hasNegativeZero: true, overflow: { saturate: 'inf', noSaturate: 'inf' },
  },
  float8e4m3fn: {
    kind: 'float', exponentBits: 4, mantissaBits: 3, bias: 7, hasInf: false, nan: 'all-ones',
    canonicalNaN: 0x7f, hasNegativeZero: true, overflow: { saturate: 'max', noSaturate: 'nan' },
  },
  float8e4m3fnuz: {
    kind: 'float', exponentBits: 4, mantissaBits: 3, bias: 8, hasInf: false, nan: 'negative-zero',
    canonicalNaN: 0x80, hasNegativeZero: false, overflow: { saturate: 'max', noSaturate: 'nan' },
  },
  float8e5m2: {
    kind: 'float', exponentBits: 5, mantissaBits: 2, bias: 15, hasInf: true, nan: 'ieee',
    canonicalNaN: 0x7f, hasNegativeZero: true, overflow: { saturate: 'max', noSaturate: 'inf' },
  },
  float8e5m2fnuz: {
    kind: 'float', exponentBits: 5, mantissaBits: 2, bias: 16, hasInf: false, nan: 'negative-zero',
    canonicalNaN: 0x80, hasNegativeZero: false, overflow: { saturate: 'max', noSaturate: 'nan' },
  },
  float8e8m0: { kind: 'exponent', exponentBits: 8, bias: 127, nanCode: 0xff },
  float4e2m1: {
    kind: 'float', exponentBits: 2, mantissaBits: 1, bias: 1, hasInf: false, nan: 'none',
    canonicalNaN: 0x7, hasNegativeZero: true, overflow: { saturate: 'max', noSaturate: 'max' },
  },
  int4: { kind: 'int', bits: 4, min: -8, max: 7 },
  uint4: { kind: 'int', bits: 4, min: 0, max: 15 },
  int2: { kind: 'int', bits: 2, min: -2, max: 1 },
  uint2: { kind: 'int', bits: 2, min: 0, max: 3 },
} as const satisfies Record<string, Format>;

/** The types `encode` and `decode` cover. */
export type NarrowType = keyof typeof FORMATS;

/** The narrow types `encode` and `decode` convert: float16, bfloat16, the float8 and float4 types, int4, uint4, int2, uint2. */
export const NARROW_TYPES: readonly NarrowType[] = Object.freeze(Object.keys(FORMATS) as NarrowType[]);

export function isNarrowType(type: unknown): type is NarrowType {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(FORMATS, type);
}

/** How `encode` rounds to float8e8m0 (ONNX Cast `round_mode`). */
/** float8e8m0's round modes (Cast-24's round_mode), 'up' the default. */
export const ROUND_MODES = ['up', 'down', 'nearest'] as const;
/** One of ROUND_MODES. */
export type RoundMode = (typeof ROUND_MODES)[number];

/** ONNX Cast's attributes, as `encode` takes them. */
export interface EncodeOptions {
  /**
   * float8 types only (float8e8m0 included): true (the default) turns
   * out-of-range values and +/-Inf into the largest finite value; false turns
   * them into Inf (float8e5m2) or NaN (the others), as ONNX Cast's tables say.
   */
  readonly saturate?: boolean;
  /**
   * float8e8m0 only: 'up' (the default) rounds to the power of two at or above
   * |x|, 'down' to the one at or below, 'nearest' to the nearer one, ties up.
   */
  readonly roundMode?: RoundMode;
}

// ---------------------------------------------------------------------------
// Exact binary arithmetic on doubles

const scratch = new DataView(new ArrayBuffer(8));

/** 2^n, built from its bits (n in [-1022, 1023]) so no pow() rounding can creep in. */
function pow2(n: number): number {
  scratch.setUint32(0, (n + 1023) << 20);
  scratch.setUint32(4, 0);
  return scratch.getFloat64(0);
}

/** floor(log2(a)) of a finite a > 0; -1023 for every subnormal double (all far below any format here). */
function exponentOf(a: number): number {
  scratch.setFloat64(0, a);
  return ((scratch.getUint32(0) >>> 20) & 0x7ff) - 1023;
}

// ---------------------------------------------------------------------------
// Float formats

interface FloatConstants {
  readonly signBit: number;
  readonly maxCode: number;
  readonly infCode: number;
}

const floatConstants = new Map<FloatFormat, FloatConstants>();

function constantsOf(f: FloatFormat): FloatConstants {
  let c = floatConstants.get(f);
  if (c === undefined) {
    const topExponent = 2 ** f.exponentBits - 1;
    const fullMantissa = 2 ** f.mantissaBits - 1;
    const maxCode =
      f.hasInf ? (topExponent - 1) * 2 ** f.mantissaBits + fullMantissa
      : f.nan === 'all-ones' ? topExponent * 2 ** f.mantissaBits + fullMantissa - 1
      : topExponent * 2 ** f.mantissaBits + fullMantissa;
    c = {
      signBit: 2 ** (f.exponentBits + f.mantissaBits),
      maxCode,
      infCode: topExponent * 2 ** f.mantissaBits,
    };
    floatConstants.set(f, c);
  }
  return c;
}

/**
 * The unsigned code of |x| rounded to nearest even with the format's
 * precision and subnormals but no upper exponent limit: above maxCode means
 * overflow. Scaling by a power of two is exact, so the only rounding is the
 * one roundHalfEven does.
 */
function roundMagnitude(f: FloatFormat, a: number): number {
  if (a === 0) return 0;
  const minExponent = 1 - f.bias;
  const k = Math.max(exponentOf(a), minExponent);
  const r = roundHalfEven(a * pow2(f.mantissaBits - k));
  // r counts units of 2^(k - mantissaBits); a carry into 2^(mantissaBits+1) moves into the exponent field by itself.
  return (k - minExponent) * 2 ** f.mantissaBits + r;
}

export function encodeFloat(f: FloatFormat, x: number, saturate: boolean): number {
  if (Number.isNaN(x)) return f.canonicalNaN;
  const c = constantsOf(f);
  const sign = x < 0 || Object.is(x, -0) ? c.signBit : 0;
  const a = Math.abs(x);
  let code = a === Infinity ? Infinity : roundMagnitude(f, a);
  if (code > c.maxCode) {
    const outcome = saturate ? f.overflow.saturate : f.overflow.noSaturate;
    if (outcome === 'nan') return f.nan === 'negative-zero' ? f.canonicalNaN : sign | f.canonicalNaN;
    code = outcome === 'inf' ? c.infCode : c.maxCode;
  }
  return code === 0 && !f.hasNegativeZero ? 0 : sign | code;
}

function decodeFloat(f: FloatFormat, code: number): number {
  const c = constantsOf(f);
  const negative = code >= c.signBit;
  const magnitude = negative ? code - c.signBit : code;
  const exponent = Math.floor(magnitude / 2 ** f.mantissaBits);
  const mantissa = magnitude % 2 ** f.mantissaBits;
  const topExponent = 2 ** f.exponentBits - 1;
  switch (f.nan) {
    case 'ieee':
      if (exponent === topExponent) return mantissa === 0 ? (negative ? -Infinity : Infinity) : NaN;
      break;
    case 'all-ones':
      if (magnitude === c.maxCode + 1) return NaN;
      break;
    case 'negative-zero':
      if (code === c.signBit) return NaN;
      break;
    case 'none':
      break;
  }
  const value = exponent === 0
    ? mantissa * pow2(1 - f.bias - f.mantissaBits)
    : (2 ** f.mantissaBits + mantissa) * pow2(exponent - f.bias - f.mantissaBits);
  return negative ? -value : value;
}

// ---------------------------------------------------------------------------
// float8e8m0

export function encodeExponent(f: ExponentFormat, x: number, saturate: boolean, roundMode: RoundMode): number {
  if (Number.isNaN(x)) return f.nanCode;
  const maxCode = f.nanCode - 1;
  const underflow = saturate ? 0 : f.nanCode;
  const overflow = saturate ? maxCode : f.nanCode;
  const a = Math.abs(x);
  if (a === Infinity) return overflow;
  if (a === 0) return underflow;
  const e = exponentOf(a);
  const ratio = a / pow2(Math.max(e, -1022));  // in [1, 2) for normal doubles; subnormals underflow whatever it is
  const k = roundMode === 'down' ? e
    : roundMode === 'up' ? (ratio > 1 ? e + 1 : e)
    : (ratio >= 1.5 ? e + 1 : e);
  const code = k + f.bias;
  if (code < 0) return underflow;
  if (code > maxCode) return overflow;
  return code;
}

function decodeExponent(f: ExponentFormat, code: number): number {
  return code === f.nanCode ? NaN : pow2(code - f.bias);
}

/** encode()'s context: the errors of its codecs name it. */
export const ENCODE: OpContext = { op: 'encode' };

export function bitsOf(type: NarrowType): number {
  return DTYPES[type].bits;
}

// ---------------------------------------------------------------------------
// Integer formats

export function encodeInt(f: IntFormat, x: number, type: IntegerType, index: number): number {
  const value = toInteger(ENCODE, 'values', type, x, index, 'cast') as number;
  return value < 0 ? value + 2 ** f.bits : value;  // two's complement
}

function decodeInt(f: IntFormat, code: number): number {
  return f.min < 0 && code > f.max ? code - 2 ** f.bits : code;
}

/**
 * A narrow type's storage back to numbers, exactly: one number per element
 * (packed types unpacked, padding bits ignored), NaN codes to NaN, negative
 * zero to -0, float16/bfloat16/float8e5m2 infinities to +/-Inf. `data` is a
 * checked storage array (a Float16Array too) holding at least `size` elements.
 */
export function decodeStorage(type: NarrowType, data: ArrayBufferView, size: number): number[] {
  const format: Format = FORMATS[type];
  // The storage's bits as unsigned integers, whatever realm or class holds them (a Float16Array too).
  const facts = typedArrayFacts(data, typedArrayKind(data)!);
  const storage = facts.kind === 'Uint8Array' ? new Uint8Array(facts.buffer, facts.byteOffset, facts.length)
    : new Uint16Array(facts.buffer, facts.byteOffset, facts.length);
  const bits = bitsOf(type);
  const perByte = bits < 8 ? 8 / bits : 1;
  const mask = 2 ** bits - 1;
  const out = new Array<number>(size);
  for (let i = 0; i < size; i++) {
    const code = perByte === 1 ? storage[i] : (storage[Math.floor(i / perByte)] >> (bits * (i % perByte))) & mask;
    out[i] = format.kind === 'float' ? decodeFloat(format, code)
      : format.kind === 'exponent' ? decodeExponent(format, code)
      : decodeInt(format, code);
  }
  return out;
}

/**
 * Elements [start, start + count) of a narrow type's storage (as
 * decodeStorage reads it) into `target`, a typed array: the chunked reader
 * for conversions of any length (a number[] of every element would pass the
 * engines' Array limit near 2^27).
 */
export function decodeInto(type: NarrowType, data: ArrayBufferView, start: number, count: number, target: Float64Array): void {
  const format: Format = FORMATS[type];
  const facts = typedArrayFacts(data, typedArrayKind(data)!);
  const storage = facts.kind === 'Uint8Array' ? new Uint8Array(facts.buffer, facts.byteOffset, facts.length)
    : new Uint16Array(facts.buffer, facts.byteOffset, facts.length);
  const bits = bitsOf(type);
  const perByte = bits < 8 ? 8 / bits : 1;
  const mask = 2 ** bits - 1;
  for (let k = 0; k < count; k++) {
    const i = start + k;
    const code = perByte === 1 ? storage[i] : (storage[Math.floor(i / perByte)] >> (bits * (i % perByte))) & mask;
    target[k] = format.kind === 'float' ? decodeFloat(format, code)
      : format.kind === 'exponent' ? decodeExponent(format, code)
      : decodeInt(format, code);
  }
}

/**
 * One number to its narrow code, as `encode` converts it (Cast's converter
 * for narrow outputs: one rounding, the same tables). Integer formats have no
 * NaN: the caller maps it first.
 */
export function encodeOne(type: NarrowType, x: number, saturate: boolean, roundMode: RoundMode): number {
  const format: Format = FORMATS[type];
  return format.kind === 'float' ? encodeFloat(format, x, saturate)
    : format.kind === 'exponent' ? encodeExponent(format, x, saturate, roundMode)
    : encodeInt(format, x, type as IntegerType, 0);
}

/**
 * An exact decimal to its narrow code, rounded once, directly from the
 * decimal (decimal.ts), by the same rules as `encodeOne`: float formats to
 * nearest even at their precision (then their overflow rule), float8e8m0 by
 * `roundMode`, integer formats to nearest even and clamped.
 */
export function decimalCode(type: NarrowType, d: Decimal, saturate: boolean, roundMode: RoundMode): number {
  const format: Format = FORMATS[type];
  if (format.kind === 'float') return encodeFloat(format, roundToBinary(d, format.mantissaBits + 1, 1 - format.bias), saturate);
  if (format.kind === 'exponent') return encodeExponent(format, roundToPowerOfTwo(d, roundMode), saturate, roundMode);
  const n = roundDecimalHalfEven(d);
  const clamped = n < BigInt(format.min) ? format.min : n > BigInt(format.max) ? format.max : Number(n);
  return clamped < 0 ? clamped + 2 ** format.bits : clamped;
}
