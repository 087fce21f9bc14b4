// The data-movement ops' spec cases: each version's differences and every
// error the issue names (a perm that is no permutation, two -1 in a Reshape,
// split sizes that do not sum, reflect padding too wide, a type the version
// does not list), each a SpecError naming op, version and parameter, with
// nothing written.
import * as tw from 'tessera-wasm';
import { expectSpecError, values } from './helpers';

beforeAll(() => tw.init());

const f32 = (data: number[], dims: number[]) => new tw.Tensor('float32', Float32Array.from(data), dims);
const i64 = (data: (number | bigint)[]) => new tw.Tensor('int64', BigInt64Array.from(data, BigInt), [data.length]);
const m23 = () => f32([1, 2, 3, 4, 5, 6], [2, 3]);

describe('Transpose', () => {
  it('reverses the axes by default, permutes by perm, keeps whole rows for a perm that keeps the last axis', () => {
    expect(values(tw.transpose(m23()))).toEqual([1, 4, 2, 5, 3, 6]);
    const x = f32(Array.from({ length: 24 }, (_, i) => i), [2, 3, 4]);
    expect(tw.transpose(x, [1, 0, 2]).dims).toEqual([3, 2, 4]);
    expect(values(tw.transpose(x, [1, 0, 2])).slice(0, 8)).toEqual([0, 1, 2, 3, 12, 13, 14, 15]);
  });
  it('refuses a perm that is no permutation, writing nothing to out', () => {
    const out = new Float32Array(6).fill(7);
    expectSpecError(() => tw.transpose(m23(), [0, 0], { out }), 'Transpose', 25, /perm/, /twice/);
    expectSpecError(() => tw.transpose(m23(), [0, 2]), 'Transpose', 25, /out of range/);
    expectSpecError(() => tw.transpose(m23(), [0]), 'Transpose', 25, /one entry per input axis/);
    expect(Array.from(out)).toEqual(new Array(6).fill(7));
  });
  it('takes int4 from version 21 only', () => {
    const x = new tw.Tensor('int4', new Uint8Array([0x21, 0x43, 0x65]), [2, 3]);
    expect(Array.from(tw.runNode({ opType: 'Transpose', opset: 21 }, [x])[0].data as Uint8Array)).toEqual([0x41, 0x52, 0x63]);
    expectSpecError(() => tw.runNode({ opType: 'Transpose', opset: 13 }, [x]), 'Transpose', 13, /int4/);
  });
});

