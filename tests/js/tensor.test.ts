import * as tw from 'tessera-wasm';
import { expectSpecError, slotsFor, zeros } from './helpers';

describe('the data type table', () => {
  it('has every type of the contract with its ONNX number', () => {
    const expected: Record<string, number> = {
      float32: 1, uint8: 2, int8: 3, uint16: 4, int16: 5, int32: 6, int64: 7, string: 8, bool: 9,
      float16: 10, float64: 11, uint32: 12, uint64: 13, complex64: 14, complex128: 15, bfloat16: 16,
      float8e4m3fn: 17, float8e4m3fnuz: 18, float8e5m2: 19, float8e5m2fnuz: 20, uint4: 21, int4: 22,
      float4e2m1: 23, float8e8m0: 24, uint2: 25, int2: 26,
    };
    expect(Object.fromEntries(tw.DATA_TYPES.map((t) => [t, tw.DTYPES[t].onnx]))).toEqual(expected);
  });

  it('stores each type in the class the contract names', () => {
    const storage: Record<string, string> = {
      float32: 'Float32Array', float64: 'Float64Array', int8: 'Int8Array', uint8: 'Uint8Array', int16: 'Int16Array',
      uint16: 'Uint16Array', int32: 'Int32Array', uint32: 'Uint32Array', int64: 'BigInt64Array', uint64: 'BigUint64Array',
      bool: 'Uint8Array', float16: 'Uint16Array', bfloat16: 'Uint16Array', complex64: 'Float32Array', complex128: 'Float64Array',
      string: 'Array',
    };
    for (const t of tw.DATA_TYPES) expect(tw.DTYPES[t].storage).toBe(storage[t] ?? 'Uint8Array');
  });
});

describe('Tensor', () => {
  it('takes every type at every storage length rule (sizes 0..9)', () => {
    for (const type of tw.DATA_TYPES) {
      for (let n = 0; n <= 9; n++) {
        const { data } = zeros(type, [n]);
        const t = new tw.Tensor(type, data, [n]);
        expect(t.size).toBe(n);
        expect(t.data).toBe(data);
        expect((t.data as ArrayLike<unknown>).length).toBe(slotsFor(type, n));
      }
    }
  });

  it('rejects data one slot too long or too short for every type', () => {
    for (const type of tw.DATA_TYPES) {
      const slots = slotsFor(type, 5);
      for (const wrong of [slots - 1, slots + 1]) {
        const { data } = zeros(type, [5]);
        const resized = Array.isArray(data) ? new Array(wrong).fill('') : new ((data as object).constructor as new (n: number) => unknown)(wrong);
        expectSpecError(() => new tw.Tensor(type, resized as never, [5]), 'Tensor', undefined, `must have length ${slots} (got ${wrong})`);
      }
    }
    expectSpecError(() => new tw.Tensor('int4', new Uint8Array(2), [5]), 'Tensor', undefined, 'type int4 with dims [5] must have length 3 (got 2)');
    expectSpecError(() => new tw.Tensor('uint2', new Uint8Array(2), [9]), 'Tensor', undefined, 'must have length 3 (got 2)');
    expectSpecError(() => new tw.Tensor('complex64', new Float32Array(3), [2]), 'Tensor', undefined, 'must have length 4 (got 3)');
  });

  it('rejects data of the wrong class', () => {
    expectSpecError(() => new tw.Tensor('int64', new Int32Array(2) as never, [2]), 'Tensor', undefined, 'data must be a BigInt64Array for type int64 (got Int32Array)');
    expectSpecError(() => new tw.Tensor('float32', [1, 2] as never, [2]), 'Tensor', undefined, 'must be a Float32Array');
    expectSpecError(() => new tw.Tensor('string', ['a', 3] as never, [2]), 'Tensor', undefined, 'data[1] must be a string (got 3)');
    expectSpecError(() => new tw.Tensor('bool', new Int8Array(1) as never, [1]), 'Tensor', undefined, 'must be a Uint8Array');
  });

  it('rejects bad dims and unknown types', () => {
    expectSpecError(() => new tw.Tensor('float32', new Float32Array(1), [1.5]), 'Tensor', undefined, 'dims[0] must be a non-negative safe integer (got 1.5)');
    expectSpecError(() => new tw.Tensor('float32', new Float32Array(1), [NaN]), 'Tensor', undefined, 'NaN');
    expectSpecError(() => new tw.Tensor('float32', new Float32Array(1), 'abc' as unknown as number[]), 'Tensor', undefined, 'dims must be an array');
    expectSpecError(() => new tw.Tensor('float128' as 'float32', new Float32Array(1), [1]), 'Tensor', undefined, 'unknown data type (got "float128")');
    expectSpecError(() => new tw.Tensor('float32', new Float32Array(0), [2 ** 30, 2 ** 30, 2 ** 30]), 'Tensor', undefined, 'element count must be a safe integer');
  });

  it('rejects bool values other than 0 and 1', () => {
    expectSpecError(() => new tw.Tensor('bool', new Uint8Array([0, 1, 2]), [3]), 'Tensor', undefined, 'bool data must be 0 or 1 (got 2 at index 2)');
  });

  it('has size 1 for a scalar and freezes dims', () => {
    const dims = [2, 3];
    const t = new tw.Tensor('float32', new Float32Array(6), dims);
    dims[0] = 5;
    expect(t.dims).toEqual([2, 3]);
    expect(Object.isFrozen(t.dims)).toBe(true);
    expect(() => { (t as { type: string }).type = 'int32'; }).toThrow(TypeError);
    expect(() => { (t as { data: unknown }).data = new Float32Array(6); }).toThrow(TypeError);
    expect(t.type).toBe('float32');
    expect(new tw.Tensor('int64', new BigInt64Array(1), []).size).toBe(1);
  });

  it('makes SpecError an Error with op and version', () => {
    const e = new tw.SpecError('Tile', 13, 'repeats must be 1-D');
    expect(e).toBeInstanceOf(Error);
    expect(e.message).toBe('Tile-13: repeats must be 1-D');
    expect([e.op, e.version, e.name]).toEqual(['Tile', 13, 'SpecError']);
  });
});

