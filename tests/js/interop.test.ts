// onnxruntime-web Tensors as inputs. onnxruntime-common defines the very
// Tensor class onnxruntime-web exports (without its heavy WebAssembly), so
// these are real ort.Tensor objects: getters, their own dims arrays, and the
// onnxruntime types, checked by ts-jest at compile time as well.
import * as ort from 'onnxruntime-common';
import * as tw from 'tessera-wasm';
import { expectSpecError, values } from './helpers';

beforeAll(() => tw.init());

describe('onnxruntime Tensors as inputs', () => {
  it('floors a float32 ort.Tensor, typed without a cast, and leaves it untouched', () => {
    const x = new ort.Tensor('float32', new Float32Array([-1.5, 1.2, 2, -0.5, 7, -8.25]), [2, 3]);
    expect(x).not.toBeInstanceOf(tw.Tensor);
    const y: tw.Tensor<'float32'> = tw.floor(x);
    expect(y).toBeInstanceOf(tw.Tensor);
    expect(y.type).toBe('float32');
    expect(y.dims).toEqual([2, 3]);
    expect(values(y)).toEqual([-2, 1, 2, -1, 7, -9]);
    expect(values(x)).toEqual([-1.5, 1.2, 2, -0.5, 7, -8.25].map(Math.fround));
    expect(y.data).not.toBe(x.data);
  });

  it('floors float16 (Uint16Array bits) and float64 ort.Tensors, scalars included', () => {
    const half = tw.floor(new ort.Tensor('float16', new Uint16Array([0xbe00, 0x3d00]), [2]));  // -1.5, 1.25
    expect(values(half)).toEqual([0xc000, 0x3c00]);  // -2, 1
    const scalar = tw.floor(new ort.Tensor('float64', new Float64Array([-0.25]), []));
    expect(scalar.dims).toEqual([]);
    expect(values(scalar)).toEqual([-1]);
  });

  it('runs ort.Tensors through runNode as the opset says', () => {
    const x = new ort.Tensor('float64', new Float64Array([2.5, -2.5]), [2]);
    const [y] = tw.runNode({ opType: 'Floor', opset: 6 }, [x]);
    expect(values(y)).toEqual([2, -3]);
    const half = new ort.Tensor('float16', new Uint16Array([0x3fc0]), [1]);  // 1.9375
    expect(values(tw.runNode({ opType: 'Floor', opset: 6 }, [half])[0])).toEqual([0x3c00]);  // 1
  });

  it('tiles ort.Tensors of every storage kind, with an ort int64 repeats tensor; strides packed int4', () => {
    const repeats = new ort.Tensor('int64', new BigInt64Array([2n, 1n]), [2]);
    const words = tw.tile(new ort.Tensor('string', ['a', 'b'], [1, 2]), repeats);
    expect(words.dims).toEqual([2, 2]);
    expect(values(words)).toEqual(['a', 'b', 'a', 'b']);
    const flags = tw.tile(new ort.Tensor('bool', new Uint8Array([1, 0]), [2, 1]), [1, 3]);
    expect(values(flags)).toEqual([1, 1, 1, 0, 0, 0]);
    const big = tw.tile(new ort.Tensor('uint64', new BigUint64Array([2n ** 64n - 1n]), [1]), [2]);
    expect(values(big)).toEqual([2n ** 64n - 1n, 2n ** 64n - 1n]);
    const packed = new ort.Tensor('int4', new Uint8Array([0x21, 0x03]), [3]);  // 1, 2, 3, packed
    expectSpecError(() => tw.tile(packed, [2]), 'Tile', 13, /got int4/);  // not among Tile-13's types
    expect(tw.decode(tw.asStrided(packed, { size: [2, 2], stride: [1, 1] }))).toEqual([1, 2, 2, 3]);
  });

  it('takes an ort int64 shape and an ort value for ConstantOfShape', () => {
    const shape = new ort.Tensor('int64', new BigInt64Array([2n, 2n]), [2]);
    const y: tw.Tensor<'int8'> = tw.constantOfShape(shape, new ort.Tensor('int8', new Int8Array([-3]), [1]));
    expect(y.type).toBe('int8');
    expect(y.dims).toEqual([2, 2]);
    expect(values(y)).toEqual([-3, -3, -3, -3]);
    const [z] = tw.runNode({ opType: 'ConstantOfShape', attributes: { value: new ort.Tensor('float64', new Float64Array([0.5]), [1]) } }, [shape]);
    expect(values(z)).toEqual([0.5, 0.5, 0.5, 0.5]);
    const nibbles = tw.constantOfShape([3], new ort.Tensor('uint4', new Uint8Array([0x0b]), [1]));
    expect(tw.decode(nibbles)).toEqual([11, 11, 11]);
  });

  it('strides an ort.Tensor (the ATB spec example) and runs AsStrided-1 on an ort float16 one', () => {
    const x = new ort.Tensor('float32', Float32Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9]), [3, 3]);
    expect(values(tw.asStrided(x, { size: [2, 2], stride: [2, 3], offset: [2] }))).toEqual([3, 6, 5, 8]);
    const half = new ort.Tensor('float16', tw.encode('float16', [1, 2, 3, 4, 5, 6, 7, 8, 9]), [3, 3]);
    const [y] = tw.runNode({ opType: 'AsStrided', domain: 'atb', attributes: { size: [2, 2], stride: [2, 3], offset: [0] } }, [half]);
    expect(tw.decode(y)).toEqual([1, 4, 3, 6]);
  });

  it('holds ort.Tensors to the spec: a SpecError for a type the op refuses', () => {
    const ints = new ort.Tensor('int32', new Int32Array([1, 2]), [2]);
    expectSpecError(() => tw.floor(ints as never), 'Floor', 13, /int32/);  // `as never`: the types refuse it already
    expectSpecError(() => tw.runNode({ opType: 'Floor', opset: 13 }, [ints]), 'Floor', 13, /int32/);
    const int32Repeats = new ort.Tensor('int32', new Int32Array([2]), [1]);
    expectSpecError(() => tw.tile(new ort.Tensor('float32', new Float32Array(1), [1]), int32Repeats as never), 'Tile', 13, /int64/);
    expectSpecError(() => tw.runNode({ opType: 'AsStrided', domain: 'atb', attributes: { size: [1], stride: [1] } }, [ints]), 'AsStrided', undefined, /int32/);
  });

  it('gives results that become ort.Tensors again without a copy', () => {
    const y = tw.floor(new ort.Tensor('float32', new Float32Array([0.5, -0.5]), [1, 2]));
    const back = new ort.Tensor(y.type, y.data, y.dims);
    expect(back.data).toBe(y.data);
    expect(back.dims).toEqual([1, 2]);
    expect(back.type).toBe('float32');
  });
});
