// The unary elementwise ops' spec cases: each version's types (the lists
// below are written from ../shared/spec/onnx/Changelog.md, not read from the
// library), Clip's attribute and input forms, IsInf's flags, and what each
// op does with -0, NaN, infinities and subnormals (docs/number-formats.md).
import * as tw from 'tessera-wasm';
import { expectSpecError } from './helpers';

beforeAll(() => tw.init());

const F = ['float16', 'float32', 'float64'];
const FB = [...F, 'bfloat16'];
const SIGNED = [...F, 'int8', 'int16', 'int32', 'int64'];
const NUMERIC = [...SIGNED, 'uint8', 'uint16', 'uint32', 'uint64'];
const F8 = ['float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz'];
const classic = (six = F) => ({ 1: F, 6: six, 13: [...six, 'bfloat16'] });
const VERSIONS: Record<string, Record<number, string[]>> = {
  Neg: classic(SIGNED), Abs: classic(NUMERIC), Ceil: classic(), Round: { 11: F, 22: FB }, Sqrt: classic(), Reciprocal: classic(),
  Sign: { 9: NUMERIC, 13: [...NUMERIC, 'bfloat16'] }, Exp: classic(), Log: classic(), Relu: { ...classic(), 14: [...SIGNED, 'bfloat16'] },
  Sigmoid: classic(), Tanh: classic(), Clip: { 1: F, 6: F, 11: F, 12: NUMERIC, 13: [...NUMERIC, 'bfloat16'] }, Not: { 1: ['bool'] },
  IsNaN: { 9: F, 13: FB, 20: [...FB, ...F8] }, IsInf: { 10: ['float32', 'float64'], 20: [...FB, ...F8] },
};
const ALL = [...NUMERIC, 'bfloat16', 'bool', ...F8, 'complex64', 'complex128', 'string', 'int4', 'uint4', 'float8e8m0', 'int2', 'uint2', 'float4e2m1'];
/** Three zeros of any type, built from its storage class (tw.DTYPES) so that every type makes one. */
function zeros(type: string): tw.Tensor {
  if (type === 'string') return new tw.Tensor('string', ['', '', ''], [3]);
  const { bits, storage } = tw.DTYPES[type as tw.DataType];
  const Ctor = (globalThis as unknown as Record<string, new (n: number) => ArrayBufferView & { BYTES_PER_ELEMENT: number }>)[storage];
  const per = (Ctor as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
  return new tw.Tensor(type as never, new Ctor(Math.ceil(Math.ceil((3 * bits) / 8) / per)) as never, [3]);
}
const bits32 = (d: ArrayBufferView) => Array.from(new Uint32Array(d.buffer, d.byteOffset, d.byteLength / 4));
const f32bits = (...b: number[]) => new tw.Tensor('float32', new Float32Array(new Uint32Array(b).buffer), [b.length]);
const run = (op: string, opset: number, inputs: unknown[], attributes: Record<string, unknown> = {}) =>
  (tw.runNode({ opType: op, opset, attributes }, inputs as tw.Tensor[]) as unknown as tw.Tensor<'float64'>[])[0];

describe('every version takes exactly the types the Changelog lists', () => {
  it.each(Object.keys(VERSIONS))('%s', (op) => {
    expect(tw.OPS[op as keyof typeof tw.OPS].versions.map((v) => v.since)).toEqual(Object.keys(VERSIONS[op]).map(Number));
    for (const [since, types] of Object.entries(VERSIONS[op])) {
      for (const type of ALL) {
        const call = () => run(op, Number(since), [zeros(type)]);
        if (types.includes(type)) expect(call().dims).toEqual([3]);
        else expectSpecError(call, op, Number(since), `(got ${type})`);
      }
    }
  });

  it('consumed_inputs (version 1) is accepted and changes nothing; version 6 refuses it', () => {
    const x = tw.tensor('float32', [-1.5, 2]);
    expect(Array.from(run('Abs', 1, [x], { consumed_inputs: [0] }).data)).toEqual([1.5, 2]);
    expect(Array.from(run('Relu', 1, [x], { consumed_inputs: [0] }).data)).toEqual([0, 2]);
    expect(() => run('Abs', 6, [x], { consumed_inputs: [0] })).toThrow(/consumed_inputs/);
  });

  it('names the op, version and type; Ceil and Round of an integer say it is already whole', () => {
    expectSpecError(() => tw.exp(zeros('int32') as never), 'Exp', 13, 'input type must be one of', 'int32');
    expectSpecError(() => tw.ceil(zeros('int8') as never), 'Ceil', 13, 'already whole');
    expectSpecError(() => tw.neg(zeros('uint8') as never), 'Neg', 13, 'X type', 'uint8');
    expectSpecError(() => run('Round', 10, [zeros('float32')]), 'Round', undefined as never);
  });
});

describe('integers', () => {
  it('Neg and Abs wrap; Abs of unsigned is the input; Sign and Relu of every integer type', () => {
    expect(Array.from(tw.neg(tw.tensor('int8', [-128, 127, 0, -5])).data)).toEqual([-128, -127, 0, 5]);
    expect(Array.from(tw.abs(tw.tensor('int64', [-(2n ** 63n), -3n, 4n])).data)).toEqual([-(2n ** 63n), 3n, 4n]);
    expect(Array.from(tw.abs(tw.tensor('uint16', [65535, 0, 7])).data)).toEqual([65535, 0, 7]);
    expect(Array.from(tw.sign(tw.tensor('uint32', [0, 1, 2 ** 32 - 1])).data)).toEqual([0, 1, 1]);
    expect(Array.from(tw.sign(tw.tensor('int16', [-32768, 0, 9])).data)).toEqual([-1, 0, 1]);
    expect(Array.from(tw.relu(tw.tensor('int32', [-(2 ** 31), 0, 5])).data)).toEqual([0, 0, 5]);
  });
});

describe('Round: half to even', () => {
  it('ties go to the even neighbour; -0.5 gives -0; past 2^23 (float32) values are whole already', () => {
    const y = tw.round(tw.tensor('float32', [0.5, 1.5, 2.5, -2.5, -0.5, 0.49999997, 2 ** 23 + 1, 1.4999999]));
    expect(Array.from(y.data).map((v) => (Object.is(v, -0) ? '-0' : v))).toEqual([0, 2, 2, -2, '-0', 0, 2 ** 23 + 1, 1]);
    expect(Array.from(tw.round(tw.tensor('float64', [2 ** 52 + 1, 4503599627370495.5, -1.5])).data)).toEqual([2 ** 52 + 1, 4503599627370496, -2]);
  });
});

describe('Clip', () => {
  const x = () => tw.tensor('float32', [-Infinity, -3, -0, 0, 2, 5, Infinity, NaN]);
  const show = (t: tw.Tensor) => Array.from(t.data as Float32Array).map((v) => (Object.is(v, -0) ? '-0' : String(v)));

  it('Clip-1: min and max attributes, an absent one no bound', () => {
    expect(show(run('Clip', 1, [x()], { min: -1 }))).toEqual(['-1', '-1', '-0', '0', '2', '5', 'Infinity', 'NaN']);
    expect(show(run('Clip', 1, [x()]))).toEqual(show(x()));
  });

  it('Clip-6: the schema\'s defaults ±3.402823e+38 (rounded to float32), which float16 rounds to ±Inf', () => {
    const big = Math.fround(3.402823e+38);
    expect(show(run('Clip', 6, [x()], { max: 2 }))).toEqual([String(-big), '-3', '-0', '0', '2', '2', '2', 'NaN']);
    const h = run('Clip', 6, [tw.tensor('float16', [-Infinity, Infinity])]);
    expect(Array.from(h.data as unknown as Uint16Array)).toEqual([0xfc00, 0x7c00]);
    expect(() => run('Clip', 6, [x()], { min: 'a' })).toThrow(/min must be a float/);
  });

  it('Clip-11 on: optional scalar inputs, either omitted; min > max gives max', () => {
    const s = (v: number) => tw.tensor('float32', [v], []);
    expect(show(run('Clip', 11, [x(), s(-1)]))).toEqual(['-1', '-1', '-0', '0', '2', '5', 'Infinity', 'NaN']);
    expect(show(run('Clip', 13, [x(), undefined, s(1)]))).toEqual(['-Infinity', '-3', '-0', '0', '1', '1', '1', 'NaN']);
    expect(show(run('Clip', 13, [x()]))).toEqual(show(x()));
    expect(show(run('Clip', 12, [x(), s(4), s(1)]))).toEqual(['1', '1', '1', '1', '1', '1', '1', 'NaN']);
    expect(show(run('Clip', 13, [x(), tw.tensor('float32', [0], [1])]))).toEqual(['0', '0', '0', '0', '2', '5', 'Infinity', 'NaN']);
  });

  it('-0 is below +0; a NaN bound gives NaN', () => {
    expect(show(tw.clip(x(), { min: 0 }))[2]).toBe('0');
    expect(show(tw.clip(x(), { max: -0 })).slice(2, 4)).toEqual(['-0', '-0']);
    expect(show(tw.clip(x(), { min: NaN })).every((v) => v === 'NaN')).toBe(true);
  });

  it('integers: bounds as numbers or bigints, checked against the type\'s range', () => {
    expect(Array.from(tw.clip(tw.tensor('uint8', [0, 100, 255]), { min: 10, max: 200 }).data)).toEqual([10, 100, 200]);
    expect(Array.from(tw.clip(tw.tensor('int64', [-(2n ** 63n), 0n, 2n ** 63n - 1n]), { min: -5n, max: 2n ** 62n }).data)).toEqual([-5n, 0n, 2n ** 62n]);
    expect(Array.from(tw.clip(tw.tensor('int8', [-128, 127]), { min: tw.tensor('int8', [-3], []) }).data)).toEqual([-3, 127]);
    expectSpecError(() => tw.clip(tw.tensor('uint8', [1]), { min: -1 }), 'Clip', 13, 'min must be an integer from 0 to 255', '-1');
    expectSpecError(() => tw.clip(tw.tensor('int32', [1]), { max: 1.5 }), 'Clip', 13, 'max must be an integer');
  });

  it('refuses a bound of another type, one that is no scalar, and a bad option, writing nothing', () => {
    const out = new Float32Array(8).fill(7);
    expectSpecError(() => run('Clip', 13, [x(), tw.tensor('float64', [0], [])]), 'Clip', 13, 'min must have the input\'s type float32 (got float64)');
    expectSpecError(() => run('Clip', 13, [x(), undefined, tw.tensor('float32', [1, 2])]), 'Clip', 13, 'max must be a scalar', '[2]');
    expectSpecError(() => tw.clip(x(), { min: 'x' as never, out }), 'Clip', 13, 'min must be a number');
    expectSpecError(() => tw.clip(x(), { lo: 1 } as never), 'Clip', 13, 'lo');
    expect(Array.from(out)).toEqual(Array(8).fill(7));
  });
});

describe('IsInf and IsNaN', () => {
  const x = () => tw.tensor('float64', [Infinity, -Infinity, NaN, 0, 1e308]);
  it.each([[undefined, undefined, [1, 1, 0, 0, 0]], [1, 0, [1, 0, 0, 0, 0]], [0, 1, [0, 1, 0, 0, 0]], [0, 0, [0, 0, 0, 0, 0]]])(
    'detect_positive %s, detect_negative %s', (p, n, want) => {
      const attributes: Record<string, unknown> = {};
      if (p !== undefined) attributes.detect_positive = p;
      if (n !== undefined) attributes.detect_negative = BigInt(n as number);
      expect(Array.from(run('IsInf', 10, [x()], attributes).data)).toEqual(want);
      expect(Array.from(tw.isInf(x(), { detectPositive: p === undefined ? undefined : p === 1, detectNegative: n as 0 | 1 | undefined }).data)).toEqual(want);
    });

  it('refuses a flag that is not 0 or 1', () => {
    expectSpecError(() => run('IsInf', 20, [x()], { detect_positive: 2 }), 'IsInf', 20, 'detect_positive must be 0 or 1', '2');
    expectSpecError(() => tw.isInf(x(), { detectNegative: 'yes' as never }), 'IsInf', 20, 'detectNegative must be 0 or 1', 'yes');
  });

  it('float8: NaN and infinity codes by format; IsInf flags apply', () => {
    const codes = new Uint8Array([0x7f, 0xff, 0x80, 0x7c, 0xfc, 0x7d, 0x7e, 0x00, 0x01]);
    const of = (type: string) => new tw.Tensor(type as never, codes.slice() as never, [codes.length]);
    expect(Array.from(tw.isNaN(of('float8e4m3fn')).data)).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(tw.isNaN(of('float8e5m2')).data)).toEqual([1, 1, 0, 0, 0, 1, 1, 0, 0]);
    expect(Array.from(tw.isNaN(of('float8e4m3fnuz')).data)).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(tw.isNaN(of('float8e5m2fnuz')).data)).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(tw.isInf(of('float8e5m2'), { detectNegative: false }).data)).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect(Array.from(tw.isInf(of('float8e4m3fn')).data)).toEqual(Array(9).fill(0));
    const resident = tw.toResident(of('float8e5m2'));
    const y = tw.isInf(resident);
    expect(Array.from(y.toTensor().data)).toEqual([0, 0, 0, 1, 1, 0, 0, 0, 0]);
    y.dispose();
    resident.dispose();
  });

  it('bool output from float16 and bfloat16, fresh, resident and into out', () => {
    const h = new tw.Tensor('float16', new Uint16Array([0x7c00, 0xfc00, 0x7e00, 0x0001]), [4]);
    const out = new Uint8Array(4);
    expect(tw.isNaN(h, { out }).data).toBe(out);
    expect(Array.from(out)).toEqual([0, 0, 1, 0]);
    const b = tw.toResident(new tw.Tensor('bfloat16', new Uint16Array([0x7f80, 0xff80, 0x7fc1, 0x0001]), [4]));
    expect(Array.from(tw.isInf(b, { out }).data)).toEqual([1, 1, 0, 0]);
    b.dispose();
  });
});

