// The measurement behind the dispatcher's built-ins rule (RULES in
// js/src/ops/dispatch.ts), the same in Node and in a page: Tile of [rows, n]
// by [1, 2] float32 into an existing array, the built-ins twin (tileBytes:
// copyWithin per row) against the kernel (copy in, tile, copy out), each
// forced through the dispatcher. Gives the ratio built-ins / kernel per cell
// (below 1: the JS side is faster).
export const ROW_BYTES = [4, 16, 64, 256, 1024, 4096];
export const ROWS = [1, 16, 256, 1024, 4096];

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

/** Rows of ratios, one per row count, one cell per row length. */
export function measureJsMove({ tw, withExecutor }) {
  return ROWS.map((rows) => ROW_BYTES.map((rowBytes) => {
    const n = rowBytes / 4;
    const x = new tw.Tensor('float32', new Float32Array(rows * n).fill(1), [rows, n]);
    const out = new Float32Array(rows * n * 2);
    const tile = () => tw.tile(x, [1, 2], { out });
    const js = time(() => withExecutor('builtin', tile));
    const kernel = time(() => withExecutor('kernel', tile));
    return js / kernel;
  }));
}

export function table(title, rows) {
  return [`${title}`, '', `| rows \\ row bytes | ${ROW_BYTES.join(' | ')} |`, `| --- | ${ROW_BYTES.map(() => '---:').join(' | ')} |`,
    ...rows.map((cells, i) => `| ${ROWS[i]} | ${cells.map((r) => r.toFixed(2)).join(' | ')} |`)].join('\n');
}
