import { wasm } from './wasm.js';

/** What `memoryStats()` returns. */
export interface MemoryStats {
  /** Bytes of the module's heap allocated and not yet freed. */
  heapBytesInUse: number;
  /** Bytes the module's memory has grown to (it never shrinks). */
  memoryBytes: number;
}

/** How much WebAssembly memory is in use: a leak shows as heapBytesInUse that keeps growing. */
export function memoryStats(): MemoryStats {
  const { queries, memory } = wasm();
  return { heapBytesInUse: queries.heapBytesInUse(), memoryBytes: memory.buffer.byteLength };
}
