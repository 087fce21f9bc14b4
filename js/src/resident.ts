// Resident tensors: tensors that live in the module's memory between ops, so
// that a chain of ops copies nothing in or out until the caller asks.
import { type DataOf, type DataType, type TensorData, allocateData, storageBytes, storageConstructor, storageLength } from './dtype.js';
import { type OpContext, specError } from './errors.js';
import { type Tensor, type TensorLike, asTensor, frozenDims, resultOf } from './tensor.js';
import { rememberView } from './stale-views.js';
import { bufferOf } from './typed-array.js';
import { allocate, copyIn, copyOut, currentGeneration, deallocate, heapView, requireReady, residentGone, residentMade } from './wasm.js';

/** Every type but string: strings have no place in WebAssembly memory. */
export type ResidentType = Exclude<DataType, 'string'>;

// The safety net for residents dropped without dispose(): their memory is
// freed when the garbage collector reclaims them. dispose() stays the way to
// free at once (collection may come late, or never, for a short-lived script).
const unreclaimed = new FinalizationRegistry<Block>(freeBlock);

// Registering costs V8 about 0.8 us, and unregistering on dispose() 0.15 us
// more: as much as the whole of a small op. A new resident is registered at
// the end of the current task, if it is still alive then; a chain that
// disposes its intermediates at once never pays for them. No collection can
// be missed meanwhile: a finalizer never runs inside a task, and the list
// holds the tensors until then. A list, not a Map: a Map's set and delete
// cost a tiny resident call in Firefox an eighth of its time.
let pending: (ResidentTensor | undefined)[] = [];
let pendingBlocks: Block[] = [];

/** Queues a new resident for registration at the task's end; gives its place in the queue. */
function registerSoon(tensor: ResidentTensor, block: Block): number {
  if (pending.length === 0) queueMicrotask(registerPending);
  pendingBlocks.push(block);
  return pending.push(tensor) - 1;
}

/** Takes a resident disposed before the task's end off the queue; false if it was registered already. */
function unqueue(tensor: ResidentTensor, at: number): boolean {
  if (pending[at] !== tensor) return false;
  pending[at] = undefined;
  // Trailing places given up are dropped, so a synchronous loop that makes
  // and disposes a resident per step (the soak, a worker's batch) keeps the
  // queue short instead of growing it until the task ends.
  while (pending.length > 0 && pending[pending.length - 1] === undefined) {
    pending.pop();
    pendingBlocks.pop();
  }
  return true;
}

/** Residents made in this task and not yet registered (the tests' view of the mechanism). */
export function registrationsPending(): number {
  let count = 0;
  for (let i = 0; i < pending.length; i++) if (pending[i] !== undefined) count++;
  return count;
}

function registerPending(): void {
  const tensors = pending;
  const blocks = pendingBlocks;
  pending = [];
  pendingBlocks = [];
  for (let i = 0; i < tensors.length; i++) {
    const tensor = tensors[i];
    if (tensor !== undefined) unreclaimed.register(tensor, blocks[i], tensor);
  }
}

/** A block of the module's memory and the instance it belongs to (releaseMemory() replaces instances). */
interface Block {
  readonly offset: number;
  readonly generation: number;
}

function freeBlock(block: Block): void {
  residentGone();
  if (block.generation === currentGeneration()) deallocate(block.offset);
}

// Only the library makes resident tensors: its constructor wants this token.
const MAKE = Symbol('ResidentTensor');

/**
 * A tensor whose data lives in the module's WebAssembly memory. Ops given
 * resident inputs write resident outputs and copy nothing through JS; call
 * `toTensor()` to copy the data out and `dispose()` to free it. Made by
 * `tw.toResident()` or by an op on resident inputs, never by `new`.
 *
 * @example
 * const x = tw.toResident(input);            // one copy in
 * const tiled = tw.tile(x, [2, 2]);          // resident: no copies
 * const y = tw.floor(tiled);
 * const result = y.toTensor();               // one copy out
 * x.dispose(); tiled.dispose(); y.dispose();
 */
export class ResidentTensor<T extends ResidentType = ResidentType> {
  /** The data type name, e.g. `'float32'`. */
  readonly type: T;
  /** The extent of each axis; `[]` for a scalar. */
  readonly dims: readonly number[];
  /** Element count: the product of dims. */
  readonly size: number;
  /** Bytes of storage in WebAssembly memory. */
  readonly byteLength: number;
  #offset: number;
  readonly #generation: number;
  // Its place in the registration queue (registerSoon), or -1.
  readonly #queuedAt: number = -1;

  /** @internal Throws: use `tw.toResident()`, or an op on resident inputs. */
  constructor(token: symbol, type: T, dims: readonly number[], size: number, offset: number) {
    if (token !== MAKE) throw new TypeError('tessera-wasm: ResidentTensor has no public constructor: use tw.toResident(tensor)');
    this.type = type;
    // No iterator (a spread would run a patched Array.prototype[Symbol.iterator]):
    // between its block's allocation and residentMade() no user code may run,
    // or a releaseMemory() there would swap the instance under an uncounted block.
    // The library's own dims, frozen, shared with equal results (tensor.ts).
    this.dims = frozenDims(dims);
    this.size = size;
    this.byteLength = storageBytes(type, size);
    this.#offset = offset;
    this.#generation = currentGeneration();
    if (offset !== 0) {
      residentMade();
      this.#queuedAt = registerSoon(this, { offset, generation: this.#generation });
    }
    Object.freeze(this);
  }

