// tessera-wasm's benchmark: median µs per call, end to end (JS typed array
// in, JS typed array out), against onnxruntime-web, tfjs-wasm, plain JS and
// a roofline measured in tessera's own module in the same run.
//
//   node bench/run.mjs            the full run (needs `npm ci --prefix bench`)
//   node bench/run.mjs --smoke    one tiny workload, a few calls, no peers (the test command runs it)
//   node bench/run.mjs --only tile   workloads whose name matches a regular expression
//
// Prints a markdown table and writes bench/results.json (bench/results-smoke.json for --smoke,
// bench/results-partial.json for --only or --no-peers).
//
// Columns:
//   tessera      tw.op(tensor): copy in, kernel, copy out into a fresh typed array
//   resident     tw.op(resident) and dispose(): the kernel and the output's allocation, no copies
//   scalar       resident, on the scalar (no SIMD128) build, loaded as a second instance
//   ort          onnxruntime-web, wasm backend, one thread, a one-node model (await session.run)
//   tfjs         @tensorflow/tfjs-backend-wasm: tf.tensor, the op, dataSync, dispose
//   js           a plain JS loop into a fresh typed array
//   roof         copy in + memory.copy (memory.fill) of the output bytes + copy out, inside tessera's module
//   memcpy       memory.copy (memory.fill) of the output bytes alone; for floor f32, a bare f32x4.floor loop
// Ratios: tessera, ort, tfjs and js against roof; resident and scalar against memcpy.
import { execFileSync } from 'node:child_process';
import v8 from 'node:v8';
import vm from 'node:vm';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { oneNodeModel } from './onnx-model.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? new RegExp(args[onlyIndex + 1]) : undefined;

// The library's ES modules as tsc wrote them (build/esm: dist/esm is the same
// code bundled into one file), and their internal module state: ES modules
// are singletons, so wasm.js here is the one index.js uses. The module is the
// bench build (tessera-bench.wasm: the package's kernels and the roofline's
// exports, cpp/bindings/bench.cc), which `npm run bench` builds.
const tw = await import(`${root}build/esm/index.js`);
const { wasm } = await import(`${root}build/esm/wasm.js`);
await tw.init({ wasm: readFileSync(`${root}build/wasm/tessera-bench.wasm`) });
// A second, independent instance (the CommonJS bundle carries its own state), scalar.
const twScalar = createRequire(import.meta.url)(`${root}dist/cjs/index.cjs`);
await twScalar.init({ backend: 'scalar' });
if (!tw.backendInfo().simd || twScalar.backendInfo().simd) throw new Error('expected one SIMD128 and one scalar instance');

// ---------------------------------------------------------------- peers
let ort;
let tf;
const peersWanted = !smoke && !args.includes('--no-peers');
if (peersWanted) {
  if (!existsSync(`${here}node_modules/onnxruntime-web`)) {
    throw new Error('bench peers are not installed: run `npm ci --prefix bench` (or `npm run bench`, which does)');
  }
  const benchRequire = createRequire(`${here}package.json`);
  ort = await import(`${here}node_modules/onnxruntime-web/dist/ort.node.min.mjs`);
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  ort.env.wasm.wasmPaths = new URL('node_modules/onnxruntime-web/dist/', import.meta.url).href;  // no network
  ort.env.logLevel = 'error';

  tf = benchRequire('@tensorflow/tfjs-core');
  const tfWasm = benchRequire('@tensorflow/tfjs-backend-wasm');
  tfWasm.setWasmPaths(`${here}node_modules/@tensorflow/tfjs-backend-wasm/dist/`);
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await tf.setBackend('wasm');
  await tf.ready();
} else {
  console.log(smoke ? 'smoke run: onnxruntime-web and tfjs-wasm skipped' : '--no-peers: onnxruntime-web and tfjs-wasm skipped');
}

