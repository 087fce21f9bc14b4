import * as tw from 'tessera-wasm';
import { expectSpecError, rng, values, zeros } from './helpers';
import { randomTensor, storageBytes, storageFrom, tileReference } from './reference';

beforeAll(() => tw.init());

// Written from ../shared/spec/Tile.txt, not read from tw.OPS: the library's table is under test here.
const TILE_13_TYPES = ['float16', 'bfloat16', 'float32', 'float64', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16',
  'uint32', 'uint64', 'bool', 'complex64', 'complex128', 'string'] as const;

/** A tensor of `type` whose every storage slot is distinct (so misplaced elements show). */
function distinct(type: string, dims: number[]) {
  const t = zeros(type, dims);
  const data = t.data as unknown as { length: number; [i: number]: unknown };
  for (let i = 0; i < data.length; i++) {
    if (type === 'string') data[i] = `s${i}`;
    else if (type === 'bool') data[i] = i % 3 === 1 ? 1 : 0;
    else if (type === 'int64' || type === 'uint64') data[i] = BigInt(i * 7 + 1);
    else if (type === 'int8') data[i] = (i % 200) - 100;
    else data[i] = (i * 7 + 1) % 251;
  }
  return t;
}

describe('Tile-13 (tw.tile)', () => {
  it('tiles the spec example A = [[1,2],[3,4]], repeats [1,2]', () => {
    const y = tw.tile(new tw.Tensor('float32', new Float32Array([1, 2, 3, 4]), [2, 2]), [1, 2]);
    expect(y.dims).toEqual([2, 4]);
    expect(Array.from(y.data)).toEqual([1, 2, 1, 2, 3, 4, 3, 4]);
  });

  it('matches np.tile for every type on random shapes', () => {
    const random = rng(13);
    for (const type of TILE_13_TYPES) {
      for (let trial = 0; trial < 12; trial++) {
        const rank = Math.floor(random() * 5);
        const dims = Array.from({ length: rank }, () => Math.floor(random() * 4));
        const repeats = Array.from({ length: rank }, () => Math.floor(random() * 4));
        const x = randomTensor(type, dims, trial);
        const y = tw.tile(x as tw.TensorLike, repeats);
        expect(y.type).toBe(type);
        expect(y.dims).toEqual(dims.map((d, i) => d * repeats[i]));
        expect(storageBytes(y)).toEqual(storageFrom(type, tileReference(x, repeats)));
      }
    }
  });

  it('takes repeats as an int64 tensor, numbers or bigints', () => {
    const x = distinct('int32', [2, 3]);
    const expected = values(tw.tile(x, [2, 1]));
    expect(values(tw.tile(x, new tw.Tensor('int64', new BigInt64Array([2n, 1n]), [2])))).toEqual(expected);
    expect(values(tw.tile(x, [2n, 1n]))).toEqual(expected);
    expect(values(tw.tile(x, { type: 'int64', data: new BigInt64Array([2n, 1n]), dims: [2] }))).toEqual(expected);
  });

  it('handles rank 0, zero-size dims and zero repeats', () => {
    const scalar = tw.tile(new tw.Tensor('float64', new Float64Array([4.5]), []), []);
    expect(scalar.dims).toEqual([]);
    expect(Array.from(scalar.data)).toEqual([4.5]);
    const none = tw.tile(distinct('float32', [2, 3]), [0, 5]);
    expect(none.dims).toEqual([0, 15]);
    expect(values(none)).toEqual([]);
    const empty = tw.tile(zeros('int16', [0, 3]), [4, 2]);
    expect(empty.dims).toEqual([0, 6]);
  });

  it('broadcasts a one-element innermost dimension', () => {
    const y = tw.tile(new tw.Tensor('uint16', new Uint16Array([5, 6, 7]), [3, 1]), [1, 70]);
    expect(Array.from(y.data)).toEqual([...Array(70).fill(5), ...Array(70).fill(6), ...Array(70).fill(7)]);
  });

  it('never modifies its input', () => {
    const x = distinct('float32', [3, 2]);
    const before = values(x);
    tw.tile(x, [2, 2]);
    expect(values(x)).toEqual(before);
  });

  it('rejects bad repeats', () => {
    const x = distinct('float32', [2, 3, 4]);
    expectSpecError(() => tw.tile(x, [1, 2]), 'Tile', 13, 'repeats must have one entry per input dimension (input rank 3, got 2)');
    expectSpecError(() => tw.tile(x, [1, -2, 1]), 'Tile', 13, 'repeats[1] must be >= 0 (got -2)');
    expectSpecError(() => tw.tile(x, [1, 1.5, 1]), 'Tile', 13, 'repeats[1] must be a safe integer (got 1.5)');
    expectSpecError(() => tw.tile(x, new tw.Tensor('int32', new Int32Array([1, 1, 1]), [3]) as never), 'Tile', 13, 'repeats must be an int64 tensor (got int32)');
    expectSpecError(() => tw.tile(x, new tw.Tensor('int64', new BigInt64Array([1n, 1n, 1n]), [1, 3])), 'Tile', 13, 'repeats must be a 1-D tensor (got dims [1, 3])');
    expectSpecError(() => tw.tile(x, 3 as never), 'Tile', 13, 'repeats must be a 1-D int64 tensor or an array of integers (got 3)');
  });

  it('rejects outputs too large, naming the bytes', () => {
    const x = distinct('float64', [2, 2]);
    expectSpecError(() => tw.tile(x, [2 ** 26, 2 ** 26]), 'Tile', 13, 'must be a safe integer');
    expectSpecError(() => tw.tile(x, [2 ** 14, 2 ** 14]), 'Tile', 13, 'needs 8589934592 bytes', '4294901760');
  });

  it('rejects an empty output whose other axis is too long to name, as a Tile error', () => {
    const big = 2 ** 53 - 1;
    const empty = new tw.Tensor('float32', new Float32Array(0), [0, big]);
    expectSpecError(() => tw.tile(empty, [big, big]), 'Tile', 13, `output dims[1] = input dims[1] * repeats[1] must be a safe integer (${big} * ${big} = ${big * big})`);
    expect(tw.tile(empty, [big, 1]).dims).toEqual([0, big]);
  });
});

