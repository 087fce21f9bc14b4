// Tensor -> ONNX TensorProto (toTensorProto); reading is tensor-proto.ts and
// the fields both share are tensor-proto-fields.ts.
import { DTYPES, type DataType, isPacked } from './dtype.js';
import { type OpContext, describe, specError } from './errors.js';
import { bytesNow } from './typed-array.js';
import { WireWriter, varintSize } from './protobuf.js';
import { asPlainTensor } from './resident.js';
import type { TensorLike } from './tensor.js';
import { clearPadding, concat, F, optionValue } from './tensor-proto-fields.js';

const WRITING: OpContext = { op: 'toTensorProto' };

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
