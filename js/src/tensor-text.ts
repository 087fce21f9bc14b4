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

/** The elements nested by dims, as numpy's tolist() gives them. */
export function nest(elements: readonly Element[], dims: readonly number[]): Nested {
  if (dims.length === 0) return elements[0];
  const build = (axis: number, start: number): Nested[] => {
    const span = dims.slice(axis + 1).reduce((a, b) => a * b, 1);
    return Array.from({ length: dims[axis] }, (_, i) =>
      (axis + 1 === dims.length ? elements[start + i] : build(axis + 1, start + i * span)) as Nested);
  };
  return build(0, 0);
}

// Like numpy: past this many elements, each axis shows its first and last EDGE entries.
const SUMMARIZE_ABOVE = 1000;
const EDGE = 3;

/**
 * numpy-like text: a header with the type and dims, then the elements
 * nested by dims, summarized with "..." past 1000 elements.
 *
 *   Tensor float32 [2, 3]
 *   [[1, 2.5, 3],
 *    [4, 5, -0]]
 */
export function formatTensor(type: DataType, data: unknown, dims: readonly number[], size: number): string {
  const summarize = size > SUMMARIZE_ABOVE;
  const header = `Tensor ${type} [${dims.join(', ')}]`;
  if (size === 0) return `${header}\n[]`;
  // Only the elements shown are read (and decoded).
  const strides = dims.map((_, i) => dims.slice(i + 1).reduce((a, b) => a * b, 1));
  const show = (flat: number) => text(elementsOf(type, sliceOne(type, data, flat), 1)[0]);
  const render = (axis: number, start: number, indent: string): string => {
    if (axis === dims.length) return show(start);
    const n = dims[axis];
    const picked = summarize && n > 2 * EDGE
      ? [...Array.from({ length: EDGE }, (_, i) => i), -1, ...Array.from({ length: EDGE }, (_, i) => n - EDGE + i)]
      : Array.from({ length: n }, (_, i) => i);
    const parts = picked.map((i) => (i < 0 ? '...' : render(axis + 1, start + i * strides[axis], `${indent} `)));
    const separator = axis + 1 === dims.length ? ', ' : `,\n${'\n'.repeat(Math.max(0, dims.length - axis - 2))}${indent} `;
    return `[${parts.join(separator)}]`;
  };
  return `${header}\n${render(0, 0, '')}`;
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
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `${number(value[0])}${value[1] < 0 || Object.is(value[1], -0) ? '-' : '+'}${number(Math.abs(value[1]))}j`;
  return number(value);
}

const number = (value: number | bigint) => (Object.is(value, -0) ? '-0' : String(value));
