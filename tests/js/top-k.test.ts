// TopK's spec cases: each version's form of k (an attribute in 1, an int64
// input from 10), largest and sorted from 11, bfloat16 from 24, the order
// (ties keep the lower index first; a NaN above every number, its bits kept;
// -0 ties +0), the strided case (an axis with inner > 1), k much smaller
// than a long axis (the heap) and near it (nth_element), k = 0, empty
// inputs, out for both outputs, resident results; and every error, each a
// SpecError naming the op, version, parameter and value.
import * as tw from 'tessera-wasm';
import { expectSpecErrorOn, values } from './helpers';

beforeAll(() => tw.init());

const f32 = (data: number[], dims: number[] = [data.length]) => new tw.Tensor('float32', Float32Array.from(data), dims);
const i64 = (data: (number | bigint)[], dims: number[] = [data.length]) => new tw.Tensor('int64', BigInt64Array.from(data, BigInt), dims);
const run = (opset: number, inputs: unknown[], attributes: Record<string, unknown> = {}) =>
  tw.runNode({ opType: 'TopK', opset, attributes }, inputs as never) as tw.Tensor[];

/** A SpecError of TopK-version about `param`, its message naming each pattern (the value among them). */
const expectError = (fn: () => unknown, version: number, param: string | undefined, ...patterns: (string | RegExp)[]) =>
  expectSpecErrorOn(fn, 'TopK', version, param, ...patterns);

