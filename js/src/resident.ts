// Resident tensors: tensors that live in the module's memory between ops, so
// that a chain of ops copies nothing in or out until the caller asks.
import { type DataOf, type DataType, type TensorData, allocateData, storageConstructor, storageLength } from './dtype.js';
import { type OpContext, specError } from './errors.js';
import { allocate, readBytes, release, writeBytes } from './heap.js';
import { wasm } from './module.js';
import { type Tensor, type TensorLike, asTensor, tensorOf } from './tensor.js';

/** Every type but string: strings have no place in WebAssembly memory. */
export type ResidentType = Exclude<DataType, 'string'>;

// The safety net for residents dropped without dispose(): their memory is
// freed when the garbage collector reclaims them. dispose() stays the way to
// free at once (collection may come late, or never, for a short-lived script).
const unreclaimed = new FinalizationRegistry<number>((offset) => {
  release(offset);
});

/**
 * A tensor whose data lives in the module's WebAssembly memory. Ops given
 * resident inputs write resident outputs and copy nothing through JS; call
 * `toTensor()` to copy the data out and `dispose()` to free it.
 *
 * @example
 * const x = tw.toResident(input);            // one copy in
 * const y = tw.floor(tw.tile(x, [2, 2]));    // both resident: no copies
 * const result = y.toTensor();               // one copy out
 * x.dispose(); y.dispose();                  // the intermediate tile was never held: dispose it too if kept
 */
export class ResidentTensor<T extends ResidentType = ResidentType> {
  readonly type: T;
  readonly dims: readonly number[];
  /** Element count: the product of dims. */
  readonly size: number;
  /** Bytes of storage in WebAssembly memory. */
  readonly byteLength: number;
  #offset: number;

  /** @internal Use `tw.toResident()`, or an op on resident inputs. */
  constructor(type: T, dims: readonly number[], size: number, offset: number) {
    this.type = type;
    this.dims = Object.freeze(Array.from(dims));
    this.size = size;
    this.byteLength = storageLength(type, size) * storageConstructor(type).BYTES_PER_ELEMENT;
    this.#offset = offset;
    if (offset !== 0) unreclaimed.register(this, offset, this);
  }

  /** Where the data starts in WebAssembly memory. Throws once disposed. */
  get offset(): number {
    if (this.#offset < 0) throw new Error(`tessera-wasm: this resident ${this.type} tensor [${this.dims.join(', ')}] was disposed`);
    return this.#offset;
  }

  get disposed(): boolean {
    return this.#offset < 0;
  }

  /**
   * A view of the data in WebAssembly memory, no copy. It is valid until the
   * next op or allocation that grows memory: take a fresh one after any call.
   */
  view(): DataOf<T> {
    const ctor = storageConstructor(this.type);
    return new ctor(wasm().memory.buffer, this.offset, storageLength(this.type, this.size)) as DataOf<T>;
  }

  /** Copies the data out into an ordinary Tensor. */
  toTensor(): Tensor<T> {
    const data = allocateData(this.type, this.size) as Exclude<TensorData, string[]>;
    readBytes(this.offset, data);
    return tensorOf(this.type, data as never, this.dims, this.size);
  }

  /** Frees the memory. Idempotent; any later use throws. */
  dispose(): void {
    if (this.#offset < 0) return;
    unreclaimed.unregister(this);
    release(this.#offset);
    this.#offset = -1;
  }
}

/** A fresh resident tensor of `type` and `dims`, uninitialized, for an op's output. */
export function allocateResident<T extends ResidentType>(context: OpContext, type: T, dims: readonly number[], size: number): ResidentTensor<T> {
  const bytes = storageLength(type, size) * storageConstructor(type).BYTES_PER_ELEMENT;
  return new ResidentTensor(type, dims, size, allocate(context, bytes));
}

/**
 * Copies a tensor into WebAssembly memory, where ops on it copy nothing.
 * Strings cannot be resident.
 */
export function toResident<T extends ResidentType>(tensor: TensorLike<T> | ResidentTensor<T>): ResidentTensor<T> {
  if (tensor instanceof ResidentTensor) return tensor;
  const context: OpContext = { op: 'toResident' };
  const t = asTensor(tensor, context, 'tensor');
  if (t.type === 'string') throw specError(context, 'string tensors cannot be resident (got type string)');
  const resident = allocateResident(context, t.type as T, t.dims, t.size);
  writeBytes(resident.offset, t.data as Exclude<TensorData, string[]>);
  return resident;
}
