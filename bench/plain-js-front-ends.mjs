// The plain-JS side of the image and audio front ends' rows (issue 39;
// bench/front-end-workloads.mjs): a resize as one would write it in JS (the
// spec's half_pixel coordinates, each axis' source rows and weights worked
// out once per call, then one pass per output element), and a textbook FFT
// (iterative radix-2 for powers of two, Bluestein's chirp-z through it for
// every other length, as transformers.js does for 400) in float64 with its
// tables made once per length, as a JS library caches them. Each writes
// into a typed array the caller gives. No Node imports.

const clamp = (i, n) => (i < 0 ? 0 : i >= n ? n - 1 : i);
/** Round half to even, as Resize rounds into uint8, then saturate. */
const toU8 = (v) => {
  let r = Math.round(v);
  if (r - v === 0.5 && r % 2 !== 0) r -= 1;
  return r < 0 ? 0 : r > 255 ? 255 : r;
};

/**
 * One axis' source rows and weights for half_pixel linear (radius 1) or
 * cubic (radius 2, a = -0.75) resampling from nIn to nOut, the filter
 * stretched by nIn / nOut when `antialias` shrinks (PIL's filter support),
 * rows clamped into the axis as the spec's reference pads them.
 */
export function axisTaps(nIn, nOut, { cubic = false, antialias = false } = {}) {
  const scale = nOut / nIn;
  const radius = cubic ? 2 : 1;
  const stretch = antialias ? Math.min(scale, 1) : 1;
  const start = Math.floor(-radius / stretch) + 1;
  const taps = 2 - 2 * start;
  const kernel = cubic
    ? (d) => { const x = Math.abs(d); return x <= 1 ? (1.25 * x - 2.25) * x * x + 1 : x < 2 ? ((-0.75 * x + 3.75) * x - 6) * x + 3 : 0; }
    : (d) => Math.max(0, 1 - Math.abs(d));
  const index = new Int32Array(nOut * taps);
  const weights = new Float64Array(nOut * taps);
  for (let j = 0; j < nOut; j++) {
    const x = (j + 0.5) / scale - 0.5;
    const base = Math.floor(x) === x ? x - 1 : Math.floor(x);
    let sum = 0;
    for (let k = 0; k < taps; k++) {
      const w = kernel(stretch * (start + k - (x - base)));
      index[j * taps + k] = clamp(base + start + k, nIn);
      weights[j * taps + k] = w;
      sum += w;
    }
    if (antialias) for (let k = 0; k < taps; k++) weights[j * taps + k] /= sum;
  }
  return { taps, index, weights };
}

/**
 * Bilinear resize of an HWC uint8 image [H, W, C] to [h, w, C], written at
 * row `top` of an output `outW` pixels wide (the letterbox's band; 0 and w
 * for a plain resize): the two source rows and columns of each output
 * position worked out once, then four taps per element.
 */
export function bilinearU8Into(y, x, [H, W, C], [h, w], top = 0, outW = w) {
  const rows = axisTaps(H, h);
  const cols = axisTaps(W, w);
  for (let j = 0; j < h; j++) {
    const [r0, r1] = [rows.index[2 * j] * W * C, rows.index[2 * j + 1] * W * C];
    const [wy0, wy1] = [rows.weights[2 * j], rows.weights[2 * j + 1]];
    let o = ((top + j) * outW) * C;
    for (let i = 0; i < w; i++) {
      const [c0, c1] = [cols.index[2 * i] * C, cols.index[2 * i + 1] * C];
      const [wx0, wx1] = [cols.weights[2 * i], cols.weights[2 * i + 1]];
      for (let c = 0; c < C; c++) {
        y[o++] = toU8(wy0 * (wx0 * x[r0 + c0 + c] + wx1 * x[r0 + c1 + c]) + wy1 * (wx0 * x[r1 + c0 + c] + wx1 * x[r1 + c1 + c]));
      }
    }
  }
  return y;
}

/** The letterbox: the bilinear band of [h, w] centred in an [S, S] image of grey `fill`. */
export function letterboxU8Into(y, x, dims, [h, w], side, fill) {
  const top = (side - h) >> 1;
  y.fill(fill, 0, top * side * dims[2]);
  y.fill(fill, (top + h) * side * dims[2]);
  return bilinearU8Into(y, x, dims, [h, w], top, side);
}

/**
 * A separable resize of [planes, H, W, C] (C interleaved innermost) by two
 * axis tables, as PIL does it: the columns into a float64 scratch [H, w, C],
 * then the rows. `round` for uint8 output.
 */
