// tw.fromTensorProto / tw.toTensorProto against bytes built here by hand, so
// that the reader and the writer are each checked against onnx.proto and not
// only against each other.
import * as tw from 'tessera-wasm';
import { expectSpecError, zeros } from './helpers';

// ---------------------------------------------------------------------------
// A protobuf encoder of the test's own (the library's writer is under test)

function varint(value: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    const low = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v ? low | 0x80 : low);
  } while (v);
  return out;
}

const VARINT = 0, FIXED64 = 1, LEN = 2, FIXED32 = 5;
const tag = (field: number, wire: number) => varint(field * 8 + wire);
const vfield = (field: number, value: number | bigint) => [...tag(field, VARINT), ...varint(value)];
const lfield = (field: number, payload: ArrayLike<number>) => [...tag(field, LEN), ...varint(payload.length), ...Array.from(payload)];
const packed = (field: number, values: (number | bigint)[]) => lfield(field, values.flatMap((v) => varint(v)));
const le32 = (values: number[]) => Array.from(new Uint8Array(new Float32Array(values).buffer));
const le64 = (values: number[]) => Array.from(new Uint8Array(new Float64Array(values).buffer));
const utf8 = (s: string) => Array.from(new TextEncoder().encode(s));
const proto = (...parts: number[][]) => new Uint8Array(parts.flat());
const dims = (...d: number[]) => d.flatMap((x) => vfield(1, x));
const dtype = (type: tw.DataType | number) => vfield(2, typeof type === 'number' ? type : tw.DTYPES[type].onnx);
const raw = (bytes: ArrayLike<number>) => lfield(9, bytes);

const read = (...parts: number[][]) => tw.fromTensorProto(proto(...parts));
const values = (t: { data: unknown }) => Array.from(t.data as ArrayLike<number | bigint | string>);
const bytesOf = (data: unknown) => {
  const view = data as ArrayBufferView;
  return Array.from(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
};

// ---------------------------------------------------------------------------
// Round trips

/** Deterministic bytes (xorshift), so that every float bit pattern class turns up: NaN payloads, -0, subnormals. */
function randomBytes(n: number, seed: number): Uint8Array {
  let s = seed * 2654435761 + 1;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
    out[i] = s & 0xff;
  }
  return out;
}

const STRINGS = ['', 'a', 'héllo', '数据', '😀 emoji', '\uFEFFbom', 'nul\0inside', 'x'.repeat(200)];

/** A tensor of any type filled with arbitrary valid contents. */
function sample(type: tw.DataType, shape: number[], seed: number): tw.Tensor {
  const { data } = zeros(type, shape);
  const size = shape.reduce((a, b) => a * b, 1);
  if (type === 'string') {
    (data as string[]).forEach((_, i) => { (data as string[])[i] = STRINGS[(i + seed) % STRINGS.length]; });
  } else {
    const bytes = new Uint8Array((data as ArrayBufferView).buffer);
    bytes.set(randomBytes(bytes.length, seed + 1));
    if (type === 'bool') bytes.forEach((b, i) => { bytes[i] = b & 1; });
    const bits = ['int4', 'uint4', 'float4e2m1'].includes(type) ? 4 : ['int2', 'uint2'].includes(type) ? 2 : 8;
    const used = size % (8 / bits);
    if (used) bytes[bytes.length - 1] &= (1 << (used * bits)) - 1;  // the contract's zero padding
  }
  return new tw.Tensor(type, data, shape);
}

function expectSameTensor(actual: tw.Tensor, expected: tw.Tensor): void {
  expect(actual).toBeInstanceOf(tw.Tensor);
  expect(actual.type).toBe(expected.type);
  expect(actual.dims).toEqual(expected.dims);
  expect((actual.data as object).constructor).toBe((expected.data as object).constructor);
  if (expected.type === 'string') expect(actual.data).toEqual(expected.data);
  else expect(bytesOf(actual.data)).toEqual(bytesOf(expected.data));
}

