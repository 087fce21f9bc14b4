// Cast's conversions in JavaScript, for every pair of types: the twin of the
// SIMD128 kernels (cast-pairs in generated/casts.ts says which pairs those
// serve), and the only path for the rest. Each element is read exactly
// (numbers as doubles, int64 and uint64 as bigints, strings parsed) and
// rounded once into the output type. The rules (docs/number-formats.md, "Cast"):
//   float -> float: round to nearest even; float8 types by `saturate`,
//     float8e8m0 by `roundMode` (the narrow formats are tw.encode's own code).
//   float -> integer: truncate toward zero; NaN -> 0; beyond the range ->
//     the nearest end (saturate), as onnxruntime-web's (WebAssembly's
//     trunc_sat) conversion does for 32- and 64-bit outputs, here at every width.
//   integer -> integer: keep the low bits (two's complement wrap).
//   anything -> int4, uint4, int2, uint2: round to nearest even, then clamp
//     (the ONNX reference's rule for the sub-byte integers); NaN -> 0.
//   bool: 0 (and -0) is false, everything else (NaN too) true; true is 1.
//   string -> number: "NaN", "INF", "+INF", "-INF" in any case, or a decimal
//     literal (plain or scientific, any length and exponent), read exactly
//     and rounded once, directly into the output type (decimal.ts: no
//     intermediate double); to an integer, truncated toward zero
//     ("100.5" -> 100); anything else is refused.
//   number -> string: the shortest decimal that reads back to the same value
//     of the input type under the same rules (float8e8m0: this Cast's
//     roundMode), in JavaScript's number notation; NaN, INF, -INF, -0.
import { integerRange, isIntegerType } from '../convert.js';
import { DTYPES, type DataType, isPacked } from '../dtype.js';
import { type OpContext, describe, specError } from '../errors.js';
import { type Literal, parseDecimal, roundToBinary, shortestDecimal, truncateDecimal } from '../decimal.js';
import { type NarrowType, type RoundMode, decimalCode, decodeInto, decodeStorage, encodeOne, isNarrowType } from '../formats.js';
import { keepNaNBits } from './cast-nans.js';

/** Cast's attributes, as the op resolved them. */
export interface CastRules {
  readonly saturate: boolean;
  readonly roundMode: RoundMode;
}

type Numbers = ArrayLike<number>;
type Store = { [index: number]: number | bigint | string; length: number };

// The whole-byte integer types' ranges, from the data type table (convert.ts's integerRange): as numbers up to 32 bits, bigints for 64.
// Made by a pure call, so that a bundle without Cast drops them.
const INTEGER_RANGES: Partial<Record<DataType, readonly [number, number]>> = /* @__PURE__ */ wholeByteRanges((min, max) => [Number(min), Number(max)], false);
const BIG_RANGES: Partial<Record<DataType, readonly [bigint, bigint]>> = /* @__PURE__ */ wholeByteRanges((min, max) => [min, max], true);

function wholeByteRanges<R>(as: (min: bigint, max: bigint) => R, wide: boolean): Partial<Record<DataType, R>> {
  const ranges: Partial<Record<DataType, R>> = {};
  for (const type of Object.keys(DTYPES) as DataType[]) {
    if (!isIntegerType(type) || DTYPES[type].bits < 8 || (DTYPES[type].bits === 64) !== wide) continue;
    const [min, max] = integerRange(type);
    ranges[type] = as(min, max);
  }
  return ranges;
}
const SUB_BYTE_INTEGERS = new Set<DataType>(['int4', 'uint4', 'int2', 'uint2']);
/** Whether a type holds floating-point values (Cast's "floating point" side of its rules): the data type table's kind. */
export function isFloatType(type: DataType): boolean {
  return DTYPES[type].kind === 'float';
}

/**
 * Converts `n` elements of `from` (its storage, as a Tensor holds it) into
 * `y`, zeroed storage of `to` for n elements (packed types packed).
 */
export function convertInJs(context: OpContext, from: DataType, to: DataType, x: unknown, n: number, y: Store, rules: CastRules): void {
  if (byTable(from, to)) convertByTable(context, from, to, x as ArrayBufferView, n, y, rules);
  else convertDirect(context, from, to, x, n, y, rules);
}

