// CumSum's spec cases: the spec's example (every combination of exclusive
// and reverse), each version's types (float16 and bfloat16 from 14), the
// axis input (int32 or int64, 0-D or of one element, negative), the order
// (a running sum from the first element: -0 kept; float16 held in float32;
// integers wrap), the SIMD widths across the inner axis against the scalar
// walk, empty tensors, out and resident; and every error, each a SpecError
// naming the op, version, parameter and value.
import * as tw from 'tessera-wasm';
import { expectSpecErrorOn, values } from './helpers';

beforeAll(() => tw.init());

const f32 = (data: number[], dims: number[] = [data.length]) => new tw.Tensor('float32', Float32Array.from(data), dims);
const axis32 = (a: number, dims: number[] = []) => new tw.Tensor('int32', Int32Array.of(a), dims);
const axis64 = (a: number, dims: number[] = []) => new tw.Tensor('int64', BigInt64Array.of(BigInt(a)), dims);
const run = (opset: number, inputs: unknown[], attributes: Record<string, unknown> = {}) =>
  tw.runNode({ opType: 'CumSum', opset, attributes }, inputs as never)[0] as tw.Tensor;

/** A SpecError of CumSum-version about `param`, its message naming each pattern (the value among them). */
const expectError = (fn: () => unknown, version: number, param: string | undefined, ...patterns: (string | RegExp)[]) =>
  expectSpecErrorOn(fn, 'CumSum', version, param, ...patterns);

describe('every version', () => {
  it('the spec\'s example: exclusive and reverse', () => {
    const x = f32([1, 2, 3]);
    expect(values(run(11, [x, axis32(0)]))).toEqual([1, 3, 6]);
    expect(values(run(11, [x, axis32(0)], { exclusive: 1 }))).toEqual([0, 1, 3]);
    expect(values(run(14, [x, axis64(0)], { reverse: 1 }))).toEqual([6, 5, 3]);
    expect(values(run(14, [x, axis64(0)], { exclusive: 1, reverse: 1 }))).toEqual([5, 3, 0]);
  });
  it('11: uint32, uint64, int32, int64, float32, float64; 14: float16 and bfloat16 too', () => {
    const h = new tw.Tensor('float16', Uint16Array.of(0x3c00, 0x4000), [2]);  // 1, 2
    expectError(() => run(11, [h, axis32(0)]), 11, 'x', /float16/);
    expect(values(run(14, [h, axis32(0)]))).toEqual([0x3c00, 0x4200]);  // 1, 3
    const b = new tw.Tensor('bfloat16', Uint16Array.of(0x3f80, 0x3f80), [2]);
    expect(values(tw.cumSum(b, 0))).toEqual([0x3f80, 0x4000]);
    const u = new tw.Tensor('uint64', BigUint64Array.of(2n ** 64n - 1n, 2n), [2]);
    expect(values(run(11, [u, axis64(0)]))).toEqual([2n ** 64n - 1n, 1n]);
    expectError(() => run(14, [new tw.Tensor('int8', Int8Array.of(1), [1]), axis32(0)]), 14, 'x', /int8/);
  });
  it('the axis: int32 or int64, 0-D or one element, negative from the back', () => {
    const x = f32([1, 2, 3, 4, 5, 6], [2, 3]);
    const want = [1, 3, 6, 4, 9, 15];
    for (const axis of [axis32(1), axis64(1), axis32(-1, [1]), axis64(-1, [1])]) expect(values(run(14, [x, axis]))).toEqual(want);
    expect(values(tw.cumSum(x, -2))).toEqual([1, 2, 3, 5, 7, 9]);
    expect(values(tw.cumSum(x, 1n))).toEqual(want);
  });
});

