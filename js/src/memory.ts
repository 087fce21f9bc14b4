// What the module's memory holds, and giving it back.
import { releaseMemory as release, wasm } from './wasm.js';

/** When the library gives memory back by itself (`init({ autoRelease })`); `false` turns it off. */
export interface AutoRelease {
  /** Memory size past which the idle timer runs. Default 64 MiB. */
  aboveBytes?: number;
  /** How long the heap must stay unused. Default 5000 ms. */
  idleMs?: number;
}

/** What `memoryStats()` returns. */
export interface MemoryStats {
  /** Bytes of the module's heap allocated and not yet freed (resident tensors, mostly). */
  heapBytesInUse: number;
  /** Bytes the module's memory has grown to. It never shrinks, but `releaseMemory()` starts afresh. */
  memoryBytes: number;
}

/** How much WebAssembly memory is in use: a leak shows as heapBytesInUse that keeps growing. */
export function memoryStats(): MemoryStats {
  const { queries, memory } = wasm();
  return { heapBytesInUse: queries.heapBytesInUse(), memoryBytes: memory.buffer.byteLength };
}

/**
 * Gives back the WebAssembly memory that large ops grew: when no resident
 * tensor is alive, the module's instance is replaced by a fresh one with its
 * initial memory (the compiled module is reused: an instantiation, not a
 * compile), and the old memory becomes garbage. Returns the bytes released:
 * 0 when live resident tensors pin the memory (they keep it, intact) or when
 * it never grew. The library also does this by itself once the heap has
 * stayed unused for a while after growing (`init({ autoRelease })`).
 * Called from code an op runs (a getter, a patched built-in), it throws a
 * SpecError: the op's memory cannot be swapped under it.
 *
 * @example
 * tw.floor(big);          // a 16 MiB float32 tensor: memory grows to hold it
 * tw.releaseMemory();     // e.g. 15859712 bytes released: back to the initial 1 MiB
 */
export function releaseMemory(): number {
  return release();
}
