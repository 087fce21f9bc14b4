// The Node host: the library's ES modules as tsc wrote them (build/esm:
// dist/esm is the same code bundled into one file), the peers' Node builds,
// and V8's garbage collector on call.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

/** A host for bench/suite.mjs in this process. `peers`: load onnxruntime-web and tfjs-wasm. */
export async function nodeHost({ smoke, peers }) {
  // ES modules are singletons, so wasm.js here is the one index.js uses: the
  // bench reaches the roofline's exports (tessera-bench.wasm, the package's
  // kernels plus cpp/bindings/bench.cc, which `npm run bench` builds) through it.
  const tw = await import(`${root}build/esm/index.js`);
  const { wasm } = await import(`${root}build/esm/wasm.js`);
  await tw.init({ wasm: readFileSync(`${root}build/wasm/tessera-bench.wasm`) });
  // A second, independent instance (the CommonJS bundle carries its own state), scalar.
  const twScalar = createRequire(import.meta.url)(`${root}dist/cjs/index.cjs`);
  await twScalar.init({ backend: 'scalar' });
  if (!tw.backendInfo().simd || twScalar.backendInfo().simd) throw new Error('expected one SIMD128 and one scalar instance');

  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');

  const host = {
    engine: 'node', version: `Node ${process.version}`, smoke, tw, twScalar,
    module: wasm,
    // Each workload starts on fresh memory, so its peak memoryBytes is its own.
    async freshMemory() {
      tw.releaseMemory();
    },
    collect: gc,
    batchMs: 2,
    peers: {},
  };
  if (peers) await loadPeers(host);
  return host;
}

async function loadPeers(host) {
  const benchRequire = createRequire(`${here}package.json`);
  const ort = await import(`${here}node_modules/onnxruntime-web/dist/ort.node.min.mjs`);
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  ort.env.wasm.wasmPaths = new URL('node_modules/onnxruntime-web/dist/', import.meta.url).href;  // no network
  ort.env.logLevel = 'error';
  host.ort = ort;
  host.peers.ort = 'ort.node.min.mjs, wasm backend, 1 thread';

  const tf = benchRequire('@tensorflow/tfjs-core');
  const tfWasm = benchRequire('@tensorflow/tfjs-backend-wasm');
  tfWasm.setWasmPaths(`${here}node_modules/@tensorflow/tfjs-backend-wasm/dist/`);
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await tf.setBackend('wasm');
  await tf.ready();
  host.tf = tf;
  host.peers.tfjs = 'tfjs-core CommonJS, wasm backend, 1 thread';
}

/** The peers' installed versions (bench/package-lock.json pins them). */
export function peerVersions() {
  const version = (name) => JSON.parse(readFileSync(`${here}node_modules/${name}/package.json`, 'utf8')).version;
  return { 'onnxruntime-web': version('onnxruntime-web'), '@tensorflow/tfjs-backend-wasm': version('@tensorflow/tfjs-backend-wasm') };
}

/**
 * Import to ready in ms, in a fresh Node process each time, from an ES module
 * file as a user's program would be: Node's ESM loader is already up by then
 * (with `node -e` its start-up, about 8 ms, would be counted too).
 */
export function initTimes(runs) {
  const script = join(mkdtempSync(join(os.tmpdir(), 'tessera-init-')), 'init.mjs');
  writeFileSync(script, `const t0 = performance.now(); const tw = await import(${JSON.stringify(pathToFileURL(`${root}dist/esm/index.js`).href)});`
    + ' await tw.init(); console.log(performance.now() - t0);\n');
  return Array.from({ length: runs }, () => Number(execFileSync(process.execPath, [script]).toString()));
}
