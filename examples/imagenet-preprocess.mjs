// ImageNet pre-processing as torchvision's Resize(256) + CenterCrop(224) +
// Normalize do it on a PIL image: the short side resized to 256 with PIL's
// antialiased bilinear filter (Resize, linear, antialias, excludeOutside:
// PIL drops the taps past the edge), the centre 224 x 224 (Slice), CHW
// float32 (Transpose, Cast), (x / 255 - mean) / std (Div, Sub), a batch axis.
import * as tw from 'tessera-wasm';

await tw.init();
const W = 500, H = 375, SHORT = 256, SIDE = 224;
const pixels = Uint8Array.from({ length: H * W * 4 }, (_, i) => (i * 7 + (i >> 10) * 13) % 251);  // stands in for ImageData.data
const rgb = tw.slice(new tw.Tensor('uint8', pixels, [H, W, 4]), [0], [3], { axes: [2] });         // [375, 500, 3]
const MEAN = [0.485, 0.456, 0.406], STD = [0.229, 0.224, 0.225];

const resized = tw.resize(rgb, { sizes: [SHORT, SHORT], axes: [0, 1], keepAspectRatioPolicy: 'not_smaller',
  mode: 'linear', antialias: true, excludeOutside: true });                                       // [256, 341, 3]
const [h, w] = resized.dims, top = (h - SIDE) >> 1, left = (w - SIDE) >> 1;
const crop = tw.slice(resized, [top, left], [top + SIDE, left + SIDE], { axes: [0, 1] });
const chw = tw.div(tw.cast(tw.transpose(crop, [2, 0, 1]), 'float32'), tw.tensor('float32', [255], []));
const normalized = tw.div(tw.sub(chw, tw.tensor('float32', MEAN, [3, 1, 1])), tw.tensor('float32', STD, [3, 1, 1]));
const input = tw.unsqueeze(normalized, [0]);
console.log(`resized to ${w} x ${h}, cropped at (${left}, ${top}): input ${input.type} [${input.dims.join(', ')}]`);

// A float64 reference of the spec's antialiased linear Resize: around the
// source coordinate x = (j + 0.5) / scale - 0.5, a triangle 1 / scale wide
// (weight 1 - |i - x| * scale), the taps inside the image, normalized; the
// sum rounded half to even to uint8; then the normalization in float64.
const taps = (j, n, scale) => {
  const x = (j + 0.5) / scale - 0.5, list = [];
  for (let i = Math.max(0, Math.ceil(x - 1 / scale)); i <= Math.min(n - 1, Math.floor(x + 1 / scale)); i++) {
    list.push([i, Math.max(0, 1 - Math.abs(i - x) * scale)]);
  }
  const total = list.reduce((s, [, wt]) => s + wt, 0);
  return list.map(([i, wt]) => [i, wt / total]);
};
const roundEven = (v) => { const r = Math.round(v); return r - v === 0.5 && r % 2 !== 0 ? r - 1 : r; };
const expected = new Uint8Array(h * w * 3);                                    // the whole resized image, edges included
for (let y = 0; y < h; y++) {
  const rows = taps(y, H, h / H);
  for (let x = 0; x < w; x++) {
    const columns = taps(x, W, w / W);
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (const [r, wy] of rows) for (const [q, wx] of columns) sum += wy * wx * pixels[(r * W + q) * 4 + c];
      expected[(y * w + x) * 3 + c] = Math.min(255, Math.max(0, roundEven(sum)));
    }
  }
}
const levels = resized.data.reduce((m, v, i) => Math.max(m, Math.abs(v - expected[i])), 0);
let maxError = 0;
for (let c = 0; c < 3; c++) {
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const pixel = expected[((top + y) * w + left + x) * 3 + c];
      maxError = Math.max(maxError, Math.abs(input.data[(c * SIDE + y) * SIDE + x] - (pixel / 255 - MEAN[c]) / STD[c]));
    }
  }
}
console.log(`resized pixels: at most ${levels} levels from the float64 reference (bound 1: a sum within rounding of a half may go either way)`);
console.log(`input: max error ${maxError.toExponential(2)} against the float64 reference (bound 1e-6: float32 rounding of values within 2.7)`);
