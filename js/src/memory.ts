// What the module's memory holds, and giving it back: by the caller's
// releaseMemory(), or by itself once the memory has grown and stayed idle.
import { specError } from './errors.js';
import { isReady, opInProgress, renewInstance, residentsAlive, wasm } from './instance.js';

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
  wasm();
  if (opInProgress()) {
    throw specError({ op: 'releaseMemory' }, undefined, 'an op is running (releaseMemory() was called from code the op ran: a getter, a Proxy trap or a patched built-in); call it after the op returns');
  }
  const released = renewInstance();
  if (released > 0) cancelAutoRelease();
  return released;
}

// ---------------------------------------------------------------- automatic release
// After the heap has grown past `aboveBytes`, a timer releases the memory once
// no op has run for `idleMs` and no resident tensor is alive. Ops only note
// the time (below the threshold, not even that); the timer never keeps a Node
// process alive, and a loop of large ops, each within idleMs of the last,
// never sees a release between two of its calls.

const autoRelease = { enabled: true, aboveBytes: 64 * 2 ** 20, idleMs: 5000 };
let lastUse = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Takes init()'s checked autoRelease (js/src/init.ts): idleMs Infinity means never. */
export function configureAutoRelease(options: AutoRelease | false): void {
  if (options) {
    autoRelease.aboveBytes = options.aboveBytes ?? autoRelease.aboveBytes;
    autoRelease.idleMs = options.idleMs ?? autoRelease.idleMs;
  }
  autoRelease.enabled = options !== false && autoRelease.idleMs !== Infinity;
  if (!autoRelease.enabled) cancelAutoRelease();
}

/** Called by allocator.ts each time an op frees a block: the memory is in use now. */
export function noteUse(memoryBytes: number): void {
  if (!autoRelease.enabled || memoryBytes <= autoRelease.aboveBytes) return;
  lastUse = Date.now();
  if (timer === undefined) armAutoRelease(autoRelease.idleMs);
}

function armAutoRelease(ms: number): void {
  timer = setTimeout(autoReleaseDue, ms);
  (timer as { unref?: () => void }).unref?.();  // Node: no process stays alive for it
}

function autoReleaseDue(): void {
  timer = undefined;
  if (!isReady() || residentsAlive()) return;  // a dispose or the next op arms it again
  if (opInProgress()) {  // cannot happen from a timer today; waits if it ever does
    armAutoRelease(autoRelease.idleMs);
    return;
  }
  const idle = Date.now() - lastUse;
  if (idle < autoRelease.idleMs) armAutoRelease(autoRelease.idleMs - idle);
  else releaseMemory();
}

function cancelAutoRelease(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}
