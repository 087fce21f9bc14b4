// Plain references for the data-movement ops, written from the ONNX spec
// with per-element index arithmetic and nothing of the library's: each
// maps the input's element keys (tests/js/reference.ts) to the output's.
import { forEachIndex, stridesOf } from './helpers';
import { type Key, type Plain, keysOf } from './reference';

const at = (keys: Key[], strides: number[], index: number[]) => keys[index.reduce((s, v, i) => s + v * strides[i], 0)];

/** numpy.transpose: out[i] = x[i permuted back]. */
export function transposeReference(t: Plain, perm: number[]): { dims: number[]; keys: Key[] } {
  const x = keysOf(t);
  const dims = perm.map((p) => t.dims[p]);
  const strides = stridesOf(t.dims);
  const keys: Key[] = [];
  forEachIndex(dims, (o) => {
    const i = new Array<number>(perm.length);
    perm.forEach((p, k) => { i[p] = o[k]; });
    keys.push(at(x, strides, i));
  });
  return { dims, keys };
}

/** numpy slicing x[start:end:step] per axis, bounds as ONNX Slice clamps them. */
export function sliceReference(t: Plain, starts: number[], ends: number[], axes: number[], steps: number[]): { dims: number[]; keys: Key[] } {
  const x = keysOf(t);
  const rank = t.dims.length;
  const first = t.dims.map(() => 0);
  const step = t.dims.map(() => 1);
  const dims = [...t.dims];
  axes.forEach((a0, k) => {
    const a = a0 < 0 ? a0 + rank : a0;
    const n = t.dims[a];
    const s = steps[k];
    let b = starts[k] < 0 ? starts[k] + n : starts[k];
    let e = ends[k] < 0 ? ends[k] + n : ends[k];
    if (s > 0) { b = Math.max(0, Math.min(n, b)); e = Math.max(0, Math.min(n, e)); }
    else { b = Math.max(-1, Math.min(n - 1, b)); e = Math.max(-1, Math.min(n - 1, e)); }
    let count = 0;
    for (let i = b; s > 0 ? i < e : i > e; i += s) count++;
    dims[a] = count;
    first[a] = b;
    step[a] = s;
  });
  const strides = stridesOf(t.dims);
  const keys: Key[] = [];
  forEachIndex(dims, (o) => keys.push(at(x, strides, o.map((v, a) => first[a] + v * step[a]))));
  return { dims, keys };
}

/** ONNX Pad: negative pads crop, then each output index maps into the kept range by the mode. */
export function padReference(t: Plain, begin: number[], end: number[], mode: string, value: Key): { dims: number[]; keys: Key[] } {
  const x = keysOf(t);
  const dims = t.dims.map((n, a) => n + begin[a] + end[a]);
  const strides = stridesOf(t.dims);
  const keys: Key[] = [];
  forEachIndex(dims, (o) => {
    const i: number[] = [];
    for (let a = 0; a < dims.length; a++) {
      const lo = Math.max(-begin[a], 0);
      const hi = t.dims[a] - Math.max(-end[a], 0);
      let j = o[a] - begin[a];
      if (j < lo || j >= hi) {
        if (mode === 'constant') { keys.push(value); return; }
        const m = hi - lo;
        let r = j - lo;
        if (mode === 'edge') r = r < 0 ? 0 : m - 1;
        else if (mode === 'wrap') r = ((r % m) + m) % m;
        else r = r < 0 ? -r : 2 * (m - 1) - r;  // reflect: pads are less than m
        j = lo + r;
      }
      i.push(j);
    }
    keys.push(at(x, strides, i));
  });
  return { dims, keys };
}

/** numpy.concatenate along axis. */
export function concatReference(ts: Plain[], axis: number): { dims: number[]; keys: Key[] } {
  const dims = [...ts[0].dims];
  dims[axis] = ts.reduce((s, t) => s + t.dims[axis], 0);
  const keys: Key[] = [];
  const all = ts.map((t) => ({ keys: keysOf(t), strides: stridesOf(t.dims), n: t.dims[axis] }));
  forEachIndex(dims, (o) => {
    let i = o[axis];
    let k = 0;
    while (i >= all[k].n) { i -= all[k].n; k++; }
    const index = [...o];
    index[axis] = i;
    keys.push(at(all[k].keys, all[k].strides, index));
  });
  return { dims, keys };
}

/** numpy broadcasting of x to shape (both ways). */
export function expandReference(t: Plain, shape: number[]): { dims: number[]; keys: Key[] } {
  const x = keysOf(t);
  const rank = Math.max(shape.length, t.dims.length);
  const xd = [...new Array<number>(rank - t.dims.length).fill(1), ...t.dims];
  const sd = [...new Array<number>(rank - shape.length).fill(1), ...shape];
  const dims = xd.map((n, i) => (n === 1 ? sd[i] : n));
  const strides = stridesOf(xd);
  const keys: Key[] = [];
  forEachIndex(dims, (o) => keys.push(at(x, strides, o.map((v, i) => (xd[i] === 1 ? 0 : v)))));
  return { dims, keys };
}

/** DepthToSpace (DCR or CRD) and SpaceToDepth, from the spec's reshape-transpose-reshape. */
export function depthToSpaceReference(t: Plain, b: number, mode: string): { dims: number[]; keys: Key[] } {
  const x = keysOf(t);
  const [n, c, h, w] = t.dims;
  const d = c / (b * b);
  const dims = [n, d, h * b, w * b];
  const keys: Key[] = [];
  forEachIndex(dims, ([ni, di, yi, xi]) => {
    const i = yi % b;
    const j = xi % b;
    const channel = mode === 'DCR' ? (i * b + j) * d + di : di * b * b + i * b + j;
    keys.push(x[((ni * c + channel) * h + Math.floor(yi / b)) * w + Math.floor(xi / b)]);
  });
  return { dims, keys };
}

export function spaceToDepthReference(t: Plain, b: number): { dims: number[]; keys: Key[] } {
  const x = keysOf(t);
  const [n, c, h, w] = t.dims;
  const dims = [n, c * b * b, h / b, w / b];
  const keys: Key[] = [];
  forEachIndex(dims, ([ni, ci, yi, xi]) => {
    const block = Math.floor(ci / c);
    const channel = ci % c;
    keys.push(x[((ni * c + channel) * h + yi * b + Math.floor(block / b)) * w + xi * b + (block % b)]);
  });
  return { dims, keys };
}

/** int64 keys (little-endian hex) of integers. */
export const int64Keys = (values: number[]): Key[] => values.map((v) => {
  const bytes = new Uint8Array(new BigInt64Array([BigInt(v)]).buffer);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
});
