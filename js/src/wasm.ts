// The boundary between TypeScript and the WebAssembly module: the one
// instance init() made, its checked kernels (the list is
// cpp/include/tessera/exports.inc), allocation in its memory, and the byte
// copies in and out. Every byte count here comes from validated element
// counts, never from a user array's byteLength.
import { type OpContext, specError } from './errors.js';
import { type Kernels, KERNEL_SYMBOLS, checkedKernels } from './generated/kernels.js';
import { LIMITS } from './generated/limits.js';
import { noteUse } from './memory.js';
import { type WordArray, byteLengthOf, bytesNow, bytesPerElement, coversBytes, leadingBytes, leadingWords, typedArrayKind, viewOfKind } from './typed-array.js';

export type { Kernels };

/** The module's cold queries, registered through Embind (cpp/bindings/bindings.cc). */
export interface Queries {
  simd128(): boolean;
  /** Unsigned (Embind reads a uint32_t back with `>>> 0`): the heap passes 2 GiB. */
  heapBytesInUse(): number;
  heapBytesFree(): number;
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
export function instanceOf(exports: WebAssembly.Exports, queries: Queries,
  about: Pick<Instance, 'wasmBytes' | 'source' | 'compiled' | 'renew'>): Instance {
  for (const symbol of [...KERNEL_SYMBOLS, 'tessera_malloc', 'free']) {
    if (typeof exports[symbol] !== 'function') throw new Error(`tessera-wasm: the WebAssembly module does not export ${symbol}`);
  }
  const memory = Object.values(exports).find((e): e is WebAssembly.Memory => e instanceof WebAssembly.Memory);
  if (memory === undefined) throw new Error('tessera-wasm: the WebAssembly module exports no memory');
  const malloc = alignedMalloc(exports.tessera_malloc as (alignment: number, bytes: number) => number);
  const params = malloc(PARAM_BYTES);
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

// ---------------------------------------------------------------- allocation
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
  opsRunning++;
  try {
    const offsets = new Array<number>(sizes.length);
    let next = base;
    for (let i = 0; i < sizes.length; i++) {
      offsets[i] = next;
      next += aligned(sizes[i]);
    }
    return body(offsets);
  } finally {
    opsRunning--;
    deallocate(base);
  }
}

// ---------------------------------------------------------------- copies
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
