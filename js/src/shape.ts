// A tensor's dims and element count: one rule for every reader of dims (the
// Tensor constructor, fromTensorProto), so a tensor one writes another reads.
import { type OpContext, specError } from './errors.js';
import { LIMITS } from './generated/limits.js';

/**
 * The element count of `dims`: 0 when any dim is 0, even after a product too
 * large to be exact ([2^53 - 1 x 25, 0] is empty); else the product, which
 * may not be a safe integer (checkedSize refuses that).
 */
export function elementCount(dims: readonly number[]): number {
  let size = 1;
  for (let i = 0; i < dims.length; i++) {
    if (dims[i] === 0) return 0;
    size *= dims[i];
  }
  return size;
}

/** A rank at most LIMITS.maxRank, or `context`'s SpecError naming `param`. */
export function checkRank(context: OpContext, param: string, what: string, rank: unknown): void {
  if (typeof rank !== 'number' || !Number.isSafeInteger(rank) || rank > LIMITS.maxRank) {
    throw specError(context, param, `${what} must have at most ${LIMITS.maxRank} entries (got ${String(rank)})`);
  }
}

/** `dims`' element count (elementCount), or `context`'s SpecError naming `param` when it is not a safe integer. */
export function checkedSize(context: OpContext, param: string, prefix: string, dims: readonly number[]): number {
  const size = elementCount(dims);
  if (!Number.isSafeInteger(size)) {
    throw specError(context, param, `${prefix}element count must be a safe integer (dims [${dims.join(', ')}] give ${size})`);
  }
  return size;
}
