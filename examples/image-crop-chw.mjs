// A model's input from a camera frame: the centre 224 x 224 of a 640 x 480
// RGBA image (HWC, as a canvas's ImageData holds it) with tw.slice, its RGB
// channels only, then HWC -> CHW with tw.transpose.
import * as tw from 'tessera-wasm';

await tw.init();
const W = 640, H = 480, SIDE = 224;
const pixels = Uint8Array.from({ length: H * W * 4 }, (_, i) => (i * 7) % 251);  // stands in for ImageData.data
const image = new tw.Tensor('uint8', pixels, [H, W, 4]);

const top = (H - SIDE) / 2, left = (W - SIDE) / 2;
const crop = tw.slice(image, [top, left, 0], [top + SIDE, left + SIDE, 3]);  // [224, 224, 3]: alpha dropped
const chw = tw.transpose(crop, [2, 0, 1]);                                   // [3, 224, 224]
console.log(`crop ${crop.type} [${crop.dims.join(', ')}], chw [${chw.dims.join(', ')}]`);

// The same with a plain loop, to check.
const expected = new Uint8Array(3 * SIDE * SIDE);
for (let c = 0; c < 3; c++) {
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) expected[(c * SIDE + y) * SIDE + x] = pixels[((top + y) * W + left + x) * 4 + c];
  }
}
console.log('the same as a plain loop:', chw.data.every((v, i) => v === expected[i]));
