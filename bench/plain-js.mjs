// The plain-JS side of the benchmark: seeded input data and hand-written
// loops doing each workload's work. Every loop writes into a typed array the
// caller gives, so the same loop is timed into a fresh array (js) and into
// one that already exists (js out). No Node imports.

/** `n` values of a type, the same in every engine (a linear congruential generator). */
export function random(type, n, seed = 1) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  switch (type) {
    case 'float32': return Float32Array.from({ length: n }, () => (next() - 0.5) * 2000);
    case 'uint8': return Uint8Array.from({ length: n }, () => (next() * 256) | 0);
    case 'int64': return BigInt64Array.from({ length: n }, () => BigInt(Math.floor((next() - 0.5) * 2 ** 40)));
    // Finite halves and bfloat16s of both signs (exponent field below all-ones).
    case 'float16': return Uint16Array.from({ length: n }, () => ((next() * 0x7bff) | 0) | (next() < 0.5 ? 0x8000 : 0));
    case 'bfloat16': return Uint16Array.from({ length: n }, () => ((next() * 0x7f7f) | 0) | (next() < 0.5 ? 0x8000 : 0));
    default: throw new Error(`random: ${type}`);
  }
}

/** Tile: one output element at a time, indices by odometer. */
export function tileInto(y, x, dims, repeats) {
  const rank = dims.length;
  const outDims = dims.map((d, i) => d * repeats[i]);
  const n = y.length;
  const inStride = new Array(rank);
  for (let i = rank - 1, s = 1; i >= 0; s *= dims[i], i--) inStride[i] = s;
  const index = new Array(rank).fill(0);
  const last = rank - 1;
  const w = outDims[last];
  const dw = dims[last];
  for (let o = 0; o < n; o += w) {
    let base = 0;
    for (let i = 0; i < last; i++) base += (index[i] % dims[i]) * inStride[i];
    for (let j = 0; j < w; j++) y[o + j] = x[base + (j % dw)];
    for (let i = last - 1; i >= 0; i--) {
      if (++index[i] < outDims[i]) break;
      index[i] = 0;
    }
  }
  return y;
}

export function floorF32Into(y, x) {
  for (let i = 0; i < x.length; i++) y[i] = Math.floor(x[i]);
  return y;
}

// A bfloat16 is the top half of a float32, and its floor is again a bfloat16.
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
export function floorBf16Into(y, x) {
  for (let i = 0; i < x.length; i++) {
    u32[0] = x[i] << 16;
    f32[0] = Math.floor(f32[0]);
    y[i] = u32[0] >>> 16;
  }
  return y;
}

export const fillInto = (y, value) => y.fill(value);

/** AsStrided of rank 2 over a flat input. */
export function asStrided2Into(y, x, [rows, cols], [rowStride, colStride]) {
  for (let i = 0, o = 0; i < rows; i++) {
    for (let j = 0, p = i * rowStride; j < cols; j++, p += colStride) y[o++] = x[p];
  }
  return y;
}

/** Cast uint8 -> float32: the store converts. */
export function castU8F32Into(y, x) {
  for (let i = 0; i < x.length; i++) y[i] = x[i];
  return y;
}

// float16 -> float32 the fastest plain way: a table of all 65536 values, made
// once (outside the timing) from the format's definition.
let halfTable;
function halves() {
  if (halfTable) return halfTable;
  halfTable = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const exponent = (h >> 10) & 0x1f;
    const fraction = h & 0x3ff;
    const magnitude = exponent === 0 ? fraction * 2 ** -24
      : exponent === 31 ? (fraction ? NaN : Infinity) : (1024 + fraction) * 2 ** (exponent - 25);
    halfTable[h] = h & 0x8000 ? -magnitude : magnitude;
  }
  return halfTable;
}

/** Cast float16 -> float32 by table lookup. */
export function castF16F32Into(y, x) {
  const table = halves();
  for (let i = 0; i < x.length; i++) y[i] = table[x[i]];
  return y;
}
