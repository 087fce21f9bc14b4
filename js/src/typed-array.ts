// What a typed array really is, asked of the engine: the intrinsic
// %TypedArray%.prototype getters, which a subclass cannot override, a Proxy
// cannot fake, and which work on arrays from any realm (an iframe, a vm
// context). Never `instanceof`, `Symbol.toStringTag` or `x.length`.

type Getter<R> = (this: unknown) => R;
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;
const intrinsic = <R>(key: PropertyKey) => Object.getOwnPropertyDescriptor(TypedArrayPrototype, key)!.get as Getter<R>;

const tagGetter = intrinsic<string | undefined>(Symbol.toStringTag);
const lengthGetter = intrinsic<number>('length');
const byteOffsetGetter = intrinsic<number>('byteOffset');
const byteLengthGetter = intrinsic<number>('byteLength');
const bufferGetter = intrinsic<ArrayBufferLike>('buffer');

/** The class name of a real typed array ('Float32Array', ...), or undefined for anything else. */
export function typedArrayKind(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? tagGetter.call(value) : undefined;
}

/** A typed array's facts, read once. Call only on a value typedArrayKind() named. */
export interface TypedArrayFacts {
  readonly kind: string;
  readonly length: number;
  readonly byteOffset: number;
  readonly byteLength: number;
  readonly buffer: ArrayBufferLike;
}

export function typedArrayFacts(value: object, kind: string): TypedArrayFacts {
  return {
    kind,
    length: lengthGetter.call(value),
    byteOffset: byteOffsetGetter.call(value),
    byteLength: byteLengthGetter.call(value),
    buffer: bufferGetter.call(value),
  };
}

/** The buffer of a real typed array. Call only on a value typedArrayKind() named. */
export function bufferOf(value: object): ArrayBufferLike {
  return bufferGetter.call(value);
}

/** The byte offset of a real typed array. Call only on a value typedArrayKind() named. */
export function byteOffsetOf(value: object): number {
  return byteOffsetGetter.call(value);
}

/**
 * The first `bytes` bytes of a typed array as a Uint8Array view (no copy),
 * or undefined when it covers fewer now (a resizable buffer that shrank, a
 * detached one).
 */
export function leadingBytes(value: ArrayBufferView, bytes: number): Uint8Array | undefined {
  return leadingWords(value, bytes, 1) as Uint8Array | undefined;
}

/** A typed array's byte length now (0 once its buffer is detached). Call only on a value typedArrayKind() named. */
export function byteLengthOf(value: object): number {
  return byteLengthGetter.call(value);
}

type Float16Class = new (...args: [number] | [ArrayBufferLike, number, number]) => ArrayBufferView;

/**
 * The global Float16Array when it is the engine's own typed array class
 * (%TypedArray% is its prototype's prototype, as for Uint8Array), else
 * undefined: a polyfill (@petamoriken/float16 as the global, on Node 20) is
 * not a typed array the intrinsic getters take.
 */
export function engineFloat16Array(): Float16Class | undefined {
  const found = (globalThis as { Float16Array?: unknown }).Float16Array;
  if (typeof found !== 'function') return undefined;
  try {
    const prototype: unknown = (found as { prototype?: unknown }).prototype;
    if (typeof prototype !== 'object' || prototype === null || Object.getPrototypeOf(prototype) !== TypedArrayPrototype) return undefined;
    return bytesPerElementOf(found) === 2 ? found as Float16Class : undefined;
  } catch {
    return undefined;  // a getter or Proxy that throws: not the engine's
  }
}

function bytesPerElementOf(c: unknown): unknown {
  return Object.getOwnPropertyDescriptor(c, 'BYTES_PER_ELEMENT')?.value;
}

/** Whether the global Float16Array is present but not the engine's own (a polyfill). */
export function hasForeignFloat16Array(): boolean {
  return typeof (globalThis as { Float16Array?: unknown }).Float16Array === 'function' && engineFloat16Array() === undefined;
}

const Float16 = engineFloat16Array();

/**
 * A view of `length` elements of the class `kind` names ('Float32Array', ...)
 * on `buffer`, or undefined when that class is not at hand (a Float16Array
 * whose global was deleted): a copy between two arrays of one class moves bits, never
 * values (a float NaN keeps its payload). One constructor per call site: V8
 * makes a view whose class is chosen at run time through a slow call.
 */
