// An independent reference for Cast, written from the rules as docs/using-ops.md
// states them, sharing nothing with the library's converters: narrow outputs
// are found by searching the output type's table of values (every code
// decoded by tw.decode) for the nearest one, ties to the even code, instead
// of rounding arithmetic; integers and bool by their definitions.
import * as tw from 'tessera-wasm';

export const FLOAT_TYPES = new Set([
  'float16', 'float32', 'float64', 'bfloat16', 'float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz',
  'float4e2m1', 'float8e8m0',
]);
const INT_BITS: Record<string, [number, boolean]> = {
  int8: [8, true], uint8: [8, false], int16: [16, true], uint16: [16, false], int32: [32, true], uint32: [32, false],
};
const SUB_BYTE: Record<string, [number, number]> = { int4: [-8, 7], uint4: [0, 15], int2: [-2, 1], uint2: [0, 3] };

/** What overflow and +/-Inf become in each narrow float type, saturating or not (Cast-25's tables). */
const OVERFLOW: Record<string, { saturate: 'max' | 'inf' | 'nan'; plain: 'max' | 'inf' | 'nan'; nan: number; signedNaN: boolean }> = {
  float16: { saturate: 'inf', plain: 'inf', nan: 0x7e00, signedNaN: false },
  bfloat16: { saturate: 'inf', plain: 'inf', nan: 0x7fc0, signedNaN: false },
  float8e4m3fn: { saturate: 'max', plain: 'nan', nan: 0x7f, signedNaN: true },
  float8e4m3fnuz: { saturate: 'max', plain: 'nan', nan: 0x80, signedNaN: false },
  float8e5m2: { saturate: 'max', plain: 'inf', nan: 0x7f, signedNaN: false },
  float8e5m2fnuz: { saturate: 'max', plain: 'nan', nan: 0x80, signedNaN: false },
  float4e2m1: { saturate: 'max', plain: 'max', nan: 0x7, signedNaN: false },
};

interface Table { codes: number[]; values: number[]; signBit: number; infCode?: number; maxCode: number; negativeZero: boolean }
const tables = new Map<string, Table>();

/** The non-negative finite values of a narrow float type, ascending, with their codes. */
function tableOf(type: string): Table {
  let table = tables.get(type);
  if (table) return table;
  const bits: number = tw.DTYPES[type as tw.DataType].bits;
  const count = 2 ** bits;
  const storage = bits === 16 ? new Uint16Array(count) : new Uint8Array(Math.ceil((count * bits) / 8));
  for (let c = 0; c < count; c++) {
    if (bits === 4) storage[c >> 1] |= c << (4 * (c & 1));
    else storage[c] = c;
  }
  const decoded = tw.decode(new tw.Tensor(type as 'float16', storage as Uint16Array, [count]));
  const signBit = count / 2;
  const codes: number[] = [];
  const values: number[] = [];
  let infCode: number | undefined;
  for (let c = 0; c < signBit; c++) {
    const v = decoded[c];
    if (v === Infinity) infCode = c;
    if (Number.isFinite(v)) { codes.push(c); values.push(v); }
  }
  table = { codes, values, signBit, infCode, maxCode: codes[codes.length - 1], negativeZero: Object.is(decoded[signBit], -0) };
  tables.set(type, table);
  return table;
}

