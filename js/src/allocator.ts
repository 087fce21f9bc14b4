// Allocation in the module's memory for an op: blocks on a cache line, a
// request the memory cannot hold refused as the op's SpecError before it
// reaches malloc, and scratch blocks freed on every path.
import { type OpContext, specError } from './errors.js';
import { LIMITS } from './generated/limits.js';
import { BLOCK_ALIGN, opEnded, opStarted, wasm } from './instance.js';
import { noteUse } from './memory.js';

const aligned = (bytes: number) => Math.ceil(bytes / BLOCK_ALIGN) * BLOCK_ALIGN;
// Below this the fit check costs more than it could save (memory is far from full).
const LARGE_REQUEST = 1 << 24;
// dlmalloc's header and alignment, and its rounding of requests to the system
// (64 KiB granules: a request can need one granule more than its size).
const MALLOC_OVERHEAD = 1 << 17;

/**
 * Allocates `bytes` in the module's memory for an op (a zero-byte request
 * gets offset 0 and needs no free). A request the memory cannot hold is the
 * op's SpecError, naming the bytes asked for and the limit.
 */
export function allocate(context: OpContext, bytes: number): number {
  if (!(bytes <= LIMITS.memoryBytes)) {
    throw specError(context, undefined, `needs ${bytes} bytes of WebAssembly memory, more than its limit of ${LIMITS.memoryBytes} bytes`);
  }
  if (bytes === 0) return 0;
  const { malloc, queries, memory } = wasm();
  // A request that cannot fit must not reach malloc: once dlmalloc fails to
  // grow memory it stops extending the heap's free top in place, and every
  // later large request then needs its whole size as new memory.
  if (bytes >= LARGE_REQUEST && bytes + MALLOC_OVERHEAD > queries.heapBytesFree() + LIMITS.memoryBytes - memory.buffer.byteLength) {
    throw cannotAllocate(context, bytes);
  }
  const offset = malloc(bytes);
  if (offset === 0) throw cannotAllocate(context, bytes);
  return offset;
}

function cannotAllocate(context: OpContext, bytes: number) {
  const { queries, memory } = wasm();
  return specError(context, undefined, `could not allocate ${bytes} bytes of WebAssembly memory (limit ${LIMITS.memoryBytes} bytes, ${memory.buffer.byteLength} reserved now, ${queries.heapBytesInUse()} in use)`);
}

/** Frees a block `allocate` gave (offset 0: nothing to free). */
export function deallocate(offset: number): void {
  if (offset === 0) return;
  const { free, memory } = wasm();
  free(offset);
  noteUse(memory.buffer.byteLength);
}

/**
 * Allocates blocks of the given byte sizes in one go for an op, runs `body`
 * with their offsets, and frees them on every path.
 */
export function withScratch<R>(context: OpContext, sizes: readonly number[], body: (offsets: number[]) => R): R {
  let total = 0;
  for (let i = 0; i < sizes.length; i++) total += aligned(sizes[i]);  // no iterator: no user code before the block is held
  const base = allocate(context, total);
  opStarted();
  try {
    const offsets = new Array<number>(sizes.length);
    let next = base;
    for (let i = 0; i < sizes.length; i++) {
      offsets[i] = next;
      next += aligned(sizes[i]);
    }
    return body(offsets);
  } finally {
    opEnded();
    deallocate(base);
  }
}

