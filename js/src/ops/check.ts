// Checks shared by the ops.
import type { DataType } from '../dtype.js';
import { type OpContext, describe, specError } from '../errors.js';
import { WASM_MEMORY_LIMIT } from '../heap.js';
import { ResidentTensor } from '../resident.js';
import { asTensor } from '../tensor.js';

/** The type must be one the op's version allows. */
export function requireType(context: OpContext, name: string, type: DataType, allowed: readonly DataType[]): void {
  if (!allowed.includes(type)) {
    throw specError(context, `${name} type must be one of ${allowed.join(', ')} (got ${type})`);
  }
}

function isTensorLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'type' in value && 'data' in value && 'dims' in value;
}

/**
 * The integers of a 1-D int64 tensor (as the specs require for repeats and
 * shape) or, where the named API allows the convenience form, of a plain array
 * of numbers or bigints. Each must be a safe integer; signs are the caller's.
 */
export function integerList(context: OpContext, name: string, value: unknown, allowPlainArray: boolean): number[] {
  let entries: ArrayLike<unknown>;
  if (value instanceof ResidentTensor || isTensorLike(value)) {
    const t = value instanceof ResidentTensor ? value.toTensor() : asTensor(value, context, name);
    if (t.type !== 'int64') throw specError(context, `${name} must be an int64 tensor (got ${t.type})`);
    if (t.dims.length !== 1) throw specError(context, `${name} must be a 1-D tensor (got dims [${t.dims.join(', ')}])`);
    entries = t.data as BigInt64Array;
  } else if (allowPlainArray && isArrayLike(value)) {
    entries = value;
  } else {
    const expected = allowPlainArray ? 'a 1-D int64 tensor or an array of integers' : 'a 1-D int64 tensor';
    throw specError(context, `${name} must be ${expected} (got ${describe(value)})`);
  }
  return safeIntegers(context, name, entries);
}

/** An array, a typed array, or any object with a numeric length (ArrayLike), but not a string. */
export function isArrayLike(value: unknown): value is ArrayLike<unknown> {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null || value instanceof DataView) return false;
  const { length } = value as { length?: unknown };
  return typeof length === 'number' && Number.isSafeInteger(length) && length >= 0;
}

/** Numbers or bigints as numbers, each of which must be a safe integer. */
export function safeIntegers(context: OpContext, name: string, entries: ArrayLike<unknown>): number[] {
  // A plain loop: this runs on every call, and Array.from with a callback costs more than a small op's kernel.
  const numbers = new Array<number>(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const n = typeof entry === 'bigint' ? Number(entry) : entry;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || (typeof entry === 'bigint' && BigInt(n) !== entry)) {
      throw specError(context, `${name}[${i}] must be a safe integer (got ${describe(entry)})`);
    }
    numbers[i] = n + 0;  // a -0 is 0
  }
  return numbers;
}

/** Element count of dims, which must be a safe integer whose bytes WebAssembly memory can hold. */
export function outputSize(context: OpContext, dims: readonly number[], bytesPerElement: number): number {
  const size = dims.includes(0) ? 0 : dims.reduce((a, b) => a * b, 1);
  if (!Number.isSafeInteger(size)) {
    throw specError(context, `output element count must be a safe integer (dims [${dims.join(', ')}] give ${size})`);
  }
  const bytes = Math.ceil(size * bytesPerElement);
  if (bytes > WASM_MEMORY_LIMIT) {
    throw specError(context, `output of dims [${dims.join(', ')}] needs ${bytes} bytes, more than WebAssembly memory can hold (${WASM_MEMORY_LIMIT} bytes)`);
  }
  return size;
}
