// Plain references for every op, written from the specs and the contract's
// data-type table, sharing nothing with the library but the Tensor shape.
// Plain ES module with no host APIs: it runs in Node, Deno, Bun and browsers.
// (tests/js/reference.ts is TypeScript importing node:fs helpers, so it cannot
// be loaded here; this is its compact twin.)
//
// A tensor is seen as a list of element keys: an element's bytes in hex, a
// packed element's value, or the string. The data-movement references map
// keys, and the expected storage is rebuilt from them, so outputs compare byte
// for byte, padding bits of packed types included.

/** Bits per element (0: string), and the class that stores each type. */
export const BITS = {
  float32: 32, float64: 64, float16: 16, bfloat16: 16, int8: 8, uint8: 8, int16: 16, uint16: 16,
  int32: 32, uint32: 32, int64: 64, uint64: 64, bool: 8, complex64: 64, complex128: 128, string: 0,
  float8e4m3fn: 8, float8e4m3fnuz: 8, float8e5m2: 8, float8e5m2fnuz: 8, float8e8m0: 8,
  int4: 4, uint4: 4, float4e2m1: 4, int2: 2, uint2: 2,
};
export const TYPES = Object.keys(BITS);
const STORAGE = {
  float32: Float32Array, complex64: Float32Array, float64: Float64Array, complex128: Float64Array,
  int8: Int8Array, int16: Int16Array, uint16: Uint16Array, float16: Uint16Array, bfloat16: Uint16Array,
  int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array,
};
export const storageOf = (type) => STORAGE[type] ?? Uint8Array;

export const sizeOf = (dims) => dims.reduce((a, b) => a * b, 1);

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** An integer in [lo, hi]. */
export const between = (next, lo, hi) => lo + Math.floor(next() * (hi - lo + 1));

/** A tensor's storage as a byte copy, or its strings. */
export function storageBytes(t) {
  if (t.type === 'string') return Array.from(t.data);
  return new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength).slice();
}

const hex = (bytes, start, n) => Array.from(bytes.subarray(start, start + n), (b) => b.toString(16).padStart(2, '0')).join('');

/** The element keys of a tensor. */
export function keysOf(t) {
  if (t.type === 'string') return Array.from(t.data);
  const bytes = storageBytes(t);
  const bits = BITS[t.type];
  const size = sizeOf(t.dims);
  if (bits < 8) {
    const perByte = 8 / bits;
    return Array.from({ length: size }, (_, i) => (bytes[Math.floor(i / perByte)] >> ((i % perByte) * bits)) & ((1 << bits) - 1));
  }
  return Array.from({ length: size }, (_, i) => hex(bytes, (i * bits) / 8, bits / 8));
}

/** The storage (bytes, packed from the low bits up with padding 0; or strings) that holds these keys. */
export function storageFrom(type, keys) {
  if (type === 'string') return keys;
  const bits = BITS[type];
  const bytes = new Uint8Array(Math.ceil((keys.length * bits) / 8));
  keys.forEach((k, i) => {
    if (bits < 8) bytes[Math.floor((i * bits) / 8)] |= k << ((i * bits) % 8);
    else for (let j = 0; j < bits / 8; j++) bytes[(i * bits) / 8 + j] = parseInt(k.slice(2 * j, 2 * j + 2), 16);
  });
  return bytes;
}

const FLOAT_SPECIALS = [0, -0, 0.5, -0.5, 1.5, -1.5, -2.5, Infinity, -Infinity, NaN, 2 ** 52 + 0.5,
  -(2 ** 23) - 0.5, 1e-310, -1e-40, 4.9e-324];

