// Centred audio frames, windowed: 1 s of 16 kHz audio padded by half a frame
// at each end with its own reflection (Pad, reflect: what torch.stft and
// Whisper do with center=True, and librosa before 0.10, whose default is now
// 'constant'), cut into frames of 400 every 160 (AsStrided), each multiplied
// by a Hann window (Mul, broadcast over the frames).
import * as tw from 'tessera-wasm';

await tw.init();
const RATE = 16000, FRAME = 400, HOP = 160, HALF = FRAME / 2;
const samples = Float32Array.from({ length: RATE }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / RATE) + ((i * 7919) % 101) / 500);
const signal = new tw.Tensor('float32', samples, [RATE]);

// Frame f is centred on sample f * HOP: padded sample j is samples[j - HALF], reflected at both ends.
const padded = tw.pad(signal, [HALF, HALF], { mode: 'reflect' });            // [16400]
const count = Math.floor((RATE + 2 * HALF - FRAME) / HOP) + 1;               // 1 + RATE / HOP = 101
const frames = tw.asStrided(padded, { size: [count, FRAME], stride: [HOP, 1] });
const window = tw.hannWindow(FRAME);                                         // periodic, as torch.hann_window
const windowed = tw.mul(frames, window);                                     // [101, 400] * [400]
console.log(`padded [${padded.dims}], frames [${frames.dims.join(', ')}], windowed ${windowed.type} [${windowed.dims.join(', ')}]`);

// The same with a plain loop: reflect (the edge not repeated), frame, and one
// float32 multiply per element (Math.fround), as Mul does.
const reflect = (j) => (j < 0 ? -j : j >= RATE ? 2 * (RATE - 1) - j : j);
const hann = (n) => Math.fround(0.5 - 0.5 * Math.cos((2 * Math.PI * n) / FRAME));  // float64, rounded once
const expected = new Float32Array(count * FRAME);
for (let f = 0; f < count; f++) {
  for (let n = 0; n < FRAME; n++) expected[f * FRAME + n] = Math.fround(samples[reflect(f * HOP + n - HALF)] * hann(n));
}
console.log('the same as a plain loop, bit for bit:', windowed.data.every((v, i) => Object.is(v, expected[i])));
