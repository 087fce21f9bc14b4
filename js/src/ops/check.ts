// Checks shared by the ops. Each reads a user's value once into a private
// copy and checks the copy.
import type { DataType } from '../dtype.js';
import { type OpContext, describe, specError } from '../errors.js';
import { LIMITS } from '../generated/limits.js';
import { asPlainTensor } from '../resident.js';
import { typedArrayFacts, typedArrayKind } from '../typed-array.js';

/**
 * The type must be one the op's version allows; `hint`, the op's own advice
 * for a type it refuses, follows the message ('; ...').
 */
export function requireType(context: OpContext, name: string, type: DataType, allowed: readonly DataType[],
  hint?: (type: DataType) => string): void {
  if (!allowed.includes(type)) {
    throw specError(context, name, `${name} type must be one of ${allowed.join(', ')} (got ${type})${hint?.(type) ?? ''}`);
  }
}

/** An integer attribute or option (a number or an exact bigint), or `fallback` when absent. */
export function integerAttribute(context: OpContext, name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || (typeof value === 'bigint' && BigInt(n) !== value)) {
    throw specError(context, name, `${name} must be an integer (got ${describe(value)})`);
  }
  return n + 0;
}

// One reader of own properties for every options object (js/src/options.ts).
export { ownValue } from '../options.js';

/** Whether a list argument may also be a plain array of integers (the named ops), or only a tensor (runNode). */
export type ListForm = 'tensor-or-array' | 'tensor-only';

/**
 * The integers of a 1-D int64 tensor (as the specs require for repeats and
 * shape) or, where the named API allows the convenience form, of a plain array
 * of numbers or bigints. Each must be a safe integer; signs are the caller's.
 */
export function integerList(context: OpContext, name: string, value: unknown, form: ListForm, named?: string): number[] {
  // The common call, a plain array of numbers (a Proxy of one too: its length and entries are each read once).
  if (form === 'tensor-or-array' && Array.isArray(value)) return safeIntegers(context, name, value, checkedLength(context, name, value.length));
  if (isTensorShaped(value)) {
    const t = asPlainTensor(value, context, name);
    if (t.type !== 'int64') throw specError(context, name, `${name} must be an int64 tensor (got ${t.type})`);
    if (t.dims.length !== 1) throw specError(context, name, `${name} must be a 1-D tensor (got dims [${t.dims.join(', ')}])`);
    return safeIntegers(context, name, t.data as BigInt64Array, t.size);
  }
  if (form === 'tensor-or-array') {
    const length = listLength(value);
    if (length !== undefined) return safeIntegers(context, name, value as ArrayLike<unknown>, checkedLength(context, name, length));
  }
  const expected = form === 'tensor-or-array' ? 'a 1-D int64 tensor or an array of integers' : 'a 1-D int64 tensor';
  throw specError(context, name, `${name} must be ${expected} (got ${describe(value)})${plainArrayHint(value, form, named)}`);
}

// runNode takes the node's inputs as the spec types them; the named ops also
// take a plain array: `named` is the op's call that does (`tw.tile(input, repeats)`).
function plainArrayHint(value: unknown, form: ListForm, named: string | undefined): string {
  if (form !== 'tensor-only' || listLength(value) === undefined) return '';
  const tensor = `tw.tensor('int64', ${describe(value)})`;
  return named === undefined ? `: pass ${tensor}` : `: pass ${tensor}, or call ${named}, which also takes a plain array`;
}

// A tensor or resident tensor (anything with type, data and dims), not a list.
function isTensorShaped(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typedArrayKind(value) === undefined && !Array.isArray(value)
    && 'type' in value && 'dims' in value;
}

/**
 * The length of an array, a typed array (read through the intrinsic getter),
 * or any object with a numeric length (ArrayLike), read once; undefined for
 * anything else (strings and DataViews included).
 */
export function listLength(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const kind = typedArrayKind(value);
  if (kind !== undefined) return typedArrayFacts(value, kind).length;
  if (ArrayBuffer.isView(value)) return undefined;  // a DataView
  const length: unknown = (value as { length?: unknown }).length;
  return typeof length === 'number' ? length : undefined;
}

/** A list length read once: a safe integer no larger than any list an op takes. */
export function checkedLength(context: OpContext, name: string, length: unknown): number {
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0 || length > LIMITS.maxRank) {
    throw specError(context, name, `${name} must have from 0 to ${LIMITS.maxRank} entries (got length ${describe(length)})`);
  }
  return length;
}

/** The first `length` entries, numbers or bigints, as numbers, each of which must be a safe integer. */
export function safeIntegers(context: OpContext, name: string, entries: ArrayLike<unknown>, length: number): number[] {
  // A plain loop: this runs on every call, and Array.from with a callback costs more than a small op's kernel.
  const numbers = new Array<number>(length);
  for (let i = 0; i < length; i++) {
    const entry = entries[i];
    const n = typeof entry === 'bigint' ? Number(entry) : entry;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || (typeof entry === 'bigint' && BigInt(n) !== entry)) {
      throw specError(context, name, `${name}[${i}] must be a safe integer (got ${describe(entry)})`);
    }
    numbers[i] = n + 0;  // a -0 is 0
  }
  return numbers;
}

/**
 * Element count of dims, which must be a safe integer whose bytes WebAssembly
 * memory can hold; `param` names the argument that sized the output.
 */
export function outputSize(context: OpContext, param: string, dims: readonly number[], bytesPerElement: number): number {
  // A plain loop: this runs on every call. A 0 anywhere makes the product 0, whatever the others (2^53 * 2^53 * 0).
  let product = 1;
  let empty = false;
  for (let i = 0; i < dims.length; i++) {
    product *= dims[i];
    if (dims[i] === 0) empty = true;
  }
  const size = empty ? 0 : product;
  if (!Number.isSafeInteger(size)) {
    throw specError(context, param, `output element count must be a safe integer (dims [${dims.join(', ')}] give ${size})`);
  }
  const bytes = Math.ceil(size * bytesPerElement);
  if (bytes > LIMITS.memoryBytes) {
    throw specError(context, param, `output of dims [${dims.join(', ')}] needs ${bytes} bytes, more than WebAssembly memory can hold (${LIMITS.memoryBytes} bytes)`);
  }
  return size;
}
