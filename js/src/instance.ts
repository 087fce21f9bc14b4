// The one WebAssembly instance init() made: its checked kernels (the list is
// cpp/include/tessera/exports.inc), which generation of it is current, the
// resident tensors that pin its memory and the ops that hold scratch in it.
import { type Kernels, KERNEL_SYMBOLS, checkedKernels } from './generated/kernels.js';
import { LIMITS } from './generated/limits.js';

export type { Kernels };

/** The module's cold queries: C exports of cpp/bindings/bindings.cc, read back unsigned (the heap passes 2 GiB). */
export interface Queries {
  simd128(): boolean;
  heapBytesInUse(): number;
  heapBytesFree(): number;
}

const QUERY_SYMBOLS = ['tessera_simd128', 'tessera_heap_bytes_in_use', 'tessera_heap_bytes_free'] as const;

function queriesOf(exports: WebAssembly.Exports): Queries {
  const [simd128, inUse, free] = QUERY_SYMBOLS.map((symbol) => exports[symbol] as () => number);
  return {
    simd128: () => simd128() !== 0,
    heapBytesInUse: () => inUse() >>> 0,
    heapBytesFree: () => free() >>> 0,
  };
}

export interface Instance {
  readonly kernels: Kernels;
  readonly queries: Queries;
  /** Allocates a block that starts on a cache line (BLOCK_ALIGN bytes), its offset unsigned; 0 when memory is out. */
  readonly malloc: (bytes: number) => number;
  readonly free: (offset: number) => void;
  readonly memory: WebAssembly.Memory;
  /** Every export, unchecked: for the benchmark's own build only. */
  readonly exports: WebAssembly.Exports;
  readonly simd: boolean;
  readonly wasmBytes: number | undefined;
  readonly source: string;
  /** The compiled module. */
  readonly compiled: WebAssembly.Module;
  /** A fresh instance of the same module, with its initial memory. */
  readonly renew: () => Instance;
  /** The block a kernel's uint32 parameters are written to just before the call (PARAM_BYTES). */
  readonly params: number;
}

// Room for the largest parameter list a kernel takes: Tile's dims and
// repeats at the largest rank. Allocated once per instance, so that a small
// op on resident tensors makes no allocation for its parameters (a malloc and
// a free cost it about a tenth of its time).
const PARAM_BYTES = 2 * 4 * LIMITS.maxRank;

/** The instance's parts from its exports, or an error naming what is missing. */
export function instanceOf(exports: WebAssembly.Exports,
  about: Pick<Instance, 'wasmBytes' | 'source' | 'compiled' | 'renew'>): Instance {
  for (const symbol of [...KERNEL_SYMBOLS, ...QUERY_SYMBOLS, 'tessera_malloc', 'free']) {
    if (typeof exports[symbol] !== 'function') throw new Error(`tessera-wasm: the WebAssembly module does not export ${symbol}`);
  }
  const memory = Object.values(exports).find((e): e is WebAssembly.Memory => e instanceof WebAssembly.Memory);
  if (memory === undefined) throw new Error('tessera-wasm: the WebAssembly module exports no memory');
  const malloc = alignedMalloc(exports.tessera_malloc as (alignment: number, bytes: number) => number);
  const params = malloc(PARAM_BYTES);
  const queries = queriesOf(exports);
  if (params === 0) throw new Error('tessera-wasm: the WebAssembly module could not allocate its parameter block');
  return {
    kernels: checkedKernels(exports, kernelRefused),
    queries,
    params,
    malloc,
    free: exports.free as (offset: number) => void,
    memory,
    exports,
    simd: queries.simd128(),
    ...about,
  };
}

// Every block starts on a 64-byte cache line. dlmalloc alone aligns to 8
// bytes, and a kernel's 16-byte vector stores at an address 8 mod 16 split a
// line every fourth store: a 4 MiB float32 fill took 117 us there and 72 us
// aligned (docs/performance.md).
export const BLOCK_ALIGN = 64;
// A wasm i32 comes back signed: an offset from 2 GiB up would be negative
// (and index a heap view from its end), so it is read back unsigned.
const alignedMalloc = (tesseraMalloc: (alignment: number, bytes: number) => number) =>
  (bytes: number) => tesseraMalloc(BLOCK_ALIGN, bytes) >>> 0;

// A checked caller never passes what a kernel refuses: this is a bug in
// tessera, not the caller's error, so not a SpecError.
function kernelRefused(kernel: string, status: number): never {
  throw new Error(`tessera-wasm: internal error: kernel ${kernel} refused its arguments (status ${status})`);
}

let current: Instance | undefined;
// Which instance is current: a block belongs to the generation that allocated it.
let generation = 0;
// Resident tensors holding a block (not disposed, not yet collected): they pin the memory.
let liveResidents = 0;
// Bytes of memory a fresh instance starts with.
let initialBytes = 0;

/** Throws the not-initialized error before `init()` has resolved: every op calls it first, kernel or no kernel. */
export function requireReady(): void {
  wasm();
}

export function setInstance(instance: Instance): void {
  current = instance;
  initialBytes = instance.memory.buffer.byteLength;
  generation++;
}

export function currentGeneration(): number {
  return generation;
}

export function residentMade(): void {
  liveResidents++;
}

export function residentGone(): void {
  liveResidents--;
}

/**
 * Replaces the instance by a fresh one at its initial memory when no resident
 * tensor holds a block, and returns the bytes given back (0 when residents
 * pin the memory, when it never grew, or when the host cannot instantiate
 * synchronously: the old instance then stays). memory.ts decides when.
 */
export function renewInstance(): number {
  const instance = wasm();
  const before = instance.memory.buffer.byteLength;
  if (liveResidents > 0 || before <= initialBytes) return 0;
  let fresh: Instance;
  try {
    fresh = instance.renew();
  } catch {
    return 0;
  }
  setInstance(fresh);
  return before - fresh.memory.buffer.byteLength;
}

/** Whether a resident tensor holds a block (then the memory cannot be renewed). */
export function residentsAlive(): boolean {
  return liveResidents > 0;
}

// Ops holding scratch blocks (withScratch bodies, nested ones included). User
// code can run inside one (a patched built-in, a getter): a release there
// would swap the instance under the op, which would then write a heap that is
// not its own. So releaseMemory() refuses, and the idle release waits.
let opsRunning = 0;

/** Whether an op holds scratch memory now (memory.ts: no release then). */
export function opInProgress(): boolean {
  return opsRunning > 0;
}

/** An op takes scratch memory (allocator.ts's withScratch), and gives it back. */
export function opStarted(): void {
  opsRunning++;
}

export function opEnded(): void {
  opsRunning--;
}

export function isReady(): boolean {
  return current !== undefined;
}

/** The instance, or the error every op throws before `init()` has resolved. */
export function wasm(): Instance {
  if (current === undefined) {
    throw new Error('tessera-wasm is not initialized: call `await tw.init()` before using an op');
  }
  return current;
}

