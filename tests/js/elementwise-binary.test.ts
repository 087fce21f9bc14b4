// The binary elementwise ops' spec cases: each version's differences (legacy
// broadcast/axis of opsets 1 and 6, numpy's from 7), types per version, and
// every error; numbers at their edges (integer division, Mod's signs, Pow's
// mixed types, Mean's rounding order, NaN through Min and Max).
import * as tw from 'tessera-wasm';
import { expectSpecError, rng, values } from './helpers';
import { powReference, ulpDistance } from './pow-reference';

beforeAll(() => tw.init());

const f32 = (data: number[], dims = [data.length]) => new tw.Tensor('float32', new Float32Array(data), dims);
const i32 = (data: number[], dims = [data.length]) => new tw.Tensor('int32', new Int32Array(data), dims);
const u8 = (data: number[], dims = [data.length]) => new tw.Tensor('uint8', new Uint8Array(data), dims);
const bool = (data: number[], dims = [data.length]) => new tw.Tensor('bool', new Uint8Array(data), dims);
const node = (opType: string, opset?: number, attributes?: Record<string, unknown>) => ({ opType, opset, attributes });
const run1 = (n: ReturnType<typeof node>, inputs: unknown[]) => tw.runNode(n, inputs as tw.Tensor[])[0] as tw.Tensor;

describe('broadcasting (numpy, from opset 7)', () => {
  it('broadcasts both ways and right-aligned: [3, 1] + [4] is [3, 4]', () => {
    const y = tw.add(f32([1, 2, 3], [3, 1]), f32([10, 20, 30, 40]));
    expect(y.dims).toEqual([3, 4]);
    expect(values(y)).toEqual([11, 21, 31, 41, 12, 22, 32, 42, 13, 23, 33, 43]);
  });
  it('[1, 3, 2, 2] - [3, 1, 1]: one value per channel', () => {
    const x = f32(Array.from({ length: 12 }, (_, i) => i), [1, 3, 2, 2]);
    expect(values(tw.sub(x, f32([0, 4, 8], [3, 1, 1])))).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
  });
  it('rank 0 and empty dims', () => {
    expect(tw.mul(f32([3], []), f32([2], [])).dims).toEqual([]);
    const empty = tw.add(f32([], [0, 3]), f32([1, 2, 3]));
    expect(empty.dims).toEqual([0, 3]);
    expect(values(empty)).toEqual([]);
  });
  it('shapes that do not broadcast: a SpecError naming both shapes and the axis', () => {
    expectSpecError(() => tw.add(f32([1, 2, 3, 4, 5, 6], [2, 3]), f32([1, 2, 3, 4])), 'Add', 14, /\[4\]/, /\[2, 3\]/, /axis 1/);
    expectSpecError(() => tw.where(bool([1, 0]), f32([1, 2, 3]), f32([1])), 'Where', 16, /condition|X/, /axis 0/);
  });
});

