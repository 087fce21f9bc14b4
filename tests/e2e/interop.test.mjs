// Round trips with the real onnxruntime-web (wasm backend, in Node) and
// TensorFlow.js (tfjs-core with its CPU backend): tessera tensors as ort
// feeds (directly, and through tw.toOrt), ort outputs and tfjs tensors as
// tessera inputs, tessera results as tfjs tensors (tw.toTfjs).
// Prints one line per check and ends with "interop: N passed, M failed".
import { checks } from './checks.mjs';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-web';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import * as tw from '../../dist/esm/index.js';
import { oneNodeModel } from '../../bench/onnx-model.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
ort.env.wasm.numThreads = 1;
ort.env.wasm.wasmPaths = `${root}node_modules/onnxruntime-web/dist/`;
ort.env.logLevel = 'error';
await tf.setBackend('cpu');
await tw.init();

const { check, finish } = checks('interop');
const same = (a, b, what) => {
  const x = JSON.stringify(Array.from(a, String));
  const y = JSON.stringify(Array.from(b, String));
  if (x !== y) throw new Error(`${what}: ${x} != ${y}`);
};

const floorModel = (type) => ort.InferenceSession.create(
  oneNodeModel({ op: 'Floor', inputs: [{ name: 'x', type }], outputType: type }), { executionProviders: ['wasm'] });

await check('onnxruntime-web: a tessera Tensor is a session.run feed as it is', async () => {
  const x = tw.tile(new tw.Tensor('float32', new Float32Array([1.5, -2.5]), [1, 2]), [2, 1]);
  const { y } = await (await floorModel('float32')).run({ x });
  same(y.data, [1, -3, 1, -3], 'ort floor of a tessera tile');
  same(y.dims, [2, 2], 'dims');
});

await check('onnxruntime-web: tw.toOrt gives an ort.Tensor for any tessera result (runNode\'s too)', async () => {
  const [x] = tw.runNode({ opType: 'Floor', opset: 13 }, [tw.tensor('float16', [2.5, -0.5])]);
  const feed = tw.toOrt(ort, x);
  if (!(feed instanceof ort.Tensor)) throw new Error('not an ort.Tensor');
  const { y } = await (await floorModel('float16')).run({ x: feed });
  same(y.data, x.data, 'ort floor of a floored float16 tensor is itself');
});

await check('onnxruntime-web: an ort output goes back into tessera ops', async () => {
  const { y } = await (await floorModel('float32')).run({ x: new ort.Tensor('float32', new Float32Array([0.5, 1.5, -1.5]), [3]) });
  same(tw.tile(y, [2]).data, [0, 1, -2, 0, 1, -2], 'tessera tile of an ort output');
});

await check('tfjs: a tfjs tensor is taken wherever a Tensor is', () => {
  const x = tf.tensor([1.5, -2.5, 3.25, -0.75], [2, 2]);
  const y = tw.floor(x);
  same(y.data, [1, -3, 3, -1], 'floor of a tfjs tensor');
  same(y.dims, [2, 2], 'dims');
  same(tw.tile(tf.tensor([1, 2], [2], 'int32'), [2]).data, [1, 2, 1, 2], 'tile of an int32 tfjs tensor');
  same(tw.tile(tf.tensor([true, false], [2], 'bool'), [2]).data, [1, 0, 1, 0], 'tile of a bool tfjs tensor');
});

await check('tfjs: tw.toTfjs converts exactly, and refuses what tfjs cannot hold', () => {
  const t = tw.toTfjs(tf, tw.tile(new tw.Tensor('float32', new Float32Array([1, 2]), [1, 2]), [2, 1]));
  same(t.shape, [2, 2], 'shape');
  same(t.dataSync(), [1, 2, 1, 2], 'float32 values');
  same(tw.toTfjs(tf, tw.tensor('float16', [0.5, -3])).dataSync(), [0.5, -3], 'float16 decoded to float32');
  const small = tw.toTfjs(tf, tw.tensor('int4', [-8, 7, 1]));
  if (small.dtype !== 'int32') throw new Error(`int4 became ${small.dtype}`);
  same(small.dataSync(), [-8, 7, 1], 'int4 as int32');
  let error;
  try { tw.toTfjs(tf, tw.tensor('int64', [1n])); } catch (e) { error = e; }
  if (!(error instanceof tw.SpecError) || !/tfjs cannot hold int64/.test(error.message)) throw new Error(`int64: ${error}`);
});

finish();