describe('every version', () => {
  const x = () => f32([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [3, 4]);
  it('1: k an attribute; 10: k an int64 input; float types only', () => {
    const [v1, i1] = run(1, [x()], { k: 3 });
    expect(v1.dims).toEqual([3, 3]);
    expect(values(v1)).toEqual([3, 2, 1, 7, 6, 5, 11, 10, 9]);
    expect(values(i1)).toEqual([3n, 2n, 1n, 3n, 2n, 1n, 3n, 2n, 1n]);
    const [v10] = run(10, [x(), i64([2])], { axis: 0 });
    expect(values(v10)).toEqual([8, 9, 10, 11, 4, 5, 6, 7]);
    expectError(() => run(1, [x()]), 1, 'k', /needs the attribute k/);
    expectError(() => run(10, [new tw.Tensor('int32', Int32Array.of(3, 1), [2]), i64([1])]), 10, 'X', /int32/);
    expectError(() => run(1, [x()], { k: 2, largest: 0 }), 1, 'largest');
  });
  it('11: largest and sorted, every integer type; 24: bfloat16', () => {
    const [v, i] = run(11, [x(), i64([2])], { largest: 0 });
    expect(values(v)).toEqual([0, 1, 4, 5, 8, 9]);
    expect(values(i)).toEqual([0n, 1n, 0n, 1n, 0n, 1n]);
    const u8 = new tw.Tensor('uint8', Uint8Array.of(5, 200, 7, 200), [4]);
    expect(values(run(11, [u8, i64([3])])[1])).toEqual([1n, 3n, 2n]);
    expectError(() => run(11, [new tw.Tensor('bfloat16', Uint16Array.of(0x3f80), [1]), i64([1])]), 11, 'X', /bfloat16/);
    const bf = new tw.Tensor('bfloat16', Uint16Array.of(0x3f80, 0xc000, 0x4040), [3]);  // 1, -2, 3
    const [bv, bi] = run(24, [bf, i64([2])]);
    expect(values(bv)).toEqual([0x4040, 0x3f80]);
    expect(values(bi)).toEqual([2n, 0n]);
  });
  it('sorted = 0 gives the sorted order too', () => {
    const a = run(11, [f32([3, 1, 4, 1, 5, 9, 2, 6]), i64([4])], { sorted: 0 });
    expect(values(a[0])).toEqual([9, 6, 5, 4]);
    expect(values(a[1])).toEqual([5n, 7n, 4n, 2n]);
  });
});

describe('the order', () => {
  it('ties keep the lower index first, largest and smallest alike; -0 ties +0 and keeps its sign', () => {
    const x = f32([2, 0, 2, -0, 1, 2]);
    const { values: v, indices: i } = tw.topK(x, 6);
    expect(values(i)).toEqual([0n, 2n, 5n, 4n, 1n, 3n]);
    expect(Object.is(values(v)[5], -0)).toBe(true);
    expect(values(tw.topK(x, 6, { largest: false }).indices)).toEqual([1n, 3n, 4n, 0n, 2n, 5n]);
  });
  it('a NaN is above every number, +Inf too: first when largest, last when smallest; its bits are kept', () => {
    const bits = Uint32Array.of(0x3f800000, 0xffc00001, 0x7f800000, 0x7fc00000, 0xff800000);  // 1, -NaN(payload), +Inf, NaN, -Inf
    const x = new tw.Tensor('float32', new Float32Array(bits.buffer), [5]);
    const largest = tw.topK(x, 3);
    expect(values(largest.indices)).toEqual([1n, 3n, 2n]);
    expect(Array.from(new Uint32Array((largest.values.data as Float32Array).buffer))).toEqual([0xffc00001, 0x7fc00000, 0x7f800000]);
    expect(values(tw.topK(x, 5, { largest: false }).indices)).toEqual([4n, 0n, 2n, 1n, 3n]);
    const h = new tw.Tensor('float16', Uint16Array.of(0x3c00, 0x7e01, 0xfc00), [3]);
    expect(values(tw.topK(h, 1).values)).toEqual([0x7e01]);
  });
  it('integers compare as themselves: int64 past 2^53, uint64 past 2^63', () => {
    const big = new tw.Tensor('int64', BigInt64Array.of(2n ** 62n + 1n, 2n ** 62n, -(2n ** 63n)), [3]);
    expect(values(tw.topK(big, 3).indices)).toEqual([0n, 1n, 2n]);
    const u = new tw.Tensor('uint64', BigUint64Array.of(2n ** 63n, 1n, 2n ** 64n - 1n), [3]);
    expect(values(tw.topK(u, 1).values)).toEqual([2n ** 64n - 1n]);
  });
});

describe('shapes', () => {
  it('an axis with inner > 1 (strided), negative axes', () => {
    const x = f32(Array.from({ length: 24 }, (_, i) => (i * 7) % 24), [2, 3, 4]);
    const a = tw.topK(x, 2, { axis: 1 });
    const b = tw.topK(x, 2, { axis: -2 });
    expect(a.values.dims).toEqual([2, 2, 4]);
    expect(values(a.values)).toEqual(values(b.values));
    // x[0] is [[0, 7, 14, 21], [4, 11, 18, 1], [8, 15, 22, 5]]: columns 0-2 rise, column 3 falls then rises.
    expect(values(a.indices).slice(0, 8)).toEqual([2n, 2n, 2n, 0n, 1n, 1n, 1n, 2n]);
  });
  it('k much smaller than a long axis, and k near it, agree with a sort', () => {
    const n = 32000;
    const data = Array.from({ length: n }, (_, i) => ((i * 7919) % 1009) / 13);
    const want = data.map((v, i) => [v, i] as const).sort((p, q) => q[0] - p[0] || p[1] - q[1]);
    for (const k of [1, 50, 4000, 20000]) {
      const { values: v, indices } = tw.topK(f32(data, [1, n]), k);
      expect(values(indices)).toEqual(want.slice(0, k).map(([, i]) => BigInt(i)));
      expect(values(v)).toEqual(want.slice(0, k).map(([value]) => Math.fround(value)));
    }
  });
  it('k = 0 and empty inputs give empty outputs', () => {
    const { values: v, indices } = tw.topK(f32([1, 2, 3]), 0);
    expect([v.dims, indices.dims]).toEqual([[0], [0]]);
    expect(tw.topK(f32([], [0, 5]), 3).values.dims).toEqual([0, 3]);
    expect(tw.topK(f32([], [4, 0]), 0, { axis: 1 }).indices.dims).toEqual([4, 0]);
  });
});

describe('out and resident', () => {
  it('out: both arrays written and returned; each checked, apart from x and from each other', () => {
    const x = f32([5, 1, 4]);
    const out = { values: new Float32Array(2), indices: new BigInt64Array(2) };
    const r = tw.topK(x, 2, { out });
    expect(r.values.data).toBe(out.values);
    expect(r.indices.data).toBe(out.indices);
    expect(values(r.indices)).toEqual([0n, 2n]);
    expectError(() => tw.topK(x, 2, { out: { values: new Float32Array(2) } as never }), 24, 'out', /both arrays/);
    expectError(() => tw.topK(x, 2, { out: { values: new Float32Array(3), indices: new BigInt64Array(2) } }), 24, 'out', /length 2/);
    expectError(() => tw.topK(x, 2, { out: new Float32Array(2) as never }), 24, 'out', /two outputs/);
    expectError(() => tw.topK(x, 2, { out: { values: x.data as Float32Array, indices: new BigInt64Array(2) } as never }), 24, 'out', /length 2/);
    const xs = new Float32Array(8);
    xs.set([5, 1, 4]);
    const over = new tw.Tensor('float32', xs.subarray(0, 3), [3]);
    expectError(() => tw.topK(over, 2, { out: { values: xs.subarray(2, 4), indices: new BigInt64Array(2) } }), 24, 'out', /overlap X/);
    const buffer = new ArrayBuffer(32);
    expectError(() => tw.topK(x, 2, { out: { values: new Float32Array(buffer, 0, 2), indices: new BigInt64Array(buffer, 0, 2) } }), 24, 'out', /overlap/);
  });
  it('a resident input gives resident values and indices', () => {
    const x = tw.toResident(f32([3, 9, 1, 7]));
    const { values: v, indices } = tw.topK(x, 2);
    expect(tw.ResidentTensor.isResident(v) && tw.ResidentTensor.isResident(indices)).toBe(true);
    expect(values(indices.toTensor())).toEqual([1n, 3n]);
    for (const t of [x, v, indices]) t.dispose();
  });
});

describe('errors', () => {
  const x = () => f32([1, 2, 3, 4], [2, 2]);
  it('k larger than the axis, negative, or not one value', () => {
    expectError(() => run(11, [x(), i64([3])]), 11, 'K', /k 3 is larger than the extent 2 of axis 1/);
    expectError(() => run(11, [x(), i64([-1])]), 11, 'K', /k must be >= 0 \(got -1\)/);
    expectError(() => run(1, [x()], { k: 5 }), 1, 'k', /k 5/);
    expectError(() => run(10, [x(), i64([1, 1])]), 10, 'K', /exactly one value \(got 2\)/);
    expectError(() => run(11, [x(), new tw.Tensor('int32', Int32Array.of(1), [1])]), 11, 'K', /int64/);
    expectError(() => run(11, [x(), i64([1], [])]), 11, 'K', /1-D/);
    expectError(() => tw.topK(x(), 7), 24, 'k', /k 7 is larger/);
    expectError(() => tw.topK(x(), -2), 24, 'k', /-2/);
    expectError(() => tw.topK(x(), 1.5), 24, 'k', /1\.5/);
  });
  it('an axis out of range, rank 0 (no axis), a bad flag, a wrong type, an unknown option', () => {
    expectError(() => run(11, [x(), i64([1])], { axis: 2 }), 11, 'axis', /axis 2 is out of range/);
    expectError(() => tw.topK(x(), 1, { axis: -3 }), 24, 'axis', /-3/);
    expectError(() => tw.topK(f32([1], []), 1), 24, 'axis', /rank 0/);
    expectError(() => run(11, [x(), i64([1])], { largest: 2 }), 11, 'largest', /0 or 1 \(got 2\)/);
    expectError(() => run(11, [x(), i64([1])], { sorted: -1 }), 11, 'sorted', /got -1/);
    expectError(() => tw.topK(new tw.Tensor('bool', Uint8Array.of(1, 0), [2]) as never, 1), 24, 'X', /bool/);
    expectError(() => tw.topK(new tw.Tensor('string', ['a'], [1]) as never, 1), 24, 'X', /string/);
    expectError(() => tw.topK(x(), 1, { largest: 1 } as never), 24, 'largest', /boolean/);
    expectError(() => tw.topK(x(), 1, { select: true } as never), 24, 'select', /select/);
  });
});