/** A narrow float's code for v: the nearest value, ties to the even code, then Cast-25's overflow table. */
export function nearestCode(type: string, v: number, saturate: boolean): number {
  const rule = OVERFLOW[type];
  const t = tableOf(type);
  if (Number.isNaN(v)) return rule.nan;
  const negative = v < 0 || Object.is(v, -0);
  const a = Math.abs(v);
  let code: number;
  let overflow = a === Infinity;
  if (!overflow) {
    const { values, codes } = t;
    const top = values[values.length - 1];
    const beyond = top + (top - values[values.length - 2]);  // the next value the exponent range cuts off
    let i = 0;  // the first value >= a, by bisection
    let end = values.length;
    while (i < end) {
      const mid = (i + end) >> 1;
      if (values[mid] < a) i = mid + 1; else end = mid;
    }
    if (i < values.length && values[i] === a) {
      code = codes[i];
    } else {
      const lo = i - 1;
      const hiValue = i < values.length ? values[i] : beyond;
      const hiCode = i < values.length ? codes[i] : t.maxCode + 1;
      const dLo = a - values[lo];
      const dHi = hiValue - a;
      code = dLo < dHi ? codes[lo] : dHi < dLo ? hiCode : codes[lo] % 2 === 0 ? codes[lo] : hiCode;
      if (a > beyond) code = t.maxCode + 1;
    }
    overflow = code > t.maxCode;
  }
  if (overflow) {
    const outcome = saturate ? rule.saturate : rule.plain;
    if (outcome === 'nan') return rule.signedNaN && negative ? rule.nan | t.signBit : rule.nan;
    code = outcome === 'inf' ? t.infCode! : t.maxCode;
  }
  if (code! === 0 && !t.negativeZero) return 0;
  return negative ? code! | t.signBit : code!;
}

/** float8e8m0: the power of two `roundMode` picks (unbounded exponent), then its range. */
export function e8m0Code(v: number, saturate: boolean, roundMode: string): number {
  if (Number.isNaN(v)) return 0xff;
  const a = Math.abs(v);
  if (a === Infinity) return saturate ? 0xfe : 0xff;
  if (a === 0) return saturate ? 0 : 0xff;
  let k = 0;
  while (2 ** k > a) k--;
  while (2 ** (k + 1) <= a) k++;  // 2^k <= a < 2^(k+1)
  const lower = 2 ** k;
  if (roundMode === 'up' && a > lower) k++;
  if (roundMode === 'nearest' && a >= 1.5 * lower) k++;
  if (2 ** k === 0) return saturate ? 0 : 0xff;  // below every double: far below 2^-127
  if (k < -127) return saturate ? 0 : 0xff;
  if (k > 127) return saturate ? 0xfe : 0xff;
  return k + 127;
}

function roundHalfEven(v: number): number {
  const f = Math.floor(v);
  const d = v - f;
  return d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
}

/** The expected output element (a number, bigint or code) for an exact input value of a numeric type. */
export function expected(fromFloat: boolean, to: string, v: number | bigint, saturate = true, roundMode = 'up'): number | bigint {
  if (typeof v === 'bigint') return expectedBig(to, v, saturate, roundMode);
  if (to === 'float64') return v;
  if (to === 'float32') return Math.fround(v);
  if (to === 'bool') return v !== 0 ? 1 : 0;
  if (to in INT_BITS) {
    const [bits, signed] = INT_BITS[to];
    const min = signed ? -(2 ** (bits - 1)) : 0;
    const max = signed ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
    if (fromFloat) return Number.isNaN(v) ? 0 : Math.min(max, Math.max(min, Math.trunc(v))) + 0;
    const wrapped = ((v % 2 ** bits) + 2 ** bits) % 2 ** bits;
    return signed && wrapped > max ? wrapped - 2 ** bits : wrapped;
  }
  if (to === 'int64' || to === 'uint64') {
    const min = to === 'int64' ? -(2n ** 63n) : 0n;
    const max = to === 'int64' ? 2n ** 63n - 1n : 2n ** 64n - 1n;
    if (!fromFloat) return to === 'int64' ? BigInt.asIntN(64, BigInt(v)) : BigInt.asUintN(64, BigInt(v));
    if (Number.isNaN(v)) return 0n;
    if (v === Infinity) return max;
    if (v === -Infinity) return min;
    const t = BigInt(Math.trunc(v));
    return t < min ? min : t > max ? max : t;
  }
  if (to in SUB_BYTE) {
    const [min, max] = SUB_BYTE[to];
    if (Number.isNaN(v)) return 0;
    const r = Math.min(max, Math.max(min, v === Infinity || v === -Infinity ? v : roundHalfEven(v)));
    return r < 0 ? r + (max - min + 1) : r + 0;
  }
  if (to === 'float8e8m0') return e8m0Code(v, saturate, roundMode);
  return nearestCode(to, v, saturate);
}

