// Reading the movement ops' integer arguments once: attributes (numbers or
// bigints, lists of them), 1-D int32/int64 tensors (Slice's starts, Pad's
// axes), and Slice's clamped bounds, where an int64 such as 2^63 - 1 means
// "to the end" and is exact only as a bigint.
import type { DataType } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { asPlainTensor } from '../../resident.js';
import { checkedLength, integerList, listLength, safeIntegers } from '../check.js';

/** An int attribute (a number or a bigint) as a safe integer, or `fallback` when it is absent. */
export function intAttribute(context: OpContext, name: string, value: unknown, fallback: number): number;
export function intAttribute(context: OpContext, name: string, value: unknown, fallback?: number): number | undefined;
export function intAttribute(context: OpContext, name: string, value: unknown, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' && typeof value !== 'bigint') throw specError(context, name, `${name} must be an integer (got ${describe(value)})`);
  return safeIntegers(context, name, [value], 1)[0];
}

/** A list-of-ints attribute (an array of numbers or bigints, or a 1-D int64 tensor), or undefined when absent. */
export function intsAttribute(context: OpContext, name: string, value: unknown): number[] | undefined {
  return value === undefined ? undefined : integerList(context, name, value, 'tensor-or-array');
}

/** A string attribute, or `fallback`. */
export function stringAttribute(context: OpContext, name: string, value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string') throw specError(context, name, `${name} must be a string (got ${describe(value)})`);
  return value;
}

/**
 * A 1-D tensor of one of `types` (int32, int64) as safe integers; with
 * `clamp`, values past +/-2^53 are clamped (bounds that only ever mean "to
 * the end"). The named functions also take a plain array.
 */
export function indexList(context: OpContext, name: string, value: unknown, types: readonly DataType[], plainArray: boolean, clamp = false): number[] {
  if (plainArray && typeof value === 'object' && value !== null && (Array.isArray(value) || !('dims' in value))) {
    const length = listLength(value);
    if (length !== undefined) return readEntries(context, name, value as ArrayLike<unknown>, checkedLength(context, name, length), clamp);
  }
  if (typeof value !== 'object' || value === null || !('dims' in value)) {
    throw specError(context, name, `${name} must be a 1-D ${types.join(' or ')} tensor${plainArray ? ' or an array of integers' : ''} (got ${describe(value)})`);
  }
  const t = asPlainTensor(value, context, name);
  if (!types.includes(t.type)) throw specError(context, name, `${name} must be a ${types.join(' or ')} tensor (got ${t.type})`);
  if (t.dims.length !== 1) throw specError(context, name, `${name} must be a 1-D tensor (got dims [${t.dims.join(', ')}])`);
  return readEntries(context, name, t.data as ArrayLike<unknown>, t.size, clamp);
}

function readEntries(context: OpContext, name: string, entries: ArrayLike<unknown>, length: number, clamp: boolean): number[] {
  if (!clamp) return safeIntegers(context, name, entries, length);
  const numbers = new Array<number>(length);
  for (let i = 0; i < length; i++) {
    const entry = entries[i];
    if (typeof entry === 'bigint') {
      numbers[i] = entry > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER
        : entry < -BigInt(Number.MAX_SAFE_INTEGER) ? -Number.MAX_SAFE_INTEGER : Number(entry);
    } else if (typeof entry === 'number' && Number.isInteger(entry)) {
      numbers[i] = Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, entry)) + 0;
    } else {
      throw specError(context, name, `${name}[${i}] must be an integer (got ${describe(entry)})`);
    }
  }
  return numbers;
}

/** A list attribute read with clamping (Slice-1's starts and ends, which may be int64 bounds such as 2^63 - 1). */
export function clampedInts(context: OpContext, name: string, value: unknown): number[] {
  const length = Array.isArray(value) ? value.length : listLength(value);
  if (length === undefined) throw specError(context, name, `${name} must be a list of integers (got ${describe(value)})`);
  return readEntries(context, name, value as ArrayLike<unknown>, checkedLength(context, name, length), true);
}
