// DFT (17 and 20) and STFT: random real and complex signals of every float
// type, any axis, any length (powers of two and not), cut or zero-padded,
// forward, inverse, one-sided and real inverse, against a naive O(n^2) DFT in
// float64 written from the spec's formula.
import * as tw from 'tessera-wasm';
import { expectedOf, floatsOf, randomFloats, scalarOf } from './audio-support';
import type { OpCase, OpTest } from './op-test';
import { between, newestTypes, pick } from './support';

/** sum_n x[n] exp(-+2 pi i k n / N) for k < bins, x given as (re, im) of its first `count` points (zero past them). */
function naive(re: number[], im: number[], n: number, bins: number, inverse: boolean): [number[], number[]] {
  const outRe: number[] = [];
  const outIm: number[] = [];
  for (let k = 0; k < bins; k++) {
    let sr = 0;
    let si = 0;
    for (let j = 0; j < Math.min(n, re.length); j++) {
      const angle = ((inverse ? 2 : -2) * Math.PI * ((j * k) % n)) / n;
      sr += re[j] * Math.cos(angle) - im[j] * Math.sin(angle);
      si += re[j] * Math.sin(angle) + im[j] * Math.cos(angle);
    }
    outRe.push(inverse ? sr / n : sr);
    outIm.push(inverse ? si / n : si);
  }
  return [outRe, outIm];
}

const product = (dims: readonly number[]) => dims.reduce((a, b) => a * b, 1);

/** DFT by the spec: the axis' lines transformed one by one. */
function dftReference(x: tw.Tensor, axis: number, length: number | undefined, inverse: boolean, onesided: boolean) {
  const dims = x.dims;
  const rank = dims.length;
  const c = dims[rank - 1];
  const a = axis < 0 ? axis + rank : axis;
  const nIn = dims[a];
  const realInverse = inverse && onesided;
  const n = length ?? (realInverse ? 2 * (nIn - 1) : nIn);
  const nOut = onesided && !inverse ? Math.floor(n / 2) + 1 : n;
  const outer = product(dims.slice(0, a));
  const inner = product(dims.slice(a + 1, rank - 1));
  const outC = realInverse ? 1 : 2;
  const values = floatsOf(x);
  const out = new Array<number>(outer * nOut * inner * outC).fill(0);
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const at = (k: number) => ((o * nIn + k) * inner + i) * c;
      let re: number[] = [];
      let im: number[] = [];
      if (realInverse) {
        for (let k = 0; k < n; k++) {
          const h = k <= n / 2 ? k : n - k;
          const v = h < nIn ? [values[at(h)], values[at(h) + 1]] : [0, 0];
          re.push(v[0]);
          im.push(k <= n / 2 ? v[1] : -v[1]);
        }
      } else {
        re = Array.from({ length: nIn }, (_, k) => values[at(k)]);
        im = Array.from({ length: nIn }, (_, k) => (c === 2 ? values[at(k) + 1] : 0));
      }
      const [yr, yi] = naive(re, im, n, nOut, inverse);
      for (let k = 0; k < nOut; k++) {
        const to = ((o * nOut + k) * inner + i) * outC;
        out[to] = yr[k];
        if (!realInverse) out[to + 1] = yi[k];
      }
    }
  }
  const outDims = dims.map((d, j) => (j === a ? nOut : j === rank - 1 ? outC : d));
  return expectedOf(x.type, outDims, out);
}

const scalarValue = (t: tw.Tensor | undefined) => (t === undefined ? undefined : Number((t.data as ArrayLike<number | bigint>)[0]));

// float32 and float64 run in float64: a float32 bin then lies within an ulp or two of the exact one, and
// bins that cancel to about 0 within 1e-12 of the signals here (|x| < 4, at most 48 points);
// float16 and bfloat16 run in float32 (1e-5 of these signals), then round to their own ulp.
const TOLERANCE = {
  float64: { ulps: 64, atol: 1e-11 }, float32: { ulps: 2, atol: 1e-11 }, float16: { ulps: 2, atol: 2e-4 }, bfloat16: { ulps: 2, atol: 2e-4 },
};

