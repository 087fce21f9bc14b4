// Strings never enter WebAssembly: Equal-19 and Where-16 over strings walk
// the broadcast output in JS (one index per element: strings are JS values
// anyway, so there is no kernel to plan over).
import type { OpContext } from '../../errors.js';
import { specError } from '../../errors.js';
import { type Tensor, resultOf } from '../../tensor.js';
import type { CheckedOut } from '../out.js';
import type { BinaryKernel, Operand } from './engine.js';

/** For each output element in row-major order, the flat index into each input (strides in elements, 0 for a broadcast axis). */
export function forEachBroadcast(dims: readonly number[], strides: readonly (readonly number[])[], visit: (i: number, at: readonly number[]) => void): void {
  const rank = dims.length;
  const size = dims.reduce((p, d) => p * d, 1);
  if (size === 0) return;
  const index = new Array<number>(rank).fill(0);
  const at = strides.map(() => 0);
  for (let i = 0; i < size; i++) {
    visit(i, at);
    for (let axis = rank - 1; axis >= 0; axis--) {
      index[axis]++;
      for (let k = 0; k < at.length; k++) at[k] += strides[k][axis];
      if (index[axis] < dims[axis]) break;
      for (let k = 0; k < at.length; k++) at[k] -= strides[k][axis] * dims[axis];
      index[axis] = 0;
    }
  }
}

/** Equal over strings: a bool tensor, 1 where the two strings are the same code units. */
export function stringsElementwise(context: OpContext, kernel: BinaryKernel, operands: readonly Operand[], dims: readonly number[], size: number,
  strides: readonly (readonly number[])[], out: CheckedOut | undefined): Tensor {
  if (kernel !== 'equal') throw specError(context, operands[0][0], `${kernel} takes no strings`);
  const a = (operands[0][1] as Tensor<'string'>).data;
  const b = (operands[1][1] as Tensor<'string'>).data;
  const y = (out?.array as Uint8Array | undefined) ?? new Uint8Array(size);
  forEachBroadcast(dims, strides, (i, [ia, ib]) => { y[i] = a[ia] === b[ib] ? 1 : 0; });
  return resultOf('bool', y, dims, size);
}
