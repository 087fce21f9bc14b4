// Resize: random shapes, scales or sizes, modes, coordinate transforms,
// nearest modes, cubic and antialias settings over every type, against a
// float64 reference written from the spec's formulas (ONNX's reference for
// the tie rules), evaluated directly in N dims (every output element a sum
// over the product of its axes' taps), not separably as the kernel runs.
import * as tw from 'tessera-wasm';
import { expectedOf, floatsOf, randomFloats } from './audio-support';
import type { Expected, OpCase, OpTest } from './op-test';
import { between, newestTypes, pick, randomInput } from './support';

const INTEGER_RANGE: Record<string, [number, number]> = {
  uint8: [0, 255], int8: [-128, 127], uint16: [0, 65535], int16: [-32768, 32767], int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
};
const FILTER_TYPES = ['float32', 'float64', 'float16', 'bfloat16', 'uint8', 'int8', 'uint16', 'int16', 'int32', 'uint32'];
const COORDS = ['half_pixel', 'half_pixel_symmetric', 'pytorch_half_pixel', 'align_corners', 'asymmetric', 'tf_crop_and_resize'];
const NEAREST = ['round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'];

interface Axis { nIn: number; nOut: number; width: number; scale: number; start: number; end: number }
interface Settings { mode: string; coords: string; nearest: string; a: number; exclude: boolean; antialias: boolean }

/** x_original by the spec's formula, or undefined: extrapolate. */
function coordinate(s: Settings, ax: Axis, j: number): number | undefined {
  const { nIn, scale, width } = ax;
  if (s.coords === 'half_pixel') return (j + 0.5) / scale - 0.5;
  if (s.coords === 'half_pixel_symmetric') return nIn / 2 * (1 - ax.nOut / width) + (j + 0.5) / scale - 0.5;
  if (s.coords === 'pytorch_half_pixel') return width === 1 ? 0 : (j + 0.5) / scale - 0.5;
  if (s.coords === 'align_corners') return width === 1 ? 0 : j * (nIn - 1) / (width - 1);
  if (s.coords === 'asymmetric') return j / scale;
  const x = width === 1 ? (ax.end - ax.start) * (nIn - 1) / 2 + ax.start * (nIn - 1)
    : ax.start * (nIn - 1) + j * (ax.end - ax.start) * (nIn - 1) / (width - 1);
  return x < 0 || x > nIn - 1 ? undefined : x;
}

const keys = (x: number, a: number) => {
  const d = Math.abs(x);
  return d <= 1 ? (a + 2) * d ** 3 - (a + 3) * d ** 2 + 1 : d < 2 ? a * d ** 3 - 5 * a * d ** 2 + 8 * a * d - 4 * a : 0;
};

/** One axis' taps for output position j: [row, weight][], or undefined (extrapolate). */
function taps(s: Settings, ax: Axis, j: number): [number, number][] | undefined {
  const x = coordinate(s, ax, j);
  if (x === undefined) return undefined;
  const clamp = (i: number) => Math.min(Math.max(i, 0), ax.nIn - 1);
  if (s.mode === 'nearest') {
    const f = Math.floor(x);
    const frac = x - f;
    let i = f;
    if (frac !== 0) {
      if (s.nearest === 'round_prefer_floor') i = frac <= 0.5 ? f : f + 1;
      else if (s.nearest === 'round_prefer_ceil') i = frac < 0.5 ? f : f + 1;
      else if (s.nearest === 'ceil') i = f + 1;
    }
    return [[clamp(i), 1]];
  }
  const left = Number.isInteger(x) ? x - 1 : Math.floor(x);
  const ratio = x - left;
  const support = s.mode === 'linear' ? 1 : 2;
  const scale = s.antialias ? Math.min(ax.scale, 1) : 1;
  const first = Math.floor(-support / scale) + 1;
  const out: [number, number][] = [];
  for (let i = first; i <= 1 - first; i++) {
    const d = scale * (i - ratio);
    let w = s.mode === 'linear' ? Math.max(0, 1 - Math.abs(d)) : keys(d, s.a);
    if (s.exclude && (left + i < 0 || left + i >= ax.nIn)) w = 0;
    out.push([clamp(left + i), w]);
  }
  if (s.antialias || s.exclude) {
    const sum = out.reduce((t, [, w]) => t + w, 0);
    for (const tap of out) tap[1] /= sum;
  }
  return out;
}

function roundInteger(type: string, v: number): number {
  const [lo, hi] = INTEGER_RANGE[type];
  let r = Math.round(v);
  if (Math.abs(v - Math.trunc(v)) === 0.5) r = 2 * Math.round(v / 2); // half to even
  return Math.min(Math.max(r, lo), hi);
}

