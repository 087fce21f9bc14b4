// The kernel fed a chunk at a time (js/src/ops/chunks.ts): maps and
// broadcasts into `out` of more than 1 MiB a stream are routed there (and
// smaller ones forced there), every broadcast pattern cuts the
// output into slabs whose inputs are contiguous runs or repeated elements,
// and the bytes are the one pass's and an independent reference's. `out` on
// an input's buffer (any overlap) goes the one-pass way, dirty outs are
// overwritten whole, inputs are never written, resident inputs are read in
// place. Both builds.
import type * as Testing from 'tessera-wasm/testing';
import { bothBuilds, rng } from './helpers';

type Tw = typeof Testing;
const builds = bothBuilds();

const size = (dims: readonly number[]) => dims.reduce((a, b) => a * b, 1);
const next = rng(41);
/** Whole float32 values in ±1000: sums and products of two are exact in float32, so Math.fround is the reference. */
const f32 = (dims: number[]) => Float32Array.from({ length: size(dims) }, () => Math.round((next() - 0.5) * 2000));
const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** numpy's broadcast of a and b (right-aligned), op applied per element: the independent reference. */
function reference(op: (x: number, y: number) => number, a: Float32Array, aDims: number[], b: Float32Array, bDims: number[]): { dims: number[]; y: number[] } {
  const rank = Math.max(aDims.length, bDims.length);
  const pa = [...Array(rank - aDims.length).fill(1), ...aDims];
  const pb = [...Array(rank - bDims.length).fill(1), ...bDims];
  const dims = pa.map((n, i) => Math.max(n, pb[i]));
  const y: number[] = [];
  const index = (d: number[], coords: number[]) => coords.reduce((at, c, i) => at * d[i] + (d[i] === 1 ? 0 : c), 0);
  for (let flat = 0; flat < size(dims); flat++) {
    const coords: number[] = [];
    for (let i = rank - 1, rest = flat; i >= 0; i--) { coords.unshift(rest % dims[i]); rest = Math.floor(rest / dims[i]); }
    y.push(op(a[index(pa, coords)], b[index(pb, coords)]));
  }
  return { dims, y };
}

// Over routing's 1 MiB of float32 (262144 elements), with slabs cut at every kind of axis.
const PATTERNS: [number[], number[]][] = [
  [[300007], [300007]],
  [[1, 3, 320, 320], [3, 1, 1]],
  [[2, 3, 240, 240], [1, 3, 1, 1]],
  [[600, 601], [601]],
  [[600, 1], [1, 601]],
  [[7, 1, 9000], [5, 1]],
  [[300000], []],
  [[3, 100000], [3, 1]],
  [[2, 140000], [2, 1]],
];

