// Plain-TypeScript references for every op, written from the specs and the
// contract's data-type table, sharing nothing with the library but its
// Tensor shape. A tensor is seen as a list of element keys (the element's
// bytes in hex, a packed element's value, or the string); an op's reference
// maps keys, and the expected storage is rebuilt from them, so outputs are
// compared byte for byte, padding bits of packed types included.
import { forEachIndex, rng, stridesOf } from './helpers';

/** Bits per element as the contract's table gives them (0: string). */
export const BITS: Record<string, number> = {
  float32: 32, float64: 64, float16: 16, bfloat16: 16, int8: 8, uint8: 8, int16: 16, uint16: 16,
  int32: 32, uint32: 32, int64: 64, uint64: 64, bool: 8, complex64: 64, complex128: 128, string: 0,
  float8e4m3fn: 8, float8e4m3fnuz: 8, float8e5m2: 8, float8e5m2fnuz: 8, float8e8m0: 8,
  int4: 4, uint4: 4, float4e2m1: 4, int2: 2, uint2: 2,
};
export const ALL_TYPES = Object.keys(BITS);

const STORAGE: Record<string, new (buffer: ArrayBuffer) => ArrayBufferView> = {
  float32: Float32Array, complex64: Float32Array, float64: Float64Array, complex128: Float64Array,
  int8: Int8Array, int16: Int16Array, uint16: Uint16Array, float16: Uint16Array, bfloat16: Uint16Array,
  int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array,
};
const storageOf = (type: string) => STORAGE[type] ?? Uint8Array;

export interface Plain { type: string; data: ArrayBufferView | string[]; dims: number[] }
export type Key = string | number;

const sizeOf = (dims: readonly number[]) => dims.reduce((a, b) => a * b, 1);
const hex = (bytes: Uint8Array, start: number, n: number) =>
  Array.from(bytes.subarray(start, start + n), (b) => b.toString(16).padStart(2, '0')).join('');

/** The element keys of a tensor. */
export function keysOf(t: Plain): Key[] {
  const size = sizeOf(t.dims);
  if (t.type === 'string') return Array.from(t.data as string[]);
  const data = t.data as ArrayBufferView;
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const bits = BITS[t.type];
  if (bits < 8) {
    const perByte = 8 / bits;
    return Array.from({ length: size }, (_, i) => (bytes[Math.floor(i / perByte)] >> ((i % perByte) * bits)) & ((1 << bits) - 1));
  }
  return Array.from({ length: size }, (_, i) => hex(bytes, (i * bits) / 8, bits / 8));
}

/** The storage that holds these element keys: strings, or bytes (packed from the low bits up, padding 0). */
export function storageFrom(type: string, keys: Key[]): Uint8Array | string[] {
  if (type === 'string') return keys as string[];
  const bits = BITS[type];
  const bytes = new Uint8Array(Math.ceil((keys.length * bits) / 8));
  keys.forEach((k, i) => {
    if (bits < 8) {
      bytes[Math.floor((i * bits) / 8)] |= (k as number) << ((i * bits) % 8);
    } else {
      const s = k as string;
      for (let j = 0; j < bits / 8; j++) bytes[(i * bits) / 8 + j] = parseInt(s.slice(2 * j, 2 * j + 2), 16);
    }
  });
  return bytes;
}

/** A tensor's storage as bytes (or its strings), for exact comparison. */
export function storageBytes(t: { type: string; data: unknown }): Uint8Array | string[] {
  if (t.type === 'string') return Array.from(t.data as string[]);
  const d = t.data as ArrayBufferView;
  return new Uint8Array(d.buffer, d.byteOffset, d.byteLength).slice();
}

