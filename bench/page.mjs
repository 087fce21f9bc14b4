// The browser host: runs in a page that bench/browsers.mjs opens, one page
// per workload (so each starts on fresh memory and a quiet heap). The
// library is the package's dist/esm bundle, given the bench build's bytes.
// Query: workload=NAME (repeatable), peers (load onnxruntime-web and
// tfjs-wasm), smoke. Sets window.benchResult when done and appends progress
// lines to window.benchLog.
import { timerResolutionUs } from './harness.mjs';
import { suite } from './suite.mjs';
import { workloads } from './workloads.mjs';

const params = new URLSearchParams(location.search);
window.benchLog = [];
main().then((result) => { window.benchResult = result; },
  (error) => { window.benchResult = { error: String(error?.stack ?? error) }; });

async function main() {
  const smoke = params.has('smoke');
  const capture = captureInstances();
  const t0 = performance.now();
  const tw = await import('/dist/esm/index.js');
  const bytes = await (await fetch('/build/wasm/tessera-bench.wasm')).arrayBuffer();
  await tw.init({ wasm: bytes });
  const initMs = performance.now() - t0;
  // A second, independent instance: the same bundle under another URL is another module.
  const twScalar = await import('/dist/esm/index.js?instance=scalar');
  await twScalar.init({ backend: 'scalar' });
  if (!tw.backendInfo().simd || twScalar.backendInfo().simd) throw new Error('expected one SIMD128 and one scalar instance');

  const resolution = timerResolutionUs();
  const host = {
    engine: params.get('engine'), smoke, tw, twScalar,
    module: capture.current,
    freshMemory() {},  // a fresh page
    collect: globalThis.gc ?? (() => {}),
    // At least 100 ticks of the timer a batch.
    batchMs: Math.max(2, resolution / 10),
    peers: {},
  };
  if (params.has('peers')) await loadPeers(host);

  const wanted = new Set(params.getAll('workload'));
  const list = workloads({ smoke }).filter((w) => wanted.has(w.name));
  const { run } = suite(host);
  const rows = [];
  for (const workload of list) {
    const row = await run(workload);
    window.benchLog.push(`${workload.name}: ${Object.entries(row.us).map(([k, v]) => `${k} ${v.toPrecision(3)}`).join(', ')}`);
    rows.push(row);
  }
  return {
    userAgent: navigator.userAgent, initMs, timerResolutionUs: resolution, batchMs: host.batchMs,
    gc: typeof globalThis.gc === 'function', crossOriginIsolated: globalThis.crossOriginIsolated === true,
    peers: host.peers, rows,
  };
}

/**
 * The roofline runs in tessera's own instance (the bench build's exports, in
 * the same memory), which the bundle does not expose: this watches
 * WebAssembly.instantiate (init) and new WebAssembly.Instance (a memory
 * release) for instances with the bench exports, and keeps the latest.
 */
function captureInstances() {
  let latest;
  const note = (instance) => {
    const { exports } = instance;
    if (typeof exports.tessera_bench_copy_bytes !== 'function') return;
    const memory = Object.values(exports).find((e) => e instanceof WebAssembly.Memory);
    latest = { malloc: (bytes) => exports.tessera_malloc(64, bytes) >>> 0, free: exports.free, memory, exports };  // as wasm.ts allocates
  };
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async function (...args) {
    const result = await instantiate.apply(this, args);
    note(result instanceof WebAssembly.Instance ? result : result.instance);
    return result;
  };
  WebAssembly.Instance = new Proxy(WebAssembly.Instance, {
    construct(target, args, newTarget) {
      const instance = Reflect.construct(target, args, newTarget);
      note(instance);
      return instance;
    },
  });
  return {
    current() {
      if (latest === undefined) throw new Error('bench: the bench build was not instantiated');
      return latest;
    },
  };
}

/** onnxruntime-web's and tfjs-wasm's browser builds; a peer that fails to load is recorded with the reason. */
async function loadPeers(host) {
  const ortDist = '/bench/node_modules/onnxruntime-web/dist/';
  try {
    const ort = await import(`${ortDist}ort.wasm.min.mjs`);
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.proxy = false;
    ort.env.wasm.wasmPaths = ortDist;
    ort.env.logLevel = 'error';
    host.ort = ort;
    host.peers.ort = 'ort.wasm.min.mjs, wasm backend, 1 thread';
  } catch (error) {
    host.peers.ort = `not loaded: ${error.message}`;
  }
  const tfDist = '/bench/node_modules/@tensorflow/';
  try {
    await script(`${tfDist}tfjs-core/dist/tf-core.es2017.min.js`);
    await script(`${tfDist}tfjs-backend-wasm/dist/tf-backend-wasm.es2017.min.js`);
    const { tf } = globalThis;
    tf.wasm.setWasmPaths(`${tfDist}tfjs-backend-wasm/dist/`);
    // One thread, as in Node and as onnxruntime-web here.
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (!(await tf.setBackend('wasm'))) throw new Error('tf.setBackend(\'wasm\') failed');
    await tf.ready();
    host.tf = tf;
    host.peers.tfjs = 'tf-core + tf-backend-wasm UMD bundles, wasm backend, 1 thread';
  } catch (error) {
    host.peers.tfjs = `not loaded: ${error.message}`;
  }
}

function script(src) {
  return new Promise((resolve, reject) => {
    const element = document.createElement('script');
    element.src = src;
    element.onload = resolve;
    element.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(element);
  });
}
