// The plain-JS side of the QuantizeLinear / DequantizeLinear rows
// (bench/quantize-workloads.mjs): seeded weights with their block scales, and
// hand-written loops that quantize and dequantize them exactly as ONNX says
// (the quotient x / scale rounded once to float32, then round half to even
// and clamp for the integers, or float32 -> float8e4m3fn saturating for the
// float8; back, (x - zero point) * scale in float32). Written from the spec,
// not from tessera's code: the suite checks tessera's output against these
// bit for bit. Each loop writes into the array it is given. No Node imports.

/**
 * Weights [rows, cols] in ±range with their scales per block of `block`
 * along the last axis: max |x| of the block / `top` (the type's largest
 * code: 7 for int4, 448 for float8e4m3fn), so the codes span the type.
 */
export function blockedWeights(rows, cols, block, top, { seed = 1, range = 1000 } = {}) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  // A block's magnitude varies (as a layer's weights do): each block's values in ±(range x a factor in [1/16, 1]).
  const blocks = cols / block;
  const x = new Float32Array(rows * cols);
  const scale = new Float32Array(rows * blocks);
  for (let b = 0; b < rows * blocks; b++) {
    const size = range * 2 ** (-4 * next());
    let max = 0;
    for (let k = 0; k < block; k++) {
      const v = Math.fround((next() - 0.5) * 2 * size);
      x[b * block + k] = v;
      max = Math.max(max, Math.abs(v));
    }
    scale[b] = max / top;
  }
  return { x, scale };
}

/** `n` int4 codes in [lo, hi], seeded, packed two a byte, the first in the low nibble. */
export function int4Codes(n, lo, hi, seed = 7) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const bytes = new Uint8Array(Math.ceil(n / 2));
  for (let i = 0; i < n; i++) bytes[i >> 1] |= ((lo + Math.floor(next() * (hi - lo + 1))) & 15) << ((i & 1) * 4);
  return bytes;
}

/** `n` float8e4m3fn codes, seeded: every finite code of both signs (the two NaN codes, 0x7f and 0xff, moved one down). */
export function e4m3fnCodes(n, seed = 11) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  return Uint8Array.from({ length: n }, () => {
    const c = (next() * 256) | 0;
    return (c & 0x7f) === 0x7f ? c - 1 : c;
  });
}

// Round half to even: adding 1.5 x 2^52 to a double of magnitude below 2^51 leaves no bits for a fraction, so
// the addition rounds it to an integer, half to even, and subtracting gives that integer. (Math.round rounds
// half up, and with the fix-up for ties this loop took 23 ms for 1M int8 codes in Node against 3.5 ms so.)
const RNE = 6755399441055744;
// Quotients are clamped to ±LIMIT first (past it every code saturates anyway), NaN taken as 0 (the spec's rule).
const LIMIT = 1024;
const quotient = (q) => (q !== q ? 0 : q < -LIMIT ? -LIMIT : q > LIMIT ? LIMIT : q);

/**
 * QuantizeLinear to int4, blocked along the last axis: code = clamp(round(f32(x / s)) + z, -8, 7),
 * a NaN quotient as 0; packed two a byte, the first in the low nibble. zero: the packed int4 zero points.
 * The blocks are even in length, so a byte's two codes share a block.
 */
export function quantizeInt4BlockedInto(y, x, scale, zero, block) {
  const f = Math.fround;
  const blocks = scale.length;
  for (let b = 0; b < blocks; b++) {
    const s = scale[b];
    const z = ((zero[b >> 1] >> ((b & 1) * 4)) << 28) >> 28;  // the nibble, sign-extended
    const end = (b + 1) * block;
    for (let i = b * block; i < end; i += 2) {
      let c0 = quotient(f(x[i] / s)) + RNE - RNE + z;
      let c1 = quotient(f(x[i + 1] / s)) + RNE - RNE + z;
      c0 = c0 < -8 ? -8 : c0 > 7 ? 7 : c0;
      c1 = c1 < -8 ? -8 : c1 > 7 ? 7 : c1;
      y[i >> 1] = (c0 & 15) | ((c1 & 15) << 4);
    }
  }
  return y;
}