export function separableInto(y, x, [planes, H, W, C], rows, cols, round) {
  const h = rows.index.length / rows.taps;
  const w = cols.index.length / cols.taps;
  const mid = new Float64Array(H * w * C);
  for (let p = 0; p < planes; p++) {
    const xp = p * H * W * C;
    for (let r = 0; r < H; r++) {
      for (let i = 0; i < w; i++) {
        for (let c = 0; c < C; c++) {
          let s = 0;
          for (let k = 0; k < cols.taps; k++) s += cols.weights[i * cols.taps + k] * x[xp + (r * W + cols.index[i * cols.taps + k]) * C + c];
          mid[(r * w + i) * C + c] = s;
        }
      }
    }
    const yp = p * h * w * C;
    for (let j = 0; j < h; j++) {
      for (let e = 0; e < w * C; e++) {
        let s = 0;
        for (let k = 0; k < rows.taps; k++) s += rows.weights[j * rows.taps + k] * mid[rows.index[j * rows.taps + k] * w * C + e];
        y[yp + j * w * C + e] = round ? toU8(s) : s;
      }
    }
  }
  return y;
}

// ---------------------------------------------------------------- the FFT

/** The tables of a transform of n points: twiddles of m = n or Bluestein's power of two, its bit reversal, the chirps. */
export function fftPlan(n) {
  const pow2 = (n & (n - 1)) === 0;
  let m = 1;
  while (m < (pow2 ? n : 2 * n - 1)) m *= 2;
  const cos = new Float64Array(m / 2);
  const sin = new Float64Array(m / 2);
  for (let t = 0; t < m / 2; t++) [cos[t], sin[t]] = [Math.cos((2 * Math.PI * t) / m), -Math.sin((2 * Math.PI * t) / m)];
  const bits = Math.log2(m);
  const reverse = new Uint32Array(m);
  for (let i = 0; i < m; i++) for (let b = 0; b < bits; b++) reverse[i] |= ((i >> b) & 1) << (bits - 1 - b);
  const plan = { n, m, pow2, cos, sin, reverse, re: new Float64Array(m), im: new Float64Array(m) };
  if (!pow2) {
    // chirp c_k = exp(-pi i k^2 / n); the kernel, FFT_m of conj(c) laid out circularly.
    plan.cr = new Float64Array(n);
    plan.ci = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const angle = (Math.PI * ((k * k) % (2 * n))) / n;
      [plan.cr[k], plan.ci[k]] = [Math.cos(angle), -Math.sin(angle)];
    }
    plan.kr = new Float64Array(m);
    plan.ki = new Float64Array(m);
    for (let k = 0; k < n; k++) {
      [plan.kr[k], plan.ki[k]] = [plan.cr[k], -plan.ci[k]];
      if (k > 0) [plan.kr[m - k], plan.ki[m - k]] = [plan.cr[k], -plan.ci[k]];
    }
    radix2(plan, plan.kr, plan.ki);
  }
  return plan;
}

/** In-place iterative radix-2 FFT of m points (re, im). */
function radix2({ m, cos, sin, reverse }, re, im) {
  for (let i = 0; i < m; i++) {
    const j = reverse[i];
    if (j > i) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let size = 2; size <= m; size *= 2) {
    const half = size / 2;
    const step = m / size;
    for (let s = 0; s < m; s += size) {
      for (let k = 0; k < half; k++) {
        const [wr, wi] = [cos[k * step], sin[k * step]];
        const [a, b] = [s + k, s + k + half];
        const tr = re[b] * wr - im[b] * wi;
        const ti = re[b] * wi + im[b] * wr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
      }
    }
  }
}

/** The first `bins` bins of the DFT of n real samples x[at + k] * window[k], into y as (re, im) pairs from `out`. */
export function realFftInto(plan, y, out, x, at, window, bins) {
  const { n, m, re, im } = plan;
  if (plan.pow2) {
    for (let k = 0; k < n; k++) [re[k], im[k]] = [window ? x[at + k] * window[k] : x[at + k], 0];
    radix2(plan, re, im);
    for (let k = 0; k < bins; k++) [y[out + 2 * k], y[out + 2 * k + 1]] = [re[k], im[k]];
    return;
  }
  const { cr, ci, kr, ki } = plan;
  for (let k = 0; k < n; k++) {
    const v = window ? x[at + k] * window[k] : x[at + k];
    [re[k], im[k]] = [v * cr[k], v * ci[k]];
  }
  re.fill(0, n);
  im.fill(0, n);
  radix2(plan, re, im);
  for (let k = 0; k < m; k++) {  // conj(A K): its FFT is m times the conjugated inverse
    const [ar, ai] = [re[k], im[k]];
    [re[k], im[k]] = [ar * kr[k] - ai * ki[k], -(ai * kr[k] + ar * ki[k])];
  }
  radix2(plan, re, im);
  for (let k = 0; k < bins; k++) {
    const [ar, ai] = [re[k] / m, -im[k] / m];
    [y[out + 2 * k], y[out + 2 * k + 1]] = [ar * cr[k] - ai * ci[k], ai * cr[k] + ar * ci[k]];
  }
}

/** STFT of a real signal: frames of window.length points every `step`, one-sided, [frames, bins, 2]. */
export function stftInto(y, x, plan, window, step) {
  const bins = (plan.n >> 1) + 1;
  const frames = 1 + Math.floor((x.length - plan.n) / step);
  for (let f = 0; f < frames; f++) realFftInto(plan, y, f * bins * 2, x, f * step, window, bins);
  return y;
}
