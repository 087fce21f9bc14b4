// String tensors live in JS Arrays, which engines cap (V8: about 2^27
// elements; past it, "RangeError: Invalid array length", after the work
// that filled the array). An op whose output is strings is refused before
// any work when it would hold more than STRING_ELEMENTS_MAX (README, "Data types").
import { type OpContext, specError } from './errors.js';

/** The most elements a string output may have: 2^26, half of V8's Array limit. */
export const STRING_ELEMENTS_MAX = 2 ** 26;

/** Refuses a string output of more than STRING_ELEMENTS_MAX elements, as `param`'s fault. */
export function checkStringCount(context: OpContext, param: string, size: number): void {
  if (size > STRING_ELEMENTS_MAX) {
    throw specError(context, param, `a string output holds at most ${STRING_ELEMENTS_MAX} elements (2^26: strings live in a JS Array, which engines cap); this one would hold ${size}`);
  }
}
