// Where moving between JS arrays beats the WebAssembly round trip, for the
// rule in js/src/ops/movement.ts (JS_MIN_ROW_BYTES, JS_MAX_SHORT_ROWS).
// Tile of [rows, n] by [1, 2] float32 into an existing array, both ways, over
// row lengths and row counts: the JS plan (tileBytes: one set and a
// copyWithin per row) against the kernel (copy in, tile, copy out). Prints a
// table of the ratio JS / kernel (below 1: the JS side is faster).
//   node bench/js-move.mjs        (after npm run build)
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tw = await import(`${root}build/esm/index.js`);
const { canonicalAxes, tileBytes } = await import(`${root}build/esm/ops/tile.js`);
const { moveElements } = await import(`${root}build/esm/ops/movement.js`);
await tw.init();

function time(fn) {
  for (let i = 0; i < 200; i++) fn();
  const samples = [];
  for (let round = 0; round < 9; round++) {
    let calls = 0;
    const start = performance.now();
    while (performance.now() - start < 5) { fn(); calls++; }
    samples.push(((performance.now() - start) * 1000) / calls);
  }
  return samples.sort((a, b) => a - b)[4];
}

const context = { op: 'Tile', version: 13 };
const rowBytesList = [4, 16, 64, 256, 1024, 4096];
const rowsList = [1, 16, 256, 1024, 4096];
console.log(`| rows \\ row bytes | ${rowBytesList.join(' | ')} |`);
console.log(`| --- | ${rowBytesList.map(() => '---:').join(' | ')} |`);
for (const rows of rowsList) {
  const cells = [];
  for (const rowBytes of rowBytesList) {
    const n = rowBytes / 4;
    const x = new tw.Tensor('float32', new Float32Array(rows * n).fill(1), [rows, n]);
    const out = new Float32Array(rows * n * 2);
    const axes = canonicalAxes([rows, n], [1, 2]);
    const xBytes = new Uint8Array(x.data.buffer);
    const yBytes = new Uint8Array(out.buffer);
    const js = time(() => tileBytes(xBytes, yBytes, axes, 4));
    const move = {
      dims: [rows, n * 2], size: rows * n * 2, params: [rows, n, 1, 2],
      kernel: (k, xo, yo, es, p) => k.tile(xo, yo, es, 2, p, p + 8),
    };
    const kernel = time(() => moveElements(context, x, move, { array: out }));
    cells.push((js / kernel).toFixed(2));
  }
  console.log(`| ${rows} | ${cells.join(' | ')} |`);
}