describe('binary ops into out, a chunk at a time', () => {
  for (const [aDims, bDims] of PATTERNS) {
    it(`[${aDims}] and [${bDims}]: routed to chunks, the reference's bytes, the one pass's`, () => {
      const a = f32(aDims);
      const b = f32(bDims);
      const ops: [keyof Tw & ('add' | 'mul' | 'greater'), (x: number, y: number) => number][] = [
        ['add', (x, y) => Math.fround(x + y)], ['mul', (x, y) => Math.fround(x * y)], ['greater', (x, y) => (x > y ? 1 : 0)]];
      const expectations = ops.map(([, f]) => reference(f, a, aDims, b, bDims));
      for (const { name, tw } of builds) {
        for (const [k, [op]] of ops.entries()) {
          const { dims, y } = expectations[k];
          const expected = op === 'greater' ? Uint8Array.from(y) : Float32Array.from(y);
          const [ta, tb] = [new tw.Tensor('float32', a.slice(), aDims), new tw.Tensor('float32', b.slice(), bDims)];
          const out = op === 'greater' ? new Uint8Array(expected.length).fill(0xa5) : new Float32Array(expected.length).fill(NaN);  // dirty
          const probed = tw.withExecutor(undefined, () => (tw[op] as (x: unknown, y: unknown, o: unknown) => Testing.Tensor)(ta, tb, { out }));
          expect([name, op, probed.rule, probed.ran]).toEqual([name, op, 'large map or broadcast into out', 'chunks']);
          expect(probed.value.dims).toEqual(dims);
          expect(bytes(out).equals(bytes(expected))).toBe(true);
          const whole = tw.withExecutor('kernel', () => (tw[op] as (x: unknown, y: unknown, o: unknown) => Testing.Tensor)(ta, tb, {}));
          expect(bytes(whole.value.data as ArrayBufferView).equals(bytes(expected))).toBe(true);
          expect(bytes(ta.data as Float32Array).equals(bytes(a)) && bytes(tb.data as Float32Array).equals(bytes(b))).toBe(true);  // inputs untouched
        }
      }
    });
  }

  it('every type of a width, Sum of three, Mean and Where, forced to chunks: the one pass\'s bytes', () => {
    for (const { tw } of builds) {
      const dims = [3, 200, 250];
      for (const [type, Array_] of [['int32', Int32Array], ['uint8', Uint8Array], ['float64', Float64Array], ['int64', BigInt64Array], ['float16', Uint16Array]] as const) {
        const n = size(dims);
        const make = (d: number[]) => {
          const m = size(d);
          const data = type === 'int64' ? BigInt64Array.from({ length: m }, () => BigInt(Math.floor((next() - 0.5) * 2 ** 40)))
            : type === 'float16' ? Uint16Array.from({ length: m }, () => (next() * 0x7bff) | 0)
              : (Array_ as unknown as { from: (x: ArrayLike<number>) => ArrayBufferView }).from(Array.from({ length: m }, () => Math.floor(next() * 200)));
          return new tw.Tensor(type, data as never, d);
        };
        const [a, b] = [make(dims), make([200, 1])];
        for (const op of ['add', 'sub', 'mul', 'max'] as const) {
          const call = (options: object) => (op === 'max' ? tw.max([a, b] as never, options as never) : tw[op](a as never, b as never, options as never)) as unknown as Testing.Tensor;
          const out = new (Array_ as unknown as new (k: number) => ArrayBufferView)(n);
          const chunked = tw.withExecutor('chunks', () => call({ out }));
          expect([type, op, chunked.ran]).toEqual([type, op, 'chunks']);
          const whole = tw.withExecutor('kernel', () => call({}));
          expect([type, op, bytes(out).equals(bytes(whole.value.data as ArrayBufferView))]).toEqual([type, op, true]);
        }
      }
      const [x, y, z] = [f32(dims), f32([250]), f32([3, 1, 1])].map((d, i) => new tw.Tensor('float32', d, [dims, [250], [3, 1, 1]][i]));
      for (const call of [(o: object) => tw.sum([x, y, z], o as never), (o: object) => tw.mean([x, y, z], o as never)]) {
        const out = new Float32Array(size(dims));
        expect(tw.withExecutor('chunks', () => call({ out })).ran).toBe('chunks');
        expect(bytes(out).equals(bytes(tw.withExecutor('kernel', () => call({})).value.data as Float32Array))).toBe(true);
      }
      const c = new tw.Tensor('bool', Uint8Array.from({ length: 200 * 250 }, () => (next() < 0.5 ? 1 : 0)), [200, 250]);
      const out = new Float32Array(size(dims));
      expect(tw.withExecutor('chunks', () => tw.where(c, x, z, { out })).ran).toBe('chunks');
      expect(bytes(out).equals(bytes(tw.withExecutor('kernel', () => tw.where(c, x, z)).value.data as Float32Array))).toBe(true);
    }
  });

  it('integer Div keeps the one pass (its zero check reads the whole divisor first): a zero is refused with out unwritten', () => {
    for (const { tw } of builds) {
      const a = new tw.Tensor('int32', Int32Array.from({ length: 100000 }, (_, i) => i), [100000]);
      const b = new tw.Tensor('int32', Int32Array.from({ length: 100000 }, (_, i) => (i === 99999 ? 0 : 3)), [100000]);
      const out = new Int32Array(100000).fill(7);
      expect(() => tw.div(a, b, { out })).toThrow(/index 99999/);
      expect(out.every((v) => v === 7)).toBe(true);
      const ok = new tw.Tensor('int32', new Int32Array(100000).fill(3), [100000]);
      expect(tw.withExecutor(undefined, () => tw.div(a, ok, { out })).ran).toBe('kernel');
      expect(out[99999]).toBe(33333);
    }
  });

  it('out on an input\'s buffer, at any shift: the one pass, the reference\'s bytes', () => {
    for (const { tw } of builds) {
      const n = 300000;
      for (const shift of [-5000, -1, 0, 1, 4096, 50000, n + 10]) {
        const buffer = new Float32Array(2 * n + 20000);
        const base = 10000;
        const a = f32([n]);
        buffer.set(a, base);
        const b = f32([n]);
        const ta = new tw.Tensor('float32', buffer.subarray(base, base + n), [n]);
        const expected = Float32Array.from(a, (v, i) => Math.fround(v + b[i]));
        const out = buffer.subarray(base + shift, base + shift + n);
        const probed = tw.withExecutor(undefined, () => tw.add(ta, new tw.Tensor('float32', b, [n]), { out }));
        expect([shift, probed.ran]).toEqual([shift, 'kernel']);
        expect([shift, bytes(out).equals(bytes(expected))]).toEqual([shift, true]);
        // Forcing the chunks there is refused: the one pass runs.
        buffer.set(a, base);
        expect(tw.withExecutor('chunks', () => tw.add(ta, new tw.Tensor('float32', b, [n]), { out })).ran).toBe('kernel');
        expect([shift, bytes(out).equals(bytes(expected))]).toEqual([shift, true]);
      }
    }
  });

  it('resident inputs into out: read in place, a chunk at a time (forced)', () => {
    for (const { tw } of builds) {
      const dims = [4, 250, 100];
      const a = f32(dims);
      const b = f32([250, 1]);
      const ra = tw.toResident(new tw.Tensor('float32', a, dims));
      const { y } = reference((x, v) => Math.fround(x - v), a, dims, b, [250, 1]);
      for (const bIn of [new tw.Tensor('float32', b, [250, 1]), tw.toResident(new tw.Tensor('float32', b, [250, 1]))]) {
        const out = new Float32Array(size(dims)).fill(-1);
        const probed = tw.withExecutor('chunks', () => tw.sub(ra, bIn as never, { out }));
        expect(probed.ran).toBe('chunks');
        expect(bytes(out).equals(bytes(Float32Array.from(y)))).toBe(true);
        if (tw.ResidentTensor.isResident(bIn)) bIn.dispose();
      }
      expect(bytes(ra.toTensor().data as Float32Array).equals(bytes(a))).toBe(true);
      ra.dispose();
    }
  });
});