describe('the numbers', () => {
  it('a running sum from the first element: a -0 first element is kept (inclusive and exclusive)', () => {
    const x = f32([-0, -0]);
    const y = values(tw.cumSum(x, 0)) as number[];
    expect(y.map((v) => Object.is(v, -0))).toEqual([true, true]);
    const e = values(tw.cumSum(x, 0, { exclusive: true })) as number[];
    expect([Object.is(e[0], 0), Object.is(e[1], -0)]).toEqual([true, true]);
  });
  it('float16 sums in float32, each output rounded once: 2048 + 1 + 1 is 2050, not 2048', () => {
    const h = new tw.Tensor('float16', Uint16Array.of(0x6800, 0x3c00, 0x3c00), [3]);  // 2048, 1, 1
    expect(values(tw.cumSum(h, 0))).toEqual([0x6800, 0x6800, 0x6801]);  // 2048, 2048 (2049 rounds to even), 2050 (the next half)
  });
  it('integers wrap; a NaN output is the canonical quiet NaN', () => {
    const i = new tw.Tensor('int32', Int32Array.of(2 ** 31 - 1, 1, 1), [3]);
    expect(values(tw.cumSum(i, 0))).toEqual([2 ** 31 - 1, -(2 ** 31), -(2 ** 31) + 1]);
    const big = new tw.Tensor('int64', BigInt64Array.of(2n ** 62n, 2n ** 62n), [2]);
    expect(values(tw.cumSum(big, 0))).toEqual([2n ** 62n, -(2n ** 63n)]);
    const nan = new tw.Tensor('float32', new Float32Array(Uint32Array.of(0xffc00001, 0x3f800000).buffer), [2]);
    expect(Array.from(new Uint32Array((tw.cumSum(nan, 0).data as Float32Array).buffer))).toEqual([0x7fc00000, 0x7fc00000]);
  });
  it('lanes across the inner axis give the bits of one lane at a time, at every width past the vectors', () => {
    for (const type of ['float32', 'float64', 'float16', 'int32', 'int64'] as const) {
      for (const inner of [1, 2, 3, 5, 8, 17, 33, 40]) {
        const n = 5;
        const data = Array.from({ length: n * inner }, (_, j) => ((j * 37) % 23) / 3 - 3);
        const make = (d: number[], dims: number[]) => (type === 'float16' ? new tw.Tensor('float16', tw.encode('float16', d) as Uint16Array, dims)
          : type === 'int64' ? new tw.Tensor('int64', BigInt64Array.from(d, (v) => BigInt(Math.round(v * 3))), dims)
            : type === 'int32' ? new tw.Tensor('int32', Int32Array.from(d, (v) => Math.round(v * 3)), dims)
              : new tw.Tensor(type, type === 'float32' ? Float32Array.from(d) : Float64Array.from(d), dims));
        const whole = values(tw.cumSum(make(data, [n, inner]), 0, { reverse: inner % 2 === 1 }));
        for (let i = 0; i < inner; i++) {
          const column = Array.from({ length: n }, (_, k) => data[k * inner + i]);
          const alone = values(tw.cumSum(make(column, [n]), 0, { reverse: inner % 2 === 1 }));
          expect(`${type} inner ${inner} lane ${i}: ${alone.map((_, k) => whole[k * inner + i]).join()}`).toBe(`${type} inner ${inner} lane ${i}: ${alone.join()}`);
        }
      }
    }
  });
  it('empty tensors give empty outputs', () => {
    expect(tw.cumSum(f32([], [0, 3]), 1).dims).toEqual([0, 3]);
    expect(tw.cumSum(f32([], [2, 0]), 1, { exclusive: true }).dims).toEqual([2, 0]);
  });
});

describe('out and resident', () => {
  it('out is written and returned; one over x is refused', () => {
    const x = f32([1, 2, 3]);
    const out = new Float32Array(3);
    const y = tw.cumSum(x, 0, { out });
    expect(y.data).toBe(out);
    expect(Array.from(out)).toEqual([1, 3, 6]);
    expectError(() => tw.cumSum(x, 0, { out: x.data as Float32Array }), 14, 'out', /overlap/);
    expectError(() => tw.cumSum(x, 0, { out: new Float64Array(3) as never }), 14, 'out', /Float32Array/);
  });
  it('a resident input gives a resident result', () => {
    const x = tw.toResident(f32([1, 2, 3]));
    const y = tw.cumSum(x, 0);
    expect(tw.ResidentTensor.isResident(y)).toBe(true);
    expect(values(y.toTensor())).toEqual([1, 3, 6]);
    x.dispose();
    y.dispose();
  });
});

describe('errors', () => {
  const x = () => f32([1, 2, 3, 4], [2, 2]);
  it('an axis out of range, of the wrong type, of more than one value; rank 0', () => {
    expectError(() => run(14, [x(), axis32(2)]), 14, 'axis', /axis 2 is out of range/);
    expectError(() => run(11, [x(), axis64(-3)]), 11, 'axis', /-3/);
    expectError(() => tw.cumSum(x(), 5), 14, 'axis', /axis 5/);
    expectError(() => run(14, [x(), new tw.Tensor('float32', Float32Array.of(0), [])]), 14, 'axis', /int32 or int64 tensor \(got float32\)/);
    expectError(() => run(14, [x(), new tw.Tensor('int64', BigInt64Array.of(0n, 1n), [2])]), 14, 'axis', /dims \[2\]/);
    expectError(() => run(14, [x(), 0]), 14, 'axis', /tensor/);
    expectError(() => tw.cumSum(x(), 0.5), 14, 'axis', /0\.5/);
    expectError(() => tw.cumSum(f32([1], []), 0), 14, 'axis', /rank 0/);
  });
  it('a bad flag, a wrong type, an unknown option', () => {
    expectError(() => run(14, [x(), axis32(0)], { exclusive: 2 }), 14, 'exclusive', /0 or 1 \(got 2\)/);
    expectError(() => run(11, [x(), axis32(0)], { reverse: -1 }), 11, 'reverse', /got -1/);
    expectError(() => tw.cumSum(x(), 0, { reverse: 1 } as never), 14, 'reverse', /boolean/);
    expectError(() => tw.cumSum(new tw.Tensor('uint8', Uint8Array.of(1), [1]) as never, 0), 14, 'x', /uint8/);
    expectError(() => tw.cumSum(x(), 0, { axis: 1 } as never), 14, 'axis', /axis/);
  });
});