describe('Slice', () => {
  it('negative and clamped bounds, negative steps, omitted axes; int64 bounds as bigints', () => {
    const x = f32([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [10]);
    expect(values(tw.slice(x, [-3], [1000]))).toEqual([7, 8, 9]);
    expect(values(tw.slice(x, [-1], [-(2n ** 63n)], { steps: [-3] }))).toEqual([9, 6, 3, 0]);
    expect(values(tw.slice(m23(), [1], [3], { axes: [-1] }))).toEqual([2, 3, 5, 6]);
    const one = tw.runNode({ opType: 'Slice', opset: 1, attributes: { starts: [1], ends: [2n ** 63n - 1n] } }, [x]);
    expect(values(one[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('refuses a step of 0 and a repeated axis', () => {
    expectSpecError(() => tw.slice(m23(), [0], [1], { steps: [0] }), 'Slice', 13, /steps\[0\] must not be 0/);
    expectSpecError(() => tw.slice(m23(), [0, 0], [1, 1], { axes: [1, -1] }), 'Slice', 13, /twice/);
  });
});

describe('Pad', () => {
  const row = () => f32([1, 2, 3], [1, 3]);
  it('constant, reflect, edge and wrap; negative pads crop', () => {
    expect(values(tw.pad(row(), [0, 2, 0, 1], { value: 9 }))).toEqual([9, 9, 1, 2, 3, 9]);
    expect(values(tw.pad(row(), [0, 2, 0, 2], { mode: 'reflect' }))).toEqual([3, 2, 1, 2, 3, 2, 1]);
    expect(values(tw.pad(row(), [0, 2, 0, 1], { mode: 'edge' }))).toEqual([1, 1, 1, 2, 3, 3]);
    expect(values(tw.pad(row(), [0, 4, 0, 1], { mode: 'wrap' }))).toEqual([3, 1, 2, 3, 1, 2, 3, 1]);
    expect(values(tw.pad(row(), [0, -1, 0, 1], { mode: 'edge' }))).toEqual([2, 3, 3]);
  });
  it('refuses reflect padding wider than the extent, wrap before 19, a constant of another type', () => {
    const out = new Float32Array(7).fill(7);
    expectSpecError(() => tw.pad(row(), [0, 3, 0, 1], { mode: 'reflect', out }), 'Pad', 25, /reflect padding of axis 1 must be less than its extent 3/);
    expect(Array.from(out)).toEqual(new Array(7).fill(7));
    expectSpecError(() => tw.runNode({ opType: 'Pad', opset: 18, attributes: { mode: 'wrap' } }, [row(), i64([0, 1, 0, 1])]), 'Pad', 18, /mode/);
    expectSpecError(() => tw.pad(row(), [0, 1, 0, 1], { value: new tw.Tensor('float64', Float64Array.of(1), []) }), 'Pad', 25, /constant_value/);
  });
  it('Pad-2 takes pads and a float value as attributes; bool from 13 only', () => {
    const y = tw.runNode({ opType: 'Pad', opset: 2, attributes: { pads: [0, 1, 0, 0], value: 1.5 } }, [row()]);
    expect(values(y[0])).toEqual([1.5, 1, 2, 3]);
    const b = new tw.Tensor('bool', Uint8Array.of(1), [1]);
    expectSpecError(() => tw.runNode({ opType: 'Pad', opset: 11 }, [b, i64([1, 1])]), 'Pad', 11, /bool/);
  });
});

describe('Concat, Split, Expand', () => {
  it('concat joins along a negative axis; refuses mismatched dims', () => {
    expect(values(tw.concat([m23(), f32([7, 8], [2, 1])], -1))).toEqual([1, 2, 3, 7, 4, 5, 6, 8]);
    expectSpecError(() => tw.concat([m23(), f32([7, 8], [1, 2])], 0), 'Concat', 13, /inputs\[1\]/);
  });
  it('split by sizes, by num_outputs (the last smaller), by the node\'s output count; refuses sizes that do not sum', () => {
    expect(tw.split(m23(), { axis: 1, split: [1, 2] }).map((t) => values(t))).toEqual([[1, 4], [2, 3, 5, 6]]);
    expect(tw.split(f32([1, 2, 3, 4, 5], [5]), { numOutputs: 3 }).map((t) => values(t))).toEqual([[1, 2], [3, 4], [5]]);
    expect(tw.runNode({ opType: 'Split', opset: 13, outputs: 3, attributes: { axis: 1 } }, [m23()]).map((t) => values(t))).toEqual([[1, 4], [2, 5], [3, 6]]);
    expectSpecError(() => tw.split(m23(), { axis: 1, split: [1, 1] }), 'Split', 18, /sum to the extent 3/);
  });
  it('expand broadcasts both ways; refuses shapes that do not broadcast', () => {
    expect(tw.expand(f32([1, 2], [2, 1]), [1, 3]).dims).toEqual([2, 3]);
    expectSpecError(() => tw.expand(m23(), [2, 2]), 'Expand', 13, /does not broadcast/);
  });
});

describe('Reshape and the relabelling ops', () => {
  it('reshape with 0 and -1, allowzero; refuses two -1', () => {
    expect(tw.reshape(m23(), [0, -1]).dims).toEqual([2, 3]);
    expect(tw.reshape(f32([], [0, 3]), [3, 0], { allowzero: 1 }).dims).toEqual([3, 0]);
    expectSpecError(() => tw.reshape(m23(), [-1, -1]), 'Reshape', 25, /one -1/);
  });
  it('results never share the input\'s data', () => {
    const x = m23();
    for (const y of [tw.reshape(x, [6]), tw.identity(x), tw.flatten(x), tw.squeeze(x), tw.unsqueeze(x, [0])]) {
      expect(y.data).not.toBe(x.data);
      expect((y.data as Float32Array).buffer).not.toBe((x.data as Float32Array).buffer);
    }
  });
  it('squeeze refuses an axis that is not 1; shape and size', () => {
    expectSpecError(() => tw.squeeze(m23(), { axes: [0] }), 'Squeeze', 25, /extent 2/);
    expect(values(tw.shape(m23(), { start: -1 }))).toEqual([3n]);
    expect(values(tw.size(m23()))).toEqual([6n]);
  });
});
