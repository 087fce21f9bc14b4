// ONNX TensorProto <-> Tensor: the format of ONNX initializers, of Constant
// and ConstantOfShape attributes, and of the official test vectors' .pb files.
// Field numbers and storage rules are onnx.proto's (IR version 11+).
import { checkRank, checkedSize } from './shape.js';
import { DTYPES, type DataType, type TensorData, float16Result, isPacked, storageConstructor, storageLength } from './dtype.js';
import { type OpContext, describe, specError } from './errors.js';
import { bytesNow, typedArrayKind } from './typed-array.js';
import { FIXED32, FIXED64, type FieldKey, LENGTH_DELIMITED, VARINT, WireReader, WireWriter, varintSize, wireTypeName } from './protobuf.js';
import { readOptions } from './options.js';
import { asPlainTensor } from './resident.js';
import { Tensor, type TensorLike } from './tensor.js';

const READING: OpContext = { op: 'fromTensorProto' };
const WRITING: OpContext = { op: 'toTensorProto' };

// ---------------------------------------------------------------------------
// The TensorProto fields read or written here

const F = {
  dims: 1, data_type: 2, segment: 3, float_data: 4, int32_data: 5, string_data: 6, int64_data: 7,
  name: 8, raw_data: 9, double_data: 10, uint64_data: 11, doc_string: 12, external_data: 13, data_location: 14,
} as const;

type TypedField = 'float_data' | 'int32_data' | 'string_data' | 'int64_data' | 'double_data' | 'uint64_data';

const FIELD_NAMES = Object.fromEntries(Object.entries(F).map(([name, n]) => [n, name])) as Record<number, string>;

/** ONNX data_type number -> the library's type name, from the one data type table. */
const BY_ONNX = new Map<number, DataType>(
  (Object.keys(DTYPES) as DataType[]).map((type) => [DTYPES[type].onnx, type]),
);

/**
 * The typed field that holds a type when raw_data does not (onnx.proto's
 * comments): it follows from the type's storage class. complex64 shares
 * float_data and complex128 double_data as interleaved pairs; uint32 shares
 * uint64_data; every type of 16 bits or fewer (bit patterns for float16,
 * bfloat16, the float8 and packed types) goes in int32_data.
 */
