import { checkTensor } from './check-tensor.js';
import { type DataIn, type DataOf, type DataType, type Float16ArrayOrNever } from './dtype.js';
import { type OpContext, describe, specError } from './errors.js';
import { fromTfjs } from './foreign.js';
import { bufferOf, engineFloat16Array, typedArrayFacts, typedArrayKind } from './typed-array.js';
import { type NestedOf, TO_ARRAY_LIMITS, briefDims, elementsOf, formatTensor, nest, nestedArrays } from './tensor-text.js';
import { isReady, wasm } from './wasm.js';

/** What every op takes as a tensor: a `Tensor`, or any `{type, data, dims}` that would be one. */
export interface TensorLike<T extends DataType = DataType> {
  /** The data type name, e.g. `'float32'`. */
  readonly type: T;
  /** The elements in the type's storage class (see `DataOf`); for float16 also a `Float16Array`, for uint8 also a `Uint8ClampedArray` (see `DataIn`). */
  readonly data: DataIn<T>;
  /** The extent of each axis; `[]` for a scalar. */
  readonly dims: readonly number[];
}

/**
 * What `asFloat16Array()` returns when your TypeScript lib declares no
 * `Float16Array` (with `lib: ["ESNext"]` it returns the real one). As data
 * for a float16 tensor, only a `Uint16Array` or a real `Float16Array` is
 * taken, never any array of numbers.
 */
export interface Float16ArrayLike extends ArrayLike<number> {
  /** The buffer holding the float16 bits. */
  readonly buffer: ArrayBufferLike;
  /** Where in `buffer` the array starts, in bytes. */
  readonly byteOffset: number;
}

// The token of the library's own factory (tensorOf), which skips the checks
// for parts it knows are right. Private to this module: no caller can pass it.
const TRUSTED = Symbol('tessera-wasm trusted parts');

// Whether a Tensor's data is known to be JS memory, and saying it is (set in the class's static block: they use a private field).
// eslint-disable-next-line prefer-const
let inJsMemory: (t: Tensor) => boolean;
// eslint-disable-next-line prefer-const
let markInJsMemory: (t: Tensor) => void;

/**
 * An n-dimensional array of one data type, stored in a plain JS array as the
 * data type table says (`Tensor<'int64'>` holds a `BigInt64Array`).
 * The same argument order as onnxruntime-web: `new Tensor('float32', data, [2, 3])`.
 * Its fields are read-only, at run time too.
 */
export class Tensor<T extends DataType = DataType> {
  /** The data type name, e.g. `'float32'`. */
  readonly type: T;
  /**
   * The elements, flat in row-major order, in the type's storage class
   * (narrow types: their bit patterns, packed types: packed bytes). The
   * array you gave is held as it is: a `Uint8ClampedArray` given as uint8
   * data stays one (typed here as the storage class, whose methods it shares).
   */
  readonly data: DataOf<T>;
  /** The extent of each axis; `[]` for a scalar. */
  readonly dims: readonly number[];
  /** Element count: the product of dims (1 for a scalar, `dims = []`). */
  readonly size: number;
  // Every Tensor made by this class has it (a look-alike from
  // Object.create(Tensor.prototype) does not): its parts were checked once
  // and, frozen, cannot have changed since.
  readonly #made = true;
  // `data` is known to be JS memory, never a view of the module's: the
  // library filled it (an op's fresh output, or a checked `out`), or an op
  // has seen its buffer once. A buffer that is not the module's memory now
  // never becomes it (growth and a new instance make new buffers), so later
  // ops need not ask for the buffer again (outsideModuleMemory): for a fresh
  // array that costs SpiderMonkey more than a small op. A private field, so
  // it may be set on a frozen Tensor.
  #inJsMemory: boolean;

  static {
    inJsMemory = (t) => t.#inJsMemory;
    markInJsMemory = (t) => {
      t.#inJsMemory = true;
    };
  }