// A source of 8 bits or fewer has at most 256 codes: its conversion to any
// unpacked output of one slot is a table of them, made once by the direct
// conversion below and indexed per element (0.3 us per element became ~1 ns
// for float8e4m3fn -> float32 in Node).
const byTable = (from: DataType, to: DataType) => from !== 'string' && to !== 'string' && DTYPES[from].bits <= 8
  && DTYPES[to].bits >= 8 && DTYPES[to].slots === 1;

const TABLES = new Map<string, Store>();

function convertByTable(context: OpContext, from: DataType, to: DataType, x: ArrayBufferView, n: number, y: Store, rules: CastRules): void {
  const bits = DTYPES[from].bits;
  const key = `${from} ${to} ${rules.saturate} ${rules.roundMode}`;
  let table = TABLES.get(key);
  if (table === undefined) {
    const count = 2 ** bits;
    const codes = new Uint8Array(Math.ceil((count * bits) / 8));
    for (let c = 0; c < count; c++) codes[(c * bits) >> 3] |= c << ((c * bits) & 7);
    const input = from === 'int8' ? new Int8Array(codes.buffer) : codes;
    table = new (y.constructor as new (n: number) => Store)(count);
    convertDirect(context, from, to, input, count, table, rules);
    TABLES.set(key, table);
  }
  const bytes = new Uint8Array(x.buffer, x.byteOffset, Math.ceil((n * bits) / 8));
  if (bits === 8) {
    for (let i = 0; i < n; i++) y[i] = table[bytes[i]];
  } else if (bits === 4) {
    const pairs = n >> 1;
    for (let k = 0; k < pairs; k++) { const b = bytes[k]; y[2 * k] = table[b & 15]; y[2 * k + 1] = table[b >> 4]; }
    if (n & 1) y[n - 1] = table[bytes[pairs] & 15];
  } else {
    for (let i = 0; i < n; i++) y[i] = table[(bytes[i >> 2] >> ((i & 3) << 1)) & 3];
  }
}

function convertDirect(context: OpContext, from: DataType, to: DataType, x: unknown, n: number, y: Store, rules: CastRules): void {
  if (from === 'string') {
    convertStrings(context, to, x as readonly string[], n, y, rules);
  } else if (from === 'int64' || from === 'uint64') {
    convertBigInts(to, x as ArrayLike<bigint>, n, y, rules);
  } else if (isNarrowType(from) && to !== 'string') {
    convertNarrowInChunks(from, to, x as ArrayBufferView, n, y as unknown as ArrayBufferView, rules);
    keepNaNBits(from, to, x as ArrayBufferView, n, y as unknown as ArrayBufferView);
  } else {
    convertNumbers(from, to, numbersOf(from, x, n), n, y, rules);
    keepNaNBits(from, to, x as ArrayBufferView, n, y as unknown as ArrayBufferView);
  }
}

// A narrow input is decoded a chunk at a time into one Float64Array: never a
// JS Array of every element (engines cap those near 2^27: a 64 MiB int4
// input failed with "RangeError: Invalid array length"). A multiple of 4, so
// every chunk starts on a whole byte of a packed output.
const NARROW_CHUNK = 65536;

function convertNarrowInChunks(from: NarrowType, to: DataType, x: ArrayBufferView, n: number, y: ArrayBufferView, rules: CastRules): void {
  const values = new Float64Array(Math.min(n, NARROW_CHUNK));
  const bits = DTYPES[to].bits;
  const slotsPerElement = DTYPES[to].slots;
  const perByte = bits > 0 && bits < 8 ? 8 / bits : 1;
  const ys = y as unknown as { subarray(begin: number): Store };
  for (let start = 0; start < n; start += NARROW_CHUNK) {
    const count = Math.min(NARROW_CHUNK, n - start);
    decodeInto(from, x, start, count, values);
    const slot = perByte === 1 ? start * slotsPerElement : start / perByte;
    convertNumbers(from, to, values, count, ys.subarray(slot), rules);
  }
}

// ---------------------------------------------------------------------------
// Reading: every type but int64, uint64 and string as exact doubles

function numbersOf(type: DataType, x: unknown, n: number): Numbers {
  if (isNarrowType(type)) return decodeStorage(type, x as ArrayBufferView, n);
  if (type === 'bool') {
    const bytes = x as Uint8Array;
    const values = new Uint8Array(n);
    for (let i = 0; i < n; i++) values[i] = bytes[i] !== 0 ? 1 : 0;
    return values;
  }
  return x as Numbers;  // float32, float64, int8 .. uint32: the storage reads as the values
}