/** int64 / uint64 inputs, exactly. */
function expectedBig(to: string, b: bigint, saturate: boolean, roundMode: string): number | bigint {
  if (to === 'int64') return BigInt.asIntN(64, b);
  if (to === 'uint64') return BigInt.asUintN(64, b);
  if (to === 'bool') return b !== 0n ? 1 : 0;
  if (to in INT_BITS) {
    const [bits, signed] = INT_BITS[to];
    return Number(signed ? BigInt.asIntN(bits, b) : BigInt.asUintN(bits, b));
  }
  if (to === 'float64' || to === 'float32') return nearestToBig(b, to === 'float64' ? 53 : 24);
  if (to in SUB_BYTE) {  // clamped, as an integer of a number type is
    const [min, max] = SUB_BYTE[to];
    const r = b < BigInt(min) ? min : b > BigInt(max) ? max : Number(b);
    return r < 0 ? r + (max - min + 1) : r;
  }
  if (to in OVERFLOW || to === 'float8e8m0') return expected(false, to, roundedToOdd(b), saturate, roundMode);
  throw new Error(`no bigint reference for ${to}`);
}

/**
 * The integer as a double rounded to odd: exact below 2^53, else its top 53
 * bits with any dropped bit kept as a sticky last bit, so that the one
 * rounding to a narrow float (at most 11 bits) that follows is the true
 * nearest, never a rounding of a rounding.
 */
function roundedToOdd(b: bigint): number {
  const m = b < 0n ? -b : b;
  const drop = m.toString(2).length - 53;
  if (drop <= 0) return Number(b);
  let kept = m >> BigInt(drop);
  if (kept << BigInt(drop) !== m) kept |= 1n;
  const v = Number(kept) * 2 ** drop;
  return b < 0n ? -v : v;
}

/** The nearest double or float32 to an integer, ties to even, from the exact bigint (no double rounding). */
function nearestToBig(b: bigint, precision: number): number {
  const negative = b < 0n;
  const m = negative ? -b : b;
  const length = m.toString(2).length;
  if (length <= precision) return Number(b);
  const drop = BigInt(length - precision);
  const kept = m >> drop;
  const rest = m - (kept << drop);
  const half = 1n << (drop - 1n);
  const up = rest > half || (rest === half && (kept & 1n) === 1n);
  const magnitude = Number(up ? kept + 1n : kept) * 2 ** Number(drop);
  const rounded = precision === 24 ? Math.fround(magnitude) : magnitude;
  return negative ? -rounded : rounded;
}

/** An output tensor's elements as numbers, bigints or codes (packed types unpacked), for comparison. */
export function elementsOf(type: string, data: ArrayLike<unknown>, n: number): (number | bigint)[] {
  const bits: number = tw.DTYPES[type as tw.DataType].bits;
  if (bits < 8) {
    const per = 8 / bits;
    const bytes = data as Uint8Array;
    return Array.from({ length: n }, (_, i) => (bytes[Math.floor(i / per)] >> (bits * (i % per))) & (2 ** bits - 1));
  }
  return Array.from({ length: n }, (_, i) => data[i] as number | bigint);
}

/** Same element: bit for bit, but any NaN equals any NaN in float32/float64 outputs. */
export function sameElement(a: number | bigint, b: number | bigint): boolean {
  if (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b)) return true;
  return Object.is(a, b);
}

/**
 * A float32 or float64 NaN narrowed to float16, bfloat16, float8e4m3fn or float8e5m2 (element i of the
 * data), as onnxruntime-node narrows it: its sign kept, and for float32 ->
 * float16 the top 10 bits of its payload, quiet bit set (float8: S.1111.111, S.11111.11); undefined for an element that is no NaN.
 */
