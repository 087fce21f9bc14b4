// The quantization ops' spec-specific cases: each version's differences,
// per-axis and blocked scales, ties, saturation, and every error.
import * as tw from 'tessera-wasm';
import { expectSpecError } from './helpers';

beforeAll(() => tw.init());

const f32 = (values: number[], dims = [values.length]) => new tw.Tensor('float32', Float32Array.from(values), dims);
const scalar = (v: number) => new tw.Tensor('float32', new Float32Array([v]), []);
const run = (op: string, opset: number, inputs: (tw.Tensor | undefined)[], attributes: Record<string, unknown> = {}) =>
  tw.runNode({ opType: op, opset, attributes }, inputs as tw.Tensor[])[0] as tw.Tensor;

describe('QuantizeLinear', () => {
  it('rounds x / scale half to even and saturates to uint8 (no zero point) and int8', () => {
    const x = f32([0, 0.5, 1.5, 2.5, -0.5, -1.5, 300, -5]);
    expect(Array.from(tw.quantizeLinear(x, scalar(1)).data as Uint8Array)).toEqual([0, 0, 2, 2, 0, 0, 255, 0]);
    const int8 = tw.quantizeLinear(x, scalar(1), { zeroPoint: new tw.Tensor('int8', new Int8Array([0]), []) });
    expect(int8.type).toBe('int8');
    expect(Array.from(int8.data as Int8Array)).toEqual([0, 0, 2, 2, 0, -2, 127, -5]);
  });

  it('takes a per-axis scale and zero point (negative axis too)', () => {
    const x = f32([1, 2, 3, 4, 5, 6], [2, 3]);
    const scale = f32([1, 2, 4]);
    const zeroPoint = new tw.Tensor('uint8', new Uint8Array([0, 10, 20]), [3]);
    const want = [1, 11, 21, 4, 12, 22];
    expect(Array.from(tw.quantizeLinear(x, scale, { zeroPoint, axis: 1 }).data as Uint8Array)).toEqual(want);
    expect(Array.from(tw.quantizeLinear(x, scale, { zeroPoint, axis: -1n }).data as Uint8Array)).toEqual(want);
    expect(Array.from(run('QuantizeLinear', 13, [x, scale, zeroPoint], { axis: 1 }).data as Uint8Array)).toEqual(want);
  });

  it('takes a blocked scale, the last block short, into packed int4', () => {
    const x = f32([1, 2, 3, 4, 5, -6, -7, 8, 9, 10], [2, 5]);
    const scale = f32([1, 2, 3, 1, 2, 3], [2, 3]);  // blocks of 2 along axis 1: ceil(5 / 2) = 3
    const y = tw.quantizeLinear(x, scale, { axis: 1, blockSize: 2, outputDtype: 'int4' });
    expect(y.type).toBe('int4');
    // 1, 2, 3/2 -> 2, 4/2, 5/3 -> 2 | -6, -7, 8/2, 9/2 -> 4 (tie to even), 10/3 -> 3
    expect(tw.decode(y)).toEqual([1, 2, 2, 2, 2, -6, -7, 4, 4, 3]);
    expect(Array.from(y.data as Uint8Array)).toEqual([0x21, 0x22, 0xa2, 0x49, 0x34]);
  });

  it('converts to float8 as Cast does: saturate (default) to the largest finite, or not to NaN', () => {
    const x = f32([1000, -1000, Infinity, 1]);
    const zeroPoint = new tw.Tensor('float8e4m3fn', new Uint8Array([0]), []);
    expect(Array.from(tw.quantizeLinear(x, scalar(1), { zeroPoint }).data as Uint8Array)).toEqual([0x7e, 0xfe, 0x7e, 0x38]);
    expect(Array.from(tw.quantizeLinear(x, scalar(1), { zeroPoint, saturate: false }).data as Uint8Array)).toEqual([0x7f, 0xff, 0x7f, 0x38]);
    expect(Array.from(run('QuantizeLinear', 19, [x, scalar(1), zeroPoint], { saturate: 0 }).data as Uint8Array)).toEqual([0x7f, 0xff, 0x7f, 0x38]);
    const e5m2 = tw.quantizeLinear(f32([1e5, -1e5, Infinity, 1]), scalar(1), { outputDtype: 'float8e5m2', saturate: false });
    expect(Array.from(e5m2.data as Uint8Array)).toEqual([0x7c, 0xfc, 0x7c, 0x3c]);
  });

  it('float4e2m1 and the 2-bit types (version 25) saturate always', () => {
    const x = f32([7, -7, 0.25, 0.75]);
    expect(tw.decode(tw.quantizeLinear(x, scalar(1), { outputDtype: 'float4e2m1' }))).toEqual([6, -6, 0, 1]);
    expect(tw.decode(tw.quantizeLinear(x, scalar(1), { outputDtype: 'int2' }))).toEqual([1, -2, 0, 1]);
    expect(tw.decode(tw.quantizeLinear(x, scalar(1), { outputDtype: 'uint2' }))).toEqual([3, 0, 0, 1]);
  });

  it('divides at the scale\'s precision unless precision says otherwise (float16 scale)', () => {
    // 2049 / 1 in float16 is 2048 (float16 holds 11 bits): the float16 division gives 2048, float32 precision 2049.
    const x = new tw.Tensor('float32', new Float32Array([2049]), [1]);
    const scale = new tw.Tensor('float16', new Uint16Array([0x3c00]), []);
    const zeroPoint = new tw.Tensor('int16', new Int16Array([0]), []);
    expect(Array.from(run('QuantizeLinear', 25, [x, scale, zeroPoint]).data as Int16Array)).toEqual([2048]);
    expect(Array.from(run('QuantizeLinear', 25, [x, scale, zeroPoint], { precision: 1 }).data as Int16Array)).toEqual([2049]);
  });

  it('each version takes its own types and attributes', () => {
    const x = f32([1, 2, 3]);
    const int4Zero = new tw.Tensor('int4', new Uint8Array([0]), []);
    expectSpecError(() => run('QuantizeLinear', 10, [x, f32([1, 1, 1]), undefined], {}), 'QuantizeLinear', 10, 'scalar y_scale');
    expectSpecError(() => run('QuantizeLinear', 19, [x, scalar(1), int4Zero]), 'QuantizeLinear', 19, 'int4');
    expect(tw.decode(run('QuantizeLinear', 21, [x, scalar(1), int4Zero]))).toEqual([1, 2, 3]);
    expectSpecError(() => run('QuantizeLinear', 23, [x, scalar(1)], { output_dtype: tw.DTYPES.uint2.onnx }), 'QuantizeLinear', 23, 'uint2');
    expectSpecError(() => run('QuantizeLinear', 19, [x, new tw.Tensor('float16', new Uint16Array([0x3c00]), [])]), 'QuantizeLinear', 19, 'y_scale', 'float32');
    expectSpecError(() => run('QuantizeLinear', 21, [x, scalar(1)], { precision: 1 }), 'QuantizeLinear', 21, 'precision');
    const e8m0 = new tw.Tensor('float8e8m0', new Uint8Array([128]), []);  // 2
    expect(Array.from(run('QuantizeLinear', 24, [x, e8m0]).data as Uint8Array)).toEqual([0, 1, 2]);  // 0.5 -> 0, 1, 1.5 -> 2
    expectSpecError(() => run('QuantizeLinear', 23, [x, e8m0]), 'QuantizeLinear', 23, 'y_scale', 'float8e8m0');
  });

  it('runNode ignores saturate for a non-float8 output; the named function says it does not apply', () => {
    const x = f32([300]);
    expect(Array.from(run('QuantizeLinear', 25, [x, scalar(1)], { saturate: 0 }).data as Uint8Array)).toEqual([255]);
    expectSpecError(() => tw.quantizeLinear(x, scalar(1), { saturate: false }), 'QuantizeLinear', 25, 'saturate does not apply to uint8 outputs');
    expectSpecError(() => tw.quantizeLinear(x, scalar(1), { outputDtype: 'int4', saturate: true }), 'QuantizeLinear', 25, 'saturate does not apply to int4 outputs');
  });

  it('refuses scales, zero points and block sizes that do not fit x', () => {
    const x = f32([1, 2, 3, 4, 5, 6], [2, 3]);
    expectSpecError(() => tw.quantizeLinear(x, f32([1, 2]), { axis: 1 }), 'QuantizeLinear', 25, 'y_scale', '1-D of x\'s dim 3');
    expectSpecError(() => tw.quantizeLinear(x, f32([1, 2, 3]), { axis: 2 }), 'QuantizeLinear', 25, 'axis');
    expectSpecError(() => tw.quantizeLinear(x, f32([1, 2], [2, 1]), { axis: 1, blockSize: 2 }), 'QuantizeLinear', 25, 'dims [2, 2]');
    expectSpecError(() => tw.quantizeLinear(x, f32([1, 2, 3]), { axis: 1, zeroPoint: new tw.Tensor('uint8', new Uint8Array([1]), []) }),
      'QuantizeLinear', 25, 'y_zero_point', 'dims of y_scale');
    expectSpecError(() => tw.quantizeLinear(x, scalar(1), { zeroPoint: new tw.Tensor('int8', new Int8Array([0]), []), outputDtype: 'uint8' }),
      'QuantizeLinear', 25, 'output_dtype uint8 must be y_zero_point\'s type int8');
    expectSpecError(() => tw.quantizeLinear(x, scalar(1), { blockSize: -1 }), 'QuantizeLinear', 25, 'block_size');
    expectSpecError(() => tw.quantizeLinear(x, scalar(1), { outputDtype: 'float32' }), 'QuantizeLinear', 25, 'output_dtype');
    expectSpecError(() => tw.quantizeLinear(x, scalar(1), { bogus: 1 } as never), 'QuantizeLinear', 25, 'bogus');
    expectSpecError(() => tw.quantizeLinear(new tw.Tensor('float64', new Float64Array(1), [1]), scalar(1)), 'QuantizeLinear', 25, 'x');
  });
});