// ---------------------------------------------------------------- timing
// Each implementation is warmed up first: V8 tiers JS and each wasm function
// up over its first calls (onnxruntime-web's session.run takes about a second
// of calls to reach its steady speed). Warming goes on in chunks of about
// 30 ms until a chunk's mean stops improving three times in a row (at least
// 40 calls and 150 ms; at most 4 s). Then implementations take turns, batch
// by batch, so drift and other processes on the machine touch them alike; a
// batch is enough calls for about 2 ms. The figure is the median of the
// batches' per-call means. An implementation slower than 50 ms a call (tfjs's
// Tile) gets 5 batches, not 21.
const WARM_CALLS = smoke ? 3 : 40;
const WARM_MS = smoke ? 0 : 150;
const WARM_MAX_MS = smoke ? 50 : 4000;
const ROUNDS = smoke ? 3 : 21;
const SLOW_ROUNDS = smoke ? 1 : 5;
const BATCH_MS = smoke ? 0.2 : 2;

// A full collection before each timed batch (outside the timing): a batch
// then pays for its own garbage, not for the previous implementation's
// (default-mode calls allocate their outputs, up to 64 MiB each).
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function timeCalls(fn, calls) {
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) {
    const r = fn();
    if (r instanceof Promise) await r;
  }
  return performance.now() - t0;
}

/** Warms `fn` up; returns the time of one call at the end, in ms. */
async function warm(fn) {
  let calls = 0;
  let ms = 0;
  let best = Infinity;
  let stale = 0;
  let chunk = 1;
  for (;;) {
    const t = await timeCalls(fn, chunk);
    calls += chunk;
    ms += t;
    const mean = t / chunk;
    if (mean < best * 0.95) {
      best = Math.min(best, mean);
      stale = 0;
    } else {
      best = Math.min(best, mean);
      stale++;
    }
    if (ms >= WARM_MAX_MS && calls >= 3) return best;
    if (mean > 500 && calls >= 2) return best;  // seconds a call (tfjs's Tile): tier-up is not the question
    if (stale >= 3 && calls >= WARM_CALLS && ms >= WARM_MS) return best;
    chunk = Math.max(1, Math.min(10000, Math.round(30 / Math.max(mean, 1e-4))));
  }
}

async function measure(impls) {
  const names = Object.keys(impls);
  const batch = {};
  const rounds = {};
  for (const name of names) {
    const one = await warm(impls[name]);
    batch[name] = Math.max(1, Math.min(10000, Math.ceil(BATCH_MS / Math.max(one, 1e-4))));
    rounds[name] = one > 50 ? SLOW_ROUNDS : ROUNDS;
  }
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + round) % names.length];
      if (samples[name].length >= rounds[name]) continue;
      if (!smoke) collect();
      samples[name].push(((await timeCalls(impls[name], batch[name])) * 1000) / batch[name]);
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(samples[n])]));
}

// ---------------------------------------------------------------- roofline
const { malloc, free, exports: benchExports } = wasm();
const heap = () => new Uint8Array(wasm().memory.buffer);
const bytesOf = (a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Scratch blocks in tessera's memory for the roofline, freed by the returned function. */
function scratch(...sizes) {
  const offsets = sizes.map((n) => malloc(Math.max(n, 16)));
  if (offsets.includes(0)) throw new Error('bench: malloc failed');
  return [offsets, () => offsets.forEach((o) => free(o))];
}

/**
 * The roofline implementations for a workload: `roof` copies the input in,
 * moves (or fills) the output's bytes inside the module and copies them out
 * into a fresh array, as an op must at least; `memcpy` moves them only.
 * The move is memory.copy or a plain v128 loop, whichever is faster at this
 * size here (memory.copy is V8 calling the C library's memmove, which some
 * hosts run far below memory speed for mid sizes); fills are memory.fill.
 */
async function roofline({ input, outBytes, OutArray, fillByte, kernel }) {
  const inBytes = input ? input.byteLength : 0;
  const [[src, dst], free] = scratch(Math.max(inBytes, outBytes), outBytes);
  let move;
  if (kernel) {
    move = () => kernel(src, dst);
  } else if (fillByte !== undefined) {
    move = () => benchExports.tessera_bench_fill_bytes(dst, fillByte, outBytes);
  } else {
    const copies = { memory: () => benchExports.tessera_bench_copy_bytes(dst, src, outBytes), loop: () => benchExports.tessera_bench_copy_v128(dst, src, outBytes) };
    const us = await measureQuick(copies);
    move = us.memory <= us.loop ? copies.memory : copies.loop;
  }
  const outLength = outBytes / OutArray.BYTES_PER_ELEMENT;
  const impls = {
    roof: () => {
      if (input) heap().set(bytesOf(input), src);
      move();
      const out = new OutArray(outLength);
      bytesOf(out).set(heap().subarray(dst, dst + outBytes));
      return out;
    },
    memcpy: move,
  };
  return [impls, free];
}

/** A short interleaved measurement, for choosing between implementations. */
async function measureQuick(impls) {
  const names = Object.keys(impls);
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (const n of names) await timeCalls(impls[n], smoke ? 1 : 20);
  for (let r = 0; r < (smoke ? 1 : 7); r++) {
    for (const n of names) samples[n].push(await timeCalls(impls[n], 3));
  }
  return Object.fromEntries(names.map((n) => [n, median(samples[n])]));
}

// ---------------------------------------------------------------- workloads
function random(type, n, seed = 1) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  switch (type) {
    case 'float32': return Float32Array.from({ length: n }, () => (next() - 0.5) * 2000);
    case 'int64': return BigInt64Array.from({ length: n }, () => BigInt(Math.floor((next() - 0.5) * 2 ** 40)));
    // Finite halves and bfloat16s of both signs (exponent field below all-ones).
    case 'float16': return Uint16Array.from({ length: n }, () => ((next() * 0x7bff) | 0) | (next() < 0.5 ? 0x8000 : 0));
    case 'bfloat16': return Uint16Array.from({ length: n }, () => ((next() * 0x7f7f) | 0) | (next() < 0.5 ? 0x8000 : 0));
    default: throw new Error(`random: ${type}`);
  }
}

