import { DTYPES as TABLE } from './generated/dtypes.js';
import { engineFloat16Array, typedArrayFacts, typedArrayKind } from './typed-array.js';

/**
 * The data type table, one source with the C++ side: for each type name its
 * ONNX TensorProto number (`onnx`), bits per element (`bits`), the JS class
 * holding its data (`storage`) and storage slots per element (`slots`, 2 for
 * complex types).
 */
export const DTYPES = deepFreeze(TABLE);

/** Freezes an object and everything reachable from it: exported tables, so no caller can change what the library accepts. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** A data type name of the data type table (docs/data-types.md): `'float32'`, `'int64'`, `'float8e4m3fn'`, ... */
export type DataType = keyof typeof DTYPES;

interface StorageClasses {
  Float32Array: Float32Array;
  Float64Array: Float64Array;
  Int8Array: Int8Array;
  Uint8Array: Uint8Array;
  Int16Array: Int16Array;
  Uint16Array: Uint16Array;
  Int32Array: Int32Array;
  Uint32Array: Uint32Array;
  BigInt64Array: BigInt64Array;
  BigUint64Array: BigUint64Array;
  Array: string[];
}

/**
 * The runtime's `Float16Array` type where the TypeScript lib declares one
 * (`lib: ["ESNext"]`, or `"ES2025"` and later), else `never`: so float16 data
 * is a `Uint16Array` or a real `Float16Array`, never any array of numbers.
 */
export type Float16ArrayOrNever = typeof globalThis extends {
  /** The runtime's Float16Array class, where the lib declares one. */
  Float16Array: {
    /** Its prototype: its type is the Float16Array instance type. */
    prototype: infer A;
  };
} ? A : never;

/**
 * The JS array class that holds a type's data: `DataOf<'int64'>` is
 * `BigInt64Array`. float16 data is a `Uint16Array` of bit patterns, or a
 * `Float16Array` (with `init({ float16Array: true })`, or as you gave it).
 */
export type DataOf<T extends DataType> = StorageClasses[(typeof DTYPES)[T]['storage']] | (T extends 'float16' ? Float16ArrayOrNever : never);

/**
 * What a type's data may be when you give it (Tensor data, `out`): its
 * storage class, and also a `Float16Array` for float16 and a
 * `Uint8ClampedArray` (such as `ImageData.data`) for uint8.
 */
export type DataIn<T extends DataType> = DataOf<T> | (T extends 'uint8' ? Uint8ClampedArray : never);

/** Any typed array (or string array) a Tensor may hold. */
export type TensorData = StorageClasses[keyof StorageClasses];

/** Every data type name, in ONNX TensorProto number order. */
export const DATA_TYPES: readonly DataType[] = Object.freeze(Object.keys(DTYPES) as DataType[]);

export function isDataType(name: unknown): name is DataType {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(DTYPES, name);
}

/**
 * Whether a typed array of this kind (a class name such as 'Float32Array')
 * holds `type`'s data: its storage class, a Float16Array for float16, or a
 * Uint8ClampedArray (canvas pixels) for uint8.
 */
export function holdsType(kind: string | undefined, type: DataType): kind is string {
  return kind === DTYPES[type].storage || (type === 'float16' && kind === 'Float16Array')
    || (type === 'uint8' && kind === 'Uint8ClampedArray');
}

// init({ float16Array: true }): float16 results as the runtime's Float16Array.
type Float16Constructor = new (...args: [number] | [ArrayBufferLike, number, number]) => ArrayBufferView;
let float16Class: Float16Constructor | undefined;

/** The runtime's Float16Array class, or undefined where it has none (Node 20 and 22). */
export function runtimeFloat16Array(): Float16Constructor | undefined {
  return engineFloat16Array();  // the engine's own class only, never a polyfill
}

/** Makes float16 results Float16Arrays (a class the runtime has) or, with undefined, Uint16Arrays of bit patterns again. */
export function setFloat16Results(Float16: Float16Constructor | undefined): void {
  float16Class = Float16;
}

/**
 * float16 storage the library made (bit patterns in a Uint16Array), as the
 * caller asked for results: the same bits as a Float16Array view of the same
 * memory (no copy) under `init({ float16Array: true })`, else unchanged.
 */