const ARRAYS: Record<string, new (n: number) => ArrayLike<number> & { buffer: ArrayBufferLike; [i: number]: number }> = {
  float32: Float32Array, float64: Float64Array, uint8: Uint8Array, int8: Int8Array, uint16: Uint16Array, int16: Int16Array,
  int32: Int32Array, uint32: Uint32Array,
};

export function resizeReference(c: OpCase): Expected[] {
  const x = c.inputs[0]!;
  const s: Settings = {
    mode: (c.attributes.mode as string) ?? 'nearest', coords: (c.attributes.coordinate_transformation_mode as string) ?? 'half_pixel',
    nearest: (c.attributes.nearest_mode as string) ?? 'round_prefer_floor', a: (c.attributes.cubic_coeff_a as number) ?? -0.75,
    exclude: c.attributes.exclude_outside === 1, antialias: c.attributes.antialias === 1,
  };
  const e = (c.attributes.extrapolation_value as number) ?? 0;
  const roi = c.inputs[1] === undefined ? undefined : floatsOf(c.inputs[1]);
  const scales = c.inputs[2] === undefined ? undefined : floatsOf(c.inputs[2]);
  const sizes = c.inputs[3] === undefined ? undefined : Array.from(c.inputs[3].data as BigInt64Array, Number);
  const rank = x.dims.length;
  const axes: Axis[] = x.dims.map((nIn, i) => {
    const nOut = sizes ? sizes[i] : Math.floor(nIn * scales![i]);
    const scale = sizes ? nOut / nIn : scales![i];
    return { nIn, nOut, width: sizes ? nOut : nIn * scale, scale, start: roi?.[i] ?? 0, end: roi?.[rank + i] ?? 1 };
  });
  const dims = axes.map((a) => a.nOut);
  const size = dims.reduce((p, d) => p * d, 1);
  const tables = axes.map((a, i) => Array.from({ length: dims[i] }, (_, j) => taps(s, a, j)));
  const strides = x.dims.map((_, i) => x.dims.slice(i + 1).reduce((p, d) => p * d, 1));
  const type = x.type;
  const values = s.mode === 'nearest' ? [] : type === 'float16' || type === 'bfloat16' ? floatsOf(x) : Array.from(x.data as ArrayLike<number>);
  const elementBytes = type === 'string' ? 0 : (x.data as ArrayBufferView).byteLength / Math.max(x.size, 1);
  const inBytes = type === 'string' ? new Uint8Array(0) : new Uint8Array((x.data as ArrayBufferView).buffer, (x.data as ArrayBufferView).byteOffset, (x.data as ArrayBufferView).byteLength);
  const strings: string[] = [];
  const bytes = new Uint8Array(size * elementBytes);
  const results = new Float64Array(size);
  const coord = new Array<number>(rank).fill(0);
  for (let o = 0; o < size; o++) {
    const lists = coord.map((j, i) => tables[i][j]);
    if (lists.some((l) => l === undefined)) {
      results[o] = e;
      if (type === 'string') strings.push('');
      else if (s.mode === 'nearest' && e !== 0) new (type === 'float32' ? Float32Array : Float64Array)(bytes.buffer, o * elementBytes, 1)[0] = e;
    } else {
      // Every combination of the axes' taps.
      let sum = 0;
      const pick = new Array<number>(rank).fill(0);
      for (;;) {
        let at = 0;
        let w = 1;
        for (let i = 0; i < rank; i++) {
          const [row, weight] = lists[i]![pick[i]];
          at += row * strides[i];
          w *= weight;
        }
        if (s.mode === 'nearest') {
          if (type === 'string') strings.push((x.data as string[])[at]);
          else bytes.set(inBytes.subarray(at * elementBytes, (at + 1) * elementBytes), o * elementBytes);
        } else sum += w * values[at];
        let i = rank - 1;
        for (; i >= 0; i--) {
          if (++pick[i] < lists[i]!.length) break;
          pick[i] = 0;
        }
        if (i < 0) break;
      }
      results[o] = sum;
    }
    for (let i = rank - 1; i >= 0; i--) {
      if (++coord[i] < dims[i]) break;
      coord[i] = 0;
    }
  }
  if (type === 'string') return [{ type, dims, storage: strings }];
  if (s.mode === 'nearest') return [{ type, dims, storage: bytes }];
  if (type === 'float16' || type === 'bfloat16') {
    return [expectedOf(type, dims, Array.from(results))];
  }
  const out = new ARRAYS[type](size);
  for (let i = 0; i < size; i++) out[i] = type in INTEGER_RANGE ? roundInteger(type, results[i]) : results[i];
  return [{ type, dims, storage: new Uint8Array(out.buffer) }];
}