// Each row: op, float32 input bits, output bits. What docs/number-formats.md says, element by element.
const SPECIALS: [string, number[], number[]][] = [
  ['neg', [0x00000000, 0x80000000, 0x7fc00001, 0xff800000, 0x00000001], [0x80000000, 0x00000000, 0xffc00001, 0x7f800000, 0x80000001]],
  ['abs', [0x80000000, 0xffc00001, 0xff800000, 0x80000001], [0x00000000, 0x7fc00001, 0x7f800000, 0x00000001]],
  ['ceil', [0x80000000, 0xbf000000, 0x80000001, 0x00000001, 0x7fa00000, 0xff800000], [0x80000000, 0x80000000, 0x80000000, 0x3f800000, 0x7fa00000, 0xff800000]],
  ['round', [0x80000000, 0xbf000000, 0x00000001, 0x80000001, 0x7fc00001, 0x7f800000], [0x80000000, 0x80000000, 0x00000000, 0x80000000, 0x7fc00001, 0x7f800000]],
  ['sqrt', [0x80000000, 0x00000001, 0xbf800000, 0xff800000, 0x7f800000, 0xffc00001], [0x80000000, 0x1a3504f3, 0x7fc00000, 0x7fc00000, 0x7f800000, 0xffc00001]],
  ['reciprocal', [0x80000000, 0x00000000, 0x7f800000, 0xff800000, 0x00000001, 0x7fc00001], [0xff800000, 0x7f800000, 0x00000000, 0x80000000, 0x7f800000, 0x7fc00001]],
  ['sign', [0x80000000, 0x00000001, 0x80000001, 0xff800000, 0x7f800000, 0x7fc00001], [0x00000000, 0x3f800000, 0xbf800000, 0xbf800000, 0x3f800000, 0x7fc00001]],
  ['exp', [0x80000000, 0x00000001, 0xff800000, 0x7f800000, 0x7fc00001, 0x42b20000], [0x3f800000, 0x3f800000, 0x00000000, 0x7f800000, 0x7fc00001, 0x7f800000]],
  ['log', [0x80000000, 0x00000000, 0x00000001, 0xbf800000, 0x7f800000, 0xff800000, 0x3f800000], [0xff800000, 0xff800000, 0xc2ce8ed0, 0x7fc00000, 0x7f800000, 0x7fc00000, 0x00000000]],
  ['relu', [0x80000000, 0x80000001, 0x00000001, 0xff800000, 0x7f800000, 0xffc00001], [0x00000000, 0x00000000, 0x00000001, 0x00000000, 0x7f800000, 0xffc00001]],
  ['sigmoid', [0x80000000, 0x00000001, 0xff800000, 0x7f800000, 0x7fc00001], [0x3f000000, 0x3f000000, 0x00000000, 0x3f800000, 0x7fc00001]],
  ['tanh', [0x80000000, 0x00000001, 0x80000001, 0xff800000, 0x7f800000, 0x7fc00001], [0x80000000, 0x00000001, 0x80000001, 0xbf800000, 0x3f800000, 0x7fc00001]],
];