describe('unary maps into out, a chunk at a time', () => {
  it('Exp, Abs, Floor, Relu, IsNaN, Neg: routed to chunks, the one pass\'s bytes; overlapping out takes the one pass', () => {
    for (const { tw } of builds) {
      const n = 300001;
      const x = Float32Array.from({ length: n }, (_, i) => (i % 5 === 0 ? NaN : (next() - 0.5) * 50));
      const t = new tw.Tensor('float32', x, [n]);
      for (const op of ['exp', 'abs', 'floor', 'relu', 'isNaN', 'neg'] as const) {
        const bool = op === 'isNaN';
        const out = bool ? new Uint8Array(n).fill(9) : new Float32Array(n).fill(3);
        const probed = tw.withExecutor(undefined, () => (tw[op] as (v: unknown, o: unknown) => Testing.Tensor)(t, { out }));
        expect([op, probed.ran]).toEqual([op, 'chunks']);
        const whole = tw.withExecutor('kernel', () => (tw[op] as (v: unknown, o: unknown) => Testing.Tensor)(t, {}));
        expect([op, bytes(out).equals(bytes(whole.value.data as ArrayBufferView))]).toEqual([op, true]);
        expect(bytes(t.data as Float32Array).equals(bytes(x))).toBe(true);
        if (!bool) {
          // In place, and shifted by one element either way: the one pass, the same bytes.
          for (const shift of [0, 1, -1]) {
            const buffer = new Float32Array(n + 2);
            buffer.set(x, 1);
            const inPlace = new tw.Tensor('float32', buffer.subarray(1, n + 1), [n]);
            const target = buffer.subarray(1 + shift, 1 + shift + n);
            const run = tw.withExecutor('chunks', () => (tw[op] as (v: unknown, o: unknown) => Testing.Tensor)(inPlace, { out: target }));
            expect([op, shift, run.ran]).toEqual([op, shift, 'kernel']);
            expect([op, shift, bytes(target).equals(bytes(whole.value.data as ArrayBufferView))]).toEqual([op, shift, true]);
          }
        }
      }
    }
  });
});
