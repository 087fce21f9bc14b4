// The image and audio ops' own rules: each version's differences and every
// SpecError the spec implies (a non-positive frame step, a window longer than
// the frame, a one-sided transform of the wrong kind of signal, an axis out
// of range, bad output types), and small cases worked by hand.
import * as tw from 'tessera-wasm';
import { expectSpecError } from './helpers';

beforeAll(() => tw.init());

const i64 = (n: number) => new tw.Tensor('int64', BigInt64Array.of(BigInt(n)), []);
const run = (opType: string, inputs: (tw.Tensor | undefined)[], attributes: Record<string, unknown> = {}, opset?: number) =>
  tw.runNode({ opType, attributes, opset }, inputs as tw.Tensor[])[0] as tw.Tensor;
const close = (got: ArrayLike<number>, want: number[], tol = 1e-6) => {
  expect(got.length).toBe(want.length);
  want.forEach((w, i) => expect(Math.abs(got[i] - w)).toBeLessThanOrEqual(tol));
};

describe('windows', () => {
  it('Hann, Hamming and Blackman by the formula; periodic is the first size points of size + 1', () => {
    close(tw.hannWindow(4).data as Float32Array, [0, 0.5, 1, 0.5]);
    close(tw.hannWindow(5, { periodic: false }).data as Float32Array, [0, 0.5, 1, 0.5, 0]);
    close(tw.hammingWindow(3, { periodic: false, outputDatatype: 'float64' }).data as Float64Array, [4 / 46, 1, 4 / 46], 1e-15);
    close(tw.blackmanWindow(3, { periodic: false }).data as Float32Array, [0, 1, 0]);
    expect(Array.from(tw.hannWindow(1, { periodic: false }).data as Float32Array)).toEqual([1]);
    expect(tw.hannWindow(0).dims).toEqual([0]);
  });
  it('integer output types truncate toward zero, as Cast does', () => {
    expect(Array.from(run('HannWindow', [i64(4)], { output_datatype: 6 }).data as Int32Array)).toEqual([0, 0, 1, 0]);
  });
  it('refuses a negative size, a non-scalar size, an output type T2 lacks and a periodic that is not 0 or 1', () => {
    expectSpecError(() => run('HannWindow', [i64(-1)]), 'HannWindow', 17, /size must be >= 0/);
    expectSpecError(() => run('HannWindow', [new tw.Tensor('int64', BigInt64Array.of(2n, 3n), [2])]), 'HannWindow', 17, /scalar/);
    expectSpecError(() => run('HammingWindow', [i64(3)], { output_datatype: 9 }), 'HammingWindow', 17, /output_datatype/);
    expectSpecError(() => run('BlackmanWindow', [i64(3)], { periodic: 2 }), 'BlackmanWindow', 17, /periodic must be 0 or 1/);
    expectSpecError(() => run('HannWindow', [tw.tensor('float32', [3], [])]), 'HannWindow', 17, /size type must be one of int32, int64/);
    expectSpecError(() => run('HannWindow', [i64(2 ** 28 + 1)]), 'HannWindow', 17, /size must be at most 2\^28/);
  });
});

describe('DFT', () => {
  const signal = tw.tensor('float32', [1, 2, 3, 4, 5], [1, 5, 1]);
  it('DFT-20 takes the axis as an input (default -2), DFT-17 as an attribute (default 1): the same transform', () => {
    const a = run('DFT', [signal]);
    const b = run('DFT', [signal], {}, 17);
    const c = run('DFT', [signal, undefined, i64(1)]);
    expect(a.dims).toEqual([1, 5, 2]);
    close(a.data as Float32Array, [15, 0, -2.5, 3.440955, -2.5, 0.8122992, -2.5, -0.8122992, -2.5, -3.440955]);
    expect(Array.from(b.data as Float32Array)).toEqual(Array.from(a.data as Float32Array));
    expect(Array.from(c.data as Float32Array)).toEqual(Array.from(a.data as Float32Array));
    expectSpecError(() => tw.runNode({ opType: 'DFT', opset: 17 }, [signal, undefined, i64(1)] as tw.Tensor[]), 'DFT', 17, /takes 1 to 2 inputs/);
    expectSpecError(() => run('DFT', [signal], { axis: 1 }), 'DFT', 20, /unknown attribute "axis"/);
  });
  it('a forward transform and its inverse give the signal back; a real inverse of the one-sided bins too', () => {
    const back = run('DFT', [run('DFT', [signal])], { inverse: 1 });
    close(back.data as Float32Array, [1, 0, 2, 0, 3, 0, 4, 0, 5, 0], 1e-6);
    const half = run('DFT', [signal], { onesided: 1 });
    expect(half.dims).toEqual([1, 3, 2]);
    const real = run('DFT', [half, i64(5)], { onesided: 1, inverse: 1 });
    expect(real.dims).toEqual([1, 5, 1]);
    close(real.data as Float32Array, [1, 2, 3, 4, 5], 1e-6);
  });
  it('dft_length cuts or zero-pads the signal', () => {
    close(run('DFT', [signal, i64(2)]).data as Float32Array, [3, 0, -1, 0]);
    expect(run('DFT', [signal, i64(8)]).dims).toEqual([1, 8, 2]);
  });
  it('refuses an axis out of range, the complex axis, a one-sided transform of the wrong signal and a length below 1', () => {
    expectSpecError(() => run('DFT', [signal, undefined, i64(2)]), 'DFT', 20, /axis must lie in \[-3, -2\] or \[0, 1\]/);
    expectSpecError(() => run('DFT', [signal, undefined, i64(-1)]), 'DFT', 20, /axis/);
    expectSpecError(() => run('DFT', [tw.tensor('float32', [1, 2, 3, 4], [2, 2])], { onesided: 1 }), 'DFT', 20, /real input/);
    expectSpecError(() => run('DFT', [signal], { onesided: 1, inverse: 1 }), 'DFT', 20, /complex input/);
    expectSpecError(() => run('DFT', [signal, i64(0)]), 'DFT', 20, /dft_length must be from 1/);
    expectSpecError(() => run('DFT', [tw.tensor('float32', [1, 2, 3], [1, 1, 3])]), 'DFT', 20, /last axis must be 1 \(real\) or 2/);
    expectSpecError(() => run('DFT', [signal], { inverse: 3 }), 'DFT', 20, /inverse must be 0 or 1/);
  });
});