// ---------------------------------------------------------------------------
// Writing from exact doubles

function convertNumbers(from: DataType, to: DataType, v: Numbers, n: number, y: Store, rules: CastRules): void {
  const fromFloat = isFloatType(from);
  const range = INTEGER_RANGES[to];
  if (to === 'float32' || to === 'float64') {
    for (let i = 0; i < n; i++) y[i] = v[i];  // the store rounds to nearest even (float32), once
  } else if (range !== undefined) {
    if (!fromFloat) {
      for (let i = 0; i < n; i++) y[i] = v[i];  // integers: the store keeps the low bits
    } else {
      const [min, max] = range;
      for (let i = 0; i < n; i++) y[i] = truncateSaturating(v[i], min, max);
    }
  } else if (to === 'int64' || to === 'uint64') {
    for (let i = 0; i < n; i++) y[i] = fromFloat ? bigFromFloat(v[i], to) : BigInt(v[i]);  // the store wraps
  } else if (to === 'bool') {
    for (let i = 0; i < n; i++) y[i] = v[i] !== 0 ? 1 : 0;  // NaN !== 0: true
  } else if (to === 'string') {
    for (let i = 0; i < n; i++) y[i] = formatNumber(from, v[i], rules);
  } else {
    writeNarrow(to as NarrowType, (i) => v[i], n, y, rules);
  }
}

function truncateSaturating(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(max, Math.max(min, Math.trunc(value))) + 0;  // + 0: -0 is 0
}

function bigFromFloat(value: number, to: 'int64' | 'uint64'): bigint {
  if (Number.isNaN(value)) return 0n;
  const [min, max] = BIG_RANGES[to]!;
  if (value === Infinity) return max;
  if (value === -Infinity) return min;
  const t = BigInt(Math.trunc(value));
  return t < min ? min : t > max ? max : t;
}

/** A value's code in a narrow type: tw.encode's converter; the sub-byte integers take NaN as 0. */
function narrowCode(to: NarrowType, value: number, rules: CastRules): number {
  const v = Number.isNaN(value) && SUB_BYTE_INTEGERS.has(to) ? 0 : value;
  return encodeOne(to, v, rules.saturate, rules.roundMode);
}

/** Narrow outputs: one code per element, packed two or four to a byte for the 4- and 2-bit types. */
function writeNarrow(to: NarrowType, value: (i: number) => number, n: number, y: Store, rules: CastRules): void {
  writeCodes(to, (i) => narrowCode(to, value(i), rules), n, y);
}

/** Codes into y: packed types a whole byte at a time, so whatever y held (a reused out) is replaced, never ORed into. */
function writeCodes(to: NarrowType, code: (i: number) => number, n: number, y: Store): void {
  if (!isPacked(to)) {
    for (let i = 0; i < n; i++) y[i] = code(i);
    return;
  }
  const bits = DTYPES[to].bits;
  const perByte = 8 / bits;
  for (let slot = 0, i = 0; i < n; slot++) {
    let byte = 0;
    for (let k = 0; k < perByte && i < n; k++, i++) byte |= code(i) << (bits * k);
    y[slot] = byte;  // unused bits of the last byte 0
  }
}

// ---------------------------------------------------------------------------
// int64 and uint64: exact as bigints

function convertBigInts(to: DataType, x: ArrayLike<bigint>, n: number, y: Store, rules: CastRules): void {
  const range = INTEGER_RANGES[to];
  if (to === 'int64' || to === 'uint64') {
    for (let i = 0; i < n; i++) y[i] = x[i];  // the store wraps
  } else if (range !== undefined) {
    const bits = DTYPES[to].bits;
    const signed = range[0] < 0;
    for (let i = 0; i < n; i++) y[i] = Number(signed ? BigInt.asIntN(bits, x[i]) : BigInt.asUintN(bits, x[i]));
  } else if (to === 'float64') {
    for (let i = 0; i < n; i++) y[i] = Number(x[i]);  // rounds to nearest even, once
  } else if (to === 'bool') {
    for (let i = 0; i < n; i++) y[i] = x[i] !== 0n ? 1 : 0;
  } else if (to === 'string') {
    for (let i = 0; i < n; i++) y[i] = x[i].toString();
  } else if (to === 'float32') {
    for (let i = 0; i < n; i++) y[i] = roundedToOdd(x[i]);
  } else if (SUB_BYTE_INTEGERS.has(to)) {
    writeNarrow(to as NarrowType, (i) => Number(clampBig(x[i], -16n, 16n)), n, y, rules);
  } else {
    writeNarrow(to as NarrowType, (i) => roundedToOdd(x[i]), n, y, rules);
  }
}

