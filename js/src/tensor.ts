import { DTYPES, type DataOf, type DataType, isDataType, storageLength } from './dtype.js';
import { type OpContext, describe, specError } from './errors.js';
import { isReady, wasm } from './module.js';
import { ResidentTensor } from './resident.js';

/** What every op takes as a tensor: a `Tensor`, or any `{type, data, dims}` that would be one. */
export interface TensorLike<T extends DataType = DataType> {
  readonly type: T;
  readonly data: DataOf<T> | (T extends 'float16' ? Float16ArrayLike : never);
  readonly dims: readonly number[];
}

/** A runtime's `Float16Array` (Node 20 has none); accepted for float16 data. */
export interface Float16ArrayLike extends ArrayLike<number> {
  readonly buffer: ArrayBufferLike;
  readonly byteOffset: number;
}

/**
 * An n-dimensional array of one data type, stored in a plain JS array as the
 * contract's table says (`Tensor<'int64'>` holds a `BigInt64Array`).
 * The same argument order as onnxruntime-web: `new Tensor('float32', data, [2, 3])`.
 */
export class Tensor<T extends DataType = DataType> {
  readonly type: T;
  readonly data: DataOf<T>;
  readonly dims: readonly number[];
  /** Element count: the product of dims (1 for a scalar, `dims = []`). */
  readonly size: number;

  constructor(type: T, data: DataOf<T> | (T extends 'float16' ? Float16ArrayLike : never), dims: readonly number[]) {
    this.size = (uncheckedSize ?? checkTensor({ op: 'Tensor' }, 'tensor', type, data, dims)) + 0;
    this.type = type;
    this.data = data as DataOf<T>;
    this.dims = Object.freeze(Array.from(dims, (d) => d + 0));  // + 0: a -0 dim is 0
    Object.freeze(this);  // the contract's fields are read-only at run time too, not only in TypeScript
  }
}

// Set only while tensorOf constructs: the element count of parts already known good.
let uncheckedSize: number | undefined;

/**
 * A Tensor of parts that are right by construction (an op's output, a checked
 * input): not checked again, which for a large bool output would be a pass
 * over every byte.
 */
export function tensorOf<T extends DataType>(type: T, data: DataOf<T>, dims: readonly number[], size: number): Tensor<T> {
  uncheckedSize = size;
  try {
    return new Tensor(type, data as never, dims);
  } finally {
    uncheckedSize = undefined;
  }
}

/** An op's tensor input: a Tensor (or `{type, data, dims}`), or a tensor resident in WebAssembly memory. */
export function asOperand(value: unknown, context: OpContext, name: string): Tensor | ResidentTensor {
  if (value instanceof ResidentTensor) {
    void value.offset;  // throws if disposed
    return value;
  }
  return asTensor(value, context, name);
}

/** Takes a Tensor or a `{type, data, dims}` object for an op, or throws that op's SpecError. */
export function asTensor(value: unknown, context: OpContext, name: string): Tensor {
  if (value instanceof ResidentTensor) return value.toTensor();
  if (value instanceof Tensor) return outsideModuleMemory(value);
  if (typeof value !== 'object' || value === null) {
    throw specError(context, `${name} must be a Tensor or {type, data, dims} (got ${describe(value)})`);
  }
  const { type, data, dims } = value as Record<string, unknown>;
  const size = checkTensor(context, name, type, data, dims);
  return outsideModuleMemory(tensorOf(type as DataType, data as never, dims as number[], size));
}

/**
 * The tensor, or a copy of it if its data is a view of the module's own
 * memory (a resident tensor's view(), say): the op's allocations may grow
 * that memory, which detaches every view of it.
 */
function outsideModuleMemory(t: Tensor): Tensor {
  if (!isReady() || Array.isArray(t.data) || (t.data as ArrayBufferView).buffer !== wasm().memory.buffer) return t;
  return tensorOf(t.type, (t.data as Uint8Array).slice() as never, t.dims, t.size);
}

// By the class's tag, not instanceof: typed arrays from another realm (an
// iframe, a vm context, a worker's transfer) are of a different Float32Array.
const tagOf = (value: unknown) => Object.prototype.toString.call(value).slice(8, -1);

function storageMatches(type: DataType, data: unknown): boolean {
  const storage = DTYPES[type].storage;
  if (storage === 'Array') {
    if (!Array.isArray(data)) return false;
    for (let i = 0; i < data.length; i++) if (typeof data[i] !== 'string') return false;  // holes too
    return true;
  }
  if (!ArrayBuffer.isView(data)) return false;
  const tag = tagOf(data);
  return tag === storage || (type === 'float16' && tag === 'Float16Array');
}

/** Validates the three parts of a tensor and returns its element count. */
export function checkTensor(context: OpContext, name: string, type: unknown, data: unknown, dims: unknown): number {
  if (!isDataType(type)) throw specError(context, `${name} has an unknown data type (got ${describe(type)})`);
  if (!Array.isArray(dims) && !(ArrayBuffer.isView(dims) && !(dims instanceof DataView))) {
    throw specError(context, `${name} dims must be an array of non-negative integers (got ${describe(dims)})`);
  }
  let size = 1;
  let empty = false;
  for (let i = 0; i < (dims as ArrayLike<unknown>).length; i++) {
    const d = (dims as ArrayLike<unknown>)[i];
    if (typeof d !== 'number' || !Number.isSafeInteger(d) || d < 0) {
      throw specError(context, `${name} dims[${i}] must be a non-negative safe integer (got ${describe(d)})`);
    }
    size *= d;
    empty ||= d === 0;
  }
  if (empty) size = 0;  // a 0 anywhere, even after a product too large to be exact
  if (!Number.isSafeInteger(size)) {
    throw specError(context, `${name} element count must be a safe integer (dims [${Array.from(dims as number[]).join(', ')}] give ${size})`);
  }
  if (!storageMatches(type, data)) {
    const expected = type === 'string' ? 'an array of strings' : `a ${DTYPES[type].storage}`;
    throw specError(context, `${name} data must be ${expected} for type ${type} (got ${describe(data)})`);
  }
  const expectedLength = storageLength(type, size);
  const length = (data as ArrayLike<unknown>).length;
  if (length !== expectedLength) {
    throw specError(context, `${name} data of type ${type} with dims [${Array.from(dims as number[]).join(', ')}] must have length ${expectedLength} (got ${length})`);
  }
  if (type === 'bool') {
    const bytes = data as Uint8Array;
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] > 1) throw specError(context, `${name} bool data must be 0 or 1 (got ${bytes[i]} at index ${i})`);
    }
  }
  return size;
}
