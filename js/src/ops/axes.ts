// Axis arithmetic every op with an `axis`, `axes` or `perm` shares: negative
// axes counted from the back, repeated axes refused, permutations checked,
// row-major strides. Each check throws the op's SpecError naming the
// parameter and the offending value; none reads a user object (callers pass
// numbers they have already read once).
import { type OpContext, specError } from '../errors.js';

/**
 * `axis` in [-rank, rank - 1] as an index in [0, rank): ONNX's negative axes
 * count from the back. `rank` is the rank the axis indexes; `extra` 1 for an
 * axis the op inserts (OneHot's), which indexes the output of rank + 1.
 */
export function normalizeAxis(context: OpContext, param: string, axis: number, rank: number, extra: 0 | 1 = 0): number {
  const top = rank + extra;
  if (!Number.isSafeInteger(axis) || axis < -top || axis >= top) {
    const range = top === 0 ? 'no axis exists for rank 0' : `it must lie in [${-top}, ${top - 1}] for ${extra ? 'an output' : ''} rank ${top}`.replace('for  rank', 'for rank');
    throw specError(context, param, `${param} ${axis} is out of range: ${range}`);
  }
  return axis < 0 ? axis + top : axis;
}

/** Each of `axes` normalized against `rank`; an axis named twice (as i and as i - rank too) is refused. */
export function normalizeAxes(context: OpContext, param: string, axes: readonly number[], rank: number): number[] {
  const seen = new Array<boolean>(rank).fill(false);
  const normalized = new Array<number>(axes.length);
  for (let i = 0; i < axes.length; i++) {
    const axis = normalizeAxis(context, `${param}[${i}]`, axes[i], rank);
    if (seen[axis]) throw specError(context, param, `${param} names axis ${axis} twice (${param}[${i}] = ${axes[i]})`);
    seen[axis] = true;
    normalized[i] = axis;
  }
  return normalized;
}

/** `perm` must be a permutation of 0 .. rank - 1 (no negative axes: ONNX's perm has none). */
export function checkPermutation(context: OpContext, param: string, perm: readonly number[], rank: number): void {
  if (perm.length !== rank) {
    throw specError(context, param, `${param} must have one entry per input axis (rank ${rank}, got ${perm.length}: [${perm.join(', ')}])`);
  }
  const seen = new Array<boolean>(rank).fill(false);
  for (let i = 0; i < rank; i++) {
    const p = perm[i];
    if (!Number.isSafeInteger(p) || p < 0 || p >= rank) {
      throw specError(context, param, `${param} must be a permutation of 0..${rank - 1}: ${param}[${i}] = ${p} is out of range`);
    }
    if (seen[p]) throw specError(context, param, `${param} must be a permutation of 0..${rank - 1}: ${p} appears twice in [${perm.join(', ')}]`);
    seen[p] = true;
  }
}

/** Row-major element strides of dims: the last axis 1, each one before it the product of the dims after it. */
export function rowMajorStrides(dims: readonly number[]): number[] {
  const strides = new Array<number>(dims.length);
  let step = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    strides[i] = step;
    step *= dims[i];
  }
  return strides;
}

/** The product of dims[from .. to). */
export function productOf(dims: readonly number[], from = 0, to = dims.length): number {
  let product = 1;
  for (let i = from; i < to; i++) product *= dims[i];
  return product;
}
