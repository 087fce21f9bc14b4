// A tensor's elements as plain values: nested arrays (toArray) and
// numpy-like text (toString, Node's and Deno's inspect). Narrow types show
// their decoded values, not their bit patterns.
import type { DataType } from './dtype.js';
import { decodeStorage, isNarrowType } from './formats.js';

/** One element as a plain value: a number, a bigint (int64, uint64), a boolean, a string, or [re, im]. */
export type Element = number | bigint | boolean | string | [number, number];

/** A tensor's elements as nested arrays, one level per dim: `Nested` of a scalar is its one element. */
export type Nested = Element | Nested[];

/** One element of a tensor of type T as `toArray()` gives it: bigint for int64 and uint64, boolean for bool, string, [re, im] for complex, else number. */
export type ElementOf<T extends DataType> =
  T extends 'int64' | 'uint64' ? bigint
  : T extends 'bool' ? boolean
  : T extends 'string' ? string
  : T extends 'complex64' | 'complex128' ? [number, number]
  : number;

/** `toArray()` of a tensor of type T: its elements, nested one array level per dim (any depth). */
export type NestedOf<T extends DataType> = ElementOf<T> | NestedArray<ElementOf<T>>;

/** Arrays of E, nested to any depth. */
export type NestedArray<E> = (E | NestedArray<E>)[];

/** Every element in order, as plain values. */
export function elementsOf(type: DataType, data: unknown, size: number): Element[] {
  if (isNarrowType(type)) return decodeStorage(type, data as ArrayBufferView, size);
  const storage = data as ArrayLike<number | bigint | string>;
  const out = new Array<Element>(size);
  for (let i = 0; i < size; i++) {
    out[i] = type === 'bool' ? storage[i] === 1
      : type === 'complex64' || type === 'complex128' ? [storage[2 * i] as number, storage[2 * i + 1] as number]
      : storage[i];
  }
  return out;
}

/**
 * The most `toArray()` builds: 2^20 (1,048,576) nested arrays and 2^25
 * (33,554,432) elements. Dims such as [2e7, 0] (no element, twenty million
 * empty arrays) or a billion elements would otherwise take the engine's
 * whole heap: an out-of-memory abort no `try` catches.
 */
export const TO_ARRAY_LIMITS = /* @__PURE__ */ Object.freeze({ arrays: 2 ** 20, elements: 2 ** 25 });

/** How many arrays nest() would build for dims: 1 + d0 + d0*d1 + ... (the last axis holds elements); Infinity past the limit. */
export function nestedArrays(dims: readonly number[]): number {
  let count = 0;
  let level = 1;  // the arrays at the current depth: 1, d0, d0*d1, ...
  for (let axis = 0; axis < dims.length && level > 0; axis++) {
    count += level;
    if (count > TO_ARRAY_LIMITS.arrays) return Infinity;
    level *= dims[axis];
  }
  return count;
}

/** dims for a message: all of them up to rank 16, else the first 8 and the last 4 with the rank. */
export function briefDims(dims: readonly number[]): string {
  if (dims.length <= 16) return `[${dims.join(', ')}]`;
  return `[${dims.slice(0, 8).join(', ')}, ..., ${dims.slice(-4).join(', ')}] (rank ${dims.length})`;
}

/** The elements nested by dims, as numpy's tolist() gives them (the caller checked TO_ARRAY_LIMITS). */
export function nest(elements: readonly Element[], dims: readonly number[]): Nested {
  if (dims.length === 0) return elements[0];
  const spans = new Array<number>(dims.length);  // elements under one entry of each axis
  for (let i = dims.length - 1, span = 1; i >= 0; span *= dims[i], i--) spans[i] = span;
  const last = dims.length - 1;
  const build = (axis: number, start: number): Nested[] => {
    const n = dims[axis];
    const out = new Array<Nested>(n);
    if (axis === last) for (let i = 0; i < n; i++) out[i] = elements[start + i];
    else for (let i = 0; i < n; i++) out[i] = build(axis + 1, start + i * spans[axis]);
    return out;
  };
  return build(0, 0);
}

