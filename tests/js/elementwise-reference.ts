// An independent reference for the binary elementwise ops, written from
// numpy's semantics and sharing nothing with the library: elements decoded
// to numbers (floats) or BigInts (integers, bool), broadcast by numpy's rule,
// integers wrapped with BigInt.asIntN/asUintN, floats computed in float64
// and rounded once to the type (float16 and bfloat16 by the rounding below,
// to nearest even), a NaN result the canonical quiet NaN.
export type V = number | bigint;
interface Plain { type: string; data: ArrayBufferView | string[]; dims: readonly number[] }

const INT: Record<string, [bits: number, signed: boolean]> = {
  int8: [8, true], int16: [16, true], int32: [32, true], int64: [64, true],
  uint8: [8, false], uint16: [16, false], uint32: [32, false], uint64: [64, false], bool: [8, false],
};
export const WIDTH: Record<string, number> = {
  int8: 1, uint8: 1, bool: 1, int16: 2, uint16: 2, float16: 2, bfloat16: 2, int32: 4, uint32: 4, float32: 4,
  int64: 8, uint64: 8, float64: 8, complex64: 8, complex128: 16,
};
export const isFloat = (type: string) => /^(b?float(16|32|64))$/.test(type);
const CANONICAL_NAN: Record<string, number> = { float16: 0x7e00, bfloat16: 0x7fc0 };

const bytesOf = (d: ArrayBufferView) => new DataView(d.buffer, d.byteOffset, d.byteLength);

/** f16 or bf16 bits as a number. */
function decodeHalf(type: string, h: number): number {
  if (type === 'bfloat16') return new Float32Array(new Uint32Array([h << 16]).buffer)[0];
  const e = (h >> 10) & 31;
  const f = h & 1023;
  const s = h & 0x8000 ? -1 : 1;
  if (e === 0) return s * f * 2 ** -24;
  if (e === 31) return f ? NaN : s * Infinity;
  return s * (1024 + f) * 2 ** (e - 25);
}

