// ONNX TensorProto -> Tensor: the format of ONNX initializers, of Constant
// and ConstantOfShape attributes, and of the official test vectors' .pb files.
// Writing is tensor-proto-write.ts; the fields both share, tensor-proto-fields.ts.
import { checkRank, checkedSize } from './shape.js';
import { DTYPES, type DataType, type TensorData, float16Result, isPacked, storageConstructor, storageLength } from './dtype.js';
import { type OpContext, describe, specError } from './errors.js';
import { bytesNow, typedArrayKind } from './typed-array.js';
import { FIXED32, FIXED64, type FieldKey, LENGTH_DELIMITED, VARINT, WireReader, wireTypeName } from './protobuf.js';
import { Tensor } from './tensor.js';
import { BY_ONNX, clearPadding, concat, dimsText, F, FIELD_NAMES, int32Range, optionValue, type TypedField, typedFieldOf } from './tensor-proto-fields.js';

const READING: OpContext = { op: 'fromTensorProto' };

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