function typedFieldOf(type: DataType): TypedField {
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
function int32Range(type: DataType): [number, number] {
  if (type === 'bool') return [0, 1];
  switch (DTYPES[type].storage) {
    case 'Int8Array': return [-128, 127];
    case 'Uint8Array': return [0, 255];  // uint8, float8 bit patterns, and packed bytes of 4-bit and 2-bit types
    case 'Int16Array': return [-32768, 32767];
    case 'Uint16Array': return [0, 65535];
    default: return [-(2 ** 31), 2 ** 31 - 1];
  }
}

const dimsText = (dims: readonly number[]) => `[${dims.join(', ')}]`;

// ---------------------------------------------------------------------------
// Reading

/** What one pass over a TensorProto's fields collected. */
interface Fields {
  dims: number[];
  dataType: number | undefined;
  raw: Uint8Array | undefined;
  /** float_data and double_data: their little-endian bytes, chunk by chunk as the fields came. */
  float: Uint8Array[];
  double: Uint8Array[];
  int32: number[];
  int64: bigint[];
  uint64: bigint[];
  strings: Uint8Array[];
  /** external_data entries were present, and the location one's value. */
  externalData: boolean;
  externalLocation: string | undefined;
  /** DEFAULT 0, EXTERNAL 1. */
  dataLocation: number;
  /** The tensor's name, when the bytes have one (an empty one too). */
  name: string | undefined;
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Checks a known field's wire type; `packable` fields may also come packed (length-delimited). */
function expectWire(reader: WireReader, key: FieldKey, wireType: number, packable = false): void {
  if (key.wireType === wireType || (packable && key.wireType === LENGTH_DELIMITED)) return;
  throw reader.malformed(key.at, `field ${key.field} (${FIELD_NAMES[key.field]}) has wire type ${key.wireType} (${wireTypeName(key.wireType)}), expected ${wireTypeName(wireType)}`);
}

/** Reads a repeated varint field, packed or not, with `read` per value. */
function repeatedVarint<T>(reader: WireReader, key: FieldKey, into: T[], read: (r: WireReader) => T): void {
  expectWire(reader, key, VARINT, true);
  if (key.wireType === VARINT) {
    into.push(read(reader));
    return;
  }
  const packed = reader.sub(reader.lengthDelimited());
  while (!packed.done) into.push(read(packed));
}

/** Reads a repeated fixed-width field, packed or not, as its raw bytes. */
function repeatedFixed(reader: WireReader, key: FieldKey, width: 4 | 8, into: Uint8Array[]): void {
  expectWire(reader, key, width === 4 ? FIXED32 : FIXED64, true);
  if (key.wireType !== LENGTH_DELIMITED) {
    into.push(reader.take(width));
    return;
  }
  const payload = reader.lengthDelimited();
  if (payload.length % width !== 0) {
    throw reader.malformed(key.at, `packed ${FIELD_NAMES[key.field]} holds ${payload.length} bytes, not a multiple of ${width}`);
  }
  into.push(payload);
}

function readFields(bytes: Uint8Array): Fields {
  const fields: Fields = {
    dims: [], dataType: undefined, raw: undefined, float: [], double: [], int32: [], int64: [], uint64: [],
    strings: [], externalData: false, externalLocation: undefined, dataLocation: 0, name: undefined,
  };
  const reader = new WireReader(bytes, READING);
  while (!reader.done) {
    const key = reader.key();
    switch (key.field) {
      case F.dims:
        repeatedVarint(reader, key, fields.dims, (r) => {
          const dim = r.int64();
          if (dim < 0n || dim > BigInt(Number.MAX_SAFE_INTEGER)) {
            throw specError(READING, 'bytes', `dims[${fields.dims.length}] must be a non-negative safe integer (got ${dim})`);
          }
          return Number(dim);
        });
        break;
      case F.data_type:
        expectWire(reader, key, VARINT);
        fields.dataType = reader.int32();
        break;
      case F.float_data: repeatedFixed(reader, key, 4, fields.float); break;
      case F.double_data: repeatedFixed(reader, key, 8, fields.double); break;
      case F.int32_data: repeatedVarint(reader, key, fields.int32, (r) => r.int32()); break;
      case F.int64_data: repeatedVarint(reader, key, fields.int64, (r) => r.int64()); break;
      case F.uint64_data: repeatedVarint(reader, key, fields.uint64, (r) => r.uint64()); break;
      case F.string_data:
        expectWire(reader, key, LENGTH_DELIMITED);
        fields.strings.push(reader.lengthDelimited());
        break;
      case F.raw_data:
        expectWire(reader, key, LENGTH_DELIMITED);
        fields.raw = reader.lengthDelimited();  // a later occurrence replaces an earlier one, as in protobuf
        break;
      case F.external_data: {
        expectWire(reader, key, LENGTH_DELIMITED);
        const entry = reader.lengthDelimited();
        fields.externalData = true;
        fields.externalLocation ??= externalLocation(reader, entry);
        break;
      }
      case F.data_location:
        expectWire(reader, key, VARINT);
        fields.dataLocation = reader.int32();
        break;
      case F.name:
        expectWire(reader, key, LENGTH_DELIMITED);
        fields.name = utf8Text(reader.lengthDelimited(), 'name');
        break;
      case F.doc_string: case F.segment:
        // Read past: a segment's bounds change nothing here.
        expectWire(reader, key, LENGTH_DELIMITED);
        reader.lengthDelimited();
        break;
      default:
        reader.skip(key);  // fields newer than this reader (metadata_props, ...)
    }
  }
  return fields;
}

/** The "location" of an external_data entry (StringStringEntryProto key=1, value=2), for the error. */
function externalLocation(parent: WireReader, entry: Uint8Array): string | undefined {
  const reader = parent.sub(entry);
  let key: string | undefined;
  let value: string | undefined;
  while (!reader.done) {
    const k = reader.key();
    if ((k.field === 1 || k.field === 2) && k.wireType === LENGTH_DELIMITED) {
      const text = new TextDecoder().decode(reader.lengthDelimited());
      if (k.field === 1) key = text;
      else value = text;
    } else {
      reader.skip(k);
    }
  }
  return key === 'location' ? value : undefined;
}

/**
 * Concatenates byte chunks into one fresh buffer, aligned for any typed array.
 * (Not `slice()`: on a Node Buffer, the usual input, it makes a view.)
 */
function concat(chunks: readonly Uint8Array[], total: number): ArrayBuffer {
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out.buffer;
}

/** Zeroes the bits of a packed type's last byte that no element uses, as the packed storage layout requires (docs/data-types.md). */
function clearPadding(type: DataType, size: number, data: Uint8Array): void {
  const perByte = 8 / DTYPES[type].bits;
  const used = size % perByte;
  if (used !== 0) data[data.length - 1] &= (1 << (used * DTYPES[type].bits)) - 1;
}

/**
 * Reads an ONNX TensorProto (the bytes of a `.pb` file, or of an initializer
 * or attribute tensor) into a Tensor. The data may be in `raw_data`
 * (little-endian, in the type's storage layout; 4-bit and 2-bit types packed
 * as the data type table says) or in the typed field onnx.proto assigns to
 * the type: `float_data` (float32, complex64 as re/im pairs), `int32_data`
 * (the 8- and 16-bit types, bool, the bit patterns of float16, bfloat16 and
 * the float8 types, and one packed byte per value for the 4-bit and 2-bit
 * types), `int64_data`, `double_data` (float64, complex128),
 * `uint64_data` (uint32, uint64) or `string_data` (UTF-8). `doc_string`
 * and `segment` are ignored, as are fields newer than this reader.
 * With `{ withName: true }` the result is `{ tensor, name }`: the
 * TensorProto's `name` (undefined when it has none), which
 * `toTensorProto(tensor, { name })` writes back, byte for byte.
 * Unused bits of a packed type's last byte come back 0.
 *
 * Throws a SpecError (op `fromTensorProto`) for malformed or truncated bytes,
 * an unknown or missing data_type, data that does not fit the dims, values out
 * of their type's range, invalid UTF-8, and data stored externally (this
 * library reads no files: load the data and put it in raw_data).
 *
 * @example tw.fromTensorProto(readFileSync('test_data_set_0/input_0.pb')) // Tensor float32 [3, 4, 5]
 * @example const { tensor, name } = tw.fromTensorProto(bytes, { withName: true }); // name 'x'
 */
export function fromTensorProto(bytes: Uint8Array, options?: { withName?: false }): Tensor;
export function fromTensorProto(bytes: Uint8Array, options: { withName: true }): NamedTensor;
export function fromTensorProto(bytes: Uint8Array, options?: { withName?: boolean }): Tensor | NamedTensor;
export function fromTensorProto(bytes: Uint8Array, options?: { withName?: boolean }): Tensor | NamedTensor {
  const withName = optionValue(READING, options, 'withName');
  if (withName !== undefined && typeof withName !== 'boolean') {
    throw specError(READING, 'withName', `options.withName must be a boolean (got ${describe(withName)})`);
  }
  if (typedArrayKind(bytes) !== 'Uint8Array') {
    throw specError(READING, 'bytes', `bytes must be a Uint8Array (got ${describe(bytes)})`);
  }
  const fields = readFields(bytesNow(bytes));
  const tensor = tensorOfFields(fields);
  return withName === true ? { tensor, name: fields.name } : tensor;
}

/** A TensorProto read with its name: `fromTensorProto(bytes, { withName: true })`. */
export interface NamedTensor {
  /** The tensor. */
  readonly tensor: Tensor;
  /** The TensorProto's `name`; undefined when it has none. */
  readonly name: string | undefined;
}

/** An option, read once as an own property; undefined when absent. */
/** The one option `key` of an options object, own and read once (js/src/options.ts); any other key is refused. */
function optionValue(context: OpContext, options: unknown, key: string): unknown {
  return readOptions(context, 'options', options, [key])[key];
}

function utf8Text(bytes: Uint8Array, field: string): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw specError(READING, 'bytes', `${field} is not valid UTF-8`);
  }
}

