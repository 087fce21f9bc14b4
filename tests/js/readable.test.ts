// Reading tensors as a person would: toString and Node's inspect, toArray,
// tw.tensor from plain numbers, Float16Array, and the errors that say what to do.
import { inspect } from 'node:util';
import * as tw from 'tessera-wasm';
import { expectSpecError } from './helpers';

beforeAll(() => tw.init());

describe('toString and inspect', () => {
  it('prints numpy-like text with the type and dims', () => {
    const t = new tw.Tensor('float32', new Float32Array([1, 2.5, 3, 4, 5, -0]), [2, 3]);
    expect(t.toString()).toBe('Tensor float32 [2, 3]\n[[1, 2.5, 3],\n [4, 5, -0]]');
    expect(String(t)).toBe(t.toString());
    expect(inspect(t)).toBe(t.toString());
  });

  it('shows narrow types as values, bool, int64, strings and complex as themselves', () => {
    expect(tw.tensor('float16', [1.5, -2]).toString()).toBe('Tensor float16 [2]\n[1.5, -2]');
    expect(tw.tensor('int4', [7, -8, 2]).toString()).toBe('Tensor int4 [3]\n[7, -8, 2]');
    expect(tw.tensor('bool', [true, false]).toString()).toBe('Tensor bool [2]\n[true, false]');
    expect(tw.tensor('int64', [2n ** 60n]).toString()).toBe('Tensor int64 [1]\n[1152921504606846976]');
    expect(tw.tensor('string', ['a', 'b"c']).toString()).toBe('Tensor string [2]\n["a", "b\\"c"]');
    expect(tw.tensor('complex64', [1, -2]).toString()).toBe('Tensor complex64 [1]\n[1-2j]');
    expect(new tw.Tensor('float64', new Float64Array([7]), []).toString()).toBe('Tensor float64 []\n7');
    expect(new tw.Tensor('uint8', new Uint8Array(0), [0, 3]).toString()).toBe('Tensor uint8 [0, 3]\n[]');
  });

  it('summarizes past 1000 elements with the first and last three of each axis', () => {
    const t = new tw.Tensor('int32', Int32Array.from({ length: 2000 }, (_, i) => i), [2, 1000]);
    expect(t.toString()).toBe('Tensor int32 [2, 1000]\n[[0, 1, 2, ..., 997, 998, 999],\n [1000, 1001, 1002, ..., 1997, 1998, 1999]]');
  });
});

describe('toArray', () => {
  it('nests by dims, decodes narrow types, keeps bigints and booleans', () => {
    expect(new tw.Tensor('int32', new Int32Array([1, 2, 3, 4, 5, 6]), [3, 2]).toArray()).toEqual([[1, 2], [3, 4], [5, 6]]);
    expect(tw.tensor('bfloat16', [1, -0.5], [2, 1]).toArray()).toEqual([[1], [-0.5]]);
    expect(tw.tensor('uint64', [1n, 2n]).toArray()).toEqual([1n, 2n]);
    expect(tw.tensor('bool', [1, 0]).toArray()).toEqual([true, false]);
    expect(tw.tensor('complex128', [1, 2, 3, 4]).toArray()).toEqual([[1, 2], [3, 4]]);
    expect(new tw.Tensor('float32', new Float32Array([9]), []).toArray()).toBe(9);
  });
});

describe('tw.tensor', () => {
  it('encodes numbers into every narrow type\'s storage and fills the others plainly', () => {
    expect(Array.from(tw.tensor('float16', [1.5, -2, 0.1], [3]).data)).toEqual([0x3e00, 0xc000, 0x2e66]);
    expect(Array.from(tw.tensor('int4', [7, -8, 2]).data)).toEqual([0x87, 0x02]);
    expect(Array.from(tw.tensor('float8e4m3fn', [1, -448]).data)).toEqual([0x38, 0xfe]);
    expect(tw.tensor('int64', [1, 2n]).data).toEqual(new BigInt64Array([1n, 2n]));
    expect(tw.tensor('float32', [1, 2, 3, 4], [2, 2]).dims).toEqual([2, 2]);
    expect(tw.tensor('complex64', [1, 2, 3, 4]).dims).toEqual([2]);
  });

  it('refuses what it cannot store, naming the value', () => {
    expectSpecError(() => tw.tensor('float32', [1, '2'] as never), 'tensor', undefined, 'values[1] must be a number (got "2")');
    expectSpecError(() => tw.tensor('bool', [2] as never), 'tensor', undefined, 'values[0] must be a boolean or 0/1 (got 2)');
    expectSpecError(() => tw.tensor('int64', [0.5]), 'tensor', undefined, 'values[0] must be a bigint or a safe integer (got 0.5)');
    expectSpecError(() => tw.tensor('complex64', [1, 2, 3]), 'tensor', undefined, 'complex64 takes 2 numbers per element');
    expectSpecError(() => tw.tensor('float32', [1, 2], [3]), 'Tensor', undefined, 'must have length 3 (got 2)');
  });
});

describe('float16 as Float16Array', () => {
  it('is an opt-in view where the runtime has one, and says what to do where it has none', () => {
    const t = tw.tensor('float16', [1.5, -2]);
    expect(t.data).toBeInstanceOf(Uint16Array);  // the contract's storage is unchanged
    if (typeof (globalThis as { Float16Array?: unknown }).Float16Array === 'function') {
      expect(Array.from(t.asFloat16Array())).toEqual([1.5, -2]);
    } else {
      expectSpecError(() => t.asFloat16Array(), 'asFloat16Array', undefined, 'this runtime has no Float16Array', 'tw.decode');
    }
    expectSpecError(() => tw.tensor('float32', [1]).asFloat16Array(), 'asFloat16Array', undefined, 'only a float16 tensor');
  });
});

describe('errors that say what to do', () => {
  const x = new tw.Tensor('float32', new Float32Array(6), [6]);
  it('answers a PyTorch-style asStrided call with the object form', () => {
    expectSpecError(() => tw.asStrided(x, [3, 2] as never), 'AsStrided', undefined, 'size and stride go in one object: tw.asStrided(x, { size: [3, 2], stride: [...] })');
  });
  it('takes BigInt dims, as it takes BigInt repeats', () => {
    expect(new tw.Tensor('float32', new Float32Array(6), [2n, 3n] as never).dims).toEqual([2, 3]);
  });
  it('points float16 numbers at tw.encode or a Float16Array', () => {
    expectSpecError(() => new tw.Tensor('float16', new Float32Array([1.5]) as never, [1]), 'Tensor', undefined, "tw.cast(new tw.Tensor('float32'", "tw.encode('float16', numbers)", 'Float16Array');
    expectSpecError(() => new tw.Tensor('bfloat16', [1.5] as never, [1]), 'Tensor', undefined, "tw.encode('bfloat16', numbers)");
  });
  it('says integers are already whole when Floor is given one', () => {
    expectSpecError(() => tw.floor(new tw.Tensor('int32', new Int32Array(1), [1]) as never), 'Floor', 13, 'integers are already whole');
  });
  it('names a tfjs tensor of a type it cannot map', () => {
    const fake = { dtype: 'string', shape: [1], dataSync: () => [new Uint8Array([97])] };
    expectSpecError(() => tw.tile(fake as never, [2]), 'Tile', 13, 'is a tfjs string tensor: take its values with dataSync()');
  });
});
