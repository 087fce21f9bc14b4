// The plain-JS side of the benchmark: seeded input data and hand-written
// loops doing each workload's work. Every loop writes into a typed array the
// caller gives, so the same loop is timed into a fresh array (js) and into
// one that already exists (js out). No Node imports.

/** `n` values of a type, the same in every engine (a linear congruential generator); float32 in ±range. */
export function random(type, n, seed = 1, range = 1000) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  switch (type) {
    case 'float32': return Float32Array.from({ length: n }, () => (next() - 0.5) * 2 * range);
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

// ---------------------------------------------------------------------------
// The op families' loops (bench/family-workloads.mjs). Reductions and
// transposes walk the data in its memory order; contiguous runs (a crop's
// rows, Concat's blocks, Gather's rows) are one TypedArray.set each, as plain
// code would copy them.

/** [outer, n, inner] of dims around `axis`. */
const around = (dims, axis) => [dims.slice(0, axis).reduce((a, b) => a * b, 1), dims[axis], dims.slice(axis + 1).reduce((a, b) => a * b, 1)];

/** The max over `axis`, lanes across the inner axis (row by row, in memory order). */
export function reduceMaxInto(y, x, dims, axis) {
  const [outer, n, inner] = around(dims, axis);
  for (let o = 0; o < outer; o++) {
    const row = y.subarray(o * inner, (o + 1) * inner);
    row.set(x.subarray(o * n * inner, o * n * inner + inner));
    for (let k = 1; k < n; k++) {
      const base = (o * n + k) * inner;
      for (let j = 0; j < inner; j++) if (x[base + j] > row[j]) row[j] = x[base + j];
    }
  }
  return y;
}

/** The mean over `axis`: float64 sums in memory order, divided once. */
export function reduceMeanInto(y, x, dims, axis) {
  const [outer, n, inner] = around(dims, axis);
  const sum = new Float64Array(inner);
  for (let o = 0; o < outer; o++) {
    sum.fill(0);
    for (let k = 0; k < n; k++) {
      const base = (o * n + k) * inner;
      for (let j = 0; j < inner; j++) sum[j] += x[base + j];
    }
    for (let j = 0; j < inner; j++) y[o * inner + j] = sum[j] / n;
  }
  return y;
}

/** The index of the first largest element along `axis`, as int64. */
export function argMaxInto(y, x, dims, axis) {
  const [outer, n, inner] = around(dims, axis);
  const best = new Float32Array(inner);
  const at = new Int32Array(inner);
  for (let o = 0; o < outer; o++) {
    best.set(x.subarray(o * n * inner, o * n * inner + inner));
    at.fill(0);
    for (let k = 1; k < n; k++) {
      const base = (o * n + k) * inner;
      for (let j = 0; j < inner; j++) {
        if (x[base + j] > best[j]) { best[j] = x[base + j]; at[j] = k; }
      }
    }
    for (let j = 0; j < inner; j++) y[o * inner + j] = BigInt(at[j]);
  }
  return y;
}

/** Softmax of each row of `n`: the max subtracted, float64 sums. */
export function softmaxInto(y, x, n) {
  for (let r = 0; r < x.length; r += n) {
    let max = -Infinity;
    for (let j = 0; j < n; j++) if (x[r + j] > max) max = x[r + j];
    let sum = 0;
    for (let j = 0; j < n; j++) sum += (y[r + j] = Math.exp(x[r + j] - max));
    for (let j = 0; j < n; j++) y[r + j] /= sum;
  }
  return y;
}

/**
 * Transpose of `batch` [rows, cols] matrices to [cols, rows], the output in
 * order: each perm measured swaps two adjacent groups of axes, so it is this.
 */
export function transpose2dInto(y, x, batch, rows, cols) {
  for (let n = 0, o = 0; n < batch; n++) {
    const base = n * rows * cols;
    for (let c = 0; c < cols; c++) {
      for (let r = 0, p = base + c; r < rows; r++, p += cols) y[o++] = x[p];
    }
  }
  return y;
}

/** A [height, width] crop at [top, left] of an [H, W, C] image: one set per row. */
export function cropInto(y, x, [, W, C], [top, left], [height, width]) {
  for (let r = 0; r < height; r++) {
    const from = ((top + r) * W + left) * C;
    y.set(x.subarray(from, from + width * C), r * width * C);
  }
  return y;
}

/** Pad of the last two axes by p on each side, 'constant' (0) or 'reflect' (the edge not repeated). */
export function padHWInto(y, x, dims, p, mode) {
  const [H, W] = dims.slice(-2);
  const planes = x.length / (H * W);
  const [OH, OW] = [H + 2 * p, W + 2 * p];
  const reflect = (i, n) => (i < 0 ? -i : i >= n ? 2 * (n - 1) - i : i);
  for (let c = 0; c < planes; c++) {
    for (let r = 0; r < OH; r++) {
      const o = (c * OH + r) * OW;
      if (mode === 'constant' && (r < p || r >= H + p)) {
        y.fill(0, o, o + OW);
        continue;
      }
      const from = (c * H + reflect(r - p, H)) * W;
      for (let j = 0; j < p; j++) y[o + j] = mode === 'constant' ? 0 : x[from + p - j];
      y.set(x.subarray(from, from + W), o + p);
      for (let j = 0; j < p; j++) y[o + p + W + j] = mode === 'constant' ? 0 : x[from + W - 2 - j];
    }
  }
  return y;
}

/** Concat of same-shape [1, rows, cols] blocks along the last axis: one set per row of each. */
export function concatInto(y, xs, rows, cols) {
  const width = xs.length * cols;
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < xs.length; i++) y.set(xs[i].subarray(r * cols, (r + 1) * cols), r * width + i * cols);
  }
  return y;
}

/** Rows of x (each `cols` long) picked by int64 indices: one set per row. */
export function gatherRowsInto(y, x, indices, cols) {
  for (let i = 0; i < indices.length; i++) {
    const from = Number(indices[i]) * cols;
    y.set(x.subarray(from, from + cols), i * cols);
  }
  return y;
}

// Binary ops as a user writes them: one loop per op and broadcast pattern,
// the op inline (a shared loop calling an op function runs several times slower).

export function addInto(y, a, b) {
  for (let i = 0; i < y.length; i++) y[i] = a[i] + b[i];
  return y;
}

export function greaterInto(y, a, b) {
  for (let i = 0; i < y.length; i++) y[i] = a[i] > b[i] ? 1 : 0;
  return y;
}

/** a [1, C, H, W] + b [C] (b's dims [1, C, 1, 1]): one value of b per plane of `plane` elements. */
export function addChannelsInto(y, a, b, plane) {
  for (let c = 0, i = 0; c < b.length; c++) {
    for (let end = i + plane, v = b[c]; i < end; i++) y[i] = a[i] + v;
  }
  return y;
}

export function mulChannelsInto(y, a, b, plane) {
  for (let c = 0, i = 0; c < b.length; c++) {
    for (let end = i + plane, v = b[c]; i < end; i++) y[i] = a[i] * v;
  }
  return y;
}

/** (x / scale - mean[c]) / std[c] over planes of `plane` elements, in one pass, each step rounded to float32 as the ops round it. */
export function normalizeInto(y, x, scale, mean, std, plane) {
  for (let c = 0, i = 0; c < mean.length; c++) {
    const [m, s] = [mean[c], std[c]];
    for (let end = i + plane; i < end; i++) y[i] = Math.fround(Math.fround(x[i] / scale) - m) / s;
  }
  return y;
}

export function expInto(y, x) {
  for (let i = 0; i < x.length; i++) y[i] = Math.exp(x[i]);
  return y;
}
