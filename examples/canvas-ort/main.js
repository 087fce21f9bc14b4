// Canvas pixels through an onnxruntime-web model and back onto a canvas:
// ImageData (HWC, RGBA) -> NCHW -> float32 -> session.run -> uint8 -> ImageData.
import * as ort from 'onnxruntime-web';
import * as tw from 'tessera-wasm';

await tw.init();
ort.env.wasm.numThreads = 1;  // threads need a cross-origin isolated page
const session = await ort.InferenceSession.create(new URL('./darken.onnx', import.meta.url).href);  // y = x * 0.5

const input = document.querySelector('#input').getContext('2d');
const { width: W, height: H } = input.canvas;
const gradient = input.createLinearGradient(0, 0, W, H);
gradient.addColorStop(0, '#ff8000');
gradient.addColorStop(1, '#2040ff');
input.fillStyle = gradient;
input.fillRect(0, 0, W, H);

// ImageData.data is a Uint8ClampedArray: uint8 data as it is, no copy.
const image = input.getImageData(0, 0, W, H);
const hwc = new tw.Tensor('uint8', image.data, [H, W, 4]);
// HWC to NCHW, alpha dropped: out[0][c][h][w] = pixels[h * W * 4 + w * 4 + c].
const nchw = tw.asStrided(hwc, { size: [1, 3, H, W], stride: [0, 1, W * 4, 4] });
const x = tw.cast(nchw, 'float32');       // uint8 0..255 to float32 0..255
const { y } = await session.run({ x });  // a tessera Tensor is a feed as it is

// float32 back to uint8 (truncated toward zero, saturated to 0..255) and an
// alpha plane of 255: planes [4, H, W].
const planes = new Uint8ClampedArray(4 * H * W);
tw.cast(y, 'uint8', { out: planes.subarray(0, 3 * H * W) });
tw.constantOfShape([H, W], tw.tensor('uint8', [255]), { out: planes.subarray(3 * H * W) });
// CHW to HWC, written straight into a new ImageData's pixels.
const result = new ImageData(W, H);
tw.asStrided(new tw.Tensor('uint8', planes, [4, H, W]), { size: [H, W, 4], stride: [W, 1, H * W], out: result.data });
document.querySelector('#output').getContext('2d').putImageData(result, 0, 0);
document.querySelector('#out').textContent = `ran ${W}x${H} pixels through the model: first pixel ${image.data.subarray(0, 4)} -> ${result.data.subarray(0, 4)}`;