function tensorOfFields(fields: Fields): Tensor {
  if (fields.dataType === undefined) throw specError(READING, 'bytes', 'the TensorProto has no data_type');
  const type = BY_ONNX.get(fields.dataType);
  if (type === undefined) {
    const known = [...BY_ONNX.keys()];
    throw specError(READING, 'bytes', `unknown data_type ${fields.dataType} (known: ${Math.min(...known)} to ${Math.max(...known)}; 0 is UNDEFINED)`);
  }
  // external_data without data_location EXTERNAL contradicts itself; either way the bytes are elsewhere.
  if (fields.externalData || fields.dataLocation === 1) {
    const where = fields.externalLocation === undefined ? '' : ` (location ${describe(fields.externalLocation)})`;
    throw specError(READING, 'bytes', `the ${type} tensor's data is stored externally${where}; tessera-wasm reads no files: load the data and pass it in raw_data`);
  }
  const { dims } = fields;
  // The Tensor constructor's rules (shape.ts), checked here so the error is this function's.
  checkRank(READING, 'bytes', 'dims', dims.length);
  const size = checkedSize(READING, 'bytes', '', dims);

  const present: TypedField[] = [];
  if (fields.float.length) present.push('float_data');
  if (fields.double.length) present.push('double_data');
  if (fields.int32.length) present.push('int32_data');
  if (fields.int64.length) present.push('int64_data');
  if (fields.uint64.length) present.push('uint64_data');
  if (fields.strings.length) present.push('string_data');
  const own = typedFieldOf(type);
  if (fields.raw !== undefined && present.length > 0) {
    throw specError(READING, 'bytes', `the ${type} tensor holds data in both raw_data and ${present.join(', ')}; one source only`);
  }
  if (present.length > 1) throw specError(READING, 'bytes', `the ${type} tensor holds data in ${present.join(' and ')}; one field only`);
  if (present.length === 1 && present[0] !== own) {
    throw specError(READING, 'bytes', `${present[0]} cannot hold ${type} data (${type} goes in ${own}${type === 'string' ? '' : ' or raw_data'})`);
  }

  let data: TensorData;
  if (type === 'string') {
    if (fields.raw !== undefined) throw specError(READING, 'bytes', 'string tensors keep their data in string_data, not raw_data');
    data = readStrings(fields.strings, size, dims);
  } else if (fields.raw !== undefined) {
    data = readRaw(type, fields.raw, size, dims);
  } else {
    data = readTyped(type, own, fields, size, dims);
  }
  return new Tensor(type, float16Result(type, data) as never, dims);
}