export function float16Result<D>(type: DataType, data: D): D {
  if (float16Class === undefined || type !== 'float16') return data;
  const kind = typedArrayKind(data);
  if (kind !== 'Uint16Array') return data;  // already a Float16Array
  const { buffer, byteOffset, length } = typedArrayFacts(data as object, kind);
  return new float16Class(buffer, byteOffset, length) as unknown as D;
}

/**
 * `data` (an array holding `type`'s data: `holdsType`) as its storage class
 * over the same bytes, the one class every writer writes through: a
 * Float16Array's bits as a Uint16Array (a Float16Array result receives
 * codes, never codes as values), a Uint8ClampedArray as a Uint8Array (which
 * wraps as Cast to uint8 does, never clamps). The array itself when it is of
 * that class already, the common case.
 */
export function storageView<D>(type: Exclude<DataType, 'string'>, data: D): D {
  const kind = typedArrayKind(data);
  if (kind === DTYPES[type].storage || kind === undefined) return data;
  const { buffer, byteOffset, length } = typedArrayFacts(data as object, kind);
  if (kind === 'Float16Array') return new Uint16Array(buffer, byteOffset, length) as unknown as D;
  if (kind === 'Uint8ClampedArray') return new Uint8Array(buffer, byteOffset, length) as unknown as D;
  return data;
}

/** Element sizes below a byte are packed: two 4-bit or four 2-bit elements per byte. */
export function isPacked(type: DataType): boolean {
  return DTYPES[type].bits > 0 && DTYPES[type].bits < 8;
}

/** Bytes one element takes in memory; packed types are counted per byte, strings have none. */
export function elementBytes(type: DataType): number {
  return DTYPES[type].bits / 8;
}

/**
 * Bytes an element takes when an op moves it: its storage bytes (a packed
 * element's fraction of a byte), and for a string the uint32 index every
 * move of strings moves in its place (the strings follow their indices).
 */
export function moveBytes(type: DataType): number {
  return type === 'string' ? 4 : elementBytes(type);
}

/** How many slots of its storage array `size` elements take. */
export function storageLength(type: DataType, size: number): number {
  const { bits, slots } = DTYPES[type];
  return bits > 0 && bits < 8 ? Math.ceil((size * bits) / 8) : size * slots;
}

/** Bytes of storage `size` elements of a typed (non-string) type take. */
export function storageBytes(type: Exclude<DataType, 'string'>, size: number): number {
  return storageLength(type, size) * storageConstructor(type).BYTES_PER_ELEMENT;
}

const STORAGE_CONSTRUCTORS = {
  Float32Array, Float64Array, Int8Array, Uint8Array, Int16Array, Uint16Array,
  Int32Array, Uint32Array, BigInt64Array, BigUint64Array,
} as const;

type TypedStorage = Exclude<keyof StorageClasses, 'Array'>;

/** The typed array constructor that stores `type` (not for strings). */
export function storageConstructor(type: Exclude<DataType, 'string'>) {
  return STORAGE_CONSTRUCTORS[DTYPES[type].storage as TypedStorage];
}

// One allocator per storage class: each `new` site sees one class, which V8
// allocates inline; a `new` through a constructor looked up at run time cost
// a small op a quarter of its time (0.3 us of a 1.3 us 4x4 Tile).
const ALLOCATORS: Record<TypedStorage, (length: number) => ArrayBufferView> = {
  Float32Array: (n) => new Float32Array(n), Float64Array: (n) => new Float64Array(n),
  Int8Array: (n) => new Int8Array(n), Uint8Array: (n) => new Uint8Array(n),
  Int16Array: (n) => new Int16Array(n), Uint16Array: (n) => new Uint16Array(n),
  Int32Array: (n) => new Int32Array(n), Uint32Array: (n) => new Uint32Array(n),
  BigInt64Array: (n) => new BigInt64Array(n), BigUint64Array: (n) => new BigUint64Array(n),
};

/** A fresh, zeroed storage array for `size` elements of `type`. */
export function allocateData<T extends DataType>(type: T, size: number): DataOf<T> {
  const length = storageLength(type, size);
  if (type === 'string') return new Array<string>(length).fill('') as DataOf<T>;
  if (type === 'float16' && float16Class !== undefined) return new float16Class(length) as DataOf<T>;
  return ALLOCATORS[DTYPES[type].storage as TypedStorage](length) as DataOf<T>;
}