/** A float64 rounded once, to nearest even, to a binary format of `mant` stored bits and `expBits` exponent bits. */
export function encodeSmallFloat(v: number, mant: number, expBits: number): number {
  const signBit = 1 << (mant + expBits);
  if (Number.isNaN(v)) return -1;  // the caller's canonical NaN
  const sign = v < 0 || Object.is(v, -0) ? signBit : 0;
  const a = Math.abs(v);
  const bias = (1 << (expBits - 1)) - 1;
  const infinity = sign | (((1 << expBits) - 1) << mant);
  if (a === Infinity) return infinity;
  const minExp = 1 - bias;
  const maxExp = bias;
  if (a === 0) return sign;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  if (e < minExp) e = minExp;
  if (e > maxExp) return infinity;
  const scaled = a / 2 ** (e - mant);  // exact: a power-of-two scaling
  const floor = Math.floor(scaled);
  const rest = scaled - floor;
  let m = rest > 0.5 || (rest === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
  if (m === 2 ** (mant + 1)) { m = 2 ** mant; e++; }
  if (e > maxExp) return infinity;
  if (m < 2 ** mant) return sign | m;  // subnormal
  return sign | ((e + bias) << mant) | (m - 2 ** mant);
}

/** The elements of a tensor as numbers (floats) or BigInts (integers and bool). */
export function elements(t: Plain): V[] {
  const n = t.dims.reduce((p, d) => p * d, 1);
  if (t.type === 'string') return [];
  const view = bytesOf(t.data as ArrayBufferView);
  const w = WIDTH[t.type];
  return Array.from({ length: n }, (_, i): V => {
    const at = i * w;
    switch (t.type) {
      case 'float32': return view.getFloat32(at, true);
      case 'float64': return view.getFloat64(at, true);
      case 'float16': case 'bfloat16': return decodeHalf(t.type, view.getUint16(at, true));
      default: {
        const [bits, signed] = INT[t.type];
        const u = bits === 64 ? view.getBigUint64(at, true) : BigInt(bits === 8 ? view.getUint8(at) : bits === 16 ? view.getUint16(at, true) : view.getUint32(at, true));
        return signed ? BigInt.asIntN(bits, u) : u;
      }
    }
  });
}

/** The raw bits of element i (for NaN payloads that pass through Min and Max). */
export function rawBits(t: Plain, i: number): bigint {
  const view = bytesOf(t.data as ArrayBufferView);
  const w = WIDTH[t.type];
  return w === 8 ? view.getBigUint64(i * w, true) : BigInt(w === 4 ? view.getUint32(i * w, true) : w === 2 ? view.getUint16(i * w, true) : view.getUint8(i * w));
}

/** A result element: a value rounded or wrapped to the type, or raw bits (`{ bits }`). */
export type Out = V | { bits: bigint };

/** The storage bytes of results of `type`: floats rounded once, integers wrapped. */
export function encode(type: string, values: readonly Out[]): Uint8Array {
  const w = WIDTH[type];
  const bytes = new Uint8Array(values.length * w);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => {
    const at = i * w;
    if (typeof v === 'object') {
      if (w === 8) view.setBigUint64(at, v.bits, true);
      else if (w === 4) view.setUint32(at, Number(v.bits), true);
      else if (w === 2) view.setUint16(at, Number(v.bits), true);
      else view.setUint8(at, Number(v.bits));
      return;
    }
    switch (type) {
      case 'float32': if (Number.isNaN(v)) view.setUint32(at, 0x7fc00000, true); else view.setFloat32(at, v as number, true); break;
      case 'float64': if (Number.isNaN(v)) view.setBigUint64(at, 0x7ff8000000000000n, true); else view.setFloat64(at, v as number, true); break;
      case 'float16': case 'bfloat16': {
        const h = type === 'float16' ? encodeSmallFloat(v as number, 10, 5) : encodeSmallFloat(v as number, 7, 8);
        view.setUint16(at, h < 0 ? CANONICAL_NAN[type] : h, true);
        break;
      }
      default: {
        const [bits] = INT[type];
        const u = BigInt.asUintN(bits, BigInt(v));
        if (bits === 64) view.setBigUint64(at, u, true);
        else if (bits === 32) view.setUint32(at, Number(u), true);
        else if (bits === 16) view.setUint16(at, Number(u), true);
        else view.setUint8(at, Number(u));
      }
    }
  });
  return bytes;
}

/** Numpy's broadcast of dims (null where they do not broadcast). */
export function broadcast(shapes: readonly (readonly number[])[]): number[] | null {
  const rank = Math.max(0, ...shapes.map((s) => s.length));
  const out: number[] = [];
  for (let i = 0; i < rank; i++) {
    let d = 1;
    for (const s of shapes) {
      const n = s[s.length - rank + i] ?? 1;
      if (n === 1) continue;
      if (d !== 1 && d !== n) return null;
      d = n;
    }
    out.push(d);
  }
  return out;
}

/** For each output element (row-major), each input's flat index under numpy broadcasting. */
export function broadcastIndices(dims: readonly number[], shapes: readonly (readonly number[])[]): number[][] {
  const size = dims.reduce((p, d) => p * d, 1);
  const result: number[][] = [];
  for (let flat = 0; flat < size; flat++) {
    const coords: number[] = [];
    let rest = flat;
    for (let a = dims.length - 1; a >= 0; a--) { coords.unshift(rest % dims[a]); rest = Math.floor(rest / dims[a]); }
    result.push(shapes.map((s) => {
      let index = 0;
      for (let a = 0; a < s.length; a++) index = index * s[a] + (s[a] === 1 ? 0 : coords[dims.length - s.length + a]);
      return index;
    }));
  }
  return result;
}

/** Integer power by squaring, wrapping at `bits`; a negative exponent: 1 / x^-e truncated toward zero. */
export function intPow(x: bigint, e: bigint, bits: number, signed: boolean): bigint {
  const wrap = (v: bigint) => (signed ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v));
  if (e < 0n) return x === 1n ? 1n : x === -1n ? (e % 2n === 0n ? 1n : -1n) : 0n;
  let result = 1n;
  let square = wrap(x);
  for (let k = e; k > 0n; k >>= 1n) {
    if (k & 1n) result = wrap(result * square);
    square = wrap(square * square);
  }
  return result;
}

export const intInfo = (type: string) => INT[type];
