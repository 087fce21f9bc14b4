// Numpy's broadcasting for the elementwise ops, written once: the output's
// dims, and each input's strides along the output's axes (in elements, 0
// where the input broadcasts), which is what the binary and Where kernels
// take (cpp/include/tessera/elementwise.h).
import { type OpContext, specError } from '../../errors.js';

/** A named input's dims, as an error about it names them. */
export type NamedDims = readonly [name: string, dims: readonly number[]];

/**
 * The dims numpy gives inputs of these dims (aligned from the back, a 1 or a
 * missing axis taking the other's extent), or a SpecError naming both
 * shapes and the axis (counted from the back and in the output) that do not
 * broadcast.
 */
export function broadcastDims(context: OpContext, inputs: readonly NamedDims[]): number[] {
  let rank = 0;
  for (const [, dims] of inputs) rank = Math.max(rank, dims.length);
  const out = new Array<number>(rank).fill(1);
  const from = new Array<string>(rank).fill('');
  for (const [name, dims] of inputs) {
    for (let i = 0; i < dims.length; i++) {
      const axis = rank - dims.length + i;
      const n = dims[i];
      if (n === 1) continue;
      if (out[axis] !== 1 && out[axis] !== n) {
        const other = inputs.find(([k]) => k === from[axis])!;
        throw specError(context, name, `${name} of dims [${dims.join(', ')}] does not broadcast with ${other[0]} of dims [${other[1].join(', ')}]: ` +
          `${n} against ${out[axis]} at axis ${axis} of the output (axis ${i - dims.length} from the back)`);
      }
      out[axis] = n;
      from[axis] = name;
    }
  }
  return out;
}

/** An input's strides in elements along each of the output's `rank` axes: 0 for an axis it lacks or holds at extent 1. */
export function broadcastStrides(dims: readonly number[], rank: number): number[] {
  const strides = new Array<number>(rank).fill(0);
  let step = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    if (dims[i] !== 1) strides[rank - dims.length + i] = step;
    step *= dims[i];
  }
  return strides;
}

/**
 * The legacy broadcast of opsets 1 to 6 (`broadcast`, `axis`): without
 * broadcast=1 both shapes must be equal; with it, B's dims are a run of A's
 * starting at `axis` (by default B is aligned with A's last axes), a B
 * extent of 1 repeating too. The output has A's dims. Returns B's strides
 * along A's axes.
 */
export function legacyStrides(context: OpContext, aDims: readonly number[], bDims: readonly number[], broadcast: number,
  axisGiven: number | undefined): number[] {
  const shapes = `A of dims [${aDims.join(', ')}] and B of dims [${bDims.join(', ')}]`;
  if (broadcast !== 0 && broadcast !== 1) throw specError(context, 'broadcast', `broadcast must be 0 or 1 (got ${broadcast})`);
  if (broadcast === 0) {
    if (aDims.length !== bDims.length || aDims.some((n, i) => n !== bDims[i])) {
      throw specError(context, 'B', `${shapes} differ, and broadcast is 0 (set broadcast to 1 for B to repeat along A)`);
    }
    return broadcastStrides(bDims, aDims.length);
  }
  const rank = aDims.length;
  if (bDims.length > rank) throw specError(context, 'B', `${shapes}: B has more axes than A, which legacy broadcasting cannot repeat`);
  const axis = axisGiven === undefined ? rank - bDims.length : axisGiven < 0 ? axisGiven + rank : axisGiven;
  if (axis < 0 || axis + bDims.length > rank) {
    throw specError(context, 'axis', `axis ${axisGiven} puts B's ${bDims.length} axes outside A's ${rank} (${shapes})`);
  }
  const strides = new Array<number>(rank).fill(0);
  let step = 1;
  for (let i = bDims.length - 1; i >= 0; i--) {
    const n = bDims[i];
    if (n !== aDims[axis + i] && n !== 1) {
      throw specError(context, 'B', `${shapes} do not broadcast from axis ${axis}: ${n} against ${aDims[axis + i]} at A's axis ${axis + i}`);
    }
    if (n !== 1) strides[axis + i] = step;
    step *= n;
  }
  return strides;
}