/** What onnx.proto says toTensorProto must write: dims, data_type, then raw_data or string_data. */
function expectedProto(t: tw.Tensor): Uint8Array {
  const data = t.type === 'string' ? (t.data as string[]).flatMap((s) => lfield(6, utf8(s))) : raw(bytesOf(t.data));
  return proto(dims(...t.dims), dtype(t.type), data);
}

describe('toTensorProto -> fromTensorProto round trips', () => {
  const SHAPES = [[0], [1], [5], [], [2, 0, 3], [2, 3]];
  const PACKED_SIZES = [1, 2, 3, 4, 5, 6, 7, 9, 11];

  it.each(tw.DATA_TYPES)('%s: sizes 0, 1 and 5, scalars and empty shapes, bit for bit', (type) => {
    let seed = 0;
    const packedShapes = ['int4', 'uint4', 'float4e2m1', 'int2', 'uint2'].includes(type) ? PACKED_SIZES.map((n) => [n]) : [];
    for (const shape of [...SHAPES, ...packedShapes]) {
      const t = sample(type, shape, seed++);
      const bytes = tw.toTensorProto(t);
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect(Array.from(bytes)).toEqual(Array.from(expectedProto(t)));
      expectSameTensor(tw.fromTensorProto(bytes), t);
    }
  });

  it('keeps NaN payloads, -0 and subnormals of float32, float64 and complex types', () => {
    const f32 = new Float32Array(new Uint32Array([0x7fc00001, 0xffbfffff, 0x80000000, 0x00000001, 0x7f800000, 0xff800000]).buffer);
    const f64 = new Float64Array(new BigUint64Array([0x7ff0000000000001n, 0x8000000000000000n, 1n, 0xfff8000000000000n]).buffer);
    for (const t of [
      new tw.Tensor('float32', f32, [6]), new tw.Tensor('complex64', f32, [3]),
      new tw.Tensor('float64', f64, [4]), new tw.Tensor('complex128', f64, [2]),
    ]) expectSameTensor(tw.fromTensorProto(tw.toTensorProto(t)), t);
  });

  it('takes a {type, data, dims} object and data that is a view into a larger buffer', () => {
    const backing = new Int16Array([9, -1, 2, -32768, 9]);
    const t = { type: 'int16' as const, data: backing.subarray(1, 4), dims: [3] };
    expect(Array.from(tw.toTensorProto(t))).toEqual(Array.from(proto(dims(3), dtype('int16'), raw([0xff, 0xff, 2, 0, 0, 0x80]))));
    expect(values(tw.fromTensorProto(tw.toTensorProto(t)))).toEqual([-1, 2, -32768]);
  });

  it('writes the unused bits of a packed last byte as 0', () => {
    // Padding the contract says is 0 but a caller left set: written (and so read back) as 0.
    const int4 = { type: 'int4' as const, data: new Uint8Array([0x21, 0xf3]), dims: [3] };
    expect(Array.from(tw.toTensorProto(int4))).toEqual(Array.from(proto(dims(3), dtype('int4'), raw([0x21, 0x03]))));
    expect(Array.from(int4.data)).toEqual([0x21, 0xf3]);  // the input is untouched
    const uint2 = { type: 'uint2' as const, data: new Uint8Array([0xff, 0xff]), dims: [6] };
    expect(values(tw.fromTensorProto(tw.toTensorProto(uint2)))).toEqual([0xff, 0x0f]);
  });
});

// ---------------------------------------------------------------------------
// Reading what other writers write

