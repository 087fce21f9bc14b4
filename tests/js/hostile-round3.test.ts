// Hostile input, round three (issue 34): each finding as a data-driven
// property, a table of cases over a fixed seed (HOSTILE_SEED changes it;
// npm run fuzz runs fresh ones). Each table is op-agnostic where the finding
// is: a row per op that takes `out`, per conversion, per format.
import * as tw from 'tessera-wasm';

const SEED = Number(process.env.HOSTILE_SEED ?? 20261130);

/** mulberry32: a small seeded generator, so every run of npm test sees the same cases. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
  ['Cast: a saturate getter', 'Cast', (x, d) => tw.cast(x, 'float32', { get saturate() { d(); return true; } })],
  ['CastLike: a roundMode getter', 'CastLike', (x, d) => tw.castLike(x, tw.tensor('float32', [0]), { get roundMode() { d(); return 'up' as const; } })],
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
