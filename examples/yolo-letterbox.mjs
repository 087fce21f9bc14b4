// A 1280 x 720 frame letterboxed for YOLO, as Ultralytics' LetterBox does: resized
// to fit 640 x 640 keeping its aspect ratio (Resize, linear), the rest filled
// with grey 114 (Pad), then CHW float32 in 0..1 (Transpose, Cast, Div) and a
// batch axis (Unsqueeze): [1, 3, 640, 640]. No opencv.js.
import * as tw from 'tessera-wasm';

await tw.init();
const W = 1280, H = 720, SIDE = 640;
const pixels = Uint8Array.from({ length: H * W * 4 }, (_, i) => (i * 7 + (i >> 12)) % 251);  // stands in for ImageData.data
const rgb = tw.slice(new tw.Tensor('uint8', pixels, [H, W, 4]), [0], [3], { axes: [2] });   // [720, 1280, 3]

// Rows and columns scaled alike, to fit inside 640 x 640: [360, 640, 3].
const resized = tw.resize(rgb, { sizes: [SIDE, SIDE], axes: [0, 1], keepAspectRatioPolicy: 'not_larger', mode: 'linear' });
const [h, w] = resized.dims, top = (SIDE - h) >> 1, left = (SIDE - w) >> 1;
const boxed = tw.pad(resized, [top, left, 0, SIDE - h - top, SIDE - w - left, 0], { value: 114 });  // [640, 640, 3]
const chw = tw.cast(tw.transpose(boxed, [2, 0, 1]), 'float32');
const input = tw.unsqueeze(tw.div(chw, tw.tensor('float32', [255], [])), [0]);
console.log(`resized to ${w} x ${h}, padded ${top} rows above and ${SIDE - h - top} below: input ${input.type} [${input.dims.join(', ')}]`);

// A float64 reference of the spec's linear Resize (half_pixel: source
// coordinate (j + 0.5) / scale - 0.5, the two rows around it weighted by
// distance, indices clamped), rounded half to even as Resize rounds uint8.
// At a scale of 1/2 each weight is 1/2 and each sum exact: the same bits.
const scale = h / H;
const taps = (j, n) => {
  const x = Math.min(Math.max((j + 0.5) / scale - 0.5, 0), n - 1), i = Math.floor(x);
  return [[i, 1 - (x - i)], [Math.min(i + 1, n - 1), x - i]];
};
const roundEven = (v) => { const r = Math.round(v); return r - v === 0.5 && r % 2 !== 0 ? r - 1 : r; };
const expected = new Float32Array(3 * SIDE * SIDE).fill(Math.fround(114 / 255));
for (let y = 0; y < h; y++) {
  for (let x = 0; x < w; x++) {
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (const [r, wy] of taps(y, H)) for (const [q, wx] of taps(x, W)) sum += wy * wx * pixels[(r * W + q) * 4 + c];
      expected[(c * SIDE + top + y) * SIDE + left + x] = Math.fround(Math.min(255, Math.max(0, roundEven(sum))) / 255);
    }
  }
}
console.log('the same as a float64 reference, bit for bit:', input.data.every((v, i) => Object.is(v, expected[i])));