export const DFT: OpTest = {
  op: 'DFT',
  cases: (random) => newestTypes('DFT', 'T1').flatMap((type): OpCase[] => {
    const rank = between(random, 2, 4);
    const dims = Array.from({ length: rank - 1 }, () => between(random, 1, 4));
    const a = between(random, 0, rank - 2);
    dims[a] = between(random, 1, 24);
    const mode = pick(random, ['full', 'inverse', 'onesided', 'real-inverse'] as const);
    const inverse = mode === 'inverse' || mode === 'real-inverse';
    const onesided = mode === 'onesided' || mode === 'real-inverse';
    if (mode === 'real-inverse' && dims[a] < 2) dims[a] = 2;
    const c = mode === 'onesided' ? 1 : mode === 'real-inverse' ? 2 : pick(random, [1, 2]);
    const x = randomFloats(random, type, [...dims, c]);
    const length = random() < 0.4 ? between(random, 1, 40) : undefined;
    const lengthInput = length === undefined ? undefined : scalarOf(pick(random, ['int32', 'int64'] as const), length);
    const axis = random() < 0.5 ? a : a - rank;
    const attributes = { inverse: inverse ? 1 : 0, onesided: onesided ? 1 : 0 };
    const label = `${type} [${x.dims}] axis ${axis} ${mode} length ${length}`;
    return [
      { label, inputs: [x, lengthInput, new tw.Tensor('int64', BigInt64Array.of(BigInt(axis)), [])], attributes },
      { label: `DFT-17 ${label}`, opset: 17, inputs: lengthInput ? [x, lengthInput] : [x], attributes: { ...attributes, axis } },
    ];
  }),
  reference: ({ inputs: [x, length, axis], attributes, opset }) =>
    [dftReference(x!, opset === 17 ? attributes.axis as number : scalarValue(axis)!, scalarValue(length), attributes.inverse === 1, attributes.onesided === 1)],
  named: ({ inputs: [x, length, axis], attributes }, options) =>
    tw.dft(x as never, { axis: scalarValue(axis), dftLength: scalarValue(length), inverse: attributes.inverse === 1, onesided: attributes.onesided === 1, ...options } as never),
  tolerance: TOLERANCE,
  tooLarge: 'the output holds the input\'s transform (at most the dft_length the input can be padded to, twice for complex): no case fits this machine\'s test memory',
  fuzz: [],
};

/** STFT by the spec: frames of frame_length from f * step, the window on each frame's first points, each transformed. */
function stftReference(x: tw.Tensor, step: number, window: tw.Tensor | undefined, frameLength: number | undefined, onesided: boolean) {
  const [batch, samples, c] = x.dims;
  const n = frameLength ?? window?.dims[0] ?? samples;
  const w = window === undefined ? new Array<number>(n).fill(1) : floatsOf(window);
  const frames = 1 + Math.floor((samples - n) / step);
  const bins = onesided ? Math.floor(n / 2) + 1 : n;
  const values = floatsOf(x);
  const out: number[] = [];
  for (let b = 0; b < batch; b++) {
    for (let f = 0; f < frames; f++) {
      const re = w.map((wk, k) => values[(b * samples + f * step + k) * c] * wk);
      const im = w.map((wk, k) => (c === 2 ? values[(b * samples + f * step + k) * c + 1] * wk : 0));
      const [yr, yi] = naive(re, im, n, bins, false);
      for (let k = 0; k < bins; k++) out.push(yr[k], yi[k]);
    }
  }
  return expectedOf(x.type, [batch, frames, bins, 2], out);
}

export const STFT: OpTest = {
  op: 'STFT',
  cases: (random) => newestTypes('STFT', 'T1').map((type): OpCase => {
    const samples = between(random, 1, 48);
    const frameLength = between(random, 1, samples);
    const c = random() < 0.7 ? 1 : 2;
    const onesided = c === 1 && random() < 0.6 ? 1 : 0;
    const x = randomFloats(random, type, [between(random, 0, 2), samples, c]);
    const windowLength = random() < 0.3 ? undefined : between(random, 1, frameLength);
    const window = windowLength === undefined ? undefined : randomFloats(random, type, [windowLength]);
    const lengthInput = window !== undefined && random() < 0.5 && windowLength === frameLength ? undefined : scalarOf('int64', frameLength);
    const step = scalarOf(pick(random, ['int32', 'int64'] as const), between(random, 1, 6));
    return {
      label: `${type} [${x.dims}] step ${scalarValue(step)} window ${windowLength} frame ${frameLength} onesided ${onesided}`,
      inputs: lengthInput === undefined ? [x, step, window] : [x, step, window, lengthInput], attributes: { onesided },
    };
  }),
  reference: ({ inputs: [x, step, window, length], attributes }) =>
    [stftReference(x!, scalarValue(step)!, window, scalarValue(length), attributes.onesided === 1)],
  named: ({ inputs: [x, step, window, length], attributes }, options) =>
    tw.stft(x as never, scalarValue(step)!, { window: window as never, frameLength: scalarValue(length), onesided: attributes.onesided === 1, ...options } as never),
  tolerance: TOLERANCE,
  tooLarge: 'the output holds the input\'s transform (at most the dft_length the input can be padded to, twice for complex): no case fits this machine\'s test memory',
  fuzz: [],
};