  /** Whether a value is a resident tensor the library made (not a look-alike). */
  static isResident(value: unknown): value is ResidentTensor {
    return typeof value === 'object' && value !== null && #offset in value;
  }

  /** Where the data starts in WebAssembly memory. Throws once disposed. */
  get offset(): number {
    if (this.#offset < 0) throw disposedError(this.type, this.dims, 'offset');
    return this.#offset;
  }

  /** Whether `dispose()` has been called: any use after it throws. */
  get disposed(): boolean {
    return this.#offset < 0;
  }

  /**
   * A view of the data in WebAssembly memory, no copy, valid until the
   * tensor is disposed in engines whose WebAssembly memory has resizable
   * buffers (Node 26, Chromium and Firefox: growth resizes the buffer in place).
   * Elsewhere (Node 20-24, some browsers) it is valid until the next op or
   * allocation that grows memory: growth detaches it, and it then reads as
   * empty (length 0). Take a fresh one after any call to be safe everywhere.
   * A stale view given back to the library (as a Tensor's data, or an op's
   * out) is a SpecError saying memory grew; view() after dispose() is a SpecError.
   */
  view(): DataOf<T> {
    if (this.#offset < 0) throw disposedError(this.type, this.dims, 'view()');
    const ctor = storageConstructor(this.type) as unknown as new (buffer: ArrayBufferLike, byteOffset: number, length: number) => DataOf<T>;
    const view = heapView(ctor, this.offset, storageLength(this.type, this.size));
    rememberView(bufferOf(view as object));
    return view;
  }

  /** Copies the data out into an ordinary Tensor. */
  toTensor(): Tensor<T> {
    if (this.#offset < 0) throw disposedError(this.type, this.dims, 'toTensor()');
    const data = allocateData(this.type, this.size) as Exclude<TensorData, string[]>;
    copyOut(this.offset, data, this.byteLength);
    return resultOf(this.type, data as never, this.dims, this.size);
  }

  /** Frees the memory. Idempotent; any later use throws. */
  dispose(): void {
    if (this.#offset < 0) return;
    const block = { offset: this.#offset, generation: this.#generation };
    this.#offset = -1;
    if (block.offset !== 0) {
      if (!unqueue(this, this.#queuedAt)) unreclaimed.unregister(this);
      freeBlock(block);
    }
  }
}

/** What any use of a disposed resident tensor throws: a SpecError, as every rejection is. */
function disposedError(type: DataType, dims: readonly number[], use: string): Error {
  return specError({ op: 'ResidentTensor' }, 'this', `this resident ${type} tensor [${dims.join(', ')}] was disposed: ${use} after dispose()`);
}

/** A fresh resident tensor of `type` and `dims`, uninitialized, for an op's output. */
export function allocateResident<T extends ResidentType>(context: OpContext, type: T, dims: readonly number[], size: number): ResidentTensor<T> {
  return new ResidentTensor(MAKE, type, dims, size, allocate(context, storageBytes(type, size)));
}

/** An op's tensor input: a Tensor (or `{type, data, dims}`), or a live resident tensor. */
export function asOperand(value: unknown, context: OpContext, name: string): Tensor | ResidentTensor {
  if (ResidentTensor.isResident(value)) {
    if (value.disposed) throw specError(context, name, `${name} is a resident tensor that was disposed`);
    return value;
  }
  return asTensor(value, context, name);
}

/** An op's tensor input as a plain Tensor: a resident one is copied out. */
export function asPlainTensor(value: unknown, context: OpContext, name: string): Tensor {
  const operand = asOperand(value, context, name);
  return ResidentTensor.isResident(operand) ? operand.toTensor() : operand;
}

/**
 * Copies a tensor into WebAssembly memory, where ops on it copy nothing.
 * Strings cannot be resident. A resident tensor comes back as it is.
 */
export function toResident<T extends ResidentType>(tensor: TensorLike<T> | ResidentTensor<T>): ResidentTensor<T> {
  requireReady();
  const context: OpContext = { op: 'toResident' };
  const operand = asOperand(tensor, context, 'tensor');
  if (ResidentTensor.isResident(operand)) return operand as ResidentTensor<T>;
  if (operand.type === 'string') throw specError(context, 'tensor', 'string tensors cannot be resident (got type string)');
  return residentCopy(context, 'tensor', operand) as ResidentTensor<T>;
}

/** A new resident tensor holding a copy of a plain (non-string) tensor's data; nothing is left allocated if the copy fails. */
export function residentCopy(context: OpContext, param: string, t: Tensor): ResidentTensor {
  const resident = allocateResident(context, t.type as ResidentType, t.dims, t.size);
  try {
    copyIn(context, param, resident.offset, t.data as Exclude<TensorData, string[]>, resident.byteLength);
  } catch (error) {
    resident.dispose();
    throw error;
  }
  return resident;
}