describe('DequantizeLinear', () => {
  it('computes (x - zero point) * scale per tensor, per axis and blocked', () => {
    const x = new tw.Tensor('int8', new Int8Array([10, 20, 30, 40]), [2, 2]);
    expect(Array.from(tw.dequantizeLinear(x, scalar(0.5), { zeroPoint: new tw.Tensor('int8', new Int8Array([-10]), []) }).data as Float32Array)).toEqual([10, 15, 20, 25]);
    expect(Array.from(tw.dequantizeLinear(x, f32([1, 0.5]), { axis: 0 }).data as Float32Array)).toEqual([10, 20, 15, 20]);
    expect(Array.from(tw.dequantizeLinear(x, f32([1, 0.5], [1, 2]), { axis: 0, blockSize: 2 }).data as Float32Array)).toEqual([10, 10, 30, 20]);
    expect(Array.from(run('DequantizeLinear', 13, [x, f32([1, 0.5])], { axis: 1 }).data as Float32Array)).toEqual([10, 10, 30, 20]);
  });

  it('decodes every int4 code, the output in the scale\'s type or output_dtype', () => {
    const codes = new Uint8Array(8).map((_, i) => (2 * i) | ((2 * i + 1) << 4));
    const x = new tw.Tensor('int4', codes, [16]);
    const y = tw.dequantizeLinear(x, scalar(0.5), { zeroPoint: new tw.Tensor('int4', new Uint8Array([0xf]), []) });
    expect(Array.from(y.data as Float32Array)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5, -4, -3, -2, -1].map((v) => (v + 1) / 2));
    const half = tw.dequantizeLinear(x, new tw.Tensor('float16', new Uint16Array([0x3c00]), []));
    expect(half.type).toBe('float16');
    expect(tw.decode(half).slice(0, 3)).toEqual([0, 1, 2]);
    const bf = tw.dequantizeLinear(x, scalar(1), { outputDtype: 'bfloat16' });
    expect(Array.from(bf.data as Uint16Array).slice(0, 2)).toEqual([0x0000, 0x3f80]);
  });

  it('a NaN keeps its sign: x\'s (fnuz 0x80 negative) or the scale\'s, with the canonical payload in float16 and bfloat16', () => {
    const x = new tw.Tensor('float8e4m3fn', new Uint8Array([0x7f, 0xff, 0x38]), [3]);
    const bits32 = (t: tw.Tensor) => Array.from(new Uint32Array((t.data as Float32Array).buffer, (t.data as Float32Array).byteOffset, t.size));
    expect(bits32(tw.dequantizeLinear(x, scalar(0.5)))).toEqual([0x7fc00000, 0xffc00000, 0x3f000000]);
    for (const fnuz of ['float8e4m3fnuz', 'float8e5m2fnuz'] as const) {
      expect(bits32(tw.dequantizeLinear(new tw.Tensor(fnuz, new Uint8Array([0x80]), [1]), scalar(1)))).toEqual([0xffc00000]);
    }
    const half = (bits: number) => new tw.Tensor('float16', new Uint16Array([bits]), []);
    expect(Array.from(tw.dequantizeLinear(x, half(0x3800)).data as Uint16Array)).toEqual([0x7e00, 0xfe00, 0x3800]);
    expect(Array.from(tw.dequantizeLinear(tw.tensor('uint8', [0, 3]), half(0xfe00)).data as Uint16Array)).toEqual([0xfe00, 0xfe00]);
    expect(Array.from(tw.dequantizeLinear(tw.tensor('uint8', [3]), half(0x7d55)).data as Uint16Array)).toEqual([0x7e00]);  // payload not kept
    expect(Array.from(tw.dequantizeLinear(x, scalar(1), { outputDtype: 'bfloat16' }).data as Uint16Array)).toEqual([0x7fc0, 0xffc0, 0x3f80]);
    const negative = new tw.Tensor('float32', new Float32Array(new Uint32Array([0xff812345]).buffer), []);
    expect(bits32(tw.dequantizeLinear(tw.tensor('uint8', [3]), negative))).toEqual([0xffc12345]);  // quieted
  });

  it('a float8e8m0 scale gives float32 unless output_dtype says otherwise (version 24)', () => {
    const x = new tw.Tensor('uint8', new Uint8Array([3]), [1]);
    const scale = new tw.Tensor('float8e8m0', new Uint8Array([128]), []);  // 2
    expect(Array.from(run('DequantizeLinear', 24, [x, scale]).data as Float32Array)).toEqual([6]);
    expectSpecError(() => run('DequantizeLinear', 23, [x, scale]), 'DequantizeLinear', 23, 'x_scale');
  });

  it('each version takes its own types; errors name the parameter', () => {
    const int4 = new tw.Tensor('int4', new Uint8Array([1]), [1]);
    expectSpecError(() => run('DequantizeLinear', 19, [int4, scalar(1)]), 'DequantizeLinear', 19, 'x', 'int4');
    expect(Array.from(run('DequantizeLinear', 21, [int4, scalar(1)]).data as Float32Array)).toEqual([1]);
    expectSpecError(() => run('DequantizeLinear', 23, [new tw.Tensor('int2', new Uint8Array([1]), [1]), scalar(1)]), 'DequantizeLinear', 23, 'x');
    const int32 = new tw.Tensor('int32', new Int32Array([5]), [1]);
    expectSpecError(() => tw.dequantizeLinear(int32, scalar(1), { zeroPoint: new tw.Tensor('int32', new Int32Array([1]), []) }), 'DequantizeLinear', 25, 'x_zero_point', 'int32');
    expectSpecError(() => tw.dequantizeLinear(int32, scalar(1), { zeroPoint: new tw.Tensor('int8', new Int8Array([0]), []) }), 'DequantizeLinear', 25, 'x_zero_point', 'x\'s type');
    expectSpecError(() => run('DequantizeLinear', 10, [int32, f32([1, 2])]), 'DequantizeLinear', 10, 'scalar x_scale');
    expectSpecError(() => run('DequantizeLinear', 21, [int32, scalar(1)], { output_dtype: 10 }), 'DequantizeLinear', 21, 'output_dtype');
  });
});

