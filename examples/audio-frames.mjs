// Audio framing for a spectrogram: 1 s of 16 kHz audio cut into frames of
// 400 samples (25 ms) every 160 samples (10 ms), with AsStrided.
import * as tw from 'tessera-wasm';

await tw.init();
const RATE = 16000, FRAME = 400, HOP = 160;
const samples = Float32Array.from({ length: RATE }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / RATE));  // a 440 Hz tone
const signal = new tw.Tensor('float32', samples, [RATE]);

// Frame f is samples[f * HOP .. f * HOP + FRAME): stride [HOP, 1], counted in elements, not bytes.
const count = Math.floor((RATE - FRAME) / HOP) + 1;
const frames = tw.asStrided(signal, { size: [count, FRAME], stride: [HOP, 1] });
console.log(`Tensor ${frames.type} [${frames.dims.join(', ')}]`);
console.log(`frame 0 starts at sample 0, frame 1 at ${HOP}, frame ${count - 1} at ${(count - 1) * HOP}`);

// The same frames with a plain loop, to check.
const expected = new Float32Array(count * FRAME);
for (let f = 0; f < count; f++) {
  for (let i = 0; i < FRAME; i++) expected[f * FRAME + i] = samples[f * HOP + i];
}
console.log('the same as a plain loop:', frames.data.every((v, i) => Object.is(v, expected[i])));

// Next, centred frames times a Hann window: audio-centred-frames.mjs; the
// STFT, mel filters and log of Whisper's front end: whisper-log-mel.mjs.
