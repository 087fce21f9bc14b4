// Whisper's log-mel front end from 16 kHz samples: centred frames of 400
// every 160 (Pad, reflect, and STFT with a periodic Hann window), the power
// |X|^2 (ReduceSumSquare over re, im), the last frame dropped (Slice), 80 mel
// bands (MelWeightMatrix, applied by Mul and ReduceSum: there is no MatMul),
// log10 of at least 1e-10 (Max, Log, Div), clamped to 8 below the peak and
// scaled as Whisper does: (max(x, peak - 8) + 4) / 4. Whisper's own filters
// are librosa's Slaney-normalized ones (its mel_filters.npz): give them as a
// [201, 80] tensor in place of `filters` for its exact features.
import * as tw from 'tessera-wasm';

await tw.init();
const RATE = 16000, N_FFT = 400, HOP = 160, MELS = 80;
const samples = Float32Array.from({ length: RATE }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE) + ((i * 7919) % 101 - 50) / 500);
const scalar = (v) => tw.tensor('float32', [v], []);

const signal = tw.pad(new tw.Tensor('float32', samples, [1, RATE, 1]), [N_FFT / 2, N_FFT / 2], { mode: 'reflect', axes: [1] });
const spectrum = tw.stft(signal, HOP, { window: tw.hannWindow(N_FFT) });                      // [1, 101, 201, 2]
const power = tw.slice(tw.reduceSumSquare(spectrum, { axes: [3], keepdims: false }), [0], [-1], { axes: [1] });  // [1, 100, 201]
const filters = tw.melWeightMatrix(MELS, N_FFT, RATE, 0, RATE / 2);                        // [201, 80]
const mel = tw.reduceSum(tw.mul(tw.unsqueeze(power, [3]), filters), { axes: [2], keepdims: false });  // [1, 100, 80]
const logMel = tw.div(tw.log(tw.max([mel, scalar(1e-10)])), scalar(Math.LN10));
const features = tw.div(tw.add(tw.max([logMel, tw.sub(tw.reduceMax(logMel), scalar(8))]), scalar(4)), scalar(4));
console.log(`features ${features.type} [${features.dims.join(', ')}]`);

// A float64 reference: the reflected signal, the exact Hann window, a direct
// DFT of each frame, the spec's mel filters (MelWeightMatrix's reference:
// MELS + 2 edges a mel step apart, each at bin floor(401 f / RATE)), log10.
const FRAMES = RATE / HOP, BINS = N_FFT / 2 + 1;
const at = (j) => samples[j < 0 ? -j : j >= RATE ? 2 * (RATE - 1) - j : j];  // reflected, the edge not repeated
const toMel = (f) => 2595 * Math.log10(1 + f / 700), step = toMel(RATE / 2) / (MELS + 2);
const edge = Array.from({ length: MELS + 2 }, (_, i) => Math.min(Math.floor(((N_FFT + 1) * 700 * (10 ** ((i * step) / 2595) - 1)) / RATE), BINS - 1));
const weight = (b, m) => {
  const [l, c, r] = [edge[m], edge[m + 1], edge[m + 2]];
  return b >= l && b <= c ? (c === l ? 1 : (b - l) / (c - l)) : b > c && b < r ? (r - b) / (r - c) : 0;
};
const reference = new Float64Array(FRAMES * MELS), energy = new Float64Array(FRAMES);
for (let f = 0; f < FRAMES; f++) {
  for (let k = 0; k < BINS; k++) {
    let re = 0, im = 0;
    for (let n = 0; n < N_FFT; n++) {
      const v = at(f * HOP + n - N_FFT / 2) * (0.5 - 0.5 * Math.cos((2 * Math.PI * n) / N_FFT));
      re += v * Math.cos((2 * Math.PI * ((k * n) % N_FFT)) / N_FFT);
      im -= v * Math.sin((2 * Math.PI * ((k * n) % N_FFT)) / N_FFT);
    }
    energy[f] += re * re + im * im;
    for (let m = 0; m < MELS; m++) reference[f * MELS + m] += weight(k, m) * (re * re + im * im);
  }
}
// The DFT's error is relative to a frame's norm (docs/number-formats.md), so the power's to its energy.
const relative = mel.data.reduce((e, v, i) => Math.max(e, Math.abs(v - reference[i]) / energy[Math.floor(i / MELS)]), 0);
const logs = reference.map((v) => Math.log10(Math.max(v, 1e-10))), peak = Math.max(...logs);
const absolute = features.data.reduce((e, v, i) => Math.max(e, Math.abs(v - (Math.max(logs[i], peak - 8) + 4) / 4)), 0);
console.log(`mel power: max error ${relative.toExponential(2)} of the frame's energy against float64 (bound 1e-6)`);
console.log(`features: max error ${absolute.toExponential(2)} against float64 (bound 1e-5: 1e-4 relative in a band's power)`);