describe('fromTensorProto reads the typed data fields', () => {
  it('float_data, packed and unpacked, for float32 and complex64 (re, im pairs)', () => {
    const t = read(dims(2, 2), dtype('float32'), lfield(4, le32([1.5, -0, 3])), tag(4, FIXED32), le32([-7.25]));
    expect(t.type).toBe('float32');
    expect(t.dims).toEqual([2, 2]);
    expect(bytesOf(t.data)).toEqual(le32([1.5, -0, 3, -7.25]));
    const c = read(dims(2), dtype('complex64'), lfield(4, le32([1, 2, 3, 4])));
    expect([c.type, values(c)]).toEqual(['complex64', [1, 2, 3, 4]]);
    expect(c.data).toBeInstanceOf(Float32Array);
  });

  it('double_data for float64 and complex128', () => {
    const d = read(dims(3), dtype('float64'), lfield(10, le64([0.1, -1e300, 5e-324])));
    expect(values(d)).toEqual([0.1, -1e300, 5e-324]);
    const c = read(dims(1), dtype('complex128'), tag(10, FIXED64), le64([2.5]), tag(10, FIXED64), le64([-1]));
    expect([c.type, values(c)]).toEqual(['complex128', [2.5, -1]]);
  });

  it('int32_data for float16 bit patterns, bool and int8 (negatives sign-extended to 10 bytes)', () => {
    const half = read(dims(3), dtype('float16'), packed(5, [0xbe00, 0x7c00, 0x8001]));
    expect(half.data).toBeInstanceOf(Uint16Array);
    expect(values(half)).toEqual([0xbe00, 0x7c00, 0x8001]);
    const bool = read(dims(4), dtype('bool'), packed(5, [1, 0, 0, 1]));
    expect([bool.data.constructor, values(bool)]).toEqual([Uint8Array, [1, 0, 0, 1]]);
    expect(varint(-1)).toHaveLength(10);
    const int8 = read(dims(4), dtype('int8'), packed(5, [-1, 127, -128, 0]));
    expect([int8.data.constructor, values(int8)]).toEqual([Int8Array, [-1, 127, -128, 0]]);
  });

  it('int32_data, unpacked, for the other 8-, 16- and 32-bit types', () => {
    const unpacked = (vs: number[]) => vs.flatMap((v) => vfield(5, v));
    expect(values(read(dims(2), dtype('uint8'), unpacked([255, 0])))).toEqual([255, 0]);
    expect(values(read(dims(2), dtype('int16'), unpacked([-32768, 32767])))).toEqual([-32768, 32767]);
    expect(values(read(dims(2), dtype('uint16'), unpacked([65535, 1])))).toEqual([65535, 1]);
    expect(values(read(dims(2), dtype('int32'), unpacked([-(2 ** 31), 2 ** 31 - 1])))).toEqual([-(2 ** 31), 2 ** 31 - 1]);
    expect(values(read(dims(1), dtype('bfloat16'), unpacked([0xbfc0])))).toEqual([0xbfc0]);
    for (const type of ['float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz', 'float8e8m0'] as const) {
      expect(values(read(dims(2), dtype(type), unpacked([0xff, 0x01])))).toEqual([0xff, 0x01]);
    }
  });

  it('int32_data for 4-bit and 2-bit types: one packed byte per value, first element in the low bits', () => {
    // int4 [1, -1, 7] -> bytes 0xf1, 0x07
    const int4 = read(dims(3), dtype('int4'), packed(5, [0xf1, 0x07]));
    expect([int4.data.constructor, values(int4)]).toEqual([Uint8Array, [0xf1, 0x07]]);
    expect(values(read(dims(4), dtype('float4e2m1'), packed(5, [0x21, 0x43])))).toEqual([0x21, 0x43]);
    // uint2 [1, 2, 3, 0, 3] -> bytes 0b00111001, 0b11
    expect(values(read(dims(5), dtype('uint2'), packed(5, [0b00111001, 0b11])))).toEqual([0b00111001, 0b11]);
    // Bits beyond the last element are not data: they come back 0.
    expect(values(read(dims(3), dtype('uint4'), packed(5, [0x21, 0xf3])))).toEqual([0x21, 0x03]);
    expect(values(read(dims(1), dtype('int2'), packed(5, [0xfe])))).toEqual([0x02]);
  });

  it('int64_data, packed and unpacked, over the whole int64 range', () => {
    const t = read(dims(5), dtype('int64'), packed(7, [-1n, 2n ** 63n - 1n]), vfield(7, -(2n ** 63n)), packed(7, [5, 0]));
    expect(t.data).toBeInstanceOf(BigInt64Array);
    expect(values(t)).toEqual([-1n, 2n ** 63n - 1n, -(2n ** 63n), 5n, 0n]);
  });

  it('uint64_data for uint64 and uint32', () => {
    const u64 = read(dims(3), dtype('uint64'), packed(11, [2n ** 64n - 1n, 0, 2n ** 32n]));
    expect([u64.data.constructor, values(u64)]).toEqual([BigUint64Array, [2n ** 64n - 1n, 0n, 2n ** 32n]]);
    const u32 = read(dims(2), dtype('uint32'), vfield(11, 0xffffffff), vfield(11, 7));
    expect([u32.data.constructor, values(u32)]).toEqual([Uint32Array, [0xffffffff, 7]]);
  });

  it('string_data as UTF-8, keeping a leading BOM and NULs', () => {
    const t = read(dims(2, 2), dtype('string'), ...['', 'ab', 'é😀', '\uFEFF\0'].map((s) => lfield(6, utf8(s))));
    expect([t.type, t.dims, t.data]).toEqual(['string', [2, 2], ['', 'ab', 'é😀', '\uFEFF\0']]);
  });

  it('raw_data at any alignment, copied out of the input', () => {
    // name "x" puts raw_data at an odd offset; a float64 view there would be misaligned.
    const input = proto(dims(2), dtype('float64'), lfield(8, utf8('x')), raw(le64([1.25, -3])));
    const t = tw.fromTensorProto(input);
    expect(values(t)).toEqual([1.25, -3]);
    input.fill(0);
    expect(values(t)).toEqual([1.25, -3]);
    // A Node Buffer from the shared pool, as readFileSync and Buffer.from give.
    const pooled = Buffer.from(proto(dims(1), dtype('int32'), raw([7, 0, 0, 0])));
    const u = tw.fromTensorProto(pooled);
    expect(values(u)).toEqual([7]);
    expect((u.data as Int32Array).buffer.byteLength).toBe(4);
  });

  it('dims packed or unpacked; an empty tensor with no data field; a scalar', () => {
    expect(read(packed(1, [2, 3]), dtype('uint8'), raw([1, 2, 3, 4, 5, 6])).dims).toEqual([2, 3]);
    const empty = read(dims(4, 0), dtype('float32'));
    expect([empty.dims, empty.data.length]).toEqual([[4, 0], 0]);
    const scalar = read(dtype('int64'), raw([0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]));
    expect([scalar.dims, values(scalar)]).toEqual([[], [-2n]]);
  });

  it('reads past name, doc_string, segment, data_location DEFAULT and fields it does not know', () => {
    const t = read(
      lfield(8, utf8('weights')), lfield(12, utf8('*doc*')), lfield(3, [...vfield(1, 0), ...vfield(2, 2)]),
      dims(2), vfield(14, 0), dtype('int16'),
      lfield(16, [...lfield(1, utf8('k')), ...lfield(2, utf8('v'))]),  // metadata_props
      vfield(99, 12345), tag(100, FIXED32), [1, 2, 3, 4], tag(101, FIXED64), [1, 2, 3, 4, 5, 6, 7, 8],
      raw([1, 0, 2, 0]),
    );
    expect([t.type, t.dims, values(t)]).toEqual(['int16', [2], [1, 2]]);
  });

  it('takes the last raw_data and data_type when a field repeats, as protobuf merges', () => {
    const t = read(dims(1), dtype('float32'), dtype('int32'), raw([9, 0, 0, 0]), raw([3, 0, 0, 0]));
    expect([t.type, values(t)]).toEqual(['int32', [3]]);
  });
});

