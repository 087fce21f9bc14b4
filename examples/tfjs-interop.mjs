// tessera-wasm next to TensorFlow.js: tfjs tensors in, tfjs tensors out.
import * as tf from '@tensorflow/tfjs-core';   // or '@tensorflow/tfjs', which brings its backends
import '@tensorflow/tfjs-backend-cpu';
import * as tw from 'tessera-wasm';

await tw.init();
const a = tf.tensor([1.5, -2.5, 3.25, -0.75], [2, 2]);    // a tfjs tensor ...
const floored = tw.floor(a);                              // ... is taken wherever a Tensor is
console.log(String(floored));

const b = tw.toTfjs(tf, tw.tile(floored, [1, 2]));        // back to tfjs, converted exactly
console.log(b.dtype, b.shape, Array.from(b.dataSync()));
console.log(tw.toTfjs(tf, tw.tensor('float16', [0.5, -3])).dtype);  // float16 arrives as float32