// Like numpy: past this many elements, each axis shows its first and last EDGE entries.
const SUMMARIZE_ABOVE = 1000;
const EDGE = 3;
/**
 * The most characters of elements and brackets a tensor's text holds, whatever
 * its dims: per-axis summaries bound the elements shown, not the brackets and
 * line breaks around them, which grow with the rank (twelve 2s and a thousand
 * 1s made 12 million characters). Past it the text is cut, and says so.
 */
export const TEXT_LIMIT = 16384;
// A string element shows at most this many characters.
const STRING_SHOWN = 80;

/** Thrown inside the renderer when the text reaches TEXT_LIMIT. */
class TextFull {}

/**
 * numpy-like text: a header with the type and dims, then the elements
 * nested by dims, summarized with "..." past 1000 elements, and cut (with a
 * note) past TEXT_LIMIT characters.
 *
 *   Tensor float32 [2, 3]
 *   [[1, 2.5, 3],
 *    [4, 5, -0]]
 */
export function formatTensor(type: DataType, data: unknown, dims: readonly number[], size: number): string {
  const summarize = size > SUMMARIZE_ABOVE;
  const header = `Tensor ${type} [${dims.join(', ')}]`;
  if (size === 0) return `${header}\n[]`;
  // Only the elements shown are read (and decoded). Strides and separators once per axis, not per call: ranks reach 1024.
  const strides = new Array<number>(dims.length);
  for (let i = dims.length - 1, stride = 1; i >= 0; stride *= dims[i], i--) strides[i] = stride;
  const separators = dims.map((_, axis) => (axis + 1 === dims.length ? ', '
    : `,\n${'\n'.repeat(Math.max(0, dims.length - axis - 2))}${' '.repeat(axis + 1)}`));
  const show = (flat: number) => text(elementsOf(type, sliceOne(type, data, flat), 1)[0]);
  const parts: string[] = [];
  let length = 0;
  const emit = (part: string) => {
    if (length + part.length > TEXT_LIMIT) {
      parts.push(part.slice(0, Math.max(0, TEXT_LIMIT - length)));
      throw new TextFull();
    }
    parts.push(part);
    length += part.length;
  };
  const render = (axis: number, start: number): void => {
    if (axis === dims.length) return emit(show(start));
    const n = dims[axis];
    const skip = summarize && n > 2 * EDGE;  // show the first and last EDGE entries
    emit('[');
    for (let i = 0; i < n; i++) {
      if (i > 0) emit(separators[axis]);
      if (skip && i === EDGE) {
        emit('...');
        i = n - EDGE - 1;
        continue;
      }
      render(axis + 1, start + i * strides[axis]);
    }
    emit(']');
  };
  try {
    render(0, 0);
  } catch (error) {
    if (!(error instanceof TextFull)) throw error;
    parts.push(` ...\n(text cut at ${TEXT_LIMIT} characters: ${size} elements; toArray() or the data hold them all)`);
  }
  return `${header}\n${parts.join('')}`;
}

/** Storage holding just element `flat` of data (packed types: its byte, re-read as element 0 or its slot). */
function sliceOne(type: DataType, data: unknown, flat: number): unknown {
  if (!isNarrowType(type) || (type !== 'int4' && type !== 'uint4' && type !== 'float4e2m1' && type !== 'int2' && type !== 'uint2')) {
    const storage = data as { subarray?: (a: number, b: number) => unknown; slice: (a: number, b: number) => unknown };
    const slots = type === 'complex64' || type === 'complex128' ? 2 : 1;
    return (storage.subarray ?? storage.slice).call(storage, flat * slots, (flat + 1) * slots);
  }
  const perByte = type === 'int2' || type === 'uint2' ? 4 : 2;
  const bits = 8 / perByte;
  const byte = (data as Uint8Array)[Math.floor(flat / perByte)];
  return new Uint8Array([(byte >> (bits * (flat % perByte))) & ((1 << bits) - 1)]);
}

function text(value: Element): string {
  if (typeof value === 'string') return JSON.stringify(value.length > STRING_SHOWN ? `${value.slice(0, STRING_SHOWN)}...` : value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `${number(value[0])}${value[1] < 0 || Object.is(value[1], -0) ? '-' : '+'}${number(Math.abs(value[1]))}j`;
  return number(value);
}

const number = (value: number | bigint) => (Object.is(value, -0) ? '-0' : String(value));
