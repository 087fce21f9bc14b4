// Resize's per-axis tables, computed once per call in float64 from the spec's
// formulas (Resize-19's coordinate transforms, nearest modes and filters;
// ONNX's reference implementation for the tie rules): for every output
// position along an axis, its source rows and their weights. The kernel
// (cpp/src/kernels/resize.cc) applies them across the inner block, so no
// index or weight arithmetic runs per element.

export type ResizeMode = 'nearest' | 'linear' | 'cubic';
export type CoordinateMode = 'half_pixel' | 'half_pixel_symmetric' | 'pytorch_half_pixel' | 'align_corners' | 'asymmetric'
  | 'tf_half_pixel_for_nn' | 'tf_crop_and_resize';
/** 'simple' is Resize-10's: floor when upsampling, ceil when downsampling (onnxruntime's reading of Resize-10). */
export type NearestMode = 'round_prefer_floor' | 'round_prefer_ceil' | 'floor' | 'ceil' | 'simple';

/** What every axis shares. */
export interface ResizeSettings {
  readonly mode: ResizeMode;
  readonly coordinates: CoordinateMode;
  readonly nearest: NearestMode;
  readonly cubicA: number;
  readonly excludeOutside: boolean;
  readonly antialias: boolean;
}

/**
 * One axis: its lengths, its scale (given, or out / in), and its roi [start,
 * end] (tf_crop_and_resize). `width` is the output length before flooring
 * (in * scale; nOut when sizes were given), which align_corners,
 * pytorch_half_pixel and tf_crop_and_resize divide by, as ONNX's reference
 * and its node tests do (the spec's text says length_resized).
 */
export interface AxisResize {
  readonly nIn: number;
  readonly nOut: number;
  readonly width: number;
  readonly scale: number;
  readonly roiStart: number;
  readonly roiEnd: number;
}

/** An axis' table: `taps` source rows per output position (-1 first: extrapolate), and for filters their weights. */
export interface AxisTable {
  readonly taps: number;
  readonly index: Int32Array;
  readonly weights: Float64Array | undefined;
  /** Every output position is its own source row with weight 1: the pass can be skipped. */
  readonly identity: boolean;
}

/** x_original for output position j, or undefined where tf_crop_and_resize falls outside the input (extrapolate). */
export function originalCoordinate(s: ResizeSettings, a: AxisResize, j: number): number | undefined {
  const { nIn, nOut, scale, width } = a;
  switch (s.coordinates) {
    case 'half_pixel': return (j + 0.5) / scale - 0.5;
    case 'half_pixel_symmetric': {
      const adjustment = nOut / (scale * nIn);
      const offset = (nIn / 2) * (1 - adjustment);
      return offset + (j + 0.5) / scale - 0.5;
    }
    case 'pytorch_half_pixel': return width !== 1 ? (j + 0.5) / scale - 0.5 : 0;
    case 'align_corners': return width !== 1 ? (j * (nIn - 1)) / (width - 1) : 0;
    case 'asymmetric': return j / scale;
    case 'tf_half_pixel_for_nn': return (j + 0.5) / scale;
    case 'tf_crop_and_resize': {
      const { roiStart: start, roiEnd: end } = a;
      const x = width !== 1 ? start * (nIn - 1) + (j * (end - start) * (nIn - 1)) / (width - 1) : 0.5 * (start + end) * (nIn - 1);
      return x < 0 || x > nIn - 1 ? undefined : x;
    }
  }
}

const clampRow = (i: number, n: number) => (i < 0 ? 0 : i >= n ? n - 1 : i);

/** The nearest source row of x by the mode (ties as the spec names them), clamped into the axis. */
function nearestRow(s: ResizeSettings, a: AxisResize, x: number): number {
  let i: number;
  const floor = Math.floor(x);
  if (floor === x) i = x;
  else {
    switch (s.nearest) {
      case 'round_prefer_floor': i = x - floor <= 0.5 ? floor : floor + 1; break;
      case 'round_prefer_ceil': i = x - floor < 0.5 ? floor : floor + 1; break;
      case 'floor': i = floor; break;
      case 'ceil': i = floor + 1; break;
      case 'simple': i = a.scale < 1 ? floor + 1 : floor; break;
    }
  }
  return clampRow(i, a.nIn);
}

/** The cubic convolution kernel (Keys, a = cubic_coeff_a) at distance d. */
function cubic(d: number, A: number): number {
  const x = Math.abs(d);
  if (x <= 1) return ((A + 2) * x - (A + 3)) * x * x + 1;
  if (x < 2) return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A;
  return 0;
}

/** Source rows per output position: 1 (nearest), 2 (linear), 4 (cubic), or the antialiased filter's 2 - 2 floor(-r / scale) - 2. */
export function tapsOf(s: ResizeSettings, a: AxisResize): number {
  if (s.mode === 'nearest') return 1;
  const stretch = s.antialias ? Math.min(a.scale, 1) : 1;
  return 2 - 2 * (Math.floor(-(s.mode === 'linear' ? 1 : 2) / stretch) + 1);
}

/** The table of one axis. */
export function axisTable(s: ResizeSettings, a: AxisResize): AxisTable {
  const { nIn, nOut } = a;
  if (s.mode === 'nearest') {
    const index = new Int32Array(nOut);
    let identity = nIn === nOut;
    for (let j = 0; j < nOut; j++) {
      const x = originalCoordinate(s, a, j);
      index[j] = x === undefined ? -1 : nearestRow(s, a, x);
      if (index[j] !== j) identity = false;
    }
    return { taps: 1, index, weights: undefined, identity };
  }
  // Filters: support radius 1 (linear) or 2 (cubic), stretched by 1 / scale when antialiasing a downscale.
  const radius = s.mode === 'linear' ? 1 : 2;
  const stretch = s.antialias ? Math.min(a.scale, 1) : 1;
  const start = Math.floor(-radius / stretch) + 1; // taps run from base + start to base + 1 - start
  const taps = tapsOf(s, a);
  const index = new Int32Array(nOut * taps);
  const weights = new Float64Array(nOut * taps);
  let identity = nIn === nOut;
  for (let j = 0; j < nOut; j++) {
    const x = originalCoordinate(s, a, j);
    const at = j * taps;
    if (x === undefined) {
      index.fill(-1, at, at + taps);
      identity = false;
      continue;
    }
    // The row left of x (x - 1 when x is a row): the ratio lies in (0, 1], as ONNX's reference takes it.
    const base = Math.floor(x) === x ? x - 1 : Math.floor(x);
    const ratio = x - base;
    let sum = 0;
    for (let k = 0; k < taps; k++) {
      const i = start + k;
      const d = stretch * (i - ratio);
      let w = s.mode === 'linear' ? Math.max(0, 1 - Math.abs(d)) : cubic(d, s.cubicA);
      const row = base + i;
      if (s.excludeOutside && (row < 0 || row >= nIn)) w = 0;
      index[at + k] = clampRow(row, nIn);
      weights[at + k] = w;
      sum += w;
    }
    if (s.antialias || s.excludeOutside) for (let k = 0; k < taps; k++) weights[at + k] /= sum;
    if (identity) {
      for (let k = 0; k < taps; k++) {
        const w = weights[at + k];
        if (w !== 0 && !(w === 1 && index[at + k] === j)) identity = false;
      }
    }
  }
  return { taps, index, weights, identity };
}
