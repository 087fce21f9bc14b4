// The image and audio front ends' rows (issue 39, item 6), each one
// declarative entry over the op families' factory (bench/family-workloads.mjs):
// an HD frame resized for a vision model (linear, with and without
// antialias), a YOLO letterbox, a cubic resize of a float32 batch, Whisper's
// STFT of 30 s of 16 kHz audio and a DFT of 4096. The peers: onnxruntime-web
// (one-node models; the letterbox two sessions in a chain, as transformers.js
// runs its pre-processing), tfjs's resizeBilinear where it applies, a plain
// JS loop (bench/plain-js-front-ends.mjs), and in browsers the canvas
// (drawImage and getImageData; the `canvas` column, RGBA and unchecked). No
// Node imports: the browsers run it too.
import { familyWorkload } from './family-workloads.mjs';
import { oneNodeModel } from './onnx-model.mjs';
import { axisTaps, bilinearU8Into, fftPlan, letterboxU8Into, realFftInto, separableInto, stftInto } from './plain-js-front-ends.mjs';
import { ortSession } from './workload-kit.mjs';

const u8 = (dims) => ({ type: 'uint8', dims });
const f32 = (dims, range) => ({ type: 'float32', dims, range });
// Rounding: tessera and the JS loops round half to even from float64 sums; onnxruntime-web and
// tfjs (which returns float32, unrounded) sum in float32: a pixel may differ by 1.
const PIXELS = { rtol: 0, atol: 1 };
const GREY = 114;  // Ultralytics' letterbox fill

/**
 * The canvas's resize, where the host has one (browsers): the image as an
 * ImageBitmap made once (as from a decoded <img>), drawn scaled into a 2-D
 * canvas and read back with getImageData, the step a tensor needs. RGBA out,
 * so it is timed but not checked against the others.
 */
async function canvasResize(rgb, [H, W], [h, w], { quality = 'low', side } = {}) {
  if (typeof OffscreenCanvas !== 'function' || typeof createImageBitmap !== 'function') return undefined;
  const rgba = new Uint8ClampedArray(H * W * 4);
  for (let p = 0; p < H * W; p++) {
    rgba.set(rgb.subarray(3 * p, 3 * p + 3), 4 * p);
    rgba[4 * p + 3] = 255;
  }
  const bitmap = await createImageBitmap(new ImageData(rgba, W, H));
  const [outW, outH] = side ? [side, side] : [w, h];
  const ctx = new OffscreenCanvas(outW, outH).getContext('2d', { willReadFrequently: true });
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = quality;  // 'low': bilinear; 'high': the browser's downscaling filter
  ctx.fillStyle = `rgb(${GREY}, ${GREY}, ${GREY})`;
  const top = (outH - h) >> 1;
  return () => {
    if (side) ctx.fillRect(0, 0, outW, outH);
    ctx.drawImage(bitmap, 0, top, w, h);
    return ctx.getImageData(0, 0, outW, outH).data;
  };
}

/** tfjs's bilinear resize (half-pixel centres, as ONNX's half_pixel) of uint8 pixels, as int32: tfjs has no uint8. */
const tfBilinear = (tf, data, dims, size) => tf.image.resizeBilinear(tf.tensor(data, dims, 'int32'), size, false, true);

/** Resize of an NHWC uint8 frame [1, H, W, 3] to [1, h, w, 3], linear, half_pixel (the default), over axes 1 and 2. */
function frameRow([H, W], [h, w], antialias) {
  const dims = [1, H, W, 3];
  return familyWorkload({
    name: `resize u8 [${dims}] -> ${h}x${w} linear${antialias ? ' antialias' : ''}`, op: 'resize', inputs: [u8(dims)],
    output: { type: 'uint8', dims: [1, h, w, 3] }, tolerance: PIXELS,
    constants: { roi: null, scales: null, sizes: ['int64', [h, w]] },
    tessera: (lib, [x], _c, o) => lib.resize(x, { sizes: [h, w], axes: [1, 2], mode: 'linear', antialias, ...o }),
    onnx: { op: 'Resize', attributes: { mode: 'linear', axes: [1, 2], ...(antialias ? { antialias: 1 } : {}) } },
    js: antialias
      ? (y, [x]) => separableInto(y, x, [1, H, W, 3], axisTaps(H, h, { antialias }), axisTaps(W, w, { antialias }), true)
      : (y, [x]) => bilinearU8Into(y, x, [H, W, 3], [h, w]),
    peers: async ({ tf }, [x]) => ({
      tfjs: tf && !antialias ? () => tf.tidy(() => tfBilinear(tf, x, dims, [h, w]).dataSync()) : undefined,
      canvas: await canvasResize(x, [H, W], [h, w], { quality: antialias ? 'high' : 'low' }),
    }),
  });
}

/**
 * YOLO's letterbox of an NHWC frame: Resize keeping the aspect ratio to fit
 * side x side (linear, not_larger), then Pad with grey to side x side.
 */
