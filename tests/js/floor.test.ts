import * as tw from 'tessera-wasm';
import { expectSpecError, values, zeros } from './helpers';

beforeAll(() => tw.init());

const bitsOf32 = (x: Float32Array) => Array.from(new Uint32Array(x.buffer, x.byteOffset, x.length));

describe('Floor-13 (tw.floor)', () => {
  it('floors the spec example', () => {
    const y = tw.floor(new tw.Tensor('float32', new Float32Array([-1.5, 1.2, 2]), [3]));
    expect(y.type).toBe('float32');
    expect(y.dims).toEqual([3]);
    expect(Array.from(y.data)).toEqual([-2, 1, 2]);
  });

  it('keeps -0, NaN payloads, infinities and integers; floors subnormals', () => {
    const x = new Float32Array(new Uint32Array([
      0x80000000, 0x7fc00001, 0xff800000, 0x7f800000, 0x4b000001, 0x80000001, 0x00000001, 0xbf000000,
    ]).buffer);
    const y = tw.floor({ type: 'float32', data: x, dims: [2, 4] });
    expect(bitsOf32(y.data)).toEqual([
      0x80000000, 0x7fc00001, 0xff800000, 0x7f800000, 0x4b000001, 0xbf800000, 0x00000000, 0xbf800000,
    ]);
    expect(y.dims).toEqual([2, 4]);
  });

  it('floors float64 at every length 0..40 like Math.floor', () => {
    for (let n = 0; n <= 40; n++) {
      const x = Float64Array.from({ length: n }, (_, i) => (i - 20) * 0.75 + 1e-9 * (i % 3));
      const y = tw.floor({ type: 'float64', data: x, dims: [n] });
      expect(Array.from(y.data)).toEqual(Array.from(x, Math.floor));
    }
  });

  it('floors float16 and bfloat16 bit patterns', () => {
    // float16: -1.5, 1.25, -0, negative subnormal, +Inf, NaN
    const half = tw.floor({ type: 'float16', data: new Uint16Array([0xbe00, 0x3d00, 0x8000, 0x8001, 0x7c00, 0x7e01]), dims: [6] });
    expect(Array.from(half.data)).toEqual([0xc000, 0x3c00, 0x8000, 0xbc00, 0x7c00, 0x7e01]);
    expect(half.data).toBeInstanceOf(Uint16Array);
    // bfloat16: -1.5, 2.75, -0, negative subnormal
    const brain = tw.floor({ type: 'bfloat16', data: new Uint16Array([0xbfc0, 0x4030, 0x8000, 0x8001]), dims: [4] });
    expect(Array.from(brain.data)).toEqual([0xc000, 0x4000, 0x8000, 0xbf80]);
  });

  it('handles scalars and empty tensors', () => {
    expect(Array.from(tw.floor({ type: 'float32', data: new Float32Array([2.5]), dims: [] }).data)).toEqual([2]);
    const empty = tw.floor({ type: 'float64', data: new Float64Array(0), dims: [3, 0] });
    expect(empty.dims).toEqual([3, 0]);
    expect(empty.data.length).toBe(0);
  });

  it('never modifies its input and returns a fresh array', () => {
    const x = new Float32Array([1.5, -2.5, 3.25]);
    const y = tw.floor({ type: 'float32', data: x, dims: [3] });
    expect(Array.from(x)).toEqual([1.5, -2.5, 3.25]);
    expect(y.data).not.toBe(x);
    expect(y.data.buffer).not.toBe(x.buffer);
  });

  it('rejects every non-float type', () => {
    // The four float types from ../shared/spec/Floor.txt, not tw.OPS: the library's table is under test here.
    for (const type of tw.DATA_TYPES.filter((t) => !['float16', 'bfloat16', 'float32', 'float64'].includes(t))) {
      const x = zeros(type, [0]);
      expectSpecError(() => tw.floor(x as never), 'Floor', 13, 'X type must be one of', `(got ${type})`);
    }
  });

  it('rejects a malformed tensor with a Floor SpecError', () => {
    expectSpecError(() => tw.floor({ type: 'float32', data: new Float64Array(2), dims: [2] } as never), 'Floor', 13, 'X data must be a Float32Array', 'Float64Array');
    expectSpecError(() => tw.floor({ type: 'float32', data: new Float32Array(3), dims: [2] }), 'Floor', 13, 'must have length 2 (got 3)');
    expectSpecError(() => tw.floor({ type: 'float32', data: new Float32Array(2), dims: [-2] }), 'Floor', 13, 'dims[0]', '-2');
    expectSpecError(() => tw.floor(null as never), 'Floor', 13, 'X must be a Tensor');
  });
});

describe('Floor through runNode', () => {
  const bf16 = { type: 'bfloat16' as const, data: new Uint16Array([0xbfc0]), dims: [1] };
  const f32 = { type: 'float32' as const, data: new Float32Array([-0.5]), dims: [1] };

  it('resolves opsets 1-5 to Floor-1, 6-12 to Floor-6, 13+ to Floor-13', () => {
    for (const opset of [1, 5]) expectSpecError(() => tw.runNode({ opType: 'Floor', opset }, [bf16]), 'Floor', 1, 'bfloat16');
    for (const opset of [6, 12]) expectSpecError(() => tw.runNode({ opType: 'Floor', opset }, [bf16]), 'Floor', 6, 'bfloat16');
    for (const opset of [13, 25]) expect(values(tw.runNode({ opType: 'Floor', opset }, [bf16])[0])).toEqual([0xc000]);
    expect(values(tw.runNode({ opType: 'Floor' }, [bf16])[0])).toEqual([0xc000]);
  });

  it('accepts and ignores consumed_inputs in Floor-1 only', () => {
    const [y] = tw.runNode({ opType: 'Floor', opset: 1, attributes: { consumed_inputs: [0] } }, [f32]);
    expect(values(y)).toEqual([-1]);
    expectSpecError(() => tw.runNode({ opType: 'Floor', opset: 6, attributes: { consumed_inputs: [0] } }, [f32]), 'Floor', 6, 'unknown attribute "consumed_inputs"');
  });

  it('takes each float type in each version', () => {
    for (const opset of [1, 6, 13]) {
      for (const type of ['float16', 'float32', 'float64'] as const) {
        const data = type === 'float16' ? new Uint16Array([0x3e00]) : type === 'float32' ? new Float32Array([1.5]) : new Float64Array([1.5]);
        const [y] = tw.runNode({ opType: 'Floor', opset, domain: 'ai.onnx' }, [{ type, data, dims: [1] }]);
        expect(y.type).toBe(type);
        expect(values(y)).toEqual([type === 'float16' ? 0x3c00 : 1]);
      }
    }
  });

  it('checks the input count', () => {
    expectSpecError(() => tw.runNode({ opType: 'Floor' }, []), 'Floor', 13, 'takes 1 inputs (X), got 0');
    expectSpecError(() => tw.runNode({ opType: 'Floor' }, [f32, f32]), 'Floor', 13, 'got 2');
  });
});