export function narrowedNaN(from: 'float32' | 'float64', data: ArrayBufferView, i: number, to: 'float16' | 'bfloat16' | 'float8e4m3fn' | 'float8e5m2'): number | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const wide = from === 'float64';
  const bits = wide ? view.getBigUint64(8 * i, true) : BigInt(view.getUint32(4 * i, true));
  const fraction = wide ? 52n : 23n;
  const ones = wide ? 0x7ffn : 0xffn;
  const payload = bits & ((1n << fraction) - 1n);
  if (((bits >> fraction) & ones) !== ones || payload === 0n) return undefined;
  const sign = Number((bits >> (wide ? 63n : 31n)) & 1n) * 0x8000;
  if (to === 'float8e4m3fn' || to === 'float8e5m2') return (sign >> 8) | 0x7f;
  if (to === 'bfloat16') return sign | 0x7fc0;
  return wide ? sign | 0x7e00 : sign | 0x7e00 | Number(payload >> 13n);
}

/**
 * A float16, bfloat16 or float8 NaN (element i of the data) cast to
 * float8e4m3fn, float8e5m2, float16 or bfloat16, as onnxruntime casts it
 * through float32: its sign (the fnuz kinds' one NaN 0x80 reads as negative,
 * its sign bit being set) and the output's canonical magnitude 0x7f, 0x7e00 or
 * 0x7fc0; undefined for an element that is no NaN.
 */
export function narrowNaNToNarrow(from: string, data: ArrayBufferView, i: number, to: string): number | undefined {
  // Only these sources have a NaN whose sign the cast keeps (the others: no NaN, or packed, or not numbers at all).
  if (!['float16', 'bfloat16', 'float8e4m3fn', 'float8e5m2', 'float8e4m3fnuz', 'float8e5m2fnuz'].includes(from)) return undefined;
  const magnitudes: Record<string, number> = { float8e4m3fn: 0x7f, float8e5m2: 0x7f, float16: 0x7e00, bfloat16: 0x7fc0 };
  if (!(to in magnitudes) || to === from) return undefined;
  const wide = from === 'float16' || from === 'bfloat16';
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const b = wide ? view.getUint16(2 * i, true) : view.getUint8(i);
  const magnitude = wide ? b & 0x7fff : b & 0x7f;
  const nan = from === 'float16' ? magnitude > 0x7c00 : from === 'bfloat16' ? magnitude > 0x7f80
    : from === 'float8e4m3fn' ? magnitude === 0x7f : from === 'float8e5m2' ? magnitude > 0x7c : b === 0x80;
  if (!nan) return undefined;
  const negative = wide ? b >> 15 : b >> 7;
  return magnitudes[to] | (negative ? (to.startsWith('float8') ? 0x80 : 0x8000) : 0);
}

/**
 * A float16, bfloat16 or float8 NaN (element i of the data) cast to float32 or
 * float64, as onnxruntime widens it: float16 and bfloat16 exactly to float32
 * (sign and payload as they are), and that float32 on to float64 with its
 * quiet bit set; a float8 NaN is the quiet NaN with its code's sign (the fnuz
 * kinds' 0x80 negative). The output's bits (a bigint for float64); undefined
 * for an element that is no NaN.
 */
export function widenedNaN(from: string, data: ArrayBufferView, i: number, to: 'float32' | 'float64'): number | bigint | undefined {
  if (narrowNaNToNarrow(from, data, i, 'float16') === undefined) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let single: number;
  if (from === 'float16') {
    const b = view.getUint16(2 * i, true);
    single = ((b & 0x8000) * 0x10000) + 0x7f800000 + (b & 0x3ff) * 2 ** 13;
  } else if (from === 'bfloat16') {
    single = view.getUint16(2 * i, true) * 0x10000;
  } else {
    single = (view.getUint8(i) & 0x80 ? 0x80000000 : 0) + 0x7fc00000;
  }
  if (to === 'float32') return single;
  const s = BigInt(single);
  return ((s >> 31n) << 63n) | (0x7ffn << 52n) | (1n << 51n) | ((s & 0x7fffffn) << 29n);
}
