// Moving bytes between JS arrays and the module's memory, and allocating
// there for an op. Views of memory are made afresh on every access: memory
// growth detaches the old buffer, and a stale view would read zeros.
import { type OpContext, specError } from './errors.js';
import { wasm } from './module.js';

/** The module's memory cannot grow beyond this (-sMAXIMUM_MEMORY in CMakeLists.txt). */
export const WASM_MEMORY_LIMIT = 2 ** 31;

const ALIGN = 16;
const aligned = (bytes: number) => Math.ceil(bytes / ALIGN) * ALIGN;

/**
 * Allocates `bytes` in the module's memory for an op (a zero-byte request
 * gets offset 0 and needs no free). A request the memory cannot hold is the
 * op's SpecError, naming the bytes asked for and the limit.
 */
export function allocate(context: OpContext, bytes: number): number {
  if (bytes > WASM_MEMORY_LIMIT) {
    throw specError(context, `needs ${bytes} bytes of WebAssembly memory, more than its limit of ${WASM_MEMORY_LIMIT} bytes`);
  }
  if (bytes === 0) return 0;
  const { kernels, memory } = wasm();
  // A request that cannot fit must not reach malloc: once dlmalloc fails to
  // grow memory it stops extending the heap's free top in place, and every
  // later large request then needs its whole size as new memory.
  if (bytes >= LARGE_REQUEST && bytes + MALLOC_OVERHEAD > kernels.heapBytesFree() + WASM_MEMORY_LIMIT - memory.buffer.byteLength) {
    throw cannotAllocate(context, bytes);
  }
  const offset = kernels._malloc(bytes);
  if (offset === 0) throw cannotAllocate(context, bytes);
  return offset;
}

// Below this the check costs more than it could save (memory is far from full).
const LARGE_REQUEST = 1 << 24;
// dlmalloc's header and alignment, and its rounding of requests to the system.
const MALLOC_OVERHEAD = 1 << 16;

function cannotAllocate(context: OpContext, bytes: number) {
  const { kernels, memory } = wasm();
  return specError(context, `could not allocate ${bytes} bytes of WebAssembly memory (limit ${WASM_MEMORY_LIMIT} bytes, ${memory.buffer.byteLength} reserved now, ${kernels.heapBytesInUse()} in use)`);
}

export function release(offset: number): void {
  if (offset !== 0) wasm().kernels._free(offset);
}

/**
 * Allocates blocks of the given byte sizes in one go for an op, runs `body`
 * with their offsets, and frees them on every path.
 */
export function withScratch<R>(context: OpContext, sizes: readonly number[], body: (offsets: number[]) => R): R {
  let total = 0;
  for (const size of sizes) total += aligned(size);
  const base = allocate(context, total);
  try {
    const offsets = new Array<number>(sizes.length);
    let next = base;
    for (let i = 0; i < sizes.length; i++) {
      offsets[i] = next;
      next += aligned(sizes[i]);
    }
    return body(offsets);
  } finally {
    release(base);
  }
}

// Views of the module's memory, made again only when growth has replaced its
// buffer (a small op would otherwise spend more on making views than on its
// bytes).
let u8 = new Uint8Array(0);
let u32 = new Uint32Array(0);

function heapU8(): Uint8Array {
  const buffer = wasm().memory.buffer;
  if (u8.buffer !== buffer) u8 = new Uint8Array(buffer);
  return u8;
}

/** The bytes of a typed array (no copy). */
export function bytesOf(data: ArrayBufferView): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** Copies a typed array's bytes into memory at `offset`. */
export function writeBytes(offset: number, data: ArrayBufferView): void {
  heapU8().set(bytesOf(data), offset);
}

/** Fills a typed array with the bytes at `offset`. */
export function readBytes(offset: number, target: ArrayBufferView): void {
  bytesOf(target).set(heapU8().subarray(offset, offset + target.byteLength));
}

/** Writes small integer parameters (dims, repeats, strides) as uint32 at `offset`, a multiple of 4. */
export function writeU32(offset: number, values: readonly number[]): void {
  const buffer = wasm().memory.buffer;
  if (u32.buffer !== buffer) u32 = new Uint32Array(buffer);
  u32.set(values, offset >>> 2);
}