function randomCase(random: () => number, type: string): OpCase {
  const filterable = FILTER_TYPES.includes(type);
  const mode = filterable ? pick(random, ['nearest', 'linear', 'cubic']) : 'nearest';
  const integer = type in INTEGER_RANGE;
  const rank = between(random, 1, 4);
  const dims = Array.from({ length: rank }, () => (random() < 0.05 ? 0 : between(random, 1, 5)));
  const x = mode === 'nearest' || !filterable ? randomInput(random, type, dims)
    : integer ? tw.tensor(type as 'int32', Array.from({ length: dims.reduce((p, d) => p * d, 1) }, () => between(random, INTEGER_RANGE[type][0] === 0 ? 0 : -100, 100)), dims)
      : randomFloats(random, type, dims);
  // Integer filters take dyadic scales, so every weight and sum is exact and the rounding is the spec's alone.
  const coords = integer && mode !== 'nearest' ? pick(random, ['half_pixel', 'asymmetric']) : pick(random, COORDS);
  const useSizes = !(integer && mode !== 'nearest') && random() < 0.4;
  const scaleChoices = integer && mode !== 'nearest' ? [0.5, 1, 2, 4] : [0.5, 0.6, 1, 1.5, 2, 3, 0.3, 1.7];
  const scales = dims.map((d) => (d === 0 ? 1 : pick(random, scaleChoices)));
  const sizes = dims.map((d) => (d === 0 ? 0 : between(random, 1, 7)));
  const attributes: Record<string, unknown> = { mode, coordinate_transformation_mode: coords };
  if (mode === 'nearest') attributes.nearest_mode = pick(random, NEAREST);
  if (mode === 'cubic') {
    attributes.cubic_coeff_a = pick(random, [-0.75, -0.5]);
    if (!integer) attributes.exclude_outside = pick(random, [0, 1]);
  }
  if (mode !== 'nearest' && !integer && random() < 0.4) attributes.antialias = 1;
  let roi: tw.Tensor | undefined;
  if (coords === 'tf_crop_and_resize') {
    const starts = dims.map(() => pick(random, [0, 0.1, 0.25, -0.2]));
    roi = tw.tensor('float32', [...starts, ...starts.map((v) => v + pick(random, [0.5, 0.8, 1.2]))], [2 * rank]);
    attributes.extrapolation_value = type === 'float32' || type === 'float64' || (mode !== 'nearest' && !integer) ? pick(random, [0, 1.5, -2]) : 0;
  }
  const inputs = [x, roi, useSizes ? undefined : tw.tensor('float32', scales, [rank]),
    useSizes ? new tw.Tensor('int64', BigInt64Array.from(sizes, BigInt), [rank]) : undefined];
  return { label: `${type} [${dims.join(', ')}] ${useSizes ? `sizes [${sizes}]` : `scales [${scales}]`} ${JSON.stringify(attributes)}`, inputs, attributes };
}

export const RESIZE: OpTest = {
  op: 'Resize',
  cases: (random) => newestTypes('Resize', 'T1').flatMap((type) => [randomCase(random, type), randomCase(random, type)]),
  reference: resizeReference,
  named: ({ inputs, attributes }, options) => {
    const a = attributes;
    return tw.resize(inputs[0] as never, {
      roi: inputs[1] === undefined ? undefined : floatsOf(inputs[1]),
      scales: inputs[2] === undefined ? undefined : floatsOf(inputs[2]),
      sizes: inputs[3] === undefined ? undefined : Array.from(inputs[3].data as BigInt64Array),
      mode: a.mode as never, coordinateTransformationMode: a.coordinate_transformation_mode as never, nearestMode: a.nearest_mode as never,
      cubicCoeffA: a.cubic_coeff_a as number | undefined, excludeOutside: a.exclude_outside === undefined ? undefined : a.exclude_outside === 1,
      antialias: a.antialias === undefined ? undefined : a.antialias === 1, extrapolationValue: a.extrapolation_value as number | undefined,
      ...options,
    } as never);
  },
  // 1 ulp of the float64 reference (float16 and bfloat16: rounded through float32), plus the float64 summation's
  // own noise where taps cancel (inputs are at most 4 in magnitude: well under 1e-12).
  tolerance: {
    float32: { ulps: 1, atol: 1e-12 },
    float64: { ulps: 16, atol: 1e-13 },
    float16: { ulps: 1, atol: 1e-12 },
    bfloat16: { ulps: 1, atol: 1e-12 },
  },
  tooLarge: (limit) => ({
    label: `a [1, 1] float32 resized to sizes [2^16, ${Math.ceil(limit / 4 / 2 ** 16) + 1}]`,
    inputs: [tw.tensor('float32', [1], [1, 1]), undefined, undefined, new tw.Tensor('int64', BigInt64Array.of(2n ** 16n, BigInt(Math.ceil(limit / 4 / 2 ** 16) + 1)), [2])],
    attributes: {},
  }),
  fuzz: ['resize'],
};