describe('Tile through runNode', () => {
  const int64 = (...v: number[]) => new tw.Tensor('int64', BigInt64Array.from(v.map(BigInt)), [v.length]);

  it('gates bfloat16 on version 13 and takes every Tile-6 type at opset 6-12', () => {
    const bf = distinct('bfloat16', [2]);
    expectSpecError(() => tw.runNode({ opType: 'Tile', opset: 12 }, [bf, int64(2)]), 'Tile', 6, 'input type must be one of', 'got bfloat16');
    expect(values(tw.runNode({ opType: 'Tile', opset: 13 }, [bf, int64(2)])[0])).toEqual([1, 8, 1, 8]);
    for (const type of TILE_13_TYPES.filter((t) => t !== 'bfloat16')) {
      const [y] = tw.runNode({ opType: 'Tile', opset: 6 }, [distinct(type, [2]), int64(3)]);
      expect(y.dims).toEqual([6]);
    }
  });

  it('requires a repeats tensor (not a plain array) in runNode', () => {
    expectSpecError(() => tw.runNode({ opType: 'Tile' }, [distinct('float32', [2]), [2] as never]), 'Tile', 13, 'repeats must be a 1-D int64 tensor (got [2])');
  });

  it('Tile-1 tiles along one axis, with tiles and axis as int64 or float scalars', () => {
    const x = distinct('float32', [2, 3]);
    const expected = values(tw.tile(x, [1, 3]));
    const f32 = (v: number) => new tw.Tensor('float32', new Float32Array([v]), []);
    const i64 = (v: number) => new tw.Tensor('int64', new BigInt64Array([BigInt(v)]), [1]);
    expect(values(tw.runNode({ opType: 'Tile', opset: 1 }, [x, i64(3), i64(1)])[0])).toEqual(expected);
    expect(values(tw.runNode({ opType: 'Tile', opset: 5 }, [x, f32(3), f32(1)])[0])).toEqual(expected);
    const half = (bits: number) => new tw.Tensor('float16', new Uint16Array([bits]), []);
    expect(values(tw.runNode({ opType: 'Tile', opset: 1 }, [distinct('float16', [2, 3]), half(0x4200), half(0x3c00)])[0]))
      .toEqual(values(tw.tile(distinct('float16', [2, 3]), [1, 3])));
  });

  it('Tile-1 rejects non-float inputs, non-integral or out-of-range tiles and axis', () => {
    const x = distinct('float32', [2, 3]);
    const f32 = (v: number) => new tw.Tensor('float32', new Float32Array([v]), []);
    expectSpecError(() => tw.runNode({ opType: 'Tile', opset: 1 }, [distinct('int32', [2]), f32(2), f32(0)]), 'Tile', 1, 'input type must be one of float16, float32, float64 (got int32)');
    expectSpecError(() => tw.runNode({ opType: 'Tile', opset: 1 }, [x, f32(2.5), f32(0)]), 'Tile', 1, 'tiles must hold an integral value (got 2.5)');
    expectSpecError(() => tw.runNode({ opType: 'Tile', opset: 1 }, [x, f32(-1), f32(0)]), 'Tile', 1, 'tiles must be >= 0 (got -1)');
    expectSpecError(() => tw.runNode({ opType: 'Tile', opset: 1 }, [x, f32(2), f32(2)]), 'Tile', 1, 'axis must lie in [0, 2)', '(got 2)');
    expectSpecError(() => tw.runNode({ opType: 'Tile', opset: 1 }, [x, f32(2), f32(-1)]), 'Tile', 1, '(got -1)');
    expectSpecError(() => tw.runNode({ opType: 'Tile', opset: 1 }, [x, new tw.Tensor('int32', new Int32Array([2]), []), f32(0)]), 'Tile', 1, 'tiles must be an int64 or float16/float32/float64 tensor (got int32)');
    expectSpecError(() => tw.runNode({ opType: 'Tile', opset: 1 }, [x, new tw.Tensor('float32', new Float32Array([2, 2]), [2]), f32(0)]), 'Tile', 1, 'tiles must be a scalar tensor (got dims [2])');
    expectSpecError(() => tw.runNode({ opType: 'Tile', opset: 1 }, [x, f32(2)]), 'Tile', 1, 'takes 3 inputs (input, tiles, axis), got 2');
  });

  it('resolves opsets below 1 as errors, 1-5 to Tile-1, 6-12 to Tile-6 and 13 on to Tile-13', () => {
    for (const opset of [0, -1, 0.5]) {
      expectSpecError(() => tw.runNode({ opType: 'Tile', opset }, [distinct('float32', [2])]), 'Tile', undefined, 'opset must be a positive integer');
    }
    const cases: [number, number][] = [[1, 1], [5, 1], [6, 6], [7, 6], [12, 6], [13, 13], [25, 13]];
    for (const [opset, version] of cases) {
      // One input too few: the error names the version the opset resolved to.
      expectSpecError(() => tw.runNode({ opType: 'Tile', opset }, [distinct('float32', [2])]), 'Tile', version, 'inputs');
    }
  });
});


describe('Tile-1: an output too large is the fault of tiles', () => {
  it('names tiles as the param', () => {
    const x = new tw.Tensor('float32', new Float32Array(4), [4]);
    const tiles = new tw.Tensor('int64', new BigInt64Array([2n ** 40n]), []);
    const axis = new tw.Tensor('int64', new BigInt64Array([0n]), []);
    let thrown: unknown;
    try { tw.runNode({ opType: 'Tile', opset: 1 }, [x, tiles, axis]); } catch (error) { thrown = error; }
    expect(thrown).toBeInstanceOf(tw.SpecError);
    expect((thrown as tw.SpecError).param).toBe('tiles');
    expect((thrown as Error).message).toMatch(/more than WebAssembly memory can hold/);
  });
});