function letterboxRow([H, W], side) {
  const dims = [1, H, W, 3];
  const [h, w] = H <= W ? [Math.round((side * H) / W), side] : [side, Math.round((side * W) / H)];
  const [top, left] = [(side - h) >> 1, (side - w) >> 1];
  const pads = [0, top, left, 0, 0, side - h - top, side - w - left, 0];
  return familyWorkload({
    name: `letterbox u8 [${dims}] -> ${side}x${side}`, op: 'resize', inputs: [u8(dims)],
    output: { type: 'uint8', dims: [1, side, side, 3] }, tolerance: PIXELS,
    tessera: (lib, [x], _c, o) => {
      const resized = lib.resize(x, { sizes: [side, side], axes: [1, 2], keepAspectRatioPolicy: 'not_larger', mode: 'linear' });
      const y = lib.pad(resized, pads, { value: GREY, ...o });
      resized.dispose?.();
      return y;
    },
    js: (y, [x]) => letterboxU8Into(y, x, [H, W, 3], [h, w], side, GREY),
    peers: async ({ tw, ort, tf }, [x]) => {
      const peers = { canvas: await canvasResize(x, [H, W], [h, w], { side }) };
      if (tf) {
        peers.tfjs = () => tf.tidy(() => tf.pad(tfBilinear(tf, x, dims, [h, w]), [[0, 0], [top, side - h - top], [left, side - w - left], [0, 0]], GREY).dataSync());
      }
      if (ort) {
        const int64 = (values) => tw.toTensorProto(new tw.Tensor('int64', BigInt64Array.from(values, BigInt), [values.length]));
        const resize = await ortSession(ort, oneNodeModel({
          op: 'Resize', inputs: [{ name: 'x', type: 'uint8' }], outputType: 'uint8',
          initializers: [{ name: '' }, { name: '' }, { name: 'sizes', proto: int64([side, side]) }],
          attributes: { mode: 'linear', axes: [1, 2], keep_aspect_ratio_policy: 'not_larger' },
        }));
        const pad = await ortSession(ort, oneNodeModel({
          op: 'Pad', inputs: [{ name: 'x', type: 'uint8' }], outputType: 'uint8',
          initializers: [{ name: 'pads', proto: int64(pads) }, { name: 'value', proto: tw.toTensorProto(new tw.Tensor('uint8', Uint8Array.of(GREY), [])) }],
        }));
        peers.ort = async () => (await pad.run({ x: (await resize.run({ x: new ort.Tensor('uint8', x, dims) })).y })).y.data;
      }
      return peers;
    },
  });
}

/** Cubic resize (a = -0.75, half_pixel) of a float32 NCHW batch over H and W. */
function cubicRow(dims, [h, w]) {
  const [N, C, H, W] = dims;
  return familyWorkload({
    name: `resize f32 [${dims}] -> ${h}x${w} cubic`, op: 'resize', inputs: [f32(dims, 255)],
    output: { type: 'float32', dims: [N, C, h, w] }, tolerance: { rtol: 1e-5, atol: 1e-2 },
    constants: { roi: null, scales: null, sizes: ['int64', [h, w]] },
    tessera: (lib, [x], _c, o) => lib.resize(x, { sizes: [h, w], axes: [2, 3], mode: 'cubic', ...o }),
    onnx: { op: 'Resize', attributes: { mode: 'cubic', axes: [2, 3] } },
    js: (y, [x]) => separableInto(y, x, [N * C, H, W, 1], axisTaps(H, h, { cubic: true }), axisTaps(W, w, { cubic: true }), false),
  });
}

/** A periodic Hann window of n float32 points (HannWindow's default). */
const hann = (n) => Array.from({ length: n }, (_, k) => 0.5 - 0.5 * Math.cos((2 * Math.PI * k) / n));

/** STFT of `samples` of a real signal [1, samples, 1], frames of the window's length every `step`, one-sided. */
function stftRow(samples, n, step) {
  const frames = 1 + Math.floor((samples - n) / step);
  let plan;  // the JS FFT's tables, made once, as a JS library caches them
  return familyWorkload({
    name: `stft f32 ${samples} samples, hann ${n}, hop ${step}`, op: 'stft', inputs: [f32([1, samples, 1], 1)],
    output: { type: 'float32', dims: [1, frames, n / 2 + 1, 2] }, tolerance: { rtol: 1e-4, atol: 5e-3 },
    constants: { step: ['int64', [step], []], window: ['float32', hann(n)] },
    tessera: (lib, [x], c, o) => lib.stft(x, step, { window: c.window, ...o }),
    onnx: { op: 'STFT', attributes: { onesided: 1 } },
    js: (y, [x], c) => stftInto(y, x, (plan ??= fftPlan(n)), c.window.data, step),
  });
}

/** DFT of a real signal [1, n, 1] along axis 1, every bin. */
function dftRow(n) {
  let plan;
  return familyWorkload({
    name: `dft f32 ${n}`, op: 'dft', inputs: [f32([1, n, 1], 1)],
    output: { type: 'float32', dims: [1, n, 2] }, tolerance: { rtol: 1e-4, atol: 1e-3 },
    tessera: (lib, [x], _c, o) => lib.dft(x, { axis: 1, ...o }),
    onnx: { op: 'DFT' },  // DFT-20: the axis an optional input, default -2 (here 1)
    js: (y, [x]) => { realFftInto((plan ??= fftPlan(n)), y, 0, x, 0, undefined, n); return y; },
  });
}

/** The front ends' rows, in table order. */
export function frontEndWorkloads() {
  return [
    frameRow([1080, 1920], [360, 640], false),
    frameRow([1080, 1920], [360, 640], true),
    letterboxRow([720, 1280], 640),
    cubicRow([1, 3, 256, 256], [224, 224]),
    stftRow(480000, 400, 160),
    dftRow(4096),
  ];
}
