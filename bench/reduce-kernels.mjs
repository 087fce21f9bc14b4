// The reductions of issue 37's benchmark rows in Node, with `out`, against
// a plain JS loop that reads the input once (a float64 sum: the warm
// roofline of "one read of the input"). Median of many runs, after warming.
//   node bench/reduce-kernels.mjs [wasm]   (default build/wasm/tessera.wasm)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tw = await import(`${root}build/esm/index.js`);
await tw.init({ wasm: readFileSync(process.argv[2] ?? `${root}build/wasm/tessera.wasm`) });

function median(f, ms = 400) {
  for (let i = 0; i < 5; i++) f();
  const times = [];
  const end = performance.now() + ms;
  while (performance.now() < end || times.length < 15) {
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return [times[times.length >> 1] * 1000, times[0] * 1000];  // median, min: microseconds
}

function data(n, seed) {
  const a = new Float32Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) { s = (s * 1103515245 + 12345) >>> 0; a[i] = (s / 2 ** 32) * 8 - 4; }
  return a;
}

let sink = 0;
function jsRead(a) {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  sink += s;
}

const rows = [
  ['ReduceMax [1,84,8400] axis 1', [1, 84, 8400], (x, out) => tw.reduceMax(x, { axes: [1], keepdims: false, out }), 8400, Float32Array],
  ['ArgMax [1,84,8400] axis 1', [1, 84, 8400], (x, out) => tw.argMax(x, { axis: 1, keepdims: false, out }), 8400, BigInt64Array],
  ['ReduceMax [8400,84] axis 1', [8400, 84], (x, out) => tw.reduceMax(x, { axes: [1], keepdims: false, out }), 8400, Float32Array],
  ['ArgMax [8400,84] axis 1', [8400, 84], (x, out) => tw.argMax(x, { axis: 1, keepdims: false, out }), 8400, BigInt64Array],
  ['Softmax [1,32000] axis -1', [1, 32000], (x, out) => tw.softmax(x, { axis: -1, out }), 32000, Float32Array],
  ['Softmax [64,1000] axis -1', [64, 1000], (x, out) => tw.softmax(x, { axis: -1, out }), 64000, Float32Array],
  ['ReduceMean [1,384,768] axis 1', [1, 384, 768], (x, out) => tw.reduceMean(x, { axes: [1], keepdims: false, out }), 768, Float32Array],
];
const only = process.env.ROWS ? new RegExp(process.env.ROWS) : null;
console.log('row | tessera median (min) us | JS one-read median (min) us | ratio of medians');
for (const [name, dims, run, outSize, Out] of rows) {
  if (only && !only.test(name)) continue;
  const size = dims.reduce((a, b) => a * b, 1);
  const values = data(size, 12345);
  const x = tw.tensor('float32', values, dims);
  const out = new Out(outSize);
  const r = median(() => jsRead(values));
  const t = median(() => run(x, out));
  const r2 = median(() => jsRead(values));
  const js = r[0] < r2[0] ? r : r2;
  console.log(`${name} | ${t[0].toFixed(1)} (${t[1].toFixed(1)}) | ${js[0].toFixed(1)} (${Math.min(r[1], r2[1]).toFixed(1)}) | ${(t[0] / js[0]).toFixed(2)}`);
}
if (sink === 1) console.log('');
