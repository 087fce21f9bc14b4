// The byte copies between users' typed arrays and the module's memory, and
// the kernels' parameter block. Every byte count here comes from validated
// element counts, never from a user array's byteLength.
import { type OpContext, specError } from './errors.js';
import { wasm } from './instance.js';
import { type WordArray, byteLengthOf, bytesNow, bytesPerElement, coversBytes, leadingBytes, leadingWords, typedArrayKind, viewOfKind } from './typed-array.js';

// Views of the module's memory, cached, and made again only when growth has
// replaced its buffer (growth detaches the old one, and a small op would
// otherwise spend more on making views than on its bytes).
let u8: Uint8Array = new Uint8Array(0);
let u32: Uint32Array = new Uint32Array(0);
// The buffer both views are of: comparing it with memory.buffer asks no view for its buffer.
let viewedBuffer: ArrayBufferLike | undefined;

function viewsOf(buffer: ArrayBufferLike): void {
  if (buffer === viewedBuffer) return;
  u8 = new Uint8Array(buffer);
  u32 = new Uint32Array(buffer);
  viewedBuffer = buffer;
}

function heapU8(): Uint8Array {
  const buffer = wasm().memory.buffer;
  viewsOf(buffer);
  return u8;
}

/**
 * The first `bytes` bytes of a user's typed array, as a view. `bytes` is the
 * validated count; the array is measured again here, at the point of use,
 * because a resizable or growable buffer may have changed since: one that
 * shrank (or was detached) is the op's SpecError.
 */
export function checkedBytes(context: OpContext, param: string, data: ArrayBufferView, bytes: number): Uint8Array {
  return leadingBytes(data, bytes) ?? shrank(context, param, data, bytes);
}

/** `data` itself once it is seen to cover `bytes` bytes now (no view made), or the same SpecError as checkedBytes. */
export function checkedData(context: OpContext, param: string, data: ArrayBufferView, bytes: number): ArrayBufferView {
  return coversBytes(data, bytes) ? data : shrank(context, param, data, bytes);
}

/** checkedBytes, as a view of `word`-byte words (see leadingWords). */
export function checkedWords(context: OpContext, param: string, data: ArrayBufferView, bytes: number, word: 1 | 2 | 4): WordArray {
  return leadingWords(data, bytes, word) ?? shrank(context, param, data, bytes);
}

function shrank(context: OpContext, param: string, data: ArrayBufferView, bytes: number): never {
  throw specError(context, param, `${param} data shrank after it was checked (${bytes} bytes expected, ${bytesNow(data).length} now)`);
}

// %TypedArray%.prototype.set as it was when this module loaded. Looked up at
// each call, a patched `set` (or `subarray`) would run user code between
// taking a heap view and writing through it: code that could grow memory and
// detach the view. Each copy below takes its heap view last.
const intrinsicSet = Function.prototype.call.bind(Object.getPrototypeOf(Uint8Array.prototype).set) as
  (target: ArrayBufferView, source: ArrayLike<number> | ArrayBufferView, offset?: number) => void;

// The copies in and out go between a typed array and a view of module
// memory of the array's own class, never through a byte view of the
// array's buffer: SpiderMonkey keeps a fresh typed array's bytes with no
// ArrayBuffer until one is asked for, and making it cost a small op more
// than its work (Firefox, 64 floats: 37 ns to allocate and fill, 1.1 us
// with a byte view; 1,000 floats: 0.9 against 3.1 us).

/** Copies exactly `bytes` bytes of a typed array into memory at `offset` (see checkedBytes). */
export function copyIn(context: OpContext, param: string, offset: number, data: ArrayBufferView, bytes: number): void {
  const kind = typedArrayKind(data);
  if (kind !== undefined && bytes > 0 && byteLengthOf(data) === bytes) {
    const heap = viewOfKind(kind, wasm().memory.buffer, offset, bytes / bytesPerElement(kind));
    if (heap !== undefined) {
      intrinsicSet(heap, data);
      return;
    }
  }
  // A resizable buffer's view may have grown past `bytes` (or shrunk: checkedBytes says so).
  const source = checkedBytes(context, param, data, bytes);
  intrinsicSet(heapU8(), source, offset);
}

/** Copies `bytes` bytes at `offset` out into a typed array the library allocated (or a checked `out`). */
export function copyOut(offset: number, target: ArrayBufferView, bytes: number): void {
  const kind = typedArrayKind(target)!;
  const heap = viewOfKind(kind, wasm().memory.buffer, offset, bytes / bytesPerElement(kind));
  if (heap !== undefined) intrinsicSet(target, heap);
  else intrinsicSet(bytesNow(target), new Uint8Array(wasm().memory.buffer, offset, bytes));
}

/**
 * Writes a kernel's parameters (dims, repeats, strides: at most 2 x maxRank
 * uint32) to the instance's parameter block and returns its offset. Write
 * them just before the kernel call: the next call's parameters go there too.
 */
export function writeParams(values: readonly number[]): number {
  const { memory, params } = wasm();
  viewsOf(memory.buffer);
  // A plain loop: at most 2 x maxRank numbers, and set() from an Array takes a slow generic path.
  const at = params >>> 2;
  for (let i = 0; i < values.length; i++) u32[at + i] = values[i];
  return params;
}

/** A view of `length` elements of a storage class at `offset` (valid until memory grows). */
export function heapView<V>(ctor: new (buffer: ArrayBufferLike, byteOffset: number, length: number) => V, offset: number, length: number): V {
  return new ctor(wasm().memory.buffer, offset, length);
}
