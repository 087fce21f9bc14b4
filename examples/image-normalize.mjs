// The pixel recipe with no plain JS step: canvas ImageData (RGBA uint8,
// height x width x 4) -> a 224 x 224 centre crop (Slice) -> CHW (Transpose)
// -> float32 (Cast) -> (x / 255 - mean) / std per channel (Div, Sub, with
// [3, 1, 1] broadcast over each plane) -> a model's input [1, 3, 224, 224].
import * as tw from 'tessera-wasm';

await tw.init();
const W = 640, H = 480, SIDE = 224;
const pixels = Uint8Array.from({ length: H * W * 4 }, (_, i) => (i * 7) % 251);  // stands in for ImageData.data
const image = new tw.Tensor('uint8', pixels, [H, W, 4]);
const MEAN = [0.485, 0.456, 0.406], STD = [0.229, 0.224, 0.225];                 // ImageNet's, per channel
const mean = tw.tensor('float32', MEAN, [3, 1, 1]), std = tw.tensor('float32', STD, [3, 1, 1]);

const top = (H - SIDE) / 2, left = (W - SIDE) / 2;
const crop = tw.slice(image, [top, left, 0], [top + SIDE, left + SIDE, 3]);     // [224, 224, 3]: alpha dropped
const chw = tw.cast(tw.transpose(crop, [2, 0, 1]), 'float32');                   // [3, 224, 224], 0..255
const scaled = tw.div(chw, tw.tensor('float32', [255], []));                    // 0..1
const normalized = tw.div(tw.sub(scaled, mean), std);                            // [3, 224, 224] - [3, 1, 1], / [3, 1, 1]
const input = tw.unsqueeze(normalized, [0]);                                     // [1, 3, 224, 224]: a batch of one
console.log(`input ${input.type} [${input.dims.join(', ')}]`);

// The same with a plain loop: the same float32 operations in the same order,
// each rounded to float32 (Math.fround), so the result must be the same bits.
const f = Math.fround;
const expected = new Float32Array(3 * SIDE * SIDE);
for (let c = 0; c < 3; c++) {
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const p = pixels[((top + y) * W + left + x) * 4 + c];
      expected[(c * SIDE + y) * SIDE + x] = f(f(f(p / 255) - f(MEAN[c])) / f(STD[c]));
    }
  }
}
console.log('the same as a plain loop, bit for bit:', input.data.every((v, i) => Object.is(v, expected[i])));