  /**
   * Checks and holds `data` as it is (no copy). To build a tensor from plain
   * numbers, use `tw.tensor(type, values, dims)`.
   */
  constructor(type: T, data: DataIn<T>, dims: readonly number[]) {
    // tensorOf's hidden arguments: its token and the element count.
    // eslint-disable-next-line prefer-rest-params
    if (arguments[3] === TRUSTED) {
      this.type = type;
      this.data = data as DataOf<T>;
      this.dims = dims;
      this.size = arguments[4] as number;  // eslint-disable-line prefer-rest-params
      this.#inJsMemory = arguments[5] === true;  // eslint-disable-line prefer-rest-params
    } else {
      const checked = checkTensor({ op: 'Tensor' }, 'tensor', type, data, dims);
      this.type = checked.type as T;
      this.data = (checked.type === 'string' ? data : checked.data) as DataOf<T>;  // the caller's own array, as onnxruntime-web keeps it
      this.dims = checked.dims;
      this.size = checked.size;
      this.#inJsMemory = false;
    }
    Object.freeze(this);
  }

  /** Where the data is, as onnxruntime-web's Tensor says it: so a tessera Tensor is a `session.run` feed as it is. */
  get location(): 'cpu' {
    return 'cpu';
  }

  /** Whether a value is a Tensor this class made (not a look-alike). */
  static isTensor(value: unknown): value is Tensor {
    return typeof value === 'object' && value !== null && #made in value;
  }

  /**
   * The elements as nested arrays, one level per dim (numpy's `tolist()`):
   * numbers, bigints for int64/uint64, booleans for bool, strings, [re, im]
   * for complex types; narrow types (float16, float8, int4, ...) decoded to
   * their values. A scalar gives its one element. A tensor that would take
   * more than 2^20 nested arrays (dims such as [2e7, 0]: twenty million empty
   * arrays) or 2^25 elements is a SpecError naming its dims and size.
   *
   * The element type follows the tensor's type (`bigint` for int64, ...);
   * the nesting depth is the rank, which only the run knows: name it where
   * you know it (`const rows: bigint[][] = t.toArray()`), and an element
   * type that does not match is a compile error.
   *
   * @example new tw.Tensor('int32', new Int32Array([1, 2, 3, 4]), [2, 2]).toArray() // [[1, 2], [3, 4]]
   */
  toArray<R extends NestedOf<T> = NestedOf<T>>(): R {
    if (this.size > TO_ARRAY_LIMITS.elements || nestedArrays(this.dims) > TO_ARRAY_LIMITS.arrays) {
      throw specError({ op: 'toArray' }, 'this', `toArray() builds at most ${TO_ARRAY_LIMITS.arrays} arrays and ${TO_ARRAY_LIMITS.elements} elements; this ${this.type} tensor ${briefDims(this.dims)} (${this.size} elements) needs more: read its data, or take a part of it first`);
    }
    return nest(elementsOf(this.type, this.data, this.size), this.dims) as R;
  }

  /**
   * numpy-like text: the type and dims, then the elements nested by dims
   * (decoded for narrow types), summarized past 1000 elements and cut past
   * 16384 characters, whatever the dims. Node's and Deno's console show the same.
   */
  toString(): string {
    return formatTensor(this.type, this.data, this.dims, this.size);
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }

  [Symbol.for('Deno.customInspect')](): string {
    return this.toString();
  }

  /**
   * A float16 tensor's data as a `Float16Array` (a view of the same bits, no
   * copy) where the runtime has one (browsers since 2025, Deno, Bun; not
   * Node 20 and 22). `data` itself stays as it is (the Uint16Array of bit
   * patterns, unless `init({ float16Array: true })` made it a Float16Array).
   */
  asFloat16Array(): [Float16ArrayOrNever] extends [never] ? Float16ArrayLike : Float16ArrayOrNever {
    const Float16 = engineFloat16Array() as (new (buffer: ArrayBufferLike, offset: number, length: number) => never) | undefined;
    if (this.type !== 'float16') throw specError({ op: 'asFloat16Array' }, 'this', `only a float16 tensor has float16 data (this one is ${this.type})`);
    if (Float16 === undefined) throw specError({ op: 'asFloat16Array' }, 'this', 'this runtime has no Float16Array (Node 20 and 22 lack it): read values with tw.decode(t) or t.toArray()');
    const facts = typedArrayFacts(this.data as object, typedArrayKind(this.data)!);
    return new Float16(facts.buffer, facts.byteOffset, facts.length);
  }
}