describe('DynamicQuantizeLinear', () => {
  it('gives ONNX\'s example: scale, zero point and data', () => {
    const { y, yScale, yZeroPoint } = tw.dynamicQuantizeLinear(f32([0, 2, -3, -2.5, 1.34, 0.5]));
    expect(Array.from(y.data as Uint8Array)).toEqual([153, 255, 0, 26, 221, 179]);
    expect((yScale.data as Float32Array)[0]).toBe(Math.fround(Math.fround(5) / 255));
    expect(Array.from(yZeroPoint.data as Uint8Array)).toEqual([153]);
    expect([yScale.dims, yZeroPoint.dims]).toEqual([[], []]);
  });

  it('all zeros (and empty) take scale 1/255 and zero point 0; runNode gives three outputs', () => {
    const out = tw.runNode({ opType: 'DynamicQuantizeLinear' }, [f32([0, 0])]);
    expect(out.length).toBe(3);
    expect((out[1].data as Float32Array)[0]).toBe(Math.fround(1 / 255));
    expect(Array.from(tw.dynamicQuantizeLinear(f32([])).y.data as Uint8Array)).toEqual([]);
    expectSpecError(() => tw.dynamicQuantizeLinear(new tw.Tensor('float16', new Uint16Array(1), [1])), 'DynamicQuantizeLinear', 11, 'x');
  });
});