const ARRAY = { float32: Float32Array, int64: BigInt64Array, float16: Uint16Array, bfloat16: Uint16Array };
const TF_TYPES = new Set(['float32']);

async function ortSession(model) {
  return ort.InferenceSession.create(model, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
}

/** Plain JS tile: one output element at a time, indices by odometer. */
function jsTile(x, dims, repeats, OutArray) {
  const rank = dims.length;
  const outDims = dims.map((d, i) => d * repeats[i]);
  const n = outDims.reduce((a, b) => a * b, 1);
  const y = new OutArray(n);
  const inStride = new Array(rank);
  for (let i = rank - 1, s = 1; i >= 0; s *= dims[i], i--) inStride[i] = s;
  const index = new Array(rank).fill(0);
  const last = rank - 1;
  const w = outDims[last];
  const dw = dims[last];
  for (let o = 0; o < n; o += w) {
    let base = 0;
    for (let i = 0; i < last; i++) base += (index[i] % dims[i]) * inStride[i];
    for (let j = 0; j < w; j++) y[o + j] = x[base + (j % dw)];
    for (let i = last - 1; i >= 0; i--) {
      if (++index[i] < outDims[i]) break;
      index[i] = 0;
    }
  }
  return y;
}

function tileWorkload(type, dims, repeats) {
  const size = dims.reduce((a, b) => a * b, 1);
  const outDims = dims.map((d, i) => d * repeats[i]);
  const outSize = outDims.reduce((a, b) => a * b, 1);
  const Out = ARRAY[type];
  return {
    name: `tile ${type === 'float32' ? 'f32' : type} [${dims}]x[${repeats}]`,
    op: 'tile', type, outBytes: outSize * Out.BYTES_PER_ELEMENT,
    async setup() {
      const data = random(type, size);
      const x = new tw.Tensor(type, data, dims);
      const xr = tw.toResident(x);
      const xs = twScalar.toResident(x);
      const [roof, free] = await roofline({ input: data, outBytes: outSize * Out.BYTES_PER_ELEMENT, OutArray: Out });
      const impls = {
        tessera: () => tw.tile(x, repeats).data,
        resident: () => tw.tile(xr, repeats).dispose(),
        scalar: () => twScalar.tile(xs, repeats).dispose(),
        js: () => jsTile(data, dims, repeats, Out),
        ...roof,
      };
      if (ort) {
        const r = tw.toTensorProto(new tw.Tensor('int64', BigInt64Array.from(repeats, BigInt), [repeats.length]));
        const s = await ortSession(oneNodeModel({ op: 'Tile', inputs: [{ name: 'x', type }],
          initializers: [{ name: 'repeats', proto: r }], outputType: type }));
        impls.ort = async () => (await s.run({ x: new ort.Tensor(type, data, dims) })).y.data;
      }
      if (tf && TF_TYPES.has(type)) {
        impls.tfjs = () => tf.tidy(() => tf.tile(tf.tensor(data, dims, type), repeats).dataSync());
      }
      return { impls, check: ['tessera', 'js', 'ort', 'tfjs'], teardown: () => { free(); xr.dispose(); xs.dispose(); } };
    },
  };
}

function floorWorkload(type, n) {
  const Out = ARRAY[type];
  const short = { float32: 'f32', float16: 'f16', bfloat16: 'bf16' }[type];
  return {
    name: `floor ${short} ${n.toExponential().replace('+', '')}`,
    op: 'floor', type, outBytes: n * Out.BYTES_PER_ELEMENT,
    async setup() {
      const data = random(type, n);
      const x = new tw.Tensor(type, data, [n]);
      const xr = tw.toResident(x);
      const xs = twScalar.toResident(x);
      const outBytes = n * Out.BYTES_PER_ELEMENT;
      // floor f32's resident target is a bare f32x4.floor loop over the same data; the others', memory.copy.
      const [[kx], freeKernelInput] = scratch(outBytes);
      heap().set(bytesOf(data), kx);
      const kernel = type === 'float32' ? (src, dst) => benchExports.tessera_bench_f32_floor_plain(kx, dst, n) : undefined;
      const [roof, free] = await roofline({ input: data, outBytes, OutArray: Out, kernel });
      const impls = {
        tessera: () => tw.floor(x).data,
        resident: () => tw.floor(xr).dispose(),
        scalar: () => twScalar.floor(xs).dispose(),
        ...roof,
      };
      if (type === 'float32') {
        impls.js = () => {
          const y = new Float32Array(n);
          for (let i = 0; i < n; i++) y[i] = Math.floor(data[i]);
          return y;
        };
      } else if (type === 'bfloat16') {
        // A bfloat16 is the top half of a float32, and its floor is again a bfloat16.
        impls.js = () => {
          const f = new Float32Array(1);
          const u = new Uint32Array(f.buffer);
          const y = new Uint16Array(n);
          for (let i = 0; i < n; i++) {
            u[0] = data[i] << 16;
            f[0] = Math.floor(f[0]);
            y[i] = u[0] >>> 16;
          }
          return y;
        };
      }
      if (ort && type !== 'bfloat16') {  // onnxruntime has no bfloat16 Floor
        const s = await ortSession(oneNodeModel({ op: 'Floor', inputs: [{ name: 'x', type }],
          outputType: type }));
        impls.ort = async () => (await s.run({ x: new ort.Tensor(type, data, [n]) })).y.data;
      }
      if (tf && TF_TYPES.has(type)) {
        impls.tfjs = () => tf.tidy(() => tf.floor(tf.tensor(data, [n], type)).dataSync());
      }
      return { impls, check: ['tessera', 'js', 'ort', 'tfjs'], teardown: () => { free(); freeKernelInput(); xr.dispose(); xs.dispose(); } };
    },
  };
}

function constantWorkload(type, dims) {
  const Out = ARRAY[type];
  const n = dims.reduce((a, b) => a * b, 1);
  const scalar = type === 'int64' ? 0x0102030405060708n : 1.5;  // not one repeated byte: no memset shortcut
  return {
    name: `constantOfShape ${type === 'float32' ? 'f32' : type} [${dims}]`,
    op: 'constantOfShape', type, outBytes: n * Out.BYTES_PER_ELEMENT,
    async setup() {
      const value = new tw.Tensor(type, Out.of(scalar), [1]);
      // The roofline fills with one byte (memory.fill); the op's value is 8 or 4 distinct bytes.
      const [roof, free] = await roofline({ outBytes: n * Out.BYTES_PER_ELEMENT, OutArray: Out, fillByte: 0x3f });
      const impls = {
        tessera: () => tw.constantOfShape(dims, value).data,
        resident: () => tw.constantOfShape(dims, value, { resident: true }).dispose(),
        scalar: () => twScalar.constantOfShape(dims, value, { resident: true }).dispose(),
        js: () => new Out(n).fill(scalar),
        ...roof,
      };
      if (ort) {
        const s = await ortSession(oneNodeModel({ op: 'ConstantOfShape', inputs: [{ name: 'shape', type: 'int64' }],
          outputType: type, attributes: { value: tw.toTensorProto(value) } }));
        const shape = BigInt64Array.from(dims, BigInt);
        impls.ort = async () => (await s.run({ shape: new ort.Tensor('int64', shape, [dims.length]) })).y.data;
      }
      if (tf && TF_TYPES.has(type)) impls.tfjs = () => tf.tidy(() => tf.fill(dims, scalar, type).dataSync());
      return { impls, check: ['tessera', 'js', 'ort', 'tfjs'], teardown: free };
    },
  };
}

function asStridedWorkload(label, inputDims, size, stride) {
  const n = inputDims.reduce((a, b) => a * b, 1);
  const outSize = size.reduce((a, b) => a * b, 1);
  return {
    name: `asStrided f32 ${label} [${size}] stride [${stride}]`,
    op: 'asStrided', type: 'float32', outBytes: outSize * 4,
    async setup() {
      const data = random('float32', n);
      const x = new tw.Tensor('float32', data, inputDims);
      const xr = tw.toResident(x);
      const xs = twScalar.toResident(x);
      const params = { size, stride };
      const [roof, free] = await roofline({ input: data, outBytes: outSize * 4, OutArray: Float32Array });
      const [rows, cols] = size;
      const impls = {
        tessera: () => tw.asStrided(x, params).data,
        resident: () => tw.asStrided(xr, params).dispose(),
        scalar: () => twScalar.asStrided(xs, params).dispose(),
        js: () => {
          const y = new Float32Array(outSize);
          for (let i = 0, o = 0; i < rows; i++) {
            for (let j = 0, p = i * stride[0]; j < cols; j++, p += stride[1]) y[o++] = data[p];
          }
          return y;
        },
        ...roof,
      };
      if (ort) {
        // No AsStrided in ONNX: Gather of the flat input with a constant index tensor.
        const indices = new BigInt64Array(outSize);
        for (let i = 0, o = 0; i < rows; i++) {
          for (let j = 0; j < cols; j++) indices[o++] = BigInt(i * stride[0] + j * stride[1]);
        }
        const s = await ortSession(oneNodeModel({ op: 'Gather', inputs: [{ name: 'x', type: 'float32' }],
          initializers: [{ name: 'indices', proto: tw.toTensorProto(new tw.Tensor('int64', indices, size)) }],
          outputType: 'float32', attributes: { axis: 0 } }));
        impls.ort = async () => (await s.run({ x: new ort.Tensor('float32', data, [n]) })).y.data;
      }
      if (tf && label === 'transpose') {
        impls.tfjs = () => tf.tidy(() => tf.transpose(tf.tensor(data, inputDims, 'float32')).dataSync());
      }
      return { impls, check: ['tessera', 'js', 'ort', 'tfjs'], teardown: () => { free(); xr.dispose(); xs.dispose(); } };
    },
  };
}

const WORKLOADS = smoke ? [tileWorkload('float32', [4, 4], [2, 2])] : [
  tileWorkload('float32', [4, 4], [2, 2]),
  tileWorkload('float32', [256, 256], [2, 2]),
  tileWorkload('float32', [1024, 1024], [2, 2]),
  tileWorkload('float32', [8, 16, 32, 32], [1, 2, 1, 2]),
  tileWorkload('int64', [256, 256], [2, 2]),
  floorWorkload('float32', 1e3),
  floorWorkload('float32', 1e6),
  floorWorkload('float32', 4e6),
  floorWorkload('float16', 1e6),
  floorWorkload('bfloat16', 1e6),
  constantWorkload('float32', [1024, 1024]),
  constantWorkload('int64', [1024, 1024]),
  asStridedWorkload('windows', [65600], [65536, 64], [1, 1]),
  asStridedWorkload('transpose', [1024, 1024], [1024, 1024], [1, 1024]),
];

/** The same bytes from every implementation that returns an array, or the bench is measuring a bug. */
async function checkOutputs(name, impls, which) {
  let reference;
  for (const impl of which) {
    if (!impls[impl]) continue;
    const out = await impls[impl]();
    const bytes = bytesOf(out);
    if (reference === undefined) {
      reference = { impl, bytes };
    } else if (bytes.length !== reference.bytes.length || !bytes.every((b, i) => b === reference.bytes[i])) {
      throw new Error(`bench: ${name}: ${impl} and ${reference.impl} disagree`);
    }
  }
}

// ---------------------------------------------------------------- run
const COLUMNS = ['tessera', 'resident', 'scalar', 'ort', 'tfjs', 'js', 'roof', 'memcpy'];
const AGAINST = { tessera: 'roof', ort: 'roof', tfjs: 'roof', js: 'roof', resident: 'memcpy', scalar: 'memcpy' };

const results = [];
for (const workload of WORKLOADS) {
  if (only && !only.test(workload.name)) continue;
  const { impls, check, teardown } = await workload.setup();
  await checkOutputs(workload.name, impls, check);
  const us = await measure(impls);
  teardown();
  results.push({ name: workload.name, op: workload.op, type: workload.type, outBytes: workload.outBytes, us });
  process.stderr.write(`  ${workload.name}: ${Object.entries(us).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')}\n`);
}

function fmt(us) {
  if (us === undefined) return '-';
  return us >= 100 ? us.toFixed(0) : us >= 10 ? us.toFixed(1) : us.toFixed(2);
}

function cell(row, column) {
  const v = row.us[column];
  if (v === undefined) return 'n/a';
  const base = AGAINST[column] && row.us[AGAINST[column]];
  return base ? `${fmt(v)} (${(v / base).toFixed(2)}x)` : fmt(v);
}

const humanBytes = (b) => (b >= 2 ** 20 ? `${(b / 2 ** 20).toFixed(b % 2 ** 20 ? 1 : 0)} MiB` : b >= 1024 ? `${(b / 1024).toFixed(b % 1024 ? 1 : 0)} KiB` : `${b} B`);

const lines = [];
lines.push(`| workload | output | ${COLUMNS.join(' | ')} |`);
lines.push(`| --- | ---: | ${COLUMNS.map(() => '---:').join(' | ')} |`);
for (const row of results) lines.push(`| ${row.name} | ${humanBytes(row.outBytes)} | ${COLUMNS.map((c) => cell(row, c)).join(' | ')} |`);

// ---------------------------------------------------------------- size sweep
// Cost per output byte from 1 KiB to 64 MiB: flat means linear in size.
const sweep = [];
if (!only || only.test('sweep')) {
  const sizes = smoke ? [1024] : [1024, 4096, 16384, 65536, 262144, 1 << 20, 1 << 22, 1 << 24, 1 << 26];
  for (const bytes of sizes) {
    for (const op of ['tile', 'floor']) {
      const n = bytes / 4;
      const workload = op === 'tile'
        ? { ...tileWorkload('float32', [n / 4 / 64, 64], [2, 2]) }
        : floorWorkload('float32', n);
      const { impls, teardown } = await workload.setup();
      const picked = Object.fromEntries(['tessera', 'resident', 'roof', 'memcpy', 'ort'].filter((k) => impls[k]).map((k) => [k, impls[k]]));
      const us = await measure(picked);
      teardown();
      sweep.push({ op, bytes, nsPerByte: Object.fromEntries(Object.entries(us).map(([k, v]) => [k, (v * 1000) / bytes])) });
    }
  }
  const sweepColumns = ['tessera', 'resident', 'roof', 'memcpy', 'ort'];
  lines.push('', `Cost per output byte (ns/B), float32; tile is [n/256, 64]x[2, 2]:`, '');
  lines.push(`| op | output | ${sweepColumns.join(' | ')} |`);
  lines.push(`| --- | ---: | ${sweepColumns.map(() => '---:').join(' | ')} |`);
  for (const s of sweep) {
    lines.push(`| ${s.op} | ${humanBytes(s.bytes)} | ${sweepColumns.map((c) => (s.nsPerByte[c] === undefined ? 'n/a' : s.nsPerByte[c].toFixed(3))).join(' | ')} |`);
  }
}

// ---------------------------------------------------------------- init
// import to ready, in a fresh Node process each time, from an ES module file
// as a user's program would be: Node's ESM loader is already up by then (with
// `node -e` its start-up, about 8 ms, would be counted too).
function initTimes(runs) {
  const script = join(mkdtempSync(join(os.tmpdir(), 'tessera-init-')), 'init.mjs');
  writeFileSync(script, `const t0 = performance.now(); const tw = await import(${JSON.stringify(pathToFileURL(`${root}dist/esm/index.js`).href)});`
    + ' await tw.init(); console.log(performance.now() - t0);\n');
  return Array.from({ length: runs }, () => Number(execFileSync(process.execPath, [script]).toString()));
}
const init = median(initTimes(smoke ? 1 : 9));

// ---------------------------------------------------------------- targets
const row = (name) => results.find((r) => r.name === name);
const ratio = (name, a, b) => {
  const r = row(name);
  return r && r.us[a] !== undefined && r.us[b] !== undefined ? r.us[a] / r.us[b] : undefined;
};
const targets = [];
function target(text, values, ok) {
  const known = values.filter((v) => v.value !== undefined);
  if (known.length === 0) return;
  const met = known.every((v) => ok(v.value));
  targets.push({ text, met, values: known.map((v) => `${v.label} ${v.value.toFixed(2)}`) });
}
const SMALL = ['tile f32 [4,4]x[2,2]', 'floor f32 1e3'];
const LARGE = results.filter((r) => r.outBytes >= 1 << 20).map((r) => r.name);
target('small tensors: default mode >= 10x faster than onnxruntime-web (ort/tessera)',
  SMALL.map((n) => ({ label: n, value: ratio(n, 'ort', 'tessera') })), (v) => v >= 10);
target('large tensors, default mode: within 1.10x of the roofline (tessera/roof)',
  LARGE.map((n) => ({ label: n, value: ratio(n, 'tessera', 'roof') })), (v) => v <= 1.1);
target('large tensors, default mode: ahead of onnxruntime-web on every row (tessera/ort)',
  LARGE.map((n) => ({ label: n, value: ratio(n, 'tessera', 'ort') })), (v) => v < 1);
target('constantOfShape no slower than new TypedArray(n).fill(v) (tessera/js)',
  results.filter((r) => r.op === 'constantOfShape').map((r) => ({ label: r.name, value: ratio(r.name, 'tessera', 'js') })), (v) => v <= 1);
target('resident within 1.25x of memory.copy/fill: tile, constantOfShape, asStrided windows (resident/memcpy)',
  results.filter((r) => r.outBytes >= 1 << 20 && (r.op === 'tile' || r.op === 'constantOfShape' || r.name.includes('windows')))
    .map((r) => ({ label: r.name, value: ratio(r.name, 'resident', 'memcpy') })), (v) => v <= 1.25);
target('resident floor f32 within 1.25x of a bare f32x4.floor loop (resident/memcpy)',
  results.filter((r) => r.op === 'floor' && r.type === 'float32' && r.outBytes >= 1 << 20)
    .map((r) => ({ label: r.name, value: ratio(r.name, 'resident', 'memcpy') })), (v) => v <= 1.25);
target('resident floor f16 and bf16 within 2x of memcpy (resident/memcpy)',
  ['floor f16 1e6', 'floor bf16 1e6'].map((n) => ({ label: n, value: ratio(n, 'resident', 'memcpy') })), (v) => v <= 2);
target('resident asStrided transpose within 3x of memcpy (resident/memcpy)',
  results.filter((r) => r.name.includes('transpose')).map((r) => ({ label: r.name, value: ratio(r.name, 'resident', 'memcpy') })), (v) => v <= 3);
targets.push({ text: 'init (import to ready) under 15 ms in Node', met: init < 15, values: [`${init.toFixed(1)} ms`] });

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const machine = { cpu, cores: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.arch()}` };
const header = [
  `tessera-wasm benchmark: median µs per call (ratio), ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}${smoke ? ' (SMOKE RUN: figures meaningless)' : ''}`,
  '',
];
const footer = ['', `init (import to ready): ${init.toFixed(1)} ms (median of ${smoke ? 1 : 9} fresh processes)`, '', 'Targets:', '',
  ...targets.map((t) => `- [${t.met ? 'x' : ' '}] ${t.text}: ${t.values.join('; ')}`)];
console.log([...header, ...lines, ...footer].join('\n'));

// Only a full run replaces results.json (the README's table comes from it).
const out = `${here}${smoke ? 'results-smoke.json' : only || !peersWanted ? 'results-partial.json' : 'results.json'}`;
writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), machine, smoke, unit: 'µs per call, median',
  columns: COLUMNS, against: AGAINST, workloads: results, sweep, initMs: init, targets }, null, 2)}\n`);
console.log(`\nwrote ${out}`);
