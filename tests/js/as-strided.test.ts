import * as tw from 'tessera-wasm';
import { expectSpecError, rng, stridesOf, values, zeros } from './helpers';
import { asStridedReference, randomTensor, storageBytes, storageFrom } from './reference';

beforeAll(() => tw.init());

const x3x3 = () => new tw.Tensor('float32', new Float32Array([1, 2, 3, 4, 5, 6, 7, 8, 9]), [3, 3]);

function distinct(type: string, n: number) {
  const t = zeros(type, [n]);
  const data = t.data as unknown as { [i: number]: unknown; length: number };
  for (let i = 0; i < data.length; i++) {
    if (type === 'string') data[i] = `e${i}`;
    else if (type === 'bool') data[i] = i % 2;
    else if (type.endsWith('int64')) data[i] = BigInt(i + 1);
    else data[i] = (i * 37 + 11) % 128;
  }
  return t;
}

describe('AsStrided (tw.asStrided)', () => {
  it('computes the spec examples', () => {
    const a = tw.asStrided(x3x3(), { size: [2, 2], stride: [2, 3], offset: [0] });
    expect(a.dims).toEqual([2, 2]);
    expect(Array.from(a.data)).toEqual([1, 4, 3, 6]);
    const b = tw.asStrided(x3x3(), { size: [2, 2], stride: [2, 3], offset: [2] });
    expect(Array.from(b.data)).toEqual([3, 6, 5, 8]);
    expect(values(tw.asStrided(x3x3(), { size: [2, 2], stride: [2, 3], offset: 2 }))).toEqual([3, 6, 5, 8]);
  });

  it('matches the reference for every data type on random views', () => {
    const random = rng(7);
    for (const type of tw.DATA_TYPES) {
      const x = randomTensor(type, [40], 40 + type.length);
      for (let trial = 0; trial < 10; trial++) {
        const rank = 1 + Math.floor(random() * 4);
        const size = Array.from({ length: rank }, () => 1 + Math.floor(random() * 3));
        const stride = Array.from({ length: rank }, () => Math.floor(random() * 4));
        const reach = size.reduce((r, s, i) => r + (s - 1) * stride[i], 0);
        const offset = Math.floor(random() * (40 - reach));
        const y = tw.asStrided(x as tw.TensorLike, { size, stride, offset: [offset] });
        expect(y.type).toBe(type);
        expect(y.dims).toEqual(size);
        // Byte for byte, padding bits of packed types included.
        expect(storageBytes(y)).toEqual(storageFrom(type, asStridedReference(x, size, stride, offset)));
      }
    }
  });

  it('makes sliding windows and transposes', () => {
    const x = new tw.Tensor('int32', Int32Array.from({ length: 6 }, (_, i) => i), [6]);
    expect(values(tw.asStrided(x, { size: [4, 3], stride: [1, 1] }))).toEqual([0, 1, 2, 1, 2, 3, 2, 3, 4, 3, 4, 5]);
    const m = new tw.Tensor('float64', Float64Array.from({ length: 6 }, (_, i) => i), [2, 3]);
    const t = tw.asStrided(m, { size: [3, 2], stride: [1, 3] });
    expect(t.dims).toEqual([3, 2]);
    expect(values(t)).toEqual([0, 3, 1, 4, 2, 5]);
  });

  it('returns the input unchanged with its own contiguous strides', () => {
    for (const type of tw.DATA_TYPES) {
      const dims = [2, 3, 5];
      const input = new tw.Tensor(type, distinct(type, 30).data, dims);
      const y = tw.asStrided(input, { size: dims, stride: stridesOf(dims) });
      expect(y.dims).toEqual(dims);
      expect(values(y)).toEqual(values(input));
    }
  });

  it('takes a rank-0 view of one element', () => {
    const y = tw.asStrided(x3x3(), { size: [], stride: [], offset: 4 });
    expect(y.dims).toEqual([]);
    expect(values(y)).toEqual([5]);
  });

  it('checks every constraint of the spec', () => {
    const x = x3x3();
    expectSpecError(() => tw.asStrided(x, { size: [1, 1, 1, 1, 1, 1, 1, 1, 1], stride: [0, 0, 0, 0, 0, 0, 0, 0, 0] }), 'AsStrided', undefined, 'size must have at most 8 entries (got 9)');
    expectSpecError(() => tw.asStrided(x, { size: [2, 0], stride: [1, 1] }), 'AsStrided', undefined, 'size[1] must be > 0 (got 0)');
    expectSpecError(() => tw.asStrided(x, { size: [2, 2], stride: [1] }), 'AsStrided', undefined, 'stride must have as many entries as size (2, got 1)');
    expectSpecError(() => tw.asStrided(x, { size: [2, 2], stride: [1, -1] }), 'AsStrided', undefined, 'stride[1] must be >= 0 (got -1)');
    expectSpecError(() => tw.asStrided(x, { size: [2], stride: [1], offset: [0, 1] }), 'AsStrided', undefined, 'offset must have exactly one entry (got 2)');
    expectSpecError(() => tw.asStrided(x, { size: [2], stride: [1], offset: [-1] }), 'AsStrided', undefined, 'offset[0] must be >= 0 (got -1)');
    expectSpecError(() => tw.asStrided(x, { size: [2], stride: [1.5] }), 'AsStrided', undefined, 'stride[0] must be a safe integer (got 1.5)');
    expectSpecError(() => tw.asStrided(x, { size: 3 as never, stride: [1] }), 'AsStrided', undefined, 'size must be an array of integers (got 3)');
    expectSpecError(() => tw.asStrided(x, null as never), 'AsStrided', undefined, 'params must be an object');
  });

  it('bounds-checks the largest index read', () => {
    const x = x3x3();
    expectSpecError(() => tw.asStrided(x, { size: [2, 2], stride: [3, 3], offset: [3] }), 'AsStrided', undefined, 'largest index read', '= 9', 'element count 9');
    expect(values(tw.asStrided(x, { size: [2, 2], stride: [3, 3], offset: [2] }))).toEqual([3, 6, 6, 9]);
    expectSpecError(() => tw.asStrided(x, { size: [1], stride: [0], offset: [9] }), 'AsStrided', undefined, '= 9');
    // An extent-1 axis never moves, whatever its stride.
    expect(values(tw.asStrided(x, { size: [1, 2], stride: [2 ** 40, 1], offset: [7] }))).toEqual([8, 9]);
  });
});

describe('AsStrided through runNode (domain atb)', () => {
  it('takes float16 and int64 only', () => {
    const attributes = { size: [2], stride: [2], offset: [1] };
    const [h] = tw.runNode({ opType: 'AsStrided', domain: 'atb', attributes }, [distinct('float16', 5)]);
    expect(values(h)).toEqual(values(tw.asStrided(distinct('float16', 5), attributes)));
    const [l] = tw.runNode({ opType: 'AsStrided', domain: 'atb', attributes }, [distinct('int64', 5)]);
    expect(values(l)).toEqual([2n, 4n]);
    for (const type of tw.DATA_TYPES.filter((t) => t !== 'float16' && t !== 'int64')) {
      expectSpecError(() => tw.runNode({ opType: 'AsStrided', domain: 'atb', attributes }, [distinct(type, 5)]), 'AsStrided', undefined, 'x type must be one of float16, int64', `(got ${type})`);
    }
  });

  it('is not in the ONNX domain', () => {
    expectSpecError(() => tw.runNode({ opType: 'AsStrided', attributes: { size: [1], stride: [1] } }, [distinct('int64', 2)]), 'AsStrided', undefined, 'no op "AsStrided" in domain "ai.onnx"');
  });
});