describe('inputs whose buffers change size after the check (resizable ArrayBuffers)', () => {
  // Each tensor is checked when it is made; the buffer is then grown (the op reads only the checked bytes) or shrunk
  // (a SpecError naming the input). The scale and zero point are read by the kernel's path and the JS loops alike.
  const resizable = (type: 'float32' | 'float16' | 'int8', values: number[], dims: number[]) => {
    const width = type === 'float32' ? 4 : type === 'float16' ? 2 : 1;
    const buffer = new (ArrayBuffer as unknown as new (n: number, o: object) => ArrayBuffer)(values.length * width, { maxByteLength: 256 });
    const data = type === 'float32' ? new Float32Array(buffer) : type === 'float16' ? new Uint16Array(buffer) : new Int8Array(buffer);
    data.set(values);
    return { tensor: new tw.Tensor(type as 'float32', data as Float32Array, dims), resize: (n: number) => (buffer as unknown as { resize(n: number): void }).resize(n) };
  };
  const x = f32([1, 2, 3, 4, 5, 6, 7, 8], [2, 4]);
  const codes = new tw.Tensor('int8', Int8Array.from([1, 2, 3, 4, 5, 6, 7, 8]), [2, 4]);
  // [2, 4] by a per-axis scale on axis 0: float32 (the kernel) and float16 at float16 precision (the JS loops).
  const calls = [
    ['QuantizeLinear, float32 scale', 'y_scale', 'QuantizeLinear', (s: tw.Tensor, z?: tw.Tensor) => tw.quantizeLinear(x, s, { zeroPoint: z, axis: 0, outputDtype: z ? undefined : 'int8' })],
    ['DequantizeLinear, float32 scale', 'x_scale', 'DequantizeLinear', (s: tw.Tensor, z?: tw.Tensor) => tw.dequantizeLinear(codes, s, { zeroPoint: z, axis: 0 })],
  ] as const;
  it.each(calls)('%s: grown, the checked bytes; shrunk, a SpecError', (_, param, op, call) => {
    const want = Array.from(call(f32([0.5, 2]), new tw.Tensor('int8', Int8Array.from([1, -1]), [2])).data as ArrayLike<number>);
    const grown = resizable('float32', [0.5, 2], [2]);
    const zero = resizable('int8', [1, -1], [2]);
    grown.resize(64);
    zero.resize(64);
    expect(Array.from(call(grown.tensor, zero.tensor).data as ArrayLike<number>)).toEqual(want);
    const shrunk = resizable('float32', [0.5, 2], [2]);
    shrunk.resize(4);
    expectSpecError(() => call(shrunk.tensor), op, 25, param, 'shrank');
    const shrunkZero = resizable('int8', [1, -1], [2]);
    shrunkZero.resize(1);
    expectSpecError(() => call(f32([0.5, 2]), shrunkZero.tensor), op, 25, param.replace('scale', 'zero_point'), 'shrank');
  });

  it('the JS loops\' x (float16 at float16 precision) and DynamicQuantizeLinear\'s x: grown, the checked elements; shrunk, a SpecError', () => {
    const half = resizable('float16', [0x3c00, 0x4000, 0x4200, 0x4400], [4]);  // 1, 2, 3, 4
    half.resize(64);
    const scale = new tw.Tensor('float16', Uint16Array.from([0x3800]), []);  // 0.5
    expect(Array.from(tw.quantizeLinear(half.tensor, scale, { outputDtype: 'int8' }).data as Int8Array)).toEqual([2, 4, 6, 8]);
    half.resize(2);
    expectSpecError(() => tw.quantizeLinear(half.tensor, scale, { outputDtype: 'int8' }), 'QuantizeLinear', 25, 'x', 'shrank');
    const wide = resizable('float32', [0, 1, 2, 255], [4]);
    wide.resize(256);
    const { y } = tw.dynamicQuantizeLinear(wide.tensor);
    expect(Array.from(y.data as Uint8Array)).toEqual([0, 1, 2, 255]);
    wide.resize(8);
    expectSpecError(() => tw.dynamicQuantizeLinear(wide.tensor), 'DynamicQuantizeLinear', 11, 'x', 'shrank');
  });
});
