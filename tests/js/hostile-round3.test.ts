// Hostile input, round three (issue 34): each finding as a data-driven
// property, a table of cases over a fixed seed (HOSTILE_SEED changes it;
// npm run fuzz runs fresh ones). Each table is op-agnostic where the finding
// is: a row per op that takes `out`, per conversion, per format.
import * as tw from 'tessera-wasm';
import { rng as random } from './helpers';

// A fixed seed, so every run of npm test sees the same cases.
const SEED = Number(process.env.HOSTILE_SEED ?? 20261130);

const bytesOf = (a: ArrayBufferView) => Buffer.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

/** What a call threw, or undefined. */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

beforeAll(async () => {
  await tw.init();
});

// ---------------------------------------------------------------- finding 1: out overlapping an input
// Every op that takes `out` and reads an input while writing it. `inPlace`:
// the op's plan reads each element before writing it (Floor), so any overlap
// gives the right answer; every other op refuses any shared byte.

interface OutOp {
  name: string;
  inType: string;
  /** The storage class of x and of out. */
  X: new (buffer: ArrayBuffer, offset: number, length: number) => ArrayBufferView;
  Out: new (buffer: ArrayBuffer, offset: number, length: number) => ArrayBufferView;
  /** Elements of x, and of out for them. */
  n: number;
  outLength: (n: number) => number;
  call: (x: tw.Tensor, out: ArrayBufferView) => unknown;
  inPlace: boolean;
}

const OUT_OPS: OutOp[] = [
  { name: 'Floor float32', inType: 'float32', X: Float32Array, Out: Float32Array, n: 64, outLength: (n) => n,
    call: (x, out) => tw.floor(x as never, { out: out as never }), inPlace: true },
  { name: 'Floor float16', inType: 'float16', X: Uint16Array, Out: Uint16Array, n: 40, outLength: (n) => n,
    call: (x, out) => tw.floor(x as never, { out: out as never }), inPlace: true },
  { name: 'Tile float32', inType: 'float32', X: Float32Array, Out: Float32Array, n: 16, outLength: (n) => 2 * n,
    call: (x, out) => tw.tile(x, [2], { out: out as never }), inPlace: false },
  { name: 'AsStrided int16', inType: 'int16', X: Int16Array, Out: Int16Array, n: 24, outLength: (n) => n - 2,
    call: (x, out) => tw.asStrided(x, { size: [x.size - 2], stride: [1], offset: 2, out: out as never }), inPlace: false },
  { name: 'Cast int16 -> int32', inType: 'int16', X: Int16Array, Out: Int32Array, n: 8, outLength: (n) => n,
    call: (x, out) => tw.cast(x, 'int32', { out: out as never }), inPlace: false },
  { name: 'Cast uint8 -> float32 (chunked kernel)', inType: 'uint8', X: Uint8Array, Out: Float32Array, n: 40000, outLength: (n) => n,
    call: (x, out) => tw.cast(x, 'float32', { out: out as never }), inPlace: false },
  { name: 'Cast float32 -> int8 (JS twin)', inType: 'float32', X: Float32Array, Out: Int8Array, n: 32, outLength: (n) => n,
    call: (x, out) => tw.cast(x, 'int8', { out: out as never }), inPlace: false },
  { name: 'Cast float64 -> float16', inType: 'float64', X: Float64Array, Out: Uint16Array, n: 12, outLength: (n) => n,
    call: (x, out) => tw.cast(x, 'float16', { out: out as never }), inPlace: false },
  { name: 'Cast int32 -> float32 (same width)', inType: 'int32', X: Int32Array, Out: Float32Array, n: 20, outLength: (n) => n,
    call: (x, out) => tw.cast(x, 'float32', { out: out as never }), inPlace: false },
  { name: 'CastLike int16 -> int32', inType: 'int16', X: Int16Array, Out: Int32Array, n: 8, outLength: (n) => n,
    call: (x, out) => tw.castLike(x, new tw.Tensor('int32', new Int32Array(1), [1]), { out: out as never }), inPlace: false },
];