// ---------------------------------------------------------------------------
// Errors

describe('fromTensorProto errors', () => {
  const fails = (bytes: Uint8Array | number[][], ...patterns: (string | RegExp)[]) =>
    expectSpecError(() => tw.fromTensorProto(bytes instanceof Uint8Array ? bytes : proto(...bytes)), 'fromTensorProto', undefined, ...patterns);

  it('rejects input that is not a Uint8Array', () => {
    for (const bad of [null, undefined, [8, 1], new ArrayBuffer(2), new Uint16Array(2), 'bytes']) {
      expectSpecError(() => tw.fromTensorProto(bad as never), 'fromTensorProto', undefined, 'bytes must be a Uint8Array');
    }
  });

  it('rejects malformed and truncated wire format', () => {
    fails(new Uint8Array([0x08, 0x80]), 'malformed protobuf at byte 1: a varint runs past the end');
    fails(new Uint8Array([0x88]), 'at byte 0: a varint runs past the end');
    fails(new Uint8Array([0x08, ...new Array(9).fill(0xff), 0x81, 0x01]), 'a varint is longer than 10 bytes');
    fails(new Uint8Array([0x08, ...new Array(9).fill(0xff), 0x02]), 'a varint overflows 64 bits');
    fails(new Uint8Array([0x00, 0x01]), 'invalid field key (field 0, wire type 0)');
    fails(new Uint8Array([0x0e]), 'invalid field key (field 1, wire type 6)');
    fails(new Uint8Array([0x0f]), 'wire type 7');
    fails(new Uint8Array([0x80, 0x80, 0x80, 0x80, 0x80, 0x01]), 'invalid field key');
    fails([dtype('float32'), tag(9, LEN), varint(10), [1, 2]], 'at byte 3: a length-delimited field declares 10 bytes, 2 remain');
    fails([dtype('float32'), tag(9, LEN), varint(2n ** 40n)], /declares 1099511627776 bytes/);
    fails([dims(1), dtype('float32'), tag(4, FIXED32), [0, 0]], 'needs 4 bytes, 2 remain');
    fails([dims(1), dtype('float64'), tag(10, FIXED64), [0, 0, 0, 0]], 'needs 8 bytes, 4 remain');
    fails([dims(1), dtype('float32'), lfield(4, [0, 0, 0, 0, 0])], 'packed float_data holds 5 bytes, not a multiple of 4');
    fails([dims(1), dtype('float64'), lfield(10, [0, 0, 0, 0])], 'packed double_data holds 4 bytes, not a multiple of 8');
    fails([dims(2), dtype('int64'), lfield(7, [0x80])], 'a varint runs past the end');
    fails([tag(50, 3), dtype('float32')], 'field 50 uses groups (wire type 3)');
    fails([dtype('float32'), tag(9, LEN), [0x85]], 'a varint runs past the end');
  });

  it('rejects a known field with the wrong wire type', () => {
    fails([lfield(2, [1])], 'field 2 (data_type) has wire type 2 (length-delimited), expected varint');
    fails([dtype('float32'), vfield(9, 4)], 'field 9 (raw_data) has wire type 0 (varint), expected length-delimited');
    fails([tag(1, FIXED32), [1, 0, 0, 0], dtype('float32')], 'field 1 (dims) has wire type 5 (fixed32), expected varint');
    fails([dims(1), dtype('float32'), vfield(4, 1)], 'field 4 (float_data) has wire type 0 (varint), expected fixed32');
    fails([dims(1), dtype('string'), vfield(6, 1)], 'field 6 (string_data)', 'expected length-delimited');
    fails([vfield(8, 1), dtype('float32')], 'field 8 (name)');
  });

  it('rejects negative, unsafe and overflowing dims', () => {
    fails([dims(2), vfield(1, -1), dtype('float32')], 'dims[1] must be a non-negative safe integer (got -1)');
    fails([vfield(1, 2n ** 53n), dtype('float32')], 'dims[0] must be a non-negative safe integer (got 9007199254740992)');
    fails([dims(2 ** 30, 2 ** 30, 2 ** 30), dtype('float32'), raw([])], 'element count must be a safe integer');
  });

  it('rejects a missing or unknown data_type', () => {
    fails([dims(1), raw([0, 0, 0, 0])], 'the TensorProto has no data_type');
    for (const n of [0, 27, 99, -1]) fails([dims(1), dtype(n), raw([0])], `unknown data_type ${n} (known: 1 to 26; 0 is UNDEFINED)`);
  });

  it('rejects externally stored data, naming its location', () => {
    const entry = (k: string, v: string) => lfield(13, [...lfield(1, utf8(k)), ...lfield(2, utf8(v))]);
    fails([dims(4), dtype('float32'), entry('location', 'weights.bin'), entry('offset', '0'), vfield(14, 1)],
      'the float32 tensor\'s data is stored externally (location "weights.bin"); tessera-wasm reads no files');
    fails([dims(4), dtype('float32'), vfield(14, 1)], 'stored externally; tessera-wasm reads no files: load the data and pass it in raw_data');
    fails([dims(4), dtype('float32'), entry('offset', '0')], 'stored externally;');
    fails([dims(4), dtype('float32'), entry('offset', '0'), entry('location', 'w.bin'), entry('length', '16'), vfield(14, 1)], '(location "w.bin")');
    fails([dims(4), dtype('float32'), entry('location', 'w.bin'), vfield(14, 0)], '(location "w.bin")');
  });

  it('rejects data in more than one field, or in a field that cannot hold the type', () => {
    fails([dims(1), dtype('float32'), raw([0, 0, 0, 0]), lfield(4, le32([1]))], 'the float32 tensor holds data in both raw_data and float_data; one source only');
    fails([dims(1), dtype('float32'), lfield(4, le32([1])), packed(5, [1])], 'holds data in float_data and int32_data; one field only');
    fails([dims(1), dtype('int32'), lfield(4, le32([1]))], 'float_data cannot hold int32 data (int32 goes in int32_data or raw_data)');
    fails([dims(1), dtype('uint32'), packed(5, [1])], 'int32_data cannot hold uint32 data (uint32 goes in uint64_data or raw_data)');
    fails([dims(1), dtype('int64'), packed(11, [1])], 'uint64_data cannot hold int64 data (int64 goes in int64_data');
    fails([dims(1), dtype('float16'), lfield(4, le32([1]))], 'float_data cannot hold float16 data (float16 goes in int32_data');
    fails([dims(1), dtype('complex128'), lfield(4, le32([1, 2]))], 'float_data cannot hold complex128 data (complex128 goes in double_data');
    fails([dims(1), dtype('float32'), lfield(6, utf8('1'))], 'string_data cannot hold float32 data');
    fails([dims(1), dtype('string'), packed(5, [1])], 'int32_data cannot hold string data (string goes in string_data)');
    fails([dims(1), dtype('string'), raw(utf8('a'))], 'string tensors keep their data in string_data, not raw_data');
  });

  it('rejects data whose length does not fit the dims', () => {
    fails([dims(2, 3), dtype('float32'), raw(new Array(20).fill(0))], 'raw_data holds 20 bytes, dims [2, 3] of float32 need 24');
    fails([dims(3), dtype('int4'), raw([0])], 'raw_data holds 1 bytes, dims [3] of int4 need 2');
    fails([dims(5), dtype('uint2'), raw([0, 0, 0])], 'raw_data holds 3 bytes, dims [5] of uint2 need 2');
    fails([dims(2), dtype('complex64'), raw(new Array(8).fill(0))], 'dims [2] of complex64 need 16');
    fails([dims(2), dtype('float32'), lfield(4, le32([1, 2, 3]))], 'float_data holds 3 values, dims [2] of float32 need 2');
    fails([dims(2), dtype('complex64'), lfield(4, le32([1, 2, 3]))], 'float_data holds 3 values, dims [2] of complex64 need 4 (re, im pairs)');
    fails([dims(3), dtype('int4'), packed(5, [1])], 'int32_data holds 1 values, dims [3] of int4 need 2 (packed 2 to a value)');
    fails([dims(5), dtype('int2'), packed(5, [1])], 'dims [5] of int2 need 2 (packed 4 to a value)');
    fails([dims(2), dtype('int64'), packed(7, [1])], 'int64_data holds 1 values, dims [2] of int64 need 2');
    fails([dims(1), dtype('uint64'), packed(11, [1, 2])], 'uint64_data holds 2 values, dims [1] of uint64 need 1');
    fails([dims(3), dtype('string'), lfield(6, utf8('a'))], 'string_data holds 1 strings, dims [3] need 3');
    fails([dims(2), dtype('float32')], 'float_data holds 0 values, dims [2] of float32 need 2');
    fails([dtype('string')], 'string_data holds 0 strings, dims [] need 1');
  });

  it('rejects values outside their type\'s range', () => {
    fails([dims(1), dtype('int8'), packed(5, [128])], 'int32_data[0] = 128 is out of range for int8 (-128 to 127)');
    fails([dims(2), dtype('uint8'), packed(5, [0, -1])], 'int32_data[1] = -1 is out of range for uint8 (0 to 255)');
    fails([dims(1), dtype('int16'), packed(5, [-32769])], 'out of range for int16 (-32768 to 32767)');
    fails([dims(1), dtype('float16'), packed(5, [65536])], 'int32_data[0] = 65536 is out of range for float16 (0 to 65535)');
    fails([dims(1), dtype('float8e5m2'), packed(5, [256])], 'out of range for float8e5m2 (0 to 255)');
    fails([dims(1), dtype('bool'), packed(5, [2])], 'int32_data[0] = 2 is out of range for bool (0 to 1)');
    fails([dims(2), dtype('int4'), packed(5, [-1])], 'int32_data[0] = -1 is out of range for int4 (one packed byte per value) (0 to 255)');
    fails([dims(1), dtype('uint32'), packed(11, [2n ** 32n])], 'uint64_data[0] = 4294967296 is out of range for uint32');
    fails([dims(3), dtype('bool'), raw([1, 0, 2])], 'bool data must be 0 or 1 (got 2 at element 2)');
  });

  it('rejects string_data that is not UTF-8', () => {
    fails([dims(2), dtype('string'), lfield(6, utf8('ok')), lfield(6, [0xc3, 0x28])], 'string_data[1] is not valid UTF-8');
    fails([dims(1), dtype('string'), lfield(6, [0xed, 0xa0, 0x80])], 'string_data[0] is not valid UTF-8');  // an encoded surrogate
  });
});

