// The reductions' spec cases: each version's form of axes (an attribute in
// 1, 11, 13; an input with noop_with_empty_axes from 18, ReduceSum from 13),
// keepdims, empty reductions as the spec defines them, the types each
// version lists, the gathered path (reduced axes that are not adjacent), the
// SIMD-width shapes, and every error: an axis out of range, a repeated axis,
// a negative axis before 11, a bad flag, a type the version does not list.
import * as tw from 'tessera-wasm';
import { expectSpecError, values } from './helpers';

beforeAll(() => tw.init());

const f32 = (data: number[], dims: number[]) => new tw.Tensor('float32', Float32Array.from(data), dims);
const i64 = (data: (number | bigint)[]) => new tw.Tensor('int64', BigInt64Array.from(data, BigInt), [data.length]);
const x234 = () => f32(Array.from({ length: 24 }, (_, i) => i), [2, 3, 4]);
const run = (opType: string, opset: number, inputs: unknown[], attributes: Record<string, unknown> = {}) =>
  tw.runNode({ opType, opset, attributes }, inputs as never)[0] as tw.Tensor;

describe('the form of axes, by version', () => {
  it('ReduceSum: an attribute in 1 and 11, an input from 13; the others: an input from 18', () => {
    expect(values(run('ReduceSum', 11, [x234()], { axes: [1], keepdims: 0 }))).toEqual([12, 15, 18, 21, 48, 51, 54, 57]);
    expect(values(run('ReduceSum', 13, [x234(), i64([1])], { keepdims: 0 }))).toEqual([12, 15, 18, 21, 48, 51, 54, 57]);
    expect(values(run('ReduceMax', 13, [x234()], { axes: [-1] }))).toEqual([3, 7, 11, 15, 19, 23]);
    expect(values(run('ReduceMax', 18, [x234(), i64([-1])]))).toEqual([3, 7, 11, 15, 19, 23]);
    expectSpecError(() => run('ReduceSum', 13, [x234()], { axes: [1] }), 'ReduceSum', 13, /axes/);
    expectSpecError(() => run('ReduceMean', 18, [x234()], { axes: [1] }), 'ReduceMean', 18, /axes/);
  });
  it('version 1 takes no negative axes; 11 on does', () => {
    expectSpecError(() => run('ReduceL1', 1, [x234()], { axes: [-1] }), 'ReduceL1', 1, /negative/);
    expect(run('ReduceL1', 11, [x234()], { axes: [-1] }).dims).toEqual([2, 3, 1]);
  });
  it('keepdims keeps extent-1 axes; no axes reduces everything, or nothing with noop_with_empty_axes', () => {
    expect(run('ReduceSum', 13, [x234(), i64([0, 2])]).dims).toEqual([1, 3, 1]);
    expect(values(run('ReduceSum', 13, [x234()], { keepdims: 0 }))).toEqual([276]);
    expect(run('ReduceSum', 13, [x234(), i64([])], { keepdims: 0 }).dims).toEqual([]);
    const noop = run('ReduceSumSquare', 18, [f32([-2, 3], [2]), i64([])], { noop_with_empty_axes: 1 });
    expect(values(noop)).toEqual([4, 9]);
    expect(values(run('ReduceLogSum', 18, [f32([1, Math.E], [2])], { noop_with_empty_axes: 1 }))[1]).toBeCloseTo(1, 6);
  });
});