describe('inputs from unusual places', () => {
  beforeAll(() => tw.init());

  it('takes an input whose data is a view of the module memory, even when the op grows that memory', () => {
    const n = 1 << 20;
    const resident = tw.toResident(new tw.Tensor('float32', Float32Array.from({ length: n }, (_, i) => i + 0.5), [n]));
    try {
      const y = tw.floor({ type: 'float32', data: resident.view(), dims: [n] });
      expect([y.data[0], y.data[n - 1]]).toEqual([0, n - 1]);
      const t = tw.tile({ type: 'float32', data: resident.view(), dims: [n] }, [3]);
      expect([t.data[0], t.data[3 * n - 1]]).toEqual([0.5, n - 0.5]);
    } finally {
      resident.dispose();
    }
  });

  it('takes typed arrays from another realm and resident tensors as values', () => {
    const { runInNewContext } = require('node:vm') as typeof import('node:vm');
    const foreign = runInNewContext('new Float32Array([1.5, -1.5])') as Float32Array;
    expect(Array.from(tw.floor({ type: 'float32', data: foreign, dims: [2] }).data)).toEqual([1, -2]);
    const value = tw.toResident(new tw.Tensor('int32', new Int32Array([4]), [1]));
    expect(Array.from(tw.constantOfShape([2], value as never).data)).toEqual([4, 4]);
    value.dispose();
  });

  it('takes array-likes for repeats, shape, size and stride, and turns -0 into 0', () => {
    const x = new tw.Tensor('int8', new Int8Array([1, 2]), [2]);
    expect(Array.from(tw.tile(x, { length: 1, 0: 2 }).data)).toEqual([1, 2, 1, 2]);
    expect(Array.from(tw.asStrided(x, { size: { length: 1, 0: 2 }, stride: { length: 1, 0: 0 } }).data)).toEqual([1, 1]);
    expect(tw.constantOfShape({ length: 2, 0: 1, 1: 2 }).dims).toEqual([1, 2]);
    const z = tw.tile(x, [-0]);
    expect(Object.is(z.dims[0], 0)).toBe(true);
    expect(Object.is(new tw.Tensor('int8', new Int8Array(0), [-0]).dims[0], 0)).toBe(true);
  });

  it('rejects string arrays with holes, and counts an empty tensor as empty however large its other dims', () => {
    expectSpecError(() => new tw.Tensor('string', new Array(2) as string[], [2]), 'Tensor', undefined, 'data[0] must be a string (got undefined)');
    const big = 2 ** 53 - 1;
    expect(new tw.Tensor('float32', new Float32Array(0), [...new Array(22).fill(big), 0]).size).toBe(0);
  });
});