/** Where out starts, in bytes from x's start, for each overlap pattern (aligned to both classes by the caller). */
const PATTERNS: [string, (xBytes: number, outBytes: number) => number][] = [
  ['the same start', () => 0],
  ['out starting inside x', (xBytes) => Math.floor(xBytes / 2)],
  ['out starting before x, ending inside it', (_, outBytes) => -Math.floor(outBytes / 2)],
  ['out ending one element into x', (_, outBytes) => -outBytes + 8],
  ['out starting at x\'s last element', (xBytes) => xBytes - 8],
  ['out just after x (no overlap)', (xBytes) => xBytes],
  ['out just before x (no overlap)', (_, outBytes) => -outBytes],
];

function valuesFor(type: string, n: number, next: () => number): ArrayLike<number> {
  const values = Array.from({ length: n }, () => Math.round((next() - 0.5) * 200) / 4);
  if (type === 'uint8') return values.map((v) => Math.abs(Math.round(v)) % 256);
  if (type === 'int16' || type === 'int32') return values.map((v) => Math.round(v));
  if (type === 'float16') return tw.encode('float16', values);
  return values;
}

describe('finding 1: out overlapping an input, every op that takes out, every overlap pattern', () => {
  const next = random(SEED);
  const cases: [string, OutOp, string, (xBytes: number, outBytes: number) => number][] = [];
  for (const op of OUT_OPS) {
    for (const [pattern, at] of PATTERNS) cases.push([`${op.name}: ${pattern}`, op, pattern, at]);
    // Random starts, every byte alignment both classes take.
    for (let k = 0; k < 4; k++) {
      const shift = next();
      cases.push([`${op.name}: a random start (${shift.toFixed(3)})`, op, 'random', (xBytes, outBytes) => Math.floor(shift * (xBytes + outBytes)) - outBytes]);
    }
  }
  it.each(cases)('%s: the right answer or a SpecError, never a wrong one', (_, op, pattern, at) => {
    const xWidth = (op.X as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
    const outWidth = (op.Out as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
    const xBytes = op.n * xWidth;
    const outBytes = op.outLength(op.n) * outWidth;
    const base = outBytes + 64;
    const xAt = base;
    let outAt = xAt + at(xBytes, outBytes);
    outAt -= ((outAt % outWidth) + outWidth) % outWidth;
    const buffer = new ArrayBuffer(base + xBytes + outBytes + 64);
    const x = new op.X(buffer, xAt, op.n) as unknown as { set(v: ArrayLike<number>): void };
    x.set(valuesFor(op.inType, op.n, random(SEED + op.n)));
    const input = new tw.Tensor(op.inType as never, x as never, [op.n]);
    const expected = bytesOf((op.call(new tw.Tensor(op.inType as never, (x as unknown as Uint8Array).slice() as never, [op.n]),
      new op.Out(new ArrayBuffer(outBytes), 0, op.outLength(op.n))) as tw.Tensor).data as ArrayBufferView);
    const out = new op.Out(buffer, outAt, op.outLength(op.n));
    const overlaps = outAt < xAt + xBytes && xAt < outAt + outBytes;
    const before = Buffer.from(new Uint8Array(buffer));
    const error = thrownBy(() => op.call(input, out));
    if (error !== undefined) {
      expect(error).toBeInstanceOf(tw.SpecError);
      expect((error as tw.SpecError).param).toBe('out');
      expect((error as Error).message).toMatch(/must not overlap input's data/);
      expect(Buffer.from(new Uint8Array(buffer)).equals(before)).toBe(true);  // refused before anything was written
      expect(overlaps && !op.inPlace).toBe(true);
    } else {
      expect(bytesOf(out).equals(expected)).toBe(true);
      expect(overlaps && !op.inPlace).toBe(false);
    }
    void pattern;
  });
});

// ---------------------------------------------------------------- findings 5 and 6: what an out held must not show through
// Every source type (a seeded tensor of each) cast into an out the caller
// reuses: the bytes must be those of a fresh result, whatever the out held
// and whatever its class (a Uint8ClampedArray for uint8 must wrap, not clamp).

const SOURCES: [string, () => tw.Tensor][] = [
  ['int16', () => tw.tensor('int16', [300, -1, 255, 256, -129, 7, 1000, -32768, 0])],
  ['int32', () => tw.tensor('int32', [300, -1, 70000, -70000, 3, 255, 256, 2 ** 31 - 1, 0])],
  ['float32', () => tw.tensor('float32', [300.5, -1.5, 2.5, 1e9, -1e9, NaN, 6, -7.5, 0.5])],
  ['float64', () => tw.tensor('float64', [1, 2.5, -3, 0.75, -8, 17, -0.25, 3.5, 6])],
  ['int64', () => tw.tensor('int64', [300n, -1n, 2n ** 40n, 3n, -8n, 7n, 1n, -2n, 0n])],
  ['float16', () => tw.tensor('float16', [1, 2.5, -3, 0.75, -8, 17, -0.25, 3.5, 6])],
  ['uint4', () => tw.tensor('uint4', [1, 15, 3, 0, 7, 8, 9, 2, 4])],
  ['string', () => tw.tensor('string', ['300', '-1', '2.5', '1e3', '-7', 'NaN', '6', '0.25', '-0.75'])],
];

describe('finding 5: a Uint8ClampedArray out for uint8 wraps as a fresh result does', () => {
  it.each(SOURCES)('%s -> uint8', (_, make) => {
    const x = make();
    const fresh = tw.cast(x, 'uint8');
    const out = new Uint8ClampedArray(x.size);
    const into = tw.cast(x, 'uint8', { out });
    expect(into.data).toBe(out);
    expect(Array.from(out)).toEqual(Array.from(fresh.data as Uint8Array));
  });
});

describe('finding 6: a packed out is replaced, not ORed into', () => {
  const PACKED = ['int4', 'uint4', 'int2', 'uint2', 'float4e2m1'];
  const cases = PACKED.flatMap((to) => SOURCES.map(([from, make]) => [`${from} -> ${to}`, to, make] as const));
  it.each(cases)('%s: a reused out (and one full of ones) gives the fresh bytes', (_, to, make) => {
    const x = make();
    const fresh = tw.cast(x, to as never);
    const out = new Uint8Array((fresh.data as Uint8Array).length).fill(0xff);
    tw.cast(x, to as never, { out: out as never });
    expect(Array.from(out)).toEqual(Array.from(fresh.data as Uint8Array));
    // The README's every-frame pattern: the same out, other data.
    const Storage = (x.data as Uint8Array).constructor as new (length: number) => Uint8Array;
    const zeros = new tw.Tensor(x.type, (x.type === 'string' ? (x.data as string[]).map(() => '0') : new Storage((x.data as Uint8Array).length)) as never, x.dims);
    tw.cast(zeros, to as never, { out: out as never });
    expect(Array.from(out)).toEqual(Array.from(tw.cast(zeros, to as never).data as Uint8Array));
  });
});

// ---------------------------------------------------------------- finding 8: a polyfill Float16Array
// Only the engine's own class is taken (%TypedArray% its prototype's prototype).

const POLYFILLS: [string, () => unknown][] = [
  ['a subclass of Uint16Array (as @petamoriken/float16 builds it)', () => class Float16Array extends Uint16Array {}],
  ['a plain function', () => function Float16Array() {}],
  ['a Proxy over Uint16Array', () => new Proxy(Uint16Array, {})],
  ['a class whose prototype claims %TypedArray%', () => {
    const Fake = function Float16Array() {} as unknown as { prototype: object; BYTES_PER_ELEMENT?: number };
    Object.setPrototypeOf(Fake.prototype, Object.getPrototypeOf(Uint8Array.prototype));
    return Fake;
  }],
];

describe('finding 8: init({ float16Array: true }) takes only the engine\'s own Float16Array', () => {
  const hasOwn = typeof (globalThis as { Float16Array?: unknown }).Float16Array === 'function';
  (hasOwn ? it.skip : it).each(POLYFILLS)('refuses %s as a SpecError, and float16 results stay Uint16Arrays', async (_, make) => {
    const g = globalThis as { Float16Array?: unknown };
    g.Float16Array = make();
    try {
      const error = await tw.init({ float16Array: true }).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(tw.SpecError);
      expect((error as Error).message).toMatch(/not this engine's own typed array class/);
      expect(Object.prototype.toString.call(tw.cast(tw.tensor('float64', [1, 2.5]), 'float16').data)).toBe('[object Uint16Array]');
    } finally {
      delete g.Float16Array;
      await tw.init({ float16Array: false });
    }
  });
});

// ---------------------------------------------------------------- finding 12: names fold ASCII case only

const CAST1_NAMES: [string, string | undefined][] = [
  ['FLOAT', 'float32'], ['float', 'float32'], ['Double', 'float64'], ['int8', 'int8'], ['UINT16', 'uint16'],
  ['\ufb02oat', undefined],        // "ﬂoat": the fl ligature uppercases to "FL"
  ['\u0131nt8', undefined],        // "ınt8": dotless i uppercases to "I"
  ['\u017ftring', undefined],      // "ſtring": long s uppercases to "S"
  ['\u0130NT8', undefined],        // "İNT8": dotted capital I
  ['FLOAT\u0000', undefined],
];

describe('finding 12: Cast-1 type names match with ASCII case folding only', () => {
  it.each(CAST1_NAMES)('%j', (name, type) => {
    const run = () => tw.runNode({ opType: 'Cast', opset: 1, attributes: { to: name } }, [tw.tensor('int32', [1, 2])])[0];
    if (type === undefined) {
      const error = thrownBy(run);
      expect(error).toBeInstanceOf(tw.SpecError);
      expect((error as tw.SpecError).param).toBe('to');
    } else {
      expect(run().type).toBe(type);
    }
  });
});

// ---------------------------------------------------------------- finding 10: a getter that disposes the input
// Every user getter an op reads (its lists' lengths and entries, its options,
// runNode's attributes) runs before the op takes its inputs, so a getter that
// disposes a resident input gives a SpecError, never a plain Error.

/** An array-like whose every read of `length` first runs `effect`. */
function withEffect(values: number[], effect: () => void): ArrayLike<number> {
  const list: Record<string, unknown> = { ...values };
  Object.defineProperty(list, 'length', { get: () => { effect(); return values.length; } });
  return list as unknown as ArrayLike<number>;
}

const DISPOSING: [string, string, (x: tw.ResidentTensor, dispose: () => void) => unknown][] = [
  ['AsStrided: a size getter', 'AsStrided', (x, d) => tw.asStrided(x, { get size() { d(); return [2]; }, stride: [1] })],
  ['AsStrided: stride\'s length', 'AsStrided', (x, d) => tw.asStrided(x, { size: [2], stride: withEffect([1], d) })],
  ['AsStrided: an offset getter', 'AsStrided', (x, d) => tw.asStrided(x, { size: [2], stride: [1], get offset() { d(); return 1; } })],
  ['runNode AsStrided: the size attribute', 'AsStrided', (x, d) => tw.runNode({ opType: 'AsStrided', domain: 'atb',
    attributes: { get size() { d(); return [2]; }, stride: [1], offset: [0] } }, [x])],
  ['runNode AsStrided: stride\'s length', 'AsStrided', (x, d) => tw.runNode({ opType: 'AsStrided', domain: 'atb',
    attributes: { size: [2], stride: withEffect([1], d), offset: [0] } }, [x])],
  ['Tile: repeats\' length', 'Tile', (x, d) => tw.tile(x, withEffect([2], d))],
  // Each option where it applies (the named functions refuse one that does not: issue 38).
  ['Cast: a saturate getter', 'Cast', (x, d) => tw.cast(x, 'float8e4m3fn', { get saturate() { d(); return true; } })],
  ['CastLike: a roundMode getter', 'CastLike', (x, d) => tw.castLike(x, tw.tensor('float8e8m0', [1]), { get roundMode() { d(); return 'up' as const; } })],
  ['Floor: an out getter', 'Floor', (x, d) => tw.floor(x as never, { get out() { d(); return undefined; } })],
];

describe('finding 10: an input disposed by a getter the op reads', () => {
  it.each(DISPOSING)('%s: a SpecError', (_, op, call) => {
    const x = tw.toResident(tw.tensor('float16', [1, 2, 3, 4]));
    const error = thrownBy(() => call(x, () => x.dispose()));
    x.dispose();
    expect(error).toBeInstanceOf(tw.SpecError);
    expect((error as tw.SpecError).op).toBe(op);
    expect((error as Error).message).toMatch(/disposed/);
  });
});

// ---------------------------------------------------------------- finding 11: one empty-size rule

const BIG = 2 ** 53 - 1;
const SHAPES: [string, number[]][] = [
  ['a 0 after a product too large to be exact', [...Array<number>(25).fill(BIG), 0]],
  ['a 0 first', [0, BIG, BIG]],
  ['a 0 between', [BIG, 0, BIG]],
  ['dims [0]', [0]],
  ['an ordinary empty one', [3, 0, 2]],
];

/** A TensorProto of float32 with these dims and no data (varint dims, then data_type). */
function protoWithDims(dims: number[]): Uint8Array {
  const bytes: number[] = [];
  const varint = (v: bigint) => {
    do {
      const low = Number(v & 0x7fn);
      v >>= 7n;
      bytes.push(v > 0n ? low | 0x80 : low);
    } while (v > 0n);
  };
  for (const d of dims) {
    bytes.push(0x08);
    varint(BigInt(d));
  }
  bytes.push(0x10, 1);
  return new Uint8Array(bytes);
}

describe('finding 11: Tensor and TensorProto share one empty-size rule', () => {
  it.each(SHAPES)('%s: a Tensor that toTensorProto writes, fromTensorProto reads back', (_, dims) => {
    const t = new tw.Tensor('float32', new Float32Array(0), dims);
    expect(t.size).toBe(0);
    const back = tw.fromTensorProto(tw.toTensorProto(t));
    expect(back.size).toBe(0);
    expect(Array.from(back.dims)).toEqual(dims);
  });

  it('refuses a proto of 1025 dims as fromTensorProto\'s bytes, not the Tensor constructor\'s', () => {
    const error = thrownBy(() => tw.fromTensorProto(protoWithDims(Array<number>(1025).fill(0))));
    expect(error).toBeInstanceOf(tw.SpecError);
    expect((error as tw.SpecError).op).toBe('fromTensorProto');
    expect((error as tw.SpecError).param).toBe('bytes');
    expect((error as Error).message).toMatch(/dims must have at most 1024 entries \(got 1025\)/);
    expect(tw.fromTensorProto(protoWithDims(Array<number>(1024).fill(0))).dims.length).toBe(1024);
  });
});

// ---------------------------------------------------------------- Build 2: view() after growth and after dispose()

describe('Build 2: a stale view() and view() after dispose()', () => {
  it('gives a SpecError saying memory grew when a stale view comes back as data or out', () => {
    const r = tw.toResident(tw.tensor('float32', [1, 2, 3, 4]));
    const stale = r.view() as Float32Array;
    // Grow the module's memory: a large resident.
    const big = tw.toResident(new tw.Tensor('float32', new Float32Array(16 << 20), [16 << 20]));
    expect(stale.length).toBe(0);  // what the engine does to a view of grown memory
    for (const call of [() => new tw.Tensor('float32', stale, [4]), () => tw.floor(tw.tensor('float32', [1, 2, 3, 4]), { out: stale })]) {
      const error = thrownBy(call);
      expect(error).toBeInstanceOf(tw.SpecError);
      expect((error as Error).message).toMatch(/view\(\) taken before WebAssembly memory grew.*call view\(\) again/);
    }
    expect(Array.from(r.view() as Float32Array)).toEqual([1, 2, 3, 4]);  // a fresh one reads right
    big.dispose();
    r.dispose();
  });

  it.each(['view', 'toTensor'] as const)('%s() after dispose() is a SpecError', (method) => {
    const r = tw.toResident(tw.tensor('int8', [1, 2]));
    r.dispose();
    const error = thrownBy(() => r[method]());
    expect(error).toBeInstanceOf(tw.SpecError);
    expect((error as Error).message).toMatch(/was disposed/);
  });
});

// ---------------------------------------------------------------- Build 4: AsStrided's bounds error names the axis

const BOUNDS: [string, number[], number[], number, RegExp][] = [
  ['the last axis largest', [480, 640, 3], [1920, 3, 1], 0, /axis 0's: \(size\[0\] - 1\) \* stride\[0\] = \(480 - 1\) \* 1920 = 919680/],
  ['a middle axis largest', [2, 900, 2], [1, 1000, 1], 5, /offset 5; the largest term is axis 1's: \(size\[1\] - 1\) \* stride\[1\] = \(900 - 1\) \* 1000 = 899000/],
  ['every stride zero but the offset out', [3], [0], 2000, /offset 2000; every axis adds 0/],
];

describe('Build 4: AsStrided\'s bounds error names the axis whose term is largest, with the values', () => {
  it.each(BOUNDS)('%s', (_, size, stride, offset, message) => {
    const x = new tw.Tensor('uint8', new Uint8Array(1000), [1000]);
    const error = thrownBy(() => tw.asStrided(x, { size, stride, offset }));
    expect(error).toBeInstanceOf(tw.SpecError);
    expect((error as Error).message).toMatch(message);
  });
});

// ---------------------------------------------------------------- findings 2, 3, 7: strings, exactly
// Decimal strings are read exactly and rounded once into the output type;
// numbers are written as the shortest decimal that reads back under the same rules.

/** The exact decimal of n / 2^k (k >= 0): every dyadic rational has a finite one. */
function exactDecimal(n: bigint, k: number): string {
  const digits = (n * 5n ** BigInt(k)).toString().padStart(k + 1, '0');
  return k === 0 ? digits : `${digits.slice(0, -k)}.${digits.slice(-k)}`;
}

const castString = (text: string, to: string, options?: object) => tw.cast(tw.tensor('string', [text]), to as never, options as never);

const LONG: [string, string, string, unknown][] = [
  ['450 zeros after the point, e460', `0.${'0'.repeat(450)}1e460`, 'int32', 1000000000],
  ['450 zeros after the point, e460, to int64', `0.${'0'.repeat(450)}1e460`, 'int64', 1000000000n],
  ['450 zeros after the point, e460, to float32', `0.${'0'.repeat(450)}1e460`, 'float32', 1e9],
  ['1 and 450 zeros, e-445', `1${'0'.repeat(450)}e-445`, 'int32', 100000],
  ['1 and 450 zeros, e-445, to float16', `1${'0'.repeat(450)}e-445`, 'float16', tw.encode('float16', [1e5])[0]],
  ['an exponent of 21 digits', '1e999999999999999999999', 'int32', 2147483647],
  ['a negative exponent of 21 digits', '-7e-999999999999999999999', 'float32', -0],
  ['an exponent of 21 digits, to float8e4m3fn', '1e999999999999999999999', 'float8e4m3fn', 0x7e],
  ['2000 digits, truncated to int64', `${'9'.repeat(10)}.${'9'.repeat(2000)}`, 'int64', 9999999999n],
  ['2000 digits past 2^63', `${'9'.repeat(2000)}`, 'int64', 2n ** 63n - 1n],
  ['a fraction of 1000 zeros then 5, e1001', `0.${'0'.repeat(1000)}5e1001`, 'uint8', 5],
];

describe('finding 2: long digit strings and huge exponents, exactly', () => {
  it.each(LONG)('%s', (_, text, to, expected) => {
    const got = (castString(text, to).data as ArrayLike<unknown>)[0];
    expect(Object.is(got, expected) || got === expected).toBe(true);
  });
});

// Mantissa bits of each float format, and what Cast writes there from an exact value.
const FLOATS: [string, number][] = [
  ['float32', 23], ['float64', 52], ['float16', 10], ['bfloat16', 7], ['float8e4m3fn', 3], ['float8e4m3fnuz', 3],
  ['float8e5m2', 2], ['float8e5m2fnuz', 2], ['float4e2m1', 1],
];

/** Cases near the ties above 1 of a format with p mantissa bits: [label, the exact value as n / 2^K, the right result]. */
function nearTies(p: number): [string, bigint, number, number][] {
  const K = 120;
  const one = 1n << BigInt(K);
  const unit = (e: number) => 1n << BigInt(K - e);  // 2^-e as n / 2^K
  return [
    ['just below the tie 1 + 3*2^-(p+1) (the finding: - 2^-52 + 2^-60)', one + 3n * unit(p + 1) - unit(52) + unit(60), K, 1 + 2 ** -p],
    ['just above that tie (+ 2^-70)', one + 3n * unit(p + 1) + unit(70), K, 1 + 2 ** -(p - 1)],
    ['on that tie: to even', one + 3n * unit(p + 1), K, 1 + 2 ** -(p - 1)],
    ['on the tie 1 + 2^-(p+1): to even', one + unit(p + 1), K, 1],
    ['just above it (+ 2^-100)', one + unit(p + 1) + unit(100), K, 1 + 2 ** -p],
  ];
}

describe('finding 3: string -> float rounded once, directly from the decimal', () => {
  const cases = FLOATS.flatMap(([type, p]) => nearTies(p).map(([label, n, k, right]) => [`${type}: ${label}`, type, exactDecimal(n, k), right] as const));
  it.each(cases)('%s', (_, type, text, right) => {
    const got = castString(text, type).data as ArrayLike<number>;
    const want = type === 'float32' || type === 'float64' ? right : tw.encode(type as never, [right])[0];
    expect(got[0]).toBe(want);
    // The negated string rounds to the negated value.
    const negative = castString(`-${text}`, type).data as ArrayLike<number>;
    expect(negative[0]).toBe(type === 'float32' || type === 'float64' ? -right : tw.encode(type as never, [-right])[0]);
  });

  const POWER: [string, string, 'up' | 'down' | 'nearest', number][] = [
    // 2^10 (1 + 2^-80): its nearest double is 2^10 itself, so a double in between would round 'up' to 2^10.
    ['2^10 (1 + 2^-80), up', exactDecimal((1n << 80n) + 1n, 70), 'up', 2 ** 11],
    ['2^10 (1 + 2^-80), down', exactDecimal((1n << 80n) + 1n, 70), 'down', 2 ** 10],
    ['2^10 exactly, up', '1024', 'up', 2 ** 10],
    ['1.5 x 2^3 - 2^-80, nearest', exactDecimal(12n * (1n << 80n) - 1n, 80), 'nearest', 8],
    ['1.5 x 2^3, nearest (ties up)', '12', 'nearest', 16],
    ['2^-127 (1 - 2^-90), up', exactDecimal((1n << 90n) - 1n, 90 + 127), 'up', 2 ** -127],
  ];
  it.each(POWER)('float8e8m0: %s', (_, text, roundMode, right) => {
    const got = castString(text, 'float8e8m0', { roundMode }).data as Uint8Array;
    expect(got[0]).toBe(tw.encode('float8e8m0', [right], { roundMode })[0]);
  });

  it('float64 agrees with the engine\'s correctly rounded Number() on seeded literals', () => {
    const next = random(SEED + 3);
    const texts = Array.from({ length: 300 }, () => {
      const digits = Array.from({ length: 1 + Math.floor(next() * 30) }, () => Math.floor(next() * 10)).join('');
      return `${next() < 0.5 ? '-' : ''}${digits}e${Math.floor(next() * 700) - 350}`;
    });
    const got = tw.cast(tw.tensor('string', texts), 'float64').data as Float64Array;
    texts.forEach((text, i) => expect(Object.is(got[i], Number(text))).toBe(true));
  });
});

/** Every code of an 8-bit or smaller format, or a seeded sample of a 16-bit one, without NaNs. */
function codesOf(type: string): number[] {
  const bits = type === 'float16' || type === 'bfloat16' ? 16 : type === 'float4e2m1' ? 4 : 8;
  const next = random(SEED + bits);
  const all = bits === 16 ? Array.from({ length: 3000 }, () => Math.floor(next() * 65536)) : Array.from({ length: 2 ** bits }, (_, i) => i);
  return all.filter((code) => {
    const storage = bits === 16 ? new Uint16Array([code]) : new Uint8Array([code]);
    return !Number.isNaN(tw.decode(new tw.Tensor(type as never, storage as never, [1]))[0]);
  });
}

describe('finding 7: number -> string reads back under the same rules', () => {
  const NARROW = ['float16', 'bfloat16', 'float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz', 'float4e2m1'];
  const cases: [string, string, 'up' | 'down' | 'nearest'][] = [
    ...NARROW.map((type) => [type, type, 'up'] as [string, string, 'up']),
    ['float8e8m0, roundMode up (the default)', 'float8e8m0', 'up'],
    ['float8e8m0, roundMode down', 'float8e8m0', 'down'],
    ['float8e8m0, roundMode nearest', 'float8e8m0', 'nearest'],
  ];
  it.each(cases)('%s: every code', (_, type, roundMode) => {
    const codes = codesOf(type);
    const Storage = type === 'float16' || type === 'bfloat16' ? Uint16Array : Uint8Array;
    const packed = type === 'float4e2m1';
    const x = packed ? new tw.Tensor(type as never, tw.encode('float4e2m1', codes.map((c) => tw.decode(new tw.Tensor('float4e2m1', new Uint8Array([c]), [1]))[0])) as never, [codes.length])
      : new tw.Tensor(type as never, new Storage(codes) as never, [codes.length]);
    // roundMode where it applies (float8e8m0, to and from string), saturate for the float8 kinds (it would turn "INF" into float8e5m2's largest).
    const rounding = type === 'float8e8m0' ? { roundMode } : {};
    const text = tw.cast(x, 'string', rounding);
    const back = tw.cast(text, type as never, { ...rounding, ...(type.startsWith('float8') ? { saturate: false } : {}) });
    const wanted = tw.decode(x as never);
    const got = tw.decode(back as never);
    const wrong = wanted.map((v, i) => [v, got[i], (text.data as string[])[i]]).filter(([v, g]) => !Object.is(v, g));
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('float32: seeded values read back, and the shortest is taken', () => {
    const next = random(SEED + 32);
    const values = new Float32Array(2000).map(() => (next() - 0.5) * 10 ** Math.floor(next() * 76 - 38));
    const text = tw.cast(new tw.Tensor('float32', values, [values.length]), 'string');
    const back = tw.cast(text, 'float32').data as Float32Array;
    expect(Array.from(back)).toEqual(Array.from(values));
    expect(tw.cast(tw.tensor('float32', [0.1, 3.4028234663852886e38, 1e-45]), 'string').data).toEqual(['0.1', '3.4028235e+38', '1e-45']);
  });

  it('float8e8m0 2^-127 under roundMode up is written as a decimal that rounds up to it', () => {
    const x = new tw.Tensor('float8e8m0', new Uint8Array([0]), [1]);
    expect(tw.cast(x, 'string').data).toEqual(['5e-39']);
  });
});

// ---------------------------------------------------------------- finding 9: no JS Array of every element
// Narrow inputs are converted a chunk at a time through a typed array; string
// outputs have their own limit (2^26 elements), checked before any work.

const CHUNKED: [string, string, number][] = [
  ['int4', 'int8', 200003], ['float16', 'float64', 140001], ['uint2', 'float4e2m1', 131077], ['float8e8m0', 'float32', 65537],
  ['bfloat16', 'int32', 65536 * 2 + 3], ['float4e2m1', 'uint4', 70001],
];

describe('finding 9: narrow inputs in chunks, string outputs within their limit', () => {
  it.each(CHUNKED)('%s -> %s of %d elements: every chunk boundary right', (from, to, n) => {
    const next = random(SEED + n);
    const bits = from === 'float16' || from === 'bfloat16' ? 16 : from === 'uint2' ? 2 : from === 'int4' || from === 'float4e2m1' ? 4 : 8;
    const length = bits >= 8 ? n : Math.ceil((n * bits) / 8);
    const storage = bits === 16 ? new Uint16Array(length) : new Uint8Array(length);
    for (let i = 0; i < length; i++) storage[i] = Math.floor(next() * (bits === 16 ? 0x7c00 : 256));
    if (bits < 8 && n % (8 / bits) !== 0) storage[length - 1] &= (1 << ((n % (8 / bits)) * bits)) - 1;
    if (from === 'float8e8m0') storage.forEach((v, i) => { if (v === 0xff) storage[i] = 0; });
    const x = new tw.Tensor(from as never, storage as never, [n]);
    const values = tw.decode(x as never);
    const got = tw.cast(x, to as never);
    const want = tw.cast(new tw.Tensor('float64', Float64Array.from(values), [n]), to as never);
    expect(Buffer.from((got.data as Uint8Array).buffer).equals(Buffer.from((want.data as Uint8Array).buffer))).toBe(true);
  });

  const STRINGS: [string, () => unknown, string][] = [
    ['Tile of [\'a\'] by [2^27 + 2]', () => tw.tile(tw.tensor('string', ['a']), [2 ** 27 + 2]), 'Tile'],
    ['AsStrided of a string by size [2^27]', () => tw.asStrided(tw.tensor('string', ['a']), { size: [2 ** 27], stride: [0] }), 'AsStrided'],
    ['Cast of 2^26 + 1 uint8 to string', () => tw.cast(new tw.Tensor('uint8', new Uint8Array(2 ** 26 + 1), [2 ** 26 + 1]), 'string'), 'Cast'],
  ];
  it.each(STRINGS)('%s: a SpecError before any work', (_, call, op) => {
    const began = Date.now();
    const error = thrownBy(call);
    expect(error).toBeInstanceOf(tw.SpecError);
    expect((error as tw.SpecError).op).toBe(op);
    expect((error as Error).message).toMatch(/a string output holds at most 67108864 elements/);
    expect(Date.now() - began).toBeLessThan(2000);
  });
});
