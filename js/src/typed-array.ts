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

/**
 * The first `bytes` bytes of a typed array as a Uint8Array view (no copy),
 * or undefined when it covers fewer now (a resizable buffer that shrank, a
 * detached one).
 */
export function leadingBytes(value: ArrayBufferView, bytes: number): Uint8Array | undefined {
  return leadingWords(value, bytes, 1) as Uint8Array | undefined;
}

/** Unsigned views of 1, 2 or 4-byte words. */
export type WordArray = Uint8Array | Uint16Array | Uint32Array;

/**
 * The first `bytes` bytes of a typed array as a view of `word`-byte words (1,
 * 2 or 4, dividing its byte offset and `bytes`; no copy), or undefined when
 * it covers fewer now (a resizable buffer that shrank, a detached one).
 */
export function leadingWords(value: ArrayBufferView, bytes: number, word: 1 | 2 | 4): WordArray | undefined {
  if (byteLengthGetter.call(value) < bytes) return undefined;
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
