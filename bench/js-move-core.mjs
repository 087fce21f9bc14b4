// The measurement behind the JS-side move rule (js/src/ops/movement.ts), the
// same in Node and in a page: Tile of [rows, n] by [1, 2] float32 into an
// existing array, the JS plan (tileBytes: copyWithin per row) against the
// kernel (copy in, tile, copy out). Gives the ratio JS / kernel per cell
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
export function measureJsMove({ tw, canonicalAxes, tileBytes, moveElements }) {
  const context = { op: 'Tile', version: 13 };
  return ROWS.map((rows) => ROW_BYTES.map((rowBytes) => {
    const n = rowBytes / 4;
    const x = new tw.Tensor('float32', new Float32Array(rows * n).fill(1), [rows, n]);
    const out = new Float32Array(rows * n * 2);
    const axes = canonicalAxes([rows, n], [1, 2]);
    const xBytes = new Uint8Array(x.data.buffer);
    const yBytes = new Uint8Array(out.buffer);
    const js = time(() => tileBytes(xBytes, yBytes, axes, 4));
    const move = {
      dims: [rows, n * 2], size: rows * n * 2, params: () => [rows, n, 1, 2],
      kernel: (k, xo, yo, es, p) => k.tile(xo, yo, es, 2, p, p + 8),
    };
    const kernel = time(() => moveElements(context, x, move, { array: out }));
    return js / kernel;
  }));
}

export function table(title, rows) {
  return [`${title}`, '', `| rows \\ row bytes | ${ROW_BYTES.join(' | ')} |`, `| --- | ${ROW_BYTES.map(() => '---:').join(' | ')} |`,
    ...rows.map((cells, i) => `| ${ROWS[i]} | ${cells.map((r) => r.toFixed(2)).join(' | ')} |`)].join('\n');
}
