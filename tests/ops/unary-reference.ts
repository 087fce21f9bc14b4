// The unary elementwise ops' independent reference: each element read from
// its bytes, the op computed in float64 (or as a bigint for integers) from
// the spec's definition, and rounded once to the output type by the rounding
// written out below (round to nearest, ties to even). Shares no code with
// the library.

/** Bits per element of the types the unary ops take. */
export const WIDTH: Record<string, number> = {
  float16: 2, bfloat16: 2, float32: 4, float64: 8, bool: 1, int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, int64: 8, uint64: 8,
  float8e4m3fn: 1, float8e4m3fnuz: 1, float8e5m2: 1, float8e5m2fnuz: 1,
};
export const FLOAT_TYPES = ['float16', 'bfloat16', 'float32', 'float64'];
export const isFloat = (type: string) => FLOAT_TYPES.includes(type);

/** A tensor's bytes as a DataView (its own copy). */
export function bytesOf(data: ArrayBufferView): DataView {
  return new DataView(new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice().buffer);
}

function half(h: number): number {
  const e = (h >> 10) & 31;
  const m = h & 1023;
  const v = e === 0 ? m * 2 ** -24 : e === 31 ? (m === 0 ? Infinity : NaN) : (1 + m / 1024) * 2 ** (e - 15);
  return h & 0x8000 ? -v : v;
}

/** Element i of a float type as a number. */
export function readFloat(view: DataView, i: number, type: string): number {
  switch (type) {
    case 'float64': return view.getFloat64(8 * i, true);
    case 'float32': return view.getFloat32(4 * i, true);
    case 'float16': return half(view.getUint16(2 * i, true));
    default: {
      const f = new DataView(new ArrayBuffer(4));
      f.setUint32(0, view.getUint16(2 * i, true) << 16, true);
      return f.getFloat32(0, true);
    }
  }
}

/** Element i of an integer type as a bigint. */
export function readInt(view: DataView, i: number, type: string): bigint {
  switch (type) {
    case 'int8': return BigInt(view.getInt8(i));
    case 'uint8': return BigInt(view.getUint8(i));
    case 'int16': return BigInt(view.getInt16(2 * i, true));
    case 'uint16': return BigInt(view.getUint16(2 * i, true));
    case 'int32': return BigInt(view.getInt32(4 * i, true));
    case 'uint32': return BigInt(view.getUint32(4 * i, true));
    case 'int64': return view.getBigInt64(8 * i, true);
    default: return view.getBigUint64(8 * i, true);
  }
}

/** An integer wrapped to the type and stored (integers wrap: -(-128) in int8 is -128). */
export function writeInt(view: DataView, i: number, type: string, n: bigint): void {
  const bits = 8 * WIDTH[type];
  const u = BigInt.asUintN(bits, n);
  if (bits === 64) view.setBigUint64(8 * i, u, true);
  else if (bits === 32) view.setUint32(4 * i, Number(u), true);
  else if (bits === 16) view.setUint16(2 * i, Number(u), true);
  else view.setUint8(i, Number(u));
}

function roundHalfEven(s: number): number {
  const f = Math.floor(s);
  const d = s - f;
  return d < 0.5 ? f : d > 0.5 ? f + 1 : f % 2 === 0 ? f : f + 1;
}

/** v rounded once to a binary format of p significand bits, normal exponents emin..emax (subnormals below). */
function roundTo(v: number, p: number, emin: number, emax: number): number {
  if (!Number.isFinite(v) || v === 0) return v;
  const a = Math.abs(v);
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  const q = Math.max(e, emin) - (p - 1);
  const r = roundHalfEven(a / 2 ** q) * 2 ** q;
  const magnitude = r > (2 - 2 ** (1 - p)) * 2 ** emax ? Infinity : r;
  return v < 0 ? -magnitude : magnitude;
}

/** The float16 bits of a value float16 holds exactly (after roundTo). */
function halfBits(r: number): number {
  if (Number.isNaN(r)) return 0x7e00;
  const sign = r < 0 || Object.is(r, -0) ? 0x8000 : 0;
  const a = Math.abs(r);
  if (a === Infinity) return sign | 0x7c00;
  if (a < 2 ** -14) return sign | (a / 2 ** -24);
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  return sign | ((e + 15) << 10) | ((a / 2 ** e - 1) * 1024);
}

/** v rounded once to a float type and stored. */
export function writeFloat(view: DataView, i: number, type: string, v: number): void {
  // A NaN the op makes (sqrt or log of a negative number): the canonical quiet NaN, sign bit clear.
  if (Number.isNaN(v)) {
    if (type === 'float64') view.setBigUint64(8 * i, 0x7ff8000000000000n, true);
    else if (type === 'float32') view.setUint32(4 * i, 0x7fc00000, true);
    else view.setUint16(2 * i, type === 'float16' ? 0x7e00 : 0x7fc0, true);
    return;
  }
  switch (type) {
    case 'float64': view.setFloat64(8 * i, v, true); break;
    case 'float32': view.setFloat32(4 * i, v, true); break;  // a double to float32 in one IEEE rounding
    case 'float16': view.setUint16(2 * i, halfBits(roundTo(v, 11, -14, 15)), true); break;
    default: {
      const f = new DataView(new ArrayBuffer(4));
      f.setFloat32(0, Number.isNaN(v) ? NaN : roundTo(v, 8, -126, 127), true);  // exact in float32
      view.setUint16(2 * i, f.getUint32(0, true) >>> 16, true);
    }
  }
}

/** Copies element i's bytes (a NaN keeps its bits). */
export function copyElement(from: DataView, to: DataView, i: number, width: number): void {
  for (let b = 0; b < width; b++) to.setUint8(width * i + b, from.getUint8(width * i + b));
}

/** Flips (neg) or clears (abs) a float element's sign bit: what IEEE 754's negate and abs do, NaN included. */
export function signBit(from: DataView, to: DataView, i: number, width: number, how: 'flip' | 'clear'): void {
  copyElement(from, to, i, width);
  const top = width * i + width - 1;
  const b = to.getUint8(top);
  to.setUint8(top, how === 'flip' ? b ^ 0x80 : b & 0x7f);
}

/** Whether a float8 code is NaN or which infinity, from each format's definition (exponent and mantissa fields). */
export function float8Class(type: string, b: number): 'nan' | '+inf' | '-inf' | 'finite' {
  if (type.endsWith('fnuz')) return b === 0x80 ? 'nan' : 'finite';
  const mantissaBits = type === 'float8e5m2' ? 2 : 3;
  const exponent = (b >> mantissaBits) & ((1 << (7 - mantissaBits)) - 1);
  const mantissa = b & ((1 << mantissaBits) - 1);
  const allOnes = exponent === (1 << (7 - mantissaBits)) - 1;
  if (type === 'float8e4m3fn') return allOnes && mantissa === 7 ? 'nan' : 'finite';  // e4m3fn: no infinities, one NaN code a sign
  if (!allOnes) return 'finite';
  return mantissa !== 0 ? 'nan' : b & 0x80 ? '-inf' : '+inf';
}
