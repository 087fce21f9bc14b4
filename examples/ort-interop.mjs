// tessera-wasm around an onnxruntime-web model: pre-process, run, post-process.
import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-web';
import * as tw from 'tessera-wasm';

await tw.init();
const model = readFileSync(new URL('./relu.onnx', import.meta.url));  // one node: y = Relu(x); a browser passes a URL
const session = await ort.InferenceSession.create(model);

const x = tw.tile(tw.tensor('float32', [-1.5, 2.5], [1, 2]), [2, 1]);  // a tessera Tensor ...
const { y } = await session.run({ x });                                  // ... is an ort feed as it is
console.log(String(tw.floor(y)));                                         // an ort output is a tessera input

const feed = tw.toOrt(ort, x);                                            // an ort.Tensor, for code that wants the class
console.log(feed instanceof ort.Tensor, feed.type, feed.dims);