function clampBig(value: bigint, min: bigint, max: bigint): bigint {
  return value < min ? min : value > max ? max : value;
}

/**
 * A bigint as a double rounded to odd at 53 bits: the dropped bits leave a
 * sticky 1 in the last place. Rounding that once more to any format of at
 * most 51 bits gives the same as rounding the bigint directly (no double
 * rounding), which Number() alone would not.
 */
export function roundedToOdd(value: bigint): number {
  const negative = value < 0n;
  let magnitude = negative ? -value : value;
  const length = magnitude.toString(2).length;
  if (length <= 53) return Number(value);
  const dropped = BigInt(length - 53);
  let kept = magnitude >> dropped;
  if (kept << dropped !== magnitude) kept |= 1n;
  magnitude = kept;
  const result = Number(magnitude) * 2 ** (length - 53);
  return negative ? -result : result;
}

// ---------------------------------------------------------------------------
// Strings in: decimal.ts's exact parser, rounded once into the output type

function literal(context: OpContext, text: string, index: number): Literal {
  const parsed = parseDecimal(text);
  if (parsed === undefined) {
    throw specError(context, 'input', `input[${index}] must be a number literal, "NaN", "INF", "+INF" or "-INF" (got ${describe(text)})`);
  }
  return parsed;
}

/** A literal as a double, for the narrow formats' NaN and infinities (finite ones never pass through a double). */
function special(p: Literal): number {
  return p.kind === 'nan' ? NaN : p.kind === 'infinity' ? (p.negative ? -Infinity : Infinity) : 0;
}

function convertStrings(context: OpContext, to: DataType, x: readonly string[], n: number, y: Store, rules: CastRules): void {
  if (to === 'string') {
    for (let i = 0; i < n; i++) y[i] = x[i];
    return;
  }
  const range = INTEGER_RANGES[to];
  const bigRange = BIG_RANGES[to];
  if (range !== undefined || bigRange !== undefined) {
    const [min, max] = bigRange ?? [BigInt(range![0]), BigInt(range![1])];
    for (let i = 0; i < n; i++) {
      const p = literal(context, x[i], i);
      const t = p.kind === 'nan' ? 0n : p.kind === 'infinity' ? (p.negative ? min : max) : clampBig(truncateDecimal(p), min, max);
      y[i] = bigRange !== undefined ? t : Number(t);
    }
  } else if (to === 'bool') {
    for (let i = 0; i < n; i++) {
      const p = literal(context, x[i], i);
      y[i] = p.kind === 'finite' && p.digits === 0n ? 0 : 1;  // NaN and the infinities are true
    }
  } else if (to === 'float64' || to === 'float32') {
    const [precision, minExponent] = to === 'float64' ? [53, -1022] : [24, -126];
    for (let i = 0; i < n; i++) {
      const p = literal(context, x[i], i);
      y[i] = p.kind === 'finite' ? roundToBinary(p, precision, minExponent) : special(p);  // exact: the store does not round again
    }
  } else {
    const narrow = to as NarrowType;
    writeCodes(narrow, (i) => {
      const p = literal(context, x[i], i);
      return p.kind === 'finite' ? decimalCode(narrow, p, rules.saturate, rules.roundMode) : narrowCode(narrow, special(p), rules);
    }, n, y);
  }
}

// ---------------------------------------------------------------------------
// Strings out: the shortest decimal that reads back, by the same rules

function formatNumber(from: DataType, value: number, rules: CastRules): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'INF';
  if (value === -Infinity) return '-INF';
  if (Object.is(value, -0)) return '-0';
  if (!isFloatType(from) || from === 'float64' || value === 0) return String(value);
  if (from === 'float32') return shortestDecimal(value, (d) => roundToBinary(d, 24, -126) === value);
  // The narrow formats: read back as Cast from string reads, under this Cast's roundMode (float8e8m0), and
  // without saturation (the largest value is not written as some larger decimal that saturates to it).
  const narrow = from as NarrowType;
  const code = encodeOne(narrow, value, false, rules.roundMode);
  return shortestDecimal(value, (d) => decimalCode(narrow, d, false, rules.roundMode) === code);
}