/**
 * A Tensor of parts that are right by construction (an op's output, a checked
 * input), made without the constructor's checks, which for a large bool
 * output would be a pass over every byte. `dims` must be the library's own
 * array: it is frozen here.
 */
export function tensorOf<T extends DataType>(type: T, data: DataOf<T>, dims: readonly number[], size: number): Tensor<T> {
  return trusted(type, data, dims, size, false);
}

/** tensorOf for data the library allocated and filled (an op's output, a copy), or a checked `out`: JS memory. */
export function resultOf<T extends DataType>(type: T, data: DataOf<T>, dims: readonly number[], size: number): Tensor<T> {
  return trusted(type, data, dims, size, true);
}

function trusted<T extends DataType>(type: T, data: DataOf<T>, dims: readonly number[], size: number, inJsMemory: boolean): Tensor<T> {
  const make = Tensor as unknown as new (...parts: unknown[]) => Tensor<T>;
  return new make(type, data, frozenDims(dims), TRUSTED, size, inJsMemory);
}

// The dims last frozen for a result. A pipeline calls its ops on the same
// shapes again and again, and Object.freeze costs SpiderMonkey about 150 ns
// (a small op's tenth): results of equal dims share one frozen array.
let lastFrozen: readonly number[] = Object.freeze([]);

/** `dims` frozen, or the last result's frozen dims when equal; `dims` must be the library's own array. */
export function frozenDims(dims: readonly number[]): readonly number[] {
  if (Object.isFrozen(dims)) return dims;
  const last = lastFrozen;
  if (last.length === dims.length) {
    let i = 0;
    while (i < dims.length && last[i] === dims[i]) i++;
    if (i === dims.length) return last;
  }
  return (lastFrozen = Object.freeze(dims));
}

/**
 * Takes a Tensor or a `{type, data, dims}` object for an op, or throws that
 * op's SpecError. Each part of a look-alike is read once; what comes back is
 * a Tensor of checked private parts.
 */
export function asTensor(value: unknown, context: OpContext, name: string): Tensor {
  // A string array stays mutable after its check: strings are read again, into a private copy.
  if (Tensor.isTensor(value) && value.type !== 'string') return outsideModuleMemory(value);
  if (typeof value !== 'object' || value === null) {
    throw specError(context, name, `${name} must be a Tensor or {type, data, dims} (got ${describe(value)})`);
  }
  const { type, data, dims } = value as Record<string, unknown>;
  if (type === undefined && dims === undefined) {
    const checked = fromTfjs(value, context, name);  // tfjs: dtype, shape, and data() as a method
    // dataSync() may answer with a view of this module's own memory, which the op's allocations can detach.
    return outsideModuleMemory(tensorOf(checked.type, checked.data as never, checked.dims, checked.size));
  }
  if (data === undefined && isForeignResident(value)) {
    throw specError(context, name, `${name} is a resident tensor of another instance of tessera-wasm (the ESM and CommonJS entries, or the default and inline ones, loaded together: each has its own WebAssembly memory); copy it out with .toTensor() first, or load the library through one entry only`);
  }
  const checked = checkTensor(context, name, type, data, dims);
  return outsideModuleMemory(tensorOf(checked.type, checked.data as never, checked.dims, checked.size));
}

/** A ResidentTensor this instance did not make: it has type and dims, no data, and the class's toTensor and dispose. */
function isForeignResident(value: object): boolean {
  try {
    const { toTensor, dispose, view } = value as Record<string, unknown>;
    return typeof toTensor === 'function' && typeof dispose === 'function' && typeof view === 'function';
  } catch {
    return false;  // a hostile getter: no hint, the usual message follows
  }
}

/**
 * The tensor, or a copy of it if its data is a view of the module's own
 * memory (a resident tensor's view(), say): the op's allocations may grow
 * that memory, which detaches every view of it.
 */
function outsideModuleMemory(t: Tensor): Tensor {
  if (!isReady() || t.type === 'string' || inJsMemory(t)) return t;
  const kind = typedArrayKind(t.data);
  if (kind === undefined || bufferOf(t.data as object) !== wasm().memory.buffer) {
    markInJsMemory(t);
    return t;
  }
  return resultOf(t.type, (t.data as Uint8Array).slice() as never, t.dims, t.size);
}

