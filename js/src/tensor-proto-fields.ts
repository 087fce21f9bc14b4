// The TensorProto fields that fromTensorProto (tensor-proto.ts) reads and
// toTensorProto (tensor-proto-write.ts) writes, and the rules both share.
// Field numbers and storage rules are onnx.proto's (IR version 11+).
import { DTYPES, type DataType } from './dtype.js';
import type { OpContext } from './errors.js';
import { readOptions } from './options.js';

// ---------------------------------------------------------------------------
// The TensorProto fields read or written here

export const F = {
  dims: 1, data_type: 2, segment: 3, float_data: 4, int32_data: 5, string_data: 6, int64_data: 7,
  name: 8, raw_data: 9, double_data: 10, uint64_data: 11, doc_string: 12, external_data: 13, data_location: 14,
} as const;

export type TypedField = 'float_data' | 'int32_data' | 'string_data' | 'int64_data' | 'double_data' | 'uint64_data';

export const FIELD_NAMES = /* @__PURE__ */ (() => Object.fromEntries(Object.entries(F).map(([name, n]) => [n, name])))() as Record<number, string>;

/** ONNX data_type number -> the library's type name, from the one data type table. */
export const BY_ONNX = /* @__PURE__ */ new Map<number, DataType>(
  (Object.keys(DTYPES) as DataType[]).map((type) => [DTYPES[type].onnx, type]),
);

/**
 * The typed field that holds a type when raw_data does not (onnx.proto's
 * comments): it follows from the type's storage class. complex64 shares
 * float_data and complex128 double_data as interleaved pairs; uint32 shares
 * uint64_data; every type of 16 bits or fewer (bit patterns for float16,
 * bfloat16, the float8 and packed types) goes in int32_data.
 */
export function typedFieldOf(type: DataType): TypedField {
  switch (DTYPES[type].storage) {
    case 'Float32Array': return 'float_data';
    case 'Float64Array': return 'double_data';
    case 'BigInt64Array': return 'int64_data';
    case 'BigUint64Array': case 'Uint32Array': return 'uint64_data';
    case 'Array': return 'string_data';
    default: return 'int32_data';
  }
}

/** The range an int32_data value must lie in for each type it holds: its storage element's range. */
export function int32Range(type: DataType): [number, number] {
  if (type === 'bool') return [0, 1];
  switch (DTYPES[type].storage) {
    case 'Int8Array': return [-128, 127];
    case 'Uint8Array': return [0, 255];  // uint8, float8 bit patterns, and packed bytes of 4-bit and 2-bit types
    case 'Int16Array': return [-32768, 32767];
    case 'Uint16Array': return [0, 65535];
    default: return [-(2 ** 31), 2 ** 31 - 1];
  }
}

export const dimsText = (dims: readonly number[]) => `[${dims.join(', ')}]`;

/** The one option `key` of an options object, own and read once (js/src/options.ts); any other key is refused. */
export function optionValue(context: OpContext, options: unknown, key: string): unknown {
  return readOptions(context, 'options', options, [key])[key];
}

/**
 * Concatenates byte chunks into one fresh buffer, aligned for any typed array.
 * (Not `slice()`: on a Node Buffer, the usual input, it makes a view.)
 */
export function concat(chunks: readonly Uint8Array[], total: number): ArrayBuffer {
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out.buffer;
}

/** Zeroes the bits of a packed type's last byte that no element uses, as the packed storage layout requires (docs/data-types.md). */
export function clearPadding(type: DataType, size: number, data: Uint8Array): void {
  const perByte = 8 / DTYPES[type].bits;
  const used = size % perByte;
  if (used !== 0) data[data.length - 1] &= (1 << (used * DTYPES[type].bits)) - 1;
}
