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

  it('holds ort.Tensors to the spec: a SpecError for a type the op refuses', () => {
    const ints = new ort.Tensor('int32', new Int32Array([1, 2]), [2]);
    expectSpecError(() => tw.floor(ints as never), 'Floor', 13, /int32/);  // `as never`: the types refuse it already
    expectSpecError(() => tw.runNode({ opType: 'Floor', opset: 13 }, [ints]), 'Floor', 13, /int32/);
  });

  it('gives results that become ort.Tensors again without a copy', () => {
    const y = tw.floor(new ort.Tensor('float32', new Float32Array([0.5, -0.5]), [1, 2]));
    const back = new ort.Tensor(y.type, y.data, y.dims);
    expect(back.data).toBe(y.data);
    expect(back.dims).toEqual([1, 2]);
    expect(back.type).toBe('float32');
  });
});