/** QuantizeLinear to int8 by one scale and zero point: code = clamp(round(f32(x / s)) + z, -128, 127). */
export function quantizeInt8Into(y, x, s, z) {
  const f = Math.fround;
  for (let i = 0; i < x.length; i++) {
    const c = quotient(f(x[i] / s)) + RNE - RNE + z;
    y[i] = c < -128 ? -128 : c > 127 ? 127 : c;
  }
  return y;
}

const word = new Uint32Array(1);
const float = new Float32Array(word.buffer);
// Adding 2^14 to a float32 below 2^-6 (the smallest normal float8e4m3fn) rounds it, to nearest even, to
// a multiple of 2^-9 (the float8's subnormal step, 2^14's ulp in float32): the sum's low bits are the code.
const MAGIC = 2 ** 14;
const MAGIC_BITS = 0x46800000;

/**
 * float32 -> float8e4m3fn, saturating (|x| past 448, Inf included, gives ±448: 0x7e / 0xfe),
 * round half to even on the bits; NaN as 0x7f. e4m3fn: bias 7, 3 mantissa bits, -0 kept.
 */
export function e4m3fnOf(v) {
  float[0] = v;
  const b = word[0];
  const a = b & 0x7fffffff;
  const sign = (b >>> 24) & 0x80;
  if (a > 0x7f800000) return 0x7f;
  if (a < 0x3c800000) {  // below 2^-6: a subnormal code or zero
    word[0] = a;
    float[0] += MAGIC;
    return sign | (word[0] - MAGIC_BITS);
  }
  // Rebias the exponent (127 -> 7), round the 20 dropped bits half to even, clamp to the largest finite code.
  const code = (a - (120 << 23) + 0x7ffff + ((a >>> 20) & 1)) >>> 20;
  return sign | (code > 0x7e ? 0x7e : code);
}

/** QuantizeLinear to float8e4m3fn, blocked along the last axis, no zero point: e4m3fnOf(f32(x / s)). */
export function quantizeE4m3fnBlockedInto(y, x, scale, block) {
  const f = Math.fround;
  for (let b = 0; b < scale.length; b++) {
    const s = scale[b];
    const end = (b + 1) * block;
    for (let i = b * block; i < end; i++) y[i] = e4m3fnOf(f(x[i] / s));
  }
  return y;
}

/** DequantizeLinear of packed int4, blocked along the last axis: y = (x - z) * s in float32 (x - z is exact). */
export function dequantizeInt4BlockedInto(y, x, scale, zero, block) {
  for (let b = 0; b < scale.length; b++) {
    const s = scale[b];
    const z = ((zero[b >> 1] >> ((b & 1) * 4)) << 28) >> 28;
    const end = ((b + 1) * block) >> 1;
    for (let p = (b * block) >> 1; p < end; p++) {
      const v = x[p];
      y[2 * p] = (((v << 28) >> 28) - z) * s;  // the double product of two float32s is exact: the store rounds it once
      y[2 * p + 1] = (((v << 24) >> 28) - z) * s;
    }
  }
  return y;
}

/** The value of every float8e4m3fn code (NaN for 0x7f and 0xff), from the format: (1 + m/8) 2^(e-7), subnormals m 2^-9. */
export function e4m3fnTable() {
  return Float32Array.from({ length: 256 }, (_, c) => {
    const e = (c >> 3) & 15;
    const m = c & 7;
    const magnitude = e === 15 && m === 7 ? NaN : e === 0 ? m * 2 ** -9 : (1 + m / 8) * 2 ** (e - 7);
    return c & 0x80 ? -magnitude : magnitude;
  });
}

/** DequantizeLinear of float8e4m3fn, blocked along the last axis, no zero point: y = value(x) * s. */
export function dequantizeE4m3fnBlockedInto(y, x, scale, block, table) {
  for (let b = 0; b < scale.length; b++) {
    const s = scale[b];
    const end = (b + 1) * block;
    for (let i = b * block; i < end; i++) y[i] = table[x[i]] * s;
  }
  return y;
}

/** DequantizeLinear of int8 by one scale and zero point: y = (x - z) * s in float32. */
export function dequantizeInt8Into(y, x, s, z) {
  for (let i = 0; i < x.length; i++) y[i] = (x[i] - z) * s;
  return y;
}