describe('legacy broadcast (opsets 1 and 6)', () => {
  const a = f32(Array.from({ length: 24 }, (_, i) => i), [2, 3, 4]);
  it('broadcast 1: B aligned at the back, or at axis', () => {
    expect(values(run1(node('Add', 6, { broadcast: 1 }), [a, f32([100, 200, 300, 400])])).slice(0, 5)).toEqual([100, 201, 302, 403, 104]);
    const y = run1(node('Mul', 6, { broadcast: 1, axis: 1 }), [a, f32([0, 1, 2])]);
    expect(values(y).slice(0, 13)).toEqual([0, 0, 0, 0, 4, 5, 6, 7, 16, 18, 20, 22, 0]);
    expect(values(run1(node('Sub', 1, { broadcast: 1, axis: -3, consumed_inputs: [0] }), [a, f32([1, 2])]))[12]).toBe(10);
  });
  it('a scalar B with broadcast 1', () => {
    expect(values(run1(node('Div', 6, { broadcast: 1 }), [f32([2, 4]), f32([2], [])]))).toEqual([1, 2]);
  });
  it('without broadcast, the shapes must be equal; opset 7 broadcasts the same pair', () => {
    expectSpecError(() => run1(node('Add', 6), [a, f32([1, 2, 3, 4])]), 'Add', 6, /broadcast is 0/);
    expect(run1(node('Add', 7), [a, f32([1, 2, 3, 4])]).dims).toEqual([2, 3, 4]);
  });
  it('the legacy attributes are refused from opset 7, and bad values are SpecErrors', () => {
    expect(() => run1(node('Add', 7, { broadcast: 1 }), [a, a])).toThrow(/broadcast/);
    expectSpecError(() => run1(node('Add', 6, { broadcast: 2 }), [a, a]), 'Add', 6, /broadcast must be 0 or 1/);
    expectSpecError(() => run1(node('Add', 6, { broadcast: 1, axis: 2 }), [a, f32([1, 2, 3])]), 'Add', 6, /from axis 2/);
    expectSpecError(() => run1(node('Add', 6, { broadcast: 1, axis: 5 }), [a, f32([1])]), 'Add', 6, /axis 5/);
    expectSpecError(() => run1(node('Add', 6, { broadcast: 1 }), [f32([1]), a]), 'Add', 6, /more axes/);
  });
  it('And-1, Equal-1, Greater-1, Pow-1 take it too', () => {
    expect(values(run1(node('And', 1, { broadcast: 1 }), [bool([1, 1, 0], [1, 3]), bool([1])]))).toEqual([1, 1, 0]);
    expect(values(run1(node('Greater', 1, { broadcast: 1 }), [f32([1, 5]), f32([2], [])]))).toEqual([0, 1]);
    expect(values(run1(node('Pow', 1, { broadcast: 1 }), [f32([2, 3]), f32([2], [])]))).toEqual([4, 9]);
  });
});

