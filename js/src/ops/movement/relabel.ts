// The ops that only give the input new dims (Reshape, Flatten, Squeeze,
// Unsqueeze, Identity): one contiguous run copied, so a result never shares
// the input's array (results are fresh data, API.md), a resident input
// gives a resident copy, and `out` takes it.
import type { OpContext } from '../../errors.js';
import type { ResidentTensor } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { runProgram, viewMove } from './strided.js';

/** The input's elements, in order, as a tensor of `dims` (whose element count the caller has checked is the input's). */
export function relabel(context: OpContext, x: Tensor | ResidentTensor, dims: readonly number[], out: unknown, param: string): Tensor | ResidentTensor {
  return runProgram(context, x, dims, { moves: [viewMove(0, [x.size], [1])] }, out, param);
}