describe('the numbers', () => {
  it('reduces non-adjacent axes in one pass over the gathered copy', () => {
    const x = f32(Array.from({ length: 24 }, (_, i) => i), [2, 3, 4]);
    expect(values(tw.reduceSum(x, { axes: [0, 2], keepdims: false }))).toEqual([60, 92, 124]);
    expect(values(tw.reduceMax(x, { axes: [2, 0] }))).toEqual([15, 19, 23]);
  });
  it('empty reductions: 0, 1, -inf, +inf, NaN, lowest and highest as the spec says', () => {
    const empty = f32([], [2, 0, 3]);
    const r = (op: string) => values(run(op, 18, [empty, i64([1])], { keepdims: 0 }));
    expect(values(run('ReduceSum', 13, [empty, i64([1])]))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(r('ReduceProd')).toEqual([1, 1, 1, 1, 1, 1]);
    expect(r('ReduceMax')).toEqual(new Array(6).fill(-Infinity));
    expect(r('ReduceMin')).toEqual(new Array(6).fill(Infinity));
    expect(r('ReduceMean').every(Number.isNaN)).toBe(true);
    expect(r('ReduceLogSumExp')).toEqual(new Array(6).fill(-Infinity));
    const ints = new tw.Tensor('int32', new Int32Array(0), [0, 2]);
    expect(values(run('ReduceMax', 18, [ints, i64([0])]))).toEqual([-(2 ** 31), -(2 ** 31)]);
    expect(values(run('ReduceMin', 18, [ints, i64([0])]))).toEqual([2 ** 31 - 1, 2 ** 31 - 1]);
  });
  it('NaN wins Max and Min; integers wrap; bool from 20 (False < True)', () => {
    expect(values(tw.reduceMax(f32([1, NaN, 3], [3])))[0]).toBeNaN();
    expect(values(tw.reduceMin(f32([1, 2, NaN, 0, -1], [5])))[0]).toBeNaN();
    const big = new tw.Tensor('int32', Int32Array.from([2 ** 31 - 1, 1]), [2]);
    expect(values(tw.reduceSum(big))).toEqual([-(2 ** 31)]);
    const b = new tw.Tensor('bool', Uint8Array.from([0, 1, 0, 0]), [2, 2]);
    expect(values(tw.reduceMax(b, { axes: [1] }))).toEqual([1, 0]);
    expectSpecError(() => run('ReduceMax', 18, [b]), 'ReduceMax', 18, /bool/);
  });
  it('float16 accumulates in float32: 4096 ones sum to 4096 (a float16 running sum stops at 2048)', () => {
    const ones = new tw.Tensor('float16', new Uint16Array(4096).fill(0x3c00), [4096]);
    expect(values(tw.reduceSum(ones))).toEqual([0x6c00]);
  });
  it('the detector shape: [1, 84, 8400] over axis 1 (lanes across the inner axis), and its transpose over the last', () => {
    const data = Float32Array.from({ length: 84 * 8400 }, (_, i) => ((i * 7919) % 1000) / 8);
    const maxes = tw.reduceMax(new tw.Tensor('float32', data, [1, 84, 8400]), { axes: [1], keepdims: false });
    expect(maxes.dims).toEqual([1, 8400]);
    for (const j of [0, 1, 4199, 8399]) {
      let m = -Infinity;
      for (let c = 0; c < 84; c++) m = Math.max(m, data[c * 8400 + j]);
      expect((maxes.data as Float32Array)[j]).toBe(m);
    }
    const rows = tw.reduceSum(new tw.Tensor('float32', data.subarray(0, 8400 * 84), [8400, 84]), { axes: [1] });
    expect((rows.data as Float32Array)[5]).toBe(data.subarray(5 * 84, 6 * 84).reduce((a, b) => a + b, 0));
  });
});

describe('errors', () => {
  it('an axis out of range, a repeated axis, a bad flag, a type the version does not list, a bad option', () => {
    expectSpecError(() => tw.reduceSum(x234(), { axes: [3] }), 'ReduceSum', 13, /axes\[0\]/, /out of range/);
    expectSpecError(() => tw.reduceMean(x234(), { axes: [1, -2] }), 'ReduceMean', 18, /twice/);
    expectSpecError(() => run('ReduceSum', 13, [x234()], { keepdims: 2 }), 'ReduceSum', 13, /keepdims/);
    const i8 = new tw.Tensor('int8', Int8Array.from([1]), [1]);
    expectSpecError(() => run('ReduceMax', 11, [i8]), 'ReduceMax', 11, /int8/);
    expect(values(run('ReduceMax', 12, [i8]))).toEqual([1]);
    expectSpecError(() => run('ReduceSum', 13, [i8]), 'ReduceSum', 13, /int8/);
    expectSpecError(() => tw.reduceL2(x234(), { keepDims: false } as never), 'ReduceL2', 18, /keepDims/);
    expectSpecError(() => tw.reduceL2(x234(), { keepdims: 1 } as never), 'ReduceL2', 18, /keepdims/);
  });
  it('refuses an out of the wrong length before writing anything', () => {
    const out = new Float32Array(5).fill(7);
    expectSpecError(() => tw.reduceSum(x234(), { axes: [2], out }), 'ReduceSum', 13, /out/);
    expect(Array.from(out)).toEqual(new Array(5).fill(7));
  });
});

describe('ArgMax and ArgMin', () => {
  const m = () => f32([1, 5, 5, 2, NaN, 0, 3, 3], [2, 4]);
  it('int64 indices along axis (default 0), keepdims, ties first or (from 12) last, a NaN wins', () => {
    expect(values(tw.argMax(m(), { axis: 1 }))).toEqual([1n, 0n]);
    expect(tw.argMax(m(), { axis: 1 }).dims).toEqual([2, 1]);
    expect(values(tw.argMax(m(), { axis: 1, selectLastIndex: true, keepdims: false }))).toEqual([2n, 0n]);
    expect(values(tw.argMin(m(), { axis: -1, selectLastIndex: true }))).toEqual([0n, 0n]);
    expect(values(run('ArgMax', 1, [m()]))).toEqual([1n, 0n, 0n, 1n]);
    expect(values(run('ArgMax', 12, [m()], { axis: 1, select_last_index: 1 }))).toEqual([2n, 0n]);
  });
  it('errors: select_last_index before 12, a negative axis before 11, an axis out of range, an empty axis, bfloat16 before 13', () => {
    expectSpecError(() => run('ArgMax', 11, [m()], { select_last_index: 1 }), 'ArgMax', 11, /select_last_index/);
    expectSpecError(() => run('ArgMin', 1, [m()], { axis: -1 }), 'ArgMin', 1, /negative/);
    expectSpecError(() => tw.argMax(m(), { axis: 2 }), 'ArgMax', 13, /axis/, /out of range/);
    expectSpecError(() => tw.argMin(f32([], [2, 0]), { axis: 1 }), 'ArgMin', 13, /extent 0/);
    const bf = new tw.Tensor('bfloat16', new Uint16Array([0x3f80]), [1]);
    expectSpecError(() => run('ArgMax', 12, [bf]), 'ArgMax', 12, /bfloat16/);
    expect(values(run('ArgMax', 13, [bf]))).toEqual([0n]);
  });
  it('the detector shape: argmax over the 84 classes of [1, 84, 8400]', () => {
    const data = Float32Array.from({ length: 84 * 8400 }, (_, i) => ((i * 7919) % 1000) / 8);
    const best = tw.argMax(new tw.Tensor('float32', data, [1, 84, 8400]), { axis: 1, keepdims: false });
    for (const j of [0, 17, 8399]) {
      let at = 0;
      for (let c = 1; c < 84; c++) if (data[c * 8400 + j] > data[at * 8400 + j]) at = c;
      expect((best.data as BigInt64Array)[j]).toBe(BigInt(at));
    }
  });
});

describe('Softmax, LogSoftmax, Hardmax', () => {
  const x = () => f32([1, 2, 3, 4, 5, 6], [1, 2, 3]);
  it('13 works along one axis (default -1); 1 and 11 coerce to 2-D at axis (default 1)', () => {
    const along = values(tw.softmax(x())) as number[];
    expect(along[0] + along[1] + along[2]).toBeCloseTo(1, 6);
    expect(along[3]).toBeCloseTo(along[0], 6);
    const coerced = values(run('Softmax', 11, [x()])) as number[];  // over all 6 at axis 1
    expect(coerced.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(coerced[5]).toBeGreaterThan(coerced[2]);
    expect(values(run('Hardmax', 1, [x()]))).toEqual([0, 0, 0, 0, 0, 1]);
    expect(values(run('Hardmax', 13, [x()], { axis: 1 }))).toEqual([0, 0, 0, 1, 1, 1]);
    const log = values(tw.logSoftmax(x(), { axis: 1 })) as number[];
    expect(log[0]).toBeCloseTo(1 - 4 - Math.log(1 + Math.exp(-3)), 6);
  });
  it('stable for large logits; errors: axis out of range, a negative axis in 1, bfloat16 before 13', () => {
    expect(values(tw.softmax(f32([1000, 1000], [2])))).toEqual([0.5, 0.5]);
    expectSpecError(() => tw.softmax(x(), { axis: 3 }), 'Softmax', 13, /axis/, /out of range/);
    expectSpecError(() => run('LogSoftmax', 1, [x()], { axis: -1 }), 'LogSoftmax', 1, /negative/);
    const bf = new tw.Tensor('bfloat16', new Uint16Array([0x3f80]), [1]);
    expectSpecError(() => run('Hardmax', 11, [bf], { axis: 0 }), 'Hardmax', 11, /bfloat16/);
  });
});
