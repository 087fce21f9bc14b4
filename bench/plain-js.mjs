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

/** Each axis's element stride in a tensor of `dims` (row-major). */
function stridesOf(dims) {
  const strides = new Array(dims.length);
  for (let a = dims.length - 1, s = 1; a >= 0; s *= dims[a], a--) strides[a] = s;
  return strides;
}

/**
 * Calls row(o, p) for each row of the last axis of `dims`, in order: o is
 * the row's offset in the output, p the sum of its outer indices times
 * `strides` (an input's offset, by an odometer over the outer axes).
 */
function forEachRow(dims, strides, row) {
  const last = dims.length - 1;
  const index = new Array(last).fill(0);
  const total = dims.reduce((a, b) => a * b, 1);
  for (let o = 0; o < total; o += dims[last]) {
    let p = 0;
    for (let a = 0; a < last; a++) p += index[a] * strides[a];
    row(o, p);
    for (let a = last - 1; a >= 0; a--) {
      if (++index[a] < dims[a]) break;
      index[a] = 0;
    }
  }
}

/** Transpose by `perm`: the output in order, the input by permuted strides. */
export function transposeInto(y, x, dims, perm) {
  const strides = stridesOf(dims);
  const step = perm.map((p) => strides[p]);
  const outDims = perm.map((p) => dims[p]);
  const [w, inner] = [outDims.at(-1), step.at(-1)];
  forEachRow(outDims, step, (o, p) => {
    for (let j = 0; j < w; j++, p += inner) y[o + j] = x[p];
  });
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

export const BINARY = { add: (a, b) => a + b, mul: (a, b) => a * b, greater: (a, b) => a > b };

/**
 * y = op(a, b), b broadcast to a's dims (numpy rules; a has the output's
 * dims): rows of the last axis, b's index by strides that are 0 on its
 * broadcast axes. A float32 store rounds a double +, * or / of two float32s
 * to the float32 result exactly.
 */
export function binaryInto(y, a, b, aDims, bDims, op) {
  const bFull = [...new Array(aDims.length - bDims.length).fill(1), ...bDims];
  const bStride = stridesOf(bFull).map((s, d) => (bFull[d] === 1 ? 0 : s));
  const [w, inner] = [aDims.at(-1), bStride.at(-1)];
  forEachRow(aDims, bStride, (o, q) => {
    if (inner === 0) {
      const bv = b[q];
      for (let j = 0; j < w; j++) y[o + j] = op(a[o + j], bv);
    } else {
      for (let j = 0; j < w; j++) y[o + j] = op(a[o + j], b[q + j]);
    }
  });
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