describe('STFT', () => {
  const samples = tw.tensor('float32', Array.from({ length: 16 }, (_, i) => Math.sin(i)), [1, 16, 1]);
  it('frames = 1 + (length - frame_length) / step, one-sided bins by default, the window on each frame', () => {
    const y = run('STFT', [samples, i64(4), tw.hannWindow(8)]);
    expect(y.dims).toEqual([1, 3, 5, 2]);
    const frame = tw.tensor('float32', Array.from({ length: 8 }, (_, k) => Math.fround(Math.sin(4 + k)) * (tw.hannWindow(8).data as Float32Array)[k]), [1, 8, 1]);
    close((y.data as Float32Array).slice(10, 20), Array.from(run('DFT', [frame], { onesided: 1 }).data as Float32Array), 1e-5);
    expect(run('STFT', [samples, i64(4), undefined, i64(8)], { onesided: 0 }).dims).toEqual([1, 3, 8, 2]);
  });
  it('refuses a non-positive frame step, a window longer than the frame, a frame longer than the signal, a complex one-sided STFT', () => {
    expectSpecError(() => run('STFT', [samples, i64(0)]), 'STFT', 17, /frame_step must be positive \(got 0\)/);
    expectSpecError(() => tw.stft(samples as never, -2), 'STFT', 17, /frame_step must be positive/);
    expectSpecError(() => run('STFT', [samples, i64(2), tw.hannWindow(8), i64(4)]), 'STFT', 17, /window \(8 points\) must not be longer than the frame/);
    expectSpecError(() => run('STFT', [samples, i64(2), undefined, i64(20)]), 'STFT', 17, /must not pass the signal's length/);
    expectSpecError(() => run('STFT', [tw.tensor('float32', new Array(8).fill(0), [1, 4, 2]), i64(1)]), 'STFT', 17, /onesided 0/);
    expectSpecError(() => run('STFT', [samples, i64(2), tw.hannWindow(4, { outputDatatype: 'float64' })]), 'STFT', 17, /window must have the signal's type/);
  });
});

describe('MelWeightMatrix', () => {
  it('triangles peaking at 1, [dft_length / 2 + 1, num_mel_bins]', () => {
    const m = tw.melWeightMatrix(8, 64, 16000, 0, 8000);
    expect(m.dims).toEqual([33, 8]);
    const w = m.data as Float32Array;
    for (let band = 0; band < 8; band++) expect(Math.max(...Array.from({ length: 33 }, (_, j) => w[j * 8 + band]))).toBe(1);
  });
  it('refuses edges out of order or past the Nyquist frequency, and counts below 1', () => {
    expectSpecError(() => tw.melWeightMatrix(8, 64, 16000, 100, 50), 'MelWeightMatrix', 17, /upper_edge_hertz must lie in/);
    expectSpecError(() => tw.melWeightMatrix(8, 64, 16000, 0, 9000), 'MelWeightMatrix', 17, /upper_edge_hertz/);
    expectSpecError(() => tw.melWeightMatrix(0, 64, 16000, 0, 8000), 'MelWeightMatrix', 17, /num_mel_bins must be positive/);
    expectSpecError(() => tw.melWeightMatrix(8, 64, 16000, -1, 8000), 'MelWeightMatrix', 17, /lower_edge_hertz must be >= 0/);
  });
});
