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
 * Allocates blocks of the given byte sizes in one go for an op, runs `body`
 * with their offsets, and frees them on every path. A request the memory
 * cannot hold is the op's SpecError, naming the bytes asked for.
 */
export function withScratch<R>(context: OpContext, sizes: readonly number[], body: (offsets: number[]) => R): R {
  let total = 0;
  for (const size of sizes) total += aligned(size);
  if (total > WASM_MEMORY_LIMIT) {
    throw specError(context, `needs ${total} bytes of WebAssembly memory, more than its limit of ${WASM_MEMORY_LIMIT} bytes`);
  }
  const { kernels, memory } = wasm();
  const base = total === 0 ? 0 : kernels._malloc(total);
  if (total !== 0 && base === 0) {
    throw specError(context, `could not allocate ${total} bytes of WebAssembly memory (limit ${WASM_MEMORY_LIMIT} bytes, ${memory.buffer.byteLength} reserved now)`);
  }
  try {
    let next = base;
    const offsets = sizes.map((size) => {
      const offset = next;
      next += aligned(size);
      return offset;
    });
    return body(offsets);
  } finally {
    if (base !== 0) kernels._free(base);
  }
}

/** The bytes of a typed array (no copy). */
export function bytesOf(data: ArrayBufferView): Uint8Array {
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** Copies a typed array's bytes into memory at `offset`. */
export function writeBytes(offset: number, data: ArrayBufferView): void {
  new Uint8Array(wasm().memory.buffer, offset, data.byteLength).set(bytesOf(data));
}

/** Fills a typed array with the bytes at `offset`. */
export function readBytes(offset: number, target: ArrayBufferView): void {
  bytesOf(target).set(new Uint8Array(wasm().memory.buffer, offset, target.byteLength));
}

/** Writes small integer parameters (dims, repeats, strides) as uint32 at `offset`. */
export function writeU32(offset: number, values: readonly number[]): void {
  new Uint32Array(wasm().memory.buffer, offset, values.length).set(values);
}