/** {type, data, dims} of pseudo-random contents; floats mix specials, small values and random bits. */
export function randomTensor(type, dims, next) {
  const size = sizeOf(dims);
  if (type === 'string') {
    const text = () => String.fromCharCode(...Array.from({ length: between(next, 1, 4) }, () => between(next, 32, 0x2000)));
    return { type, dims, data: Array.from({ length: size }, () => (next() < 0.1 ? '' : text())) };
  }
  const bits = BITS[type];
  const bytes = new Uint8Array(Math.ceil((size * bits) / 8));
  for (let i = 0; i < bytes.length; i++) bytes[i] = between(next, 0, 255);
  if (type === 'bool') bytes.forEach((b, i) => { bytes[i] = b & 1; });
  if (bits < 8 && (size * bits) % 8) bytes[bytes.length - 1] &= (1 << ((size * bits) % 8)) - 1;
  const data = new (storageOf(type))(bytes.buffer);
  if (type === 'float32' || type === 'float64') {
    for (let i = 0; i < data.length; i++) {
      const r = next();
      if (r < 0.3) data[i] = FLOAT_SPECIALS[between(next, 0, FLOAT_SPECIALS.length - 1)];
      else if (r < 0.7) data[i] = (next() - 0.5) * 2 ** between(next, -20, 40);
    }
  }
  return { type, dims, data };
}

/** Calls fn with every multi-index of dims, in row-major order. */
export function forEachIndex(dims, fn) {
  if (dims.some((d) => d === 0)) return;
  const index = dims.map(() => 0);
  for (;;) {
    fn(index);
    let axis = dims.length - 1;
    while (axis >= 0 && ++index[axis] === dims[axis]) index[axis--] = 0;
    if (axis < 0) return;
  }
}

// ---------------------------------------------------------------- Floor
// ONNX Floor rounds toward -infinity; NaN keeps its bits. Every floor of a
// float16 or bfloat16 value is exactly representable in its type.
function halfToNumber(h) {
  const e = (h >> 10) & 0x1f;
  const f = h & 0x3ff;
  const s = h & 0x8000 ? -1 : 1;
  if (e === 0) return s * f * 2 ** -24;
  if (e === 31) return f ? NaN : s * Infinity;
  return s * (1024 + f) * 2 ** (e - 25);
}
function integralToHalf(v) {  // v is +/-0, +/-Infinity or an integer a half holds
  const sign = v < 0 || Object.is(v, -0) ? 0x8000 : 0;
  const a = Math.abs(v);
  if (a === Infinity) return sign | 0x7c00;
  if (a === 0) return sign;
  const e = Math.floor(Math.log2(a));
  return sign | ((e + 15) << 10) | ((a / 2 ** e - 1) * 1024);
}

/** The expected storage bytes of Floor(t). */
export function floorReference(t) {
  const out = storageBytes(t);
  if (t.type === 'float32' || t.type === 'float64') {
    const f = new (storageOf(t.type))(out.buffer);
    for (let i = 0; i < f.length; i++) if (!Number.isNaN(f[i])) f[i] = Math.floor(f[i]);
    return out;
  }
  const h = new Uint16Array(out.buffer);
  const one = new Float32Array(1);
  const oneBits = new Uint32Array(one.buffer);
  for (let i = 0; i < h.length; i++) {
    if (t.type === 'float16') {
      const v = halfToNumber(h[i]);
      if (!Number.isNaN(v)) h[i] = integralToHalf(Math.floor(v));
    } else {  // bfloat16: the top half of a float32
      oneBits[0] = h[i] << 16;
      if (!Number.isNaN(one[0])) {
        one[0] = Math.floor(one[0]);
        h[i] = oneBits[0] >>> 16;
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- data movement
/** numpy.tile without broadcast: the output's keys. */
export function tileReference(t, repeats) {
  const x = keysOf(t);
  const strides = stridesOf(t.dims);
  const out = [];
  forEachIndex(t.dims.map((d, i) => d * repeats[i]), (index) => {
    out.push(x[index.reduce((s, v, i) => s + (v % t.dims[i]) * strides[i], 0)]);
  });
  return out;
}

/** ATB AsStrided: out[i] = flat(x)[offset + sum i_j * stride_j]. */
export function asStridedReference(t, size, stride, offset) {
  const x = keysOf(t);
  const out = [];
  forEachIndex(size, (index) => out.push(x[index.reduce((s, v, i) => s + v * stride[i], offset)]));
  return out;
}

/** ConstantOfShape: value's one key, everywhere. */
export const constantReference = (value, shape) => new Array(sizeOf(shape)).fill(keysOf(value)[0]);

function stridesOf(dims) {
  const strides = [];
  let s = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    strides[i] = s;
    s *= dims[i];
  }
  return strides;
}