export function viewOfKind(kind: string, buffer: ArrayBufferLike, offset: number, length: number): ArrayBufferView | undefined {
  switch (kind) {
    case 'Float32Array': return new Float32Array(buffer, offset, length);
    case 'Float64Array': return new Float64Array(buffer, offset, length);
    case 'Uint8Array': return new Uint8Array(buffer, offset, length);
    case 'Uint8ClampedArray': return new Uint8ClampedArray(buffer, offset, length);
    case 'Int8Array': return new Int8Array(buffer, offset, length);
    case 'Uint16Array': return new Uint16Array(buffer, offset, length);
    case 'Int16Array': return new Int16Array(buffer, offset, length);
    case 'Uint32Array': return new Uint32Array(buffer, offset, length);
    case 'Int32Array': return new Int32Array(buffer, offset, length);
    case 'BigInt64Array': return new BigInt64Array(buffer, offset, length);
    case 'BigUint64Array': return new BigUint64Array(buffer, offset, length);
    case 'Float16Array': return Float16 === undefined ? undefined : new Float16(buffer, offset, length);
  }
  return undefined;  // a class this realm's globals no longer name: the caller copies bytes
}

/** Bytes per element of the typed array class `kind` names. */
export function bytesPerElement(kind: string): number {
  switch (kind) {
    case 'Float64Array': case 'BigInt64Array': case 'BigUint64Array': return 8;
    case 'Float32Array': case 'Uint32Array': case 'Int32Array': return 4;
    case 'Uint16Array': case 'Int16Array': case 'Float16Array': return 2;
    default: return 1;
  }
}

/** Whether a typed array covers at least `bytes` bytes now (a resizable buffer may have shrunk, a detached one covers none). */
export function coversBytes(value: ArrayBufferView, bytes: number): boolean {
  return byteLengthGetter.call(value) >= bytes;
}

/** Unsigned views of 1, 2 or 4-byte words. */
export type WordArray = Uint8Array | Uint16Array | Uint32Array;

/** Typed arrays whose elements are JS numbers: what a plain copy loop moves. */
export type NumberArray = WordArray | Uint8ClampedArray | Int8Array | Int16Array | Int32Array | Float32Array | Float64Array;

/**
 * The first `bytes` bytes of a typed array as a view of `word`-byte words (1,
 * 2 or 4, dividing its byte offset and `bytes`; no copy), or undefined when
 * it covers fewer now (a resizable buffer that shrank, a detached one).
 */
export function leadingWords(value: ArrayBufferView, bytes: number, word: 1 | 2 | 4): WordArray | undefined {
  if (!coversBytes(value, bytes)) return undefined;
  if (bytes === 0) return new Uint8Array(0);  // a detached buffer takes no view, not even an empty one
  const buffer = bufferGetter.call(value);
  const byteOffset = byteOffsetGetter.call(value);
  // One constructor per call site: V8 makes a view chosen at run time through a slow call.
  if (word === 4) return new Uint32Array(buffer, byteOffset, bytes / 4);
  if (word === 2) return new Uint16Array(buffer, byteOffset, bytes / 2);
  return new Uint8Array(buffer, byteOffset, bytes);
}

/** The bytes a typed array covers right now, as a fresh Uint8Array view (no copy); empty once its buffer is detached. */
export function bytesNow(value: ArrayBufferView): Uint8Array {
  const byteLength = byteLengthGetter.call(value);  // 0 once detached
  if (byteLength === 0) return new Uint8Array(0);
  return new Uint8Array(bufferGetter.call(value), byteOffsetGetter.call(value), byteLength);
}

const byteLengthOfBuffer = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')!.get as Getter<number>;
const detachedGetter = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detached')?.get as Getter<boolean> | undefined;
const SharedPrototype = typeof SharedArrayBuffer === 'function' ? SharedArrayBuffer.prototype : undefined;

/**
 * Whether the buffer is a SharedArrayBuffer, of any realm, whatever its
 * prototype says: ArrayBuffer's own byteLength getter refuses one. Checked
 * without a throw in the common cases (a throw costs tens of microseconds).
 */
export function isSharedBuffer(buffer: ArrayBufferLike): boolean {
  if (SharedPrototype !== undefined && Object.getPrototypeOf(buffer) === SharedPrototype) return true;
  try {
    byteLengthOfBuffer.call(buffer);
    return false;
  } catch {
    return true;
  }
}

/** Whether an ArrayBuffer has been detached (transferred): views of it are then empty. */
export function isDetached(buffer: ArrayBufferLike): boolean {
  if (isSharedBuffer(buffer)) return false;
  if (detachedGetter) return detachedGetter.call(buffer);
  return byteLengthOfBuffer.call(buffer) === 0;
}