describe('-0, NaN, infinities and subnormals (docs/number-formats.md)', () => {
  it.each(SPECIALS)('%s', (op, input, want) => {
    const y = (tw as unknown as Record<string, (x: tw.Tensor) => tw.Tensor>)[op](f32bits(...input));
    expect(bits32(y.data as Float32Array).map((b) => b.toString(16))).toEqual(want.map((b) => b.toString(16)));
  });

  it('IsNaN and IsInf of -0 and of subnormals are false', () => {
    const x = f32bits(0x80000000, 0x00000001, 0x807fffff);
    expect(Array.from(tw.isNaN(x).data)).toEqual([0, 0, 0]);
    expect(Array.from(tw.isInf(x).data)).toEqual([0, 0, 0]);
  });

  it('float16 and bfloat16 alike: subnormals are not flushed, NaN payloads kept, sqrt of a negative the quiet NaN', () => {
    const h = (op: string, b: number[]) => Array.from((tw as unknown as Record<string, (x: tw.Tensor) => tw.Tensor>)[op](new tw.Tensor('float16', new Uint16Array(b), [b.length])).data as Uint16Array);
    expect(h('sqrt', [0x0001, 0xbc00, 0x7e01, 0x8000])).toEqual([0x0c00, 0x7e00, 0x7e01, 0x8000]);
    expect(h('tanh', [0x0001, 0x8001, 0xfc00])).toEqual([0x0001, 0x8001, 0xbc00]);
    expect(h('neg', [0x7e01, 0x03ff])).toEqual([0xfe01, 0x83ff]);
    const bf = tw.exp(new tw.Tensor('bfloat16', new Uint16Array([0x0001, 0x7fc1, 0xff80]), [3]));
    expect(Array.from(bf.data as Uint16Array)).toEqual([0x3f80, 0x7fc1, 0x0000]);
  });
});