describe('toTensorProto errors', () => {
  it('rejects what is not a valid tensor', () => {
    expectSpecError(() => tw.toTensorProto(null as never), 'toTensorProto', undefined, 't must be a Tensor or {type, data, dims} (got null)');
    expectSpecError(() => tw.toTensorProto({ type: 'float32', data: new Float32Array(3), dims: [2] }), 'toTensorProto', undefined, 'must have length 2 (got 3)');
    expectSpecError(() => tw.toTensorProto({ type: 'float128', data: new Float32Array(1), dims: [1] } as never), 'toTensorProto', undefined, 'unknown data type');
    expectSpecError(() => tw.toTensorProto({ type: 'bool', data: new Uint8Array([3]), dims: [1] }), 'toTensorProto', undefined, 'bool data must be 0 or 1');
  });

  it('rejects a string with a lone surrogate, which UTF-8 cannot hold', () => {
    expectSpecError(() => tw.toTensorProto({ type: 'string', data: ['ok', 'a\uD800b'], dims: [2] }), 'toTensorProto', undefined,
      'string data[1] is not well-formed UTF-16 (a lone surrogate)');
    expectSpecError(() => tw.toTensorProto({ type: 'string', data: ['\uDC00'], dims: [1] }), 'toTensorProto', undefined, 'data[0]');
    expect(tw.toTensorProto({ type: 'string', data: ['\uD83D\uDE00'], dims: [1] }).length).toBe(2 + 2 + 2 + 4);  // a pair is fine
  });
});