function readStrings(strings: readonly Uint8Array[], size: number, dims: readonly number[]): string[] {
  if (strings.length !== size) {
    throw specError(READING, 'bytes', `string_data holds ${strings.length} strings, dims ${dimsText(dims)} need ${size}`);
  }
  return strings.map((utf8, i) => {
    try {
      return decoder.decode(utf8);
    } catch {
      throw specError(READING, 'bytes', `string_data[${i}] is not valid UTF-8`);
    }
  });
}

function readRaw(type: Exclude<DataType, 'string'>, raw: Uint8Array, size: number, dims: readonly number[]): TensorData {
  const Storage = storageConstructor(type);
  const length = storageLength(type, size);
  const expected = length * Storage.BYTES_PER_ELEMENT;
  if (raw.length !== expected) {
    throw specError(READING, 'bytes', `raw_data holds ${raw.length} bytes, dims ${dimsText(dims)} of ${type} need ${expected}`);
  }
  // A copy: raw_data sits at any offset of the input, and a typed array needs
  // its element alignment. Hosts are little-endian, as raw_data is.
  const data = new Storage(concat([raw], raw.length));
  if (type === 'bool') checkBool(data as Uint8Array);
  if (isPacked(type)) clearPadding(type, size, data as Uint8Array);
  return data;
}

function checkBool(data: Uint8Array): void {
  for (let i = 0; i < data.length; i++) {
    if (data[i] > 1) throw specError(READING, 'bytes', `bool data must be 0 or 1 (got ${data[i]} at element ${i})`);
  }
}

function readTyped(type: Exclude<DataType, 'string'>, field: TypedField, fields: Fields, size: number, dims: readonly number[]): TensorData {
  const Storage = storageConstructor(type);
  const length = storageLength(type, size);
  const need = (count: number, unit = 'values') => {
    if (count !== length) {
      const what = isPacked(type) ? ` (packed ${8 / DTYPES[type].bits} to a value)` : DTYPES[type].slots === 2 ? ' (re, im pairs)' : '';
      throw specError(READING, 'bytes', `${field} holds ${count} ${unit}, dims ${dimsText(dims)} of ${type} need ${length}${what}`);
    }
  };
  switch (field) {
    case 'float_data':
    case 'double_data': {
      const chunks = field === 'float_data' ? fields.float : fields.double;
      const bytes = chunks.reduce((n, c) => n + c.length, 0);
      need(bytes / Storage.BYTES_PER_ELEMENT);
      return new Storage(concat(chunks, bytes));
    }
    case 'int64_data':
      need(fields.int64.length);
      return BigInt64Array.from(fields.int64);
    case 'uint64_data': {
      need(fields.uint64.length);
      if (type === 'uint64') return BigUint64Array.from(fields.uint64);
      const data = new Uint32Array(length);
      fields.uint64.forEach((v, i) => {
        if (v > 0xffffffffn) throw specError(READING, 'bytes', `uint64_data[${i}] = ${v} is out of range for uint32`);
        data[i] = Number(v);
      });
      return data;
    }
    default: {  // int32_data
      need(fields.int32.length);
      const [min, max] = int32Range(type);
      const data = new Storage(length) as Int32Array;
      fields.int32.forEach((v, i) => {
        if (v < min || v > max) {
          throw specError(READING, 'bytes', `int32_data[${i}] = ${v} is out of range for ${type}${isPacked(type) ? ' (one packed byte per value)' : ''} (${min} to ${max})`);
        }
        data[i] = v;
      });
      if (isPacked(type)) clearPadding(type, size, data as unknown as Uint8Array);
      return data;
    }
  }
}