/** A tensor of `type` and `dims` with pseudo-random contents from `seed`; floats mix specials, small values and random bits. */
export function randomTensor(type: string, dims: number[], seed: number): Plain {
  const next = rng(seed);
  const size = sizeOf(dims);
  if (type === 'string') {
    return { type, dims, data: Array.from({ length: size }, () => (next() < 0.1 ? '' : String.fromCharCode(...Array.from({ length: 1 + Math.floor(next() * 4) }, () => 32 + Math.floor(next() * 0x2000))))) };
  }
  const bits = BITS[type];
  const bytes = new Uint8Array(Math.ceil((size * bits) / 8));
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
  if (type === 'bool') bytes.forEach((b, i) => { bytes[i] = b & 1; });
  if (bits < 8 && (size * bits) % 8) bytes[bytes.length - 1] &= (1 << ((size * bits) % 8)) - 1;
  const data = new (storageOf(type))(bytes.buffer);
  if (type === 'float32' || type === 'float64') {
    const f = data as Float32Array | Float64Array;
    const specials = [0, -0, 0.5, -0.5, 1.5, -1.5, -2.5, Infinity, -Infinity, NaN, 2 ** 52 + 0.5, -(2 ** 23) - 0.5, 1e-310, -1e-40, 4.9e-324];
    for (let i = 0; i < f.length; i++) {
      const r = next();
      if (r < 0.3) f[i] = specials[Math.floor(next() * specials.length)];
      else if (r < 0.7) f[i] = (next() - 0.5) * 2 ** Math.floor(next() * 60 - 20);
    }
  }
  return { type, dims, data };
}

// ---------------------------------------------------------------- Floor
function halfToNumber(h: number): number {
  const e = (h >> 10) & 0x1f;
  const f = h & 0x3ff;
  const s = h & 0x8000 ? -1 : 1;
  if (e === 0) return s * f * 2 ** -24;
  if (e === 31) return f ? NaN : s * Infinity;
  return s * (1024 + f) * 2 ** (e - 25);
}
let halfBits: Map<number, number> | undefined;
function numberToHalf(v: number): number {  // only for values a half holds
  if (Object.is(v, -0)) return 0x8000;
  if (!halfBits) {
    halfBits = new Map();
    for (let h = 0; h < 0x10000; h++) if (!Number.isNaN(halfToNumber(h)) && h !== 0x8000) halfBits.set(halfToNumber(h), h);
  }
  const h = halfBits.get(v);
  if (h === undefined) throw new Error(`${v} is no half`);
  return h;
}

/** ONNX Floor, toward -infinity; a NaN keeps its bits. Returns the expected storage bytes. */
export function floorReference(t: Plain): Uint8Array {
  const d = t.data as ArrayBufferView;
  const out = new Uint8Array(d.byteLength);
  out.set(new Uint8Array(d.buffer, d.byteOffset, d.byteLength));
  if (t.type === 'float32' || t.type === 'float64') {
    const f = t.type === 'float32' ? new Float32Array(out.buffer) : new Float64Array(out.buffer);
    for (let i = 0; i < f.length; i++) if (!Number.isNaN(f[i])) f[i] = Math.floor(f[i]);
  } else {
    const h = new Uint16Array(out.buffer);
    const one = new Float32Array(1);
    const oneBits = new Uint32Array(one.buffer);
    for (let i = 0; i < h.length; i++) {
      if (t.type === 'float16') {
        const v = halfToNumber(h[i]);
        if (!Number.isNaN(v)) h[i] = numberToHalf(Math.floor(v));
      } else {
        oneBits[0] = h[i] << 16;
        if (!Number.isNaN(one[0])) {
          one[0] = Math.floor(one[0]);
          h[i] = oneBits[0] >>> 16;
        }
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- data movement
/** numpy.tile without broadcast: output keys. */
export function tileReference(t: Plain, repeats: number[]): Key[] {
  const x = keysOf(t);
  const outDims = t.dims.map((d, i) => d * repeats[i]);
  const inStrides = stridesOf(t.dims);
  const out: Key[] = [];
  forEachIndex(outDims, (index) => {
    out.push(x[index.reduce((s, v, i) => s + (v % t.dims[i]) * inStrides[i], 0)]);
  });
  return out;
}

/** ATB AsStrided: out[i] = flat(x)[offset + sum i_j * stride_j]. */
export function asStridedReference(t: Plain, size: number[], stride: number[], offset: number): Key[] {
  const x = keysOf(t);
  const out: Key[] = [];
  forEachIndex(size, (index) => {
    out.push(x[index.reduce((s, v, i) => s + v * stride[i], offset)]);
  });
  return out;
}

/** ConstantOfShape: the one key of value, everywhere. */
export function constantReference(value: Plain, shape: number[]): Key[] {
  return new Array<Key>(sizeOf(shape)).fill(keysOf(value)[0]);
}