describe('a TensorProto\'s name', () => {
  it('toTensorProto writes options.name as field 8, in field order: before raw_data, after string_data', () => {
    const x = new tw.Tensor('float32', new Float32Array([1.5, -2]), [2]);
    expect(Array.from(tw.toTensorProto(x, { name: 'input_0' }))).toEqual(Array.from(proto(dims(2), dtype('float32'), lfield(8, utf8('input_0')), raw(le32([1.5, -2])))));
    const s = new tw.Tensor('string', ['a'], [1]);
    expect(Array.from(tw.toTensorProto(s, { name: 'é' }))).toEqual(Array.from(proto(dims(1), dtype('string'), lfield(6, utf8('a')), lfield(8, utf8('é')))));
    // An empty name is written (proto2 keeps a field set to ''); no name writes none.
    expect(Array.from(tw.toTensorProto(x, { name: '' }))).toEqual(Array.from(proto(dims(2), dtype('float32'), lfield(8, []), raw(le32([1.5, -2])))));
    expect(Array.from(tw.toTensorProto(x, {}))).toEqual(Array.from(proto(dims(2), dtype('float32'), raw(le32([1.5, -2])))));
  });

  it('fromTensorProto gives it with { withName: true }, undefined when absent, and the bytes round trip', () => {
    const named = proto(dims(1), dtype('int64'), lfield(8, utf8('shape')), raw(new Uint8Array(new BigInt64Array([3n]).buffer)));
    const { tensor, name } = tw.fromTensorProto(named, { withName: true });
    expect(name).toBe('shape');
    expect(values(tensor)).toEqual([3n]);
    expect(Array.from(tw.toTensorProto(tensor, { name }))).toEqual(Array.from(named));
    expect(tw.fromTensorProto(proto(dims(1), dtype('uint8'), raw([7])), { withName: true }).name).toBeUndefined();
    expect(tw.fromTensorProto(named)).toBeInstanceOf(tw.Tensor);  // without the option: the Tensor alone, as before
  });

  it('rejects a name that is not a string, or not well-formed UTF-16, and a name that is not UTF-8', () => {
    const x = new tw.Tensor('uint8', new Uint8Array(1), [1]);
    expectSpecError(() => tw.toTensorProto(x, { name: 5 as never }), 'toTensorProto', undefined, 'options.name must be a string (got 5)');
    expectSpecError(() => tw.toTensorProto(x, { name: '\ud800' }), 'toTensorProto', undefined, 'lone surrogate');
    expectSpecError(() => tw.fromTensorProto(proto(dims(1), dtype('uint8'), lfield(8, [0xff]), raw([1])), { withName: true }), 'fromTensorProto', undefined, 'name is not valid UTF-8');
    expectSpecError(() => tw.fromTensorProto(proto(dims(1), dtype('uint8'), raw([1])), { withName: 'yes' as never }), 'fromTensorProto', undefined, 'withName must be a boolean');
  });

  it('reads name and options as own properties only', () => {
    const x = new tw.Tensor('uint8', new Uint8Array(1), [1]);
    const inherited = Object.create({ name: 'polluted' }) as { name?: string };
    expect(Array.from(tw.toTensorProto(x, inherited))).toEqual(Array.from(tw.toTensorProto(x)));
  });
});
