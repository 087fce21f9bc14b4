// Pad's borders as strided moves, axis by axis. At axis d the moves write
// the border slabs of d over the full output extent of the axes before it
// (their borders are written by then) and the interior of the axes after
// it; each reads the value, or output already written: the edge (stride 0
// along d), its mirror image (stride -1 along d, the edge not repeated), or
// the input one period away (wrap: in chunks of at most the extent, so a
// chunk never reads what it writes).
import type { Move } from './strided.js';

export type PadMoveMode = 'constant' | 'reflect' | 'edge' | 'wrap';

/**
 * The border moves of an output of `dims` whose interior (extent `kept`
 * per axis) starts at `lead` per axis; `valueIndex` is the input element
 * holding the constant (strings) or undefined (the program's value).
 */
export function padBorders(mode: PadMoveMode, kept: readonly number[], dims: readonly number[], lead: readonly number[],
  yStrides: readonly number[], valueIndex: number | undefined): Move[] {
  const rank = dims.length;
  const moves: Move[] = [];
  if (dims.includes(0)) return moves;  // an empty output (and no period to wrap by)
  for (let d = 0; d < rank; d++) {
    const n = kept[d];
    const b = lead[d];
    const e = dims[d] - b - n;
    if (b === 0 && e === 0) continue;
    const size = dims.map((extent, a) => (a < d ? extent : a > d ? kept[a] : 0));
    let base = 0;
    for (let a = d + 1; a < rank; a++) base += lead[a] * yStrides[a];
    const step = yStrides[d];
    // A slab of `count` indices of axis d from index `at`, reading from index `from` with `direction` along d.
    const slab = (at: number, count: number, from: number, direction: number) => {
      if (count <= 0) return;
      const slabSize = size.slice();
      slabSize[d] = count;
      const to = base + at * step;
      if (mode === 'constant') {
        const zeros = new Array<number>(rank).fill(0);
        moves.push(valueIndex === undefined
          ? { from: 'value', start: 0, to, size: slabSize, stride: zeros, outStride: yStrides }
          : { from: 'x', start: valueIndex, to, size: slabSize, stride: zeros, outStride: yStrides });
        return;
      }
      const stride = yStrides.slice();
      stride[d] = direction * step;
      moves.push({ from: 'y', start: base + from * step, to, size: slabSize, stride, outStride: yStrides });
    };
    switch (mode) {
      case 'constant':
        slab(0, b, 0, 0);
        slab(b + n, e, 0, 0);
        break;
      case 'edge':
        slab(0, b, b, 0);
        slab(b + n, e, b + n - 1, 0);
        break;
      case 'reflect':
        slab(0, b, 2 * b, -1);
        slab(b + n, e, b + n - 2, -1);
        break;
      case 'wrap':
        for (let hi = b; hi > 0; hi -= n) slab(Math.max(0, hi - n), hi - Math.max(0, hi - n), Math.max(0, hi - n) + n, 1);
        for (let lo = b + n; lo < dims[d]; lo += n) slab(lo, Math.min(dims[d], lo + n) - lo, lo - n, 1);
        break;
    }
  }
  return moves;
}
