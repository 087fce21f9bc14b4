// Axis attributes as ONNX states them: an integer in [-rank, rank) (or
// [-rank - 1, rank] where an op inserts an axis), negative counting from the
// back. A small local helper: the view-like ops of the same family keep their
// own, and the two are to be merged.
import { type OpContext, describe, specError } from '../../errors.js';

/** An integer attribute or option (a number or an exact bigint), or `fallback` when absent. */
export function integerAttribute(context: OpContext, name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || (typeof value === 'bigint' && BigInt(n) !== value)) {
    throw specError(context, name, `${name} must be an integer (got ${describe(value)})`);
  }
  return n + 0;
}

/** `axis` for a tensor of `rank`, in [-rank, rank) (`extra` 1: [-rank - 1, rank], an inserted axis), as a non-negative axis. */
export function normalizeAxis(context: OpContext, name: string, axis: number, rank: number, extra: 0 | 1 = 0): number {
  const top = rank + extra;
  if (axis < -top || axis >= top) {
    throw specError(context, name, `${name} must lie in [${-top}, ${top - 1}] for ${extra ? 'an output' : 'an input'} of rank ${top} (got ${axis})`);
  }
  return axis < 0 ? axis + top : axis;
}