// ---------------------------------------------------------------------------
// Writing

/** Strings hold UTF-16; a lone surrogate has no UTF-8 form and would not round-trip. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Writes a Tensor as an ONNX TensorProto: `dims`, `data_type`, and the data
 * in `raw_data` (little-endian, in the library's storage layout, so 4-bit and
 * 2-bit types packed as ONNX packs them) for every numeric type, or in
 * `string_data` (UTF-8) for strings. The unused bits of a packed type's last
 * byte are written 0. `fromTensorProto(toTensorProto(t))` gives back t's
 * type, dims and data bit for bit. `options.name` writes the TensorProto's
 * `name` (an initializer's or a test vector's input name).
 *
 * Throws a SpecError (op `toTensorProto`) for a malformed tensor or a string
 * that is not well-formed UTF-16 (a lone surrogate).
 *
 * @example writeFileSync('input_0.pb', tw.toTensorProto(x, { name: 'x' }))
 */
export function toTensorProto(t: TensorLike, options?: { name?: string }): Uint8Array {
  const name = protoName(optionValue(WRITING, options, 'name'));
  const x = asPlainTensor(t, WRITING, 't');
  const { type, dims } = x;
  let capacity = 16;
  for (const d of dims) capacity += 1 + varintSize(d);
  if (name !== undefined) capacity += 1 + varintSize(name.length) + name.length;

  if (type === 'string') {
    const encoder = new TextEncoder();
    const strings = (x.data as string[]).map((s, i) => {
      if (LONE_SURROGATE.test(s)) {
        throw specError(WRITING, 't', `string data[${i}] is not well-formed UTF-16 (a lone surrogate), which UTF-8 cannot hold`);
      }
      return encoder.encode(s);
    });
    for (const s of strings) capacity += 1 + varintSize(s.length) + s.length;
    const writer = header(capacity, dims, type);
    for (const s of strings) writer.bytesField(F.string_data, s);
    if (name !== undefined) writer.bytesField(F.name, name);  // fields in number order, as protobuf writes them
    return writer.finish();
  }

  let raw = bytesNow(x.data as ArrayBufferView);
  if (isPacked(type) && x.size % (8 / DTYPES[type].bits) !== 0) {
    raw = new Uint8Array(concat([raw], raw.length));
    clearPadding(type, x.size, raw);
  }
  capacity += 1 + varintSize(raw.length) + raw.length;
  const writer = header(capacity, dims, type);
  if (name !== undefined) writer.bytesField(F.name, name);
  return writer.bytesField(F.raw_data, raw).finish();
}

/** options.name as UTF-8 bytes, or undefined when there is none. */
function protoName(name: unknown): Uint8Array | undefined {
  if (name === undefined) return undefined;
  if (typeof name !== 'string') throw specError(WRITING, 'name', `options.name must be a string (got ${describe(name)})`);
  if (LONE_SURROGATE.test(name)) throw specError(WRITING, 'name', 'options.name is not well-formed UTF-16 (a lone surrogate), which UTF-8 cannot hold');
  return new TextEncoder().encode(name);
}

/** dims (unpacked, as onnx.proto declares them) and data_type, in field order. */
function header(capacity: number, dims: readonly number[], type: DataType): WireWriter {
  const writer = new WireWriter(capacity);
  for (const d of dims) writer.varintField(F.dims, d);
  return writer.varintField(F.data_type, DTYPES[type].onnx);
}