describe('types per version', () => {
  it('Add-7 takes no uint8; Add-14 does (wrapping)', () => {
    expectSpecError(() => run1(node('Add', 13), [u8([1]), u8([2])]), 'Add', 13, /uint8/);
    expect(values(tw.add(u8([250, 3]), u8([10])))).toEqual([4, 13]);
  });
  it('bfloat16 from 13; mixed types refused, naming both', () => {
    const bf = new tw.Tensor('bfloat16', new Uint16Array([0x3f80]), [1]);
    expectSpecError(() => run1(node('Mul', 7), [bf, bf]), 'Mul', 7, /bfloat16/);
    expect(values(run1(node('Mul', 13), [bf, bf]))).toEqual([0x3f80]);
    expectSpecError(() => tw.add(f32([1]) as never, i32([1]) as never), 'Add', 14, /B must be of A's type float32 \(got int32\)/);
  });
  it('Equal-19 compares strings; Equal-13 refuses them', () => {
    const s = new tw.Tensor('string', ['a', 'b', ''], [3]);
    expect(values(tw.equal(s, new tw.Tensor('string', ['b'], [1])))).toEqual([0, 1, 0]);
    expectSpecError(() => run1(node('Equal', 13), [s, s]), 'Equal', 13, /string/);
  });
  it('And takes only bool; BitShift only unsigned; GreaterOrEqual from 12', () => {
    expectSpecError(() => tw.and(u8([1]) as never, u8([1]) as never), 'And', 7, /bool/);
    expectSpecError(() => tw.bitShift(i32([1]) as never, i32([1]) as never, 'LEFT'), 'BitShift', 11, /int32/);
    expect(() => run1(node('GreaterOrEqual', 11), [f32([1]), f32([1])])).toThrow(/GreaterOrEqual/);
  });
});

describe('integer division and Mod', () => {
  it('Div truncates toward zero and wraps INT_MIN / -1', () => {
    expect(values(tw.div(i32([7, -7, 7, -7, -(2 ** 31)]), i32([2, 2, -2, -2, -1])))).toEqual([3, -3, -3, 3, -(2 ** 31)]);
    const i64 = new tw.Tensor('int64', BigInt64Array.from([-9n, 9n]), [2]);
    expect(values(tw.div(i64, new tw.Tensor('int64', BigInt64Array.from([4n]), [1])))).toEqual([-2n, 2n]);
  });
  it('an integer 0 divisor is a SpecError naming its first index; nothing is written', () => {
    const out = new Int32Array([5, 5, 5, 5]);
    expectSpecError(() => tw.div(i32([1, 2, 3, 4], [2, 2]), i32([1, 2, 0, 0], [2, 2]), { out }), 'Div', 14, /B holds an integer 0 at index 2 \(coordinates \[1, 0\]\)/);
    expect(Array.from(out)).toEqual([5, 5, 5, 5]);
    expectSpecError(() => tw.mod(u8([1]), u8([0])), 'Mod', 13, /index 0/);
    const heap = tw.memoryStats().heapBytesInUse;
    const [ra, rb] = [tw.toResident(i32([1])), tw.toResident(i32([0]))];
    expectSpecError(() => tw.div(ra, rb), 'Div', 14, /index 0/);
    ra.dispose(); rb.dispose();
    expect(tw.memoryStats().heapBytesInUse).toBe(heap);
  });
  it('a 0 divisor with an empty output divides nothing: no error', () => {
    expect(tw.div(i32([], [0, 1]), i32([0])).dims).toEqual([0, 1]);
  });
  it('float division by zero gives infinities and NaN, not an error', () => {
    expect(values(tw.div(f32([1, -1, 0]), f32([0])))).toEqual([Infinity, -Infinity, NaN]);
  });
  it('Mod fmod 0 takes the divisor\'s sign, fmod 1 the dividend\'s', () => {
    const a = i32([5, -5, 5, -5]);
    const b = i32([3, 3, -3, -3]);
    expect(values(tw.mod(a, b))).toEqual([2, 1, -1, -2]);
    expect(values(tw.mod(a, b, { fmod: 1 }))).toEqual([2, -2, 2, -2]);
    expect(values(tw.mod(f32([5.5, -5.5]), f32([2]), { fmod: 1 }))).toEqual([1.5, -1.5]);
  });
  it('floats need fmod 1; fmod is 0 or 1', () => {
    expectSpecError(() => tw.mod(f32([1]), f32([1])), 'Mod', 13, /float32 Mod needs fmod 1/);
    expectSpecError(() => run1(node('Mod', 10, { fmod: 2 }), [i32([1]), i32([1])]), 'Mod', 10, /fmod must be 0 or 1/);
  });
});

describe('Pow', () => {
  it('an exponent of another type is cast to the base\'s (ONNX\'s node tests: int32 ** float32)', () => {
    expect(values(tw.pow(i32([1, 2, 3]), f32([4, 5, 6]) as never))).toEqual([1, 32, 729]);
    expect(values(tw.pow(f32([2, 4]), new tw.Tensor('int64', BigInt64Array.from([3n, -1n]), [2]) as never))).toEqual([8, 0.25]);
  });
  it('an integer base with a fractional exponent truncates the exponent (numpy computes in float64: 4 ** 0.5 = 2)', () => {
    expect(values(tw.pow(i32([4]), f32([0.5]) as never))).toEqual([1]);
  });
  it('integer powers wrap; negative integer exponents give 1 / x^-e truncated', () => {
    expect(values(tw.pow(i32([2, 3, 1, -1, -1, 5]), i32([31, 21, -5, -3, -2, -1])))).toEqual([-(2 ** 31), (3 ** 21) | 0, 1, -1, 1, 0]);
  });
  it('Pow-7 needs one type; Pow-12 takes no bfloat16 base; a resident exponent cast is freed', () => {
    expectSpecError(() => run1(node('Pow', 7), [f32([1]), new tw.Tensor('float64', new Float64Array([1]), [1])]), 'Pow', 7, /float64/);
    expectSpecError(() => run1(node('Pow', 12), [new tw.Tensor('bfloat16', new Uint16Array([0]), [1]), f32([1])]), 'Pow', 12, /bfloat16/);
    const heap = tw.memoryStats().heapBytesInUse;
    const [x, y] = [tw.toResident(f32([3])), tw.toResident(i32([2]))];
    const z = tw.pow(x, y as never) as tw.ResidentTensor;
    expect(values(z.toTensor())).toEqual([9]);
    for (const t of [x, y, z]) t.dispose();
    expect(tw.memoryStats().heapBytesInUse).toBe(heap);
  });
});

// float64 Pow against the correctly rounded result (tests/js/pow-reference.ts:
// BigInt, exact for integer exponents, 320-bit otherwise). Cases by kind, a
// few thousand each, from one seed: docs/number-formats.md quotes the counts.
describe('float64 Pow within 1 ulp of the correctly rounded result', () => {
  const random = rng(36);
  const uniform = (lo: number, hi: number) => lo + (hi - lo) * random();
  const logUniform = (lo: number, hi: number) => 2 ** uniform(lo, hi);  // 2^lo .. 2^hi
  const signed = (v: number) => (random() < 0.5 ? -v : v);
  const f64 = (v: number) => new Float64Array([v])[0];
  // y for y ln x = t at about t (x != 1).
  const forT = (x: number, t: number) => f64(t / Math.log(x));
  const kinds: Record<string, () => [number, number]> = {
    'integer y in -64 .. 64': () => {
      const y = Math.round(uniform(-64, 64)) || 3;
      const x = logUniform(-1100 / Math.abs(y), 1100 / Math.abs(y));
      return [random() < 0.2 ? -x : x, y];
    },
    'any x, any y': () => { const x = logUniform(-1074, 1023); return [x, forT(x, uniform(-760, 720))]; },
    'results near overflow': () => { const x = logUniform(-1074, 1023); return [x, forT(x, uniform(700, 709.9))]; },
    'results near underflow, subnormal': () => { const x = logUniform(-1074, 1023); return [x, forT(x, uniform(-746, -700))]; },
    'x within 2^-32 of 1, large |y|': () => {
      const x = 1 + signed(Math.floor(logUniform(0, 20))) * 2 ** -52;
      return [x, forT(x, uniform(-745, 709))];
    },
    'x near 1, |y| 1e6 .. 1e18': () => {
      const y = signed(logUniform(20, 60));
      return [Math.exp(uniform(-745, 709) / y), y];
    },
    'subnormal x': () => { const x = Math.floor(logUniform(0, 52)) * 2 ** -1074; return [x, uniform(-0.95, 1.05)]; },
    'x in 0.5 .. 2, y in -10 .. 10': () => [uniform(0.5, 2), uniform(-10, 10)],
  };
  const perKind = 2500;

  it('for every kind of case: at most 1 ulp, nearly always 0', () => {
    const stats: string[] = [];
    for (const [kind, make] of Object.entries(kinds)) {
      const cases = Array.from({ length: perKind }, make);
      const got = tw.pow(new tw.Tensor('float64', Float64Array.from(cases, (c) => c[0]), [perKind]),
        new tw.Tensor('float64', Float64Array.from(cases, (c) => c[1]), [perKind])).data as Float64Array;
      let worst = 0, off = 0, example = '';
      cases.forEach(([x, y], i) => {
        const want = powReference(x, y);
        const d = ulpDistance(got[i], want);
        if (d > 0) off++;
        if (d > worst) { worst = d; example = `pow(${x}, ${y}) = ${got[i]}, want ${want}`; }
      });
      stats.push(`${kind}: max ${worst} ulp, ${off} of ${perKind} not correctly rounded ${example}`);
    }
    process.stderr.write(`float64 Pow:\n${stats.join('\n')}\n`);
    for (const line of stats) expect(line).toMatch(/max [01] ulp/);
  });

  it('exact results are exact: 2^3, 10^k, 4^0.5, x^1, 2^-1074; x^2 is x * x and x^-1 is 1 / x', () => {
    const x = [2, 10, 10, 10, 4, 0.1, 2, 0.5, -2, -2, 3, 1.5, 7, 2 ** 0.5, 1e200, 1e-200, -0.7, 2 ** -1074, 2 ** -1074];
    const y = [3, 2, 22, -1, 0.5, 1, -1074, 1074, 3, -3, 33, 4, -2, 2, 2, 2, -1, 1, 0.5];
    const got = Array.from(tw.pow(new tw.Tensor('float64', new Float64Array(x), [x.length]), new tw.Tensor('float64', new Float64Array(y), [y.length])).data as Float64Array);
    expect(got.slice(0, 13)).toEqual([8, 100, 1e22, 0.1, 2, 0.1, 2 ** -1074, 2 ** -1074, -8, -0.125, 3 ** 33, 5.0625, 1 / 49]);
    expect(got.slice(13)).toEqual([(2 ** 0.5) * (2 ** 0.5), Infinity, 0, 1 / -0.7, 2 ** -1074, 2 ** -537]);
    for (let i = 0; i < x.length; i++) expect(got[i]).toBe(powReference(x[i], y[i]));
    // Random x: y = 1, 2, -1, 0.5 are x, x * x, 1 / x, sqrt x: correctly rounded.
    const xs = Array.from({ length: 1000 }, () => signed(logUniform(-500, 500)));
    for (const e of [1, 2, -1, 0.5]) {
      const ps = tw.pow(new tw.Tensor('float64', new Float64Array(xs), [xs.length]), new tw.Tensor('float64', new Float64Array(xs.length).fill(e), [xs.length])).data as Float64Array;
      xs.forEach((v, i) => expect(ps[i]).toBe(powReference(v, e)));
    }
  });

  it('C99\'s special cases, as before', () => {
    const nan = NaN, inf = Infinity;
    const cases: [number, number, number][] = [
      [nan, 0, 1], [1, nan, 1], [nan, 1, nan], [2, nan, nan], [-0, -1, -inf], [0, -1, inf], [-0, -2, inf], [-0, 3, -0], [0, 3, 0], [-0, 0.5, 0],
      [-0, -inf, inf], [0, inf, 0], [-1, inf, 1], [-1, -inf, 1], [0.5, inf, 0], [0.5, -inf, inf], [2, inf, inf], [2, -inf, 0], [-2, inf, inf],
      [-inf, 3, -inf], [-inf, 2, inf], [-inf, -3, -0], [-inf, -2, 0], [-inf, 0.5, inf], [inf, -0.5, 0], [-8, 1 / 3, nan], [-8, 1e300, inf],
      [-1, 1e300, 1], [1e-300, 1e300, 0], [-1.0000001, 2 ** 60, inf], [0.9999999, -(2 ** 70), inf], [1, inf, 1], [-2, 1e308, inf], [2, -1.7e308, 0],
    ];
    const got = tw.pow(new tw.Tensor('float64', Float64Array.from(cases, (c) => c[0]), [cases.length]),
      new tw.Tensor('float64', Float64Array.from(cases, (c) => c[1]), [cases.length])).data as Float64Array;
    cases.forEach(([x, y, want], i) => {
      expect([x, y, got[i]]).toEqual([x, y, want]);
      expect(powReference(x, y)).toEqual(want);
    });
  });
});

describe('Sum, Mean, Min, Max', () => {
  const f16 = (bits: number[]) => new tw.Tensor('float16', new Uint16Array(bits), [bits.length]);
  it('fold left to right with broadcasting; one input is a copy', () => {
    expect(values(tw.sum([f32([1, 2], [2, 1]), f32([10, 20, 30]), f32([100])]))).toEqual([111, 121, 131, 112, 122, 132]);
    expect(values(tw.max([f32([1, 5])]))).toEqual([1, 5]);
  });
  it('Mean is the float16 sum, rounded at each step, divided by n (ONNX\'s reference): 65504 + 65504 overflows', () => {
    expect(values(tw.mean([f16([0x7bff]), f16([0x7bff])]))).toEqual([0x7c00]);
    expect(values(tw.mean([f16([0x3c00]), f16([0x4000]), f16([0x4000])]))).toEqual([0x3eab]);  // 5/3 to nearest
  });
  it('NaN propagates through Min and Max; -0 < +0', () => {
    expect(values(tw.max([f32([NaN, 1]), f32([1, NaN])])).map(Number.isNaN)).toEqual([true, true]);
    expect(Object.is(values(tw.min([f32([0]), f32([-0])]))[0], -0)).toBe(true);
    expect(Object.is(values(tw.max([f32([-0]), f32([0])]))[0], 0)).toBe(true);
  });
  it('before opset 8 the inputs have one shape; no inputs is a SpecError; Min-12 takes integers', () => {
    expectSpecError(() => run1(node('Sum', 6), [f32([1, 2]), f32([1])]), 'Sum', 6, /one shape/);
    expect(values(run1(node('Sum', 8), [f32([1, 2]), f32([1])]))).toEqual([2, 3]);
    expectSpecError(() => tw.sum([]), 'Sum', 13, /at least one/);
    expectSpecError(() => tw.sum('x' as never), 'Sum', 13, /array/);
    expect(values(tw.min([i32([3, -4]), i32([1])]))).toEqual([1, -4]);
    expectSpecError(() => run1(node('Min', 8), [i32([1]), i32([1])]), 'Min', 8, /int32/);
  });
});

describe('comparisons, logic, BitShift, Where', () => {
  it('comparisons give bool; NaN compares false, -0 equals +0', () => {
    const y = tw.greaterOrEqual(f32([1, NaN, 2]), f32([1]));
    expect(y.type).toBe('bool');
    expect(values(y)).toEqual([1, 0, 1]);
    expect(values(tw.equal(f32([-0, NaN]), f32([0, NaN])))).toEqual([1, 0]);
    expect(values(tw.lessOrEqual(u8([0, 255]), u8([128])))).toEqual([1, 0]);
  });
  it('xor, or over bool with broadcasting', () => {
    expect(values(tw.xor(bool([1, 0], [2, 1]), bool([1, 0])))).toEqual([0, 1, 1, 0]);
    expect(values(tw.or(bool([0, 0]), bool([0, 1])))).toEqual([0, 1]);
  });
  it('BitShift: LEFT wraps, RIGHT is logical, a shift of the width or more is 0; direction is checked', () => {
    expect(values(tw.bitShift(u8([0x81, 0x81, 1]), u8([1, 8, 7]), 'LEFT'))).toEqual([2, 0, 128]);
    expect(values(tw.bitShift(u8([0x81, 0x81]), u8([7, 9]), 'RIGHT'))).toEqual([1, 0]);
    expectSpecError(() => tw.bitShift(u8([1]), u8([1]), 'UP' as never), 'BitShift', 11, /LEFT/);
    expectSpecError(() => run1(node('BitShift', 11), [u8([1]), u8([1])]), 'BitShift', 11, /direction is required/);
  });
  it('Where broadcasts all three, any type: strings in JS, complex128 as 16 bytes', () => {
    const c = bool([1, 0], [2, 1]);
    expect(values(tw.where(c, f32([1, 2]), f32([9])))).toEqual([1, 2, 9, 9]);
    expect(values(tw.where(c, new tw.Tensor('string', ['x'], [1]), new tw.Tensor('string', ['a', 'b'], [2])))).toEqual(['x', 'x', 'a', 'b']);
    const rc = tw.toResident(c);
    expect(values(tw.where(rc, new tw.Tensor('string', ['x'], [1]), new tw.Tensor('string', ['a', 'b'], [2])))).toEqual(['x', 'x', 'a', 'b']);
    rc.dispose();
    const z = new tw.Tensor('complex128', new Float64Array([1, 2]), [1]);
    expect(values(tw.where(bool([0, 1]), z, new tw.Tensor('complex128', new Float64Array([3, 4]), [1])))).toEqual([3, 4, 1, 2]);
    expectSpecError(() => tw.where(f32([1]) as never, f32([1]), f32([1])), 'Where', 16, /condition type must be one of bool/);
    expectSpecError(() => tw.where(bool([1]), f32([1]) as never, i32([1]) as never), 'Where', 16, /Y must be of X's type/);
    expectSpecError(() => run1(node('Where', 9), [bool([1]), new tw.Tensor('bfloat16', new Uint16Array(1), [1]), new tw.Tensor('bfloat16', new Uint16Array(1), [1])]), 'Where', 9, /bfloat16/);
  });
});

describe('out and residency', () => {
  it('into out (any overlap with the inputs is fine: they are copied in first), wrong out refused', () => {
    const buffer = new Float32Array([1, 2, 3, 4]);
    const x = new tw.Tensor('float32', buffer, [4]);
    const y = tw.add(x, f32([10]), { out: buffer });
    expect(y.data).toBe(buffer);
    expect(Array.from(buffer)).toEqual([11, 12, 13, 14]);
    expectSpecError(() => tw.add(x, f32([1]), { out: new Float32Array(3) }), 'Add', 14, /length 4/);
    expectSpecError(() => tw.greater(x, f32([1]), { out: new Float32Array(4) as never }), 'Greater', 13, /Uint8Array/);
    expectSpecError(() => tw.add(x, x, { bogus: 1 } as never), 'Add', 14, /bogus/);
  });
  it('resident inputs give a resident result; a plain one among them gives a plain result', () => {
    const [a, b] = [tw.toResident(f32([1, 2])), tw.toResident(f32([3]))];
    const r = tw.mul(a, b);
    expect(tw.ResidentTensor.isResident(r)).toBe(true);
    expect(values(r.toTensor())).toEqual([3, 6]);
    const p = tw.mul(a, f32([2]) as never);
    expect(tw.ResidentTensor.isResident(p)).toBe(false);
    for (const t of [a, b, r]) t.dispose();
  });
});
