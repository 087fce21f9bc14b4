// The index ops' spec cases beyond the registry suite: each version's
// differences and every error, named with op, version, parameter and value,
// with nothing written to `out`.
import * as tw from 'tessera-wasm';

beforeAll(() => tw.init());

const i64 = (values: number[], dims = [values.length]) => new tw.Tensor('int64', BigInt64Array.from(values, BigInt), dims);
const f32 = (values: number[], dims = [values.length]) => new tw.Tensor('float32', Float32Array.from(values), dims);

function refused(call: () => unknown): tw.SpecError {
  try {
    call();
  } catch (error) {
    if (error instanceof tw.SpecError) return error;
    throw error;
  }
  throw new Error('expected a SpecError');
}

describe('Gather', () => {
  const x = f32([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [5, 2]);

  it('names the first out-of-range index, its position and the range, and leaves out unwritten', () => {
    const out = new Float32Array(8).fill(-1);
    const e = refused(() => tw.gather(x, i64([0, 1, 7, 9], [2, 2]), { out }));
    expect(e.message).toBe('Gather-13: indices[1, 0] = 7 is out of range [-5, 5) on axis 0');
    expect([e.op, e.version, e.param]).toEqual(['Gather', 13, 'indices']);
    expect(Array.from(out)).toEqual(new Array(8).fill(-1));
    expect(refused(() => tw.gather(x, tw.tensor('int32', [-3], [1]), { axis: 1 })).message)
      .toBe('Gather-13: indices[0] = -3 is out of range [-2, 2) on axis 1');
  });

  it('checks the indices of an empty output too', () => {
    const empty = f32([], [5, 0]);
    expect(refused(() => tw.gather(empty, i64([5]))).message).toContain('indices[0] = 5 is out of range [-5, 5)');
  });

  it('takes negative indices and axes; refuses a type the version does not list', () => {
    expect(Array.from(tw.gather(x, i64([-1]), { axis: -2 }).data as Float32Array)).toEqual([9, 10]);
    const bf = new tw.Tensor('bfloat16', new Uint16Array(2), [2]);
    expect(refused(() => tw.runNode({ opType: 'Gather', opset: 11 }, [bf, i64([0])])).message).toContain('data type must be one of');
    expect(tw.runNode({ opType: 'Gather', opset: 13 }, [bf, i64([0])])[0].dims).toEqual([1]);
    expect(refused(() => tw.gather(x, f32([0]) as never)).param).toBe('indices');
    expect(refused(() => tw.gather(x, i64([0]), { axis: 2 })).message).toContain('axis 2 is out of range: it must lie in [-2, 1]');
  });
});

describe('GatherElements and GatherND', () => {
  it('GatherElements: the first bad index by position; indices longer than the data off the axis refused', () => {
    const x = f32([1, 2, 3, 4], [2, 2]);
    expect(Array.from(tw.gatherElements(x, i64([0, 0, 1, 0], [2, 2]), { axis: 1 }).data as Float32Array)).toEqual([1, 1, 4, 3]);
    expect(refused(() => tw.gatherElements(x, i64([0, 0, 2, 0], [2, 2]), { axis: 1 })).message)
      .toBe('GatherElements-13: indices[1, 0] = 2 is out of range [-2, 2) on axis 1');
    expect(refused(() => tw.gatherElements(x, i64([0, 0, 0], [3, 1]), { axis: 1 })).message).toContain('indices dims[0] = 3 must not exceed');
  });

  it('GatherND: batch_dims from version 12; the bad component names its data axis', () => {
    const x = tw.tensor('int32', [0, 1, 2, 3, 4, 5, 6, 7], [2, 2, 2]);
    expect(Array.from(tw.gatherND(x, i64([1, 0], [2, 1]), { batchDims: 1 }).data as Int32Array)).toEqual([2, 3, 4, 5]);
    expect(refused(() => tw.gatherND(x, i64([0, 3], [1, 2]))).message).toBe('GatherND-13: indices[0, 1] = 3 is out of range [-2, 2) on axis 1');
    expect(refused(() => tw.runNode({ opType: 'GatherND', opset: 11, attributes: { batch_dims: 1 } }, [x, i64([0], [1, 1])])).message)
      .toContain('unknown attribute "batch_dims"');
    expect(refused(() => tw.gatherND(x, i64([0, 0, 0, 0], [1, 4]))).message).toContain("indices' last dimension must lie in [1, 3]");
  });
});

describe('ScatterElements, Scatter and ScatterND', () => {
  const data = f32([1, 2, 3, 4, 5]);

  it('reductions by version: none only before 16, add and mul from 16, max and min from 18', () => {
    const node = (opset: number, reduction: string) => () => tw.runNode({ opType: 'ScatterElements', opset, attributes: { reduction } }, [data, i64([1, 1]), f32([10, 20])]);
    expect(refused(node(13, 'add')).message).toContain('unknown attribute "reduction"');
    expect(Array.from(node(16, 'add')()[0].data as Float32Array)).toEqual([1, 32, 3, 4, 5]);
    expect(refused(node(16, 'max')).message).toBe("ScatterElements-16: reduction must be one of none, add, mul (got \"max\")");
    expect(Array.from(node(18, 'max')()[0].data as Float32Array)).toEqual([1, 20, 3, 4, 5]);
    expect(Array.from(node(18, 'mul')()[0].data as Float32Array)).toEqual([1, 400, 3, 4, 5]);
  });

  it('the first bad index, mismatched updates, and refused reductions, nothing written', () => {
    const out = new Float32Array(5).fill(-1);
    expect(refused(() => tw.scatterElements(data, i64([0, -6]), f32([1, 2]), { out })).message)
      .toBe('ScatterElements-18: indices[1] = -6 is out of range [-5, 5) on axis 0');
    expect(Array.from(out)).toEqual([-1, -1, -1, -1, -1]);
    expect(refused(() => tw.scatterElements(data, i64([0, 1]), f32([1]))).param).toBe('updates');
    const c = new tw.Tensor('complex64', new Float32Array(4), [2]);
    expect(refused(() => tw.scatterElements(c, i64([0]), new tw.Tensor('complex64', new Float32Array(2), [1]), { reduction: 'max' })).message)
      .toContain('complex numbers (complex64) have none');
    const s = new tw.Tensor('string', ['a', 'b'], [2]);
    expect(refused(() => tw.scatterElements(s, i64([0]), new tw.Tensor('string', ['c'], [1]), { reduction: 'add' })).param).toBe('reduction');
    expect(tw.scatterElements(s, i64([-1]), new tw.Tensor('string', ['c'], [1])).data).toEqual(['a', 'c']);
  });

  it('Scatter is ScatterElements at opset 9-10 and deprecated from 11', () => {
    expect(Array.from(tw.runNode({ opType: 'Scatter', opset: 10 }, [data, i64([4]), f32([9])])[0].data as Float32Array)).toEqual([1, 2, 3, 4, 9]);
    expect(refused(() => tw.runNode({ opType: 'Scatter', opset: 11 }, [data, i64([4]), f32([9])])).message).toContain('use ScatterElements');
  });

  it('ScatterND: slices, reductions, and the first bad tuple entry named', () => {
    const m = f32([1, 2, 3, 4, 5, 6], [3, 2]);
    expect(Array.from(tw.scatterND(m, i64([2, 0], [2, 1]), f32([7, 8, 9, 10], [2, 2]), { reduction: 'add' }).data as Float32Array)).toEqual([10, 12, 3, 4, 12, 14]);
    expect(refused(() => tw.scatterND(m, i64([0, 3], [2, 1]), f32([7, 8, 9, 10], [2, 2]))).message)
      .toBe('ScatterND-18: indices[1, 0] = 3 is out of range [-3, 3) on axis 0');
    expect(refused(() => tw.scatterND(m, i64([0], [1, 1]), f32([7, 8, 9], [1, 3]))).message).toContain('updates must have dims [1, 2]');
  });
});

describe('Range', () => {
  it('counts as the spec says, refuses delta 0 and a count too large', () => {
    expect(Array.from(tw.range(tw.tensor('int32', [10], []), tw.tensor('int32', [4], []), tw.tensor('int32', [-2], [])).data as Int32Array)).toEqual([10, 8, 6]);
    expect(Array.from(tw.range(i64([3], []), i64([9], []), i64([3], [])).data as BigInt64Array)).toEqual([3n, 6n]);
    const zero = refused(() => tw.range(f32([0], []), f32([1], []), f32([0], [])));
    expect([zero.param, zero.message]).toEqual(['delta', 'Range-27: delta must not be 0 (the range would never reach limit)']);
    expect(refused(() => tw.range(f32([0], []), f32([1e30], []), f32([1e-30], []))).param).toBe('delta');
    expect(refused(() => tw.range(i64([0], []), f32([1], []) as never, i64([1], []))).param).toBe('limit');
    const h = new tw.Tensor('float16', tw.encode('float16', [0]), []);
    expect(refused(() => tw.runNode({ opType: 'Range', opset: 26 }, [h, h, h])).message).toContain('start type must be one of');
  });
});

describe('Trilu, EyeLike, OneHot, Compress, NonZero', () => {
  it('Trilu refuses rank < 2; k beyond the matrix keeps all or nothing', () => {
    expect(refused(() => tw.trilu(f32([1, 2]))).param).toBe('input');
    const m = f32([1, 2, 3, 4], [2, 2]);
    expect(Array.from(tw.trilu(m, { k: 2n ** 40n }).data as Float32Array)).toEqual([0, 0, 0, 0]);
    expect(Array.from(tw.trilu(m, { upper: false, k: 99 }).data as Float32Array)).toEqual([1, 2, 3, 4]);
  });

  it('EyeLike: dtype and k; bfloat16 only from version 22', () => {
    const z = f32([0, 0, 0, 0, 0, 0], [2, 3]);
    expect(Array.from(tw.eyeLike(z, { dtype: 'int32', k: 1 }).data as Int32Array)).toEqual([0, 1, 0, 0, 0, 1]);
    expect(refused(() => tw.runNode({ opType: 'EyeLike', opset: 9, attributes: { dtype: 16 } }, [z])).param).toBe('dtype');
    expect(refused(() => tw.eyeLike(f32([0, 0]))).message).toContain('input must be 2-D');
  });

  it('OneHot: negative indices wrap from version 11 only; depth must be positive', () => {
    const values = f32([0, 1]);
    const depth = i64([3], []);
    expect(Array.from(tw.oneHot(i64([-1]), depth, values).data as Float32Array)).toEqual([0, 0, 1]);
    expect(Array.from(tw.runNode({ opType: 'OneHot', opset: 9 }, [i64([-1]), depth, values])[0].data as Float32Array)).toEqual([0, 0, 0]);
    expect(refused(() => tw.oneHot(i64([0]), i64([0], []), values)).param).toBe('depth');
  });

  it('Compress refuses a condition longer than the axis; NonZero of a scalar is [1, n]', () => {
    expect(refused(() => tw.compress(f32([1, 2]), new tw.Tensor('bool', Uint8Array.of(1, 0, 1), [3]), { axis: 0 })).param).toBe('condition');
    expect(tw.nonZero(f32([5], [])).dims).toEqual([1, 1]);
    const z = tw.nonZero(f32([0, -0, NaN, 1], [2, 2]));
    expect(Array.from(z.data as BigInt64Array)).toEqual([1n, 1n, 0n, 1n]);
  });
});