describe('exp, log, tanh, sigmoid: the same bits in both builds', () => {
  // FNV-1a of the outputs' bytes over 4096 float32 and float64 inputs across the range: one constant for the SIMD and the scalar build.
  const fnv = (d: ArrayBufferView) => {
    let h = 0x811c9dc5;
    for (const b of new Uint8Array(d.buffer, d.byteOffset, d.byteLength)) h = Math.imul(h ^ b, 0x01000193) >>> 0;
    return h.toString(16);
  };
  const inputs = (type: 'float32' | 'float64') => tw.tensor(type, Array.from({ length: 4096 }, (_, i) => (i % 2 ? -1 : 1) * Math.exp((i - 2048) / 40)));
  it.each(['exp', 'log', 'tanh', 'sigmoid'])('%s', (op) => {
    const f = (tw as unknown as Record<string, (x: tw.Tensor) => tw.Tensor>)[op];
    expect([fnv(f(inputs('float32')).data as ArrayBufferView), fnv(f(inputs('float64')).data as ArrayBufferView)]).toEqual(HASHES[op]);
  });
});

const HASHES: Record<string, string[]> = {
  exp: ['abcc81ad', '499cdabb'], log: ['4c97fb', 'e3fcc859'], tanh: ['99e67bcf', '98422930'], sigmoid: ['5f3cd72b', '91b2de57'],
};
