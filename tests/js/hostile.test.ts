// Hostile input (fast-check, a fixed seed): arguments built to attack the
// boundary, one property per class of attack, for every public function.
// After each call: the call gave a SpecError or the right result; no live
// resident tensor changed (canaries); the heap is back at its baseline; the
// next ordinary call is still right. HOSTILE_RUNS sets the cases per class
// (npm run fuzz runs many more); HOSTILE_SEED the seed.
import fc from 'fast-check';
import * as vm from 'node:vm';
import * as tw from 'tessera-wasm';
import { type Plain, asStridedReference, constantReference, floorReference, randomTensor, storageBytes, storageFrom, tileReference } from './reference';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 150);
const SEED = Number(process.env.HOSTILE_SEED ?? 20261130);
const settings = { numRuns: RUNS, seed: SEED };

interface Canary { resident: tw.ResidentTensor; bytes: Buffer }
let canaries: Canary[] = [];
let baseline = 0;

const bytesOf = (t: { type: string; data: unknown }) => Buffer.from(storageBytes(t) as Uint8Array);

beforeAll(async () => {
  await tw.init();
  canaries = ['float32', 'int8', 'uint2', 'float16', 'int64'].map((type, i) => {
    const resident = tw.toResident(randomTensor(type, [61 + i], 1000 + i) as never);
    return { resident, bytes: bytesOf(resident.toTensor()) };
  });
  baseline = tw.memoryStats().heapBytesInUse;
});

afterAll(() => canaries.forEach((c) => c.resident.dispose()));

/** What one hostile call should give: the right storage bytes, or (if it may) a SpecError. */
interface Attack {
  name: string;
  call: () => unknown;
  /** The right result's storage, when the call may succeed. */
  expected?: () => Uint8Array | string[];
  /** The call must be refused. */
  refused?: boolean;
  cleanup?: () => void;
}

function survives(attack: Attack): boolean {
  let result: unknown;
  let thrown: unknown;
  try {
    result = attack.call();
  } catch (error) {
    thrown = error;
  } finally {
    attack.cleanup?.();
  }
  if (thrown !== undefined) {
    if (!(thrown instanceof tw.SpecError)) throw new Error(`${attack.name}: threw ${String(thrown)}, not a SpecError`);
  } else {
    if (attack.refused) throw new Error(`${attack.name}: was not refused`);
    let out = result as tw.Tensor | tw.ResidentTensor | number[];
    if (tw.ResidentTensor.isResident(out)) {
      const copied = out.toTensor();
      out.dispose();
      out = copied;
    }
    if (attack.expected) {
      const got = Array.isArray(out) ? out : storageBytes(out as tw.Tensor);
      const want = attack.expected();
      const same = JSON.stringify(Array.from(got as ArrayLike<unknown>)) === JSON.stringify(Array.from(want as ArrayLike<unknown>));
      if (!same) throw new Error(`${attack.name}: got [${Array.from(got as ArrayLike<unknown>)}], want [${Array.from(want as ArrayLike<unknown>)}]`);
    }
  }
  for (const c of canaries) expect(bytesOf(c.resident.toTensor()).equals(c.bytes)).toBe(true);
  expect(tw.memoryStats().heapBytesInUse).toBe(baseline);
  expect(Array.from(tw.floor(new tw.Tensor('float32', new Float32Array([1.5, -1.5]), [2])).data)).toEqual([1, -2]);
  return true;
}

// ---------------------------------------------------------------- builders
const TYPES = ['float32', 'float64', 'int8', 'uint16', 'int64', 'bool', 'float16', 'uint4', 'int2'];
const typeArb = fc.constantFrom(...TYPES);
const lengthArb = fc.integer({ min: 1, max: 24 });

/** A Proxy over `first` whose every key answers from `first` on its first read and from `later` after. */
function shifty<T extends object>(first: T, later: T): T {
  const reads = new Map<PropertyKey, number>();
  return new Proxy(first, {
    get(target, key) {
      const n = reads.get(key) ?? 0;
      reads.set(key, n + 1);
      return Reflect.get(n === 0 ? target : later, key);
    },
  });
}

/** An object whose getters answer `first` the first time and `later` after. */
function changingGetters(first: Record<string, unknown>, later: Record<string, unknown>): object {
  const object = {};
  for (const key of Object.keys(first)) {
    let reads = 0;
    Object.defineProperty(object, key, { enumerable: true, get: () => (reads++ === 0 ? first[key] : later[key]) });
  }
  return object;
}

const copyOf = (t: Plain): Plain => ({ ...t, data: (t.data as Uint8Array).slice() as never });

/**
 * Every op on a tensor made by `make` (afresh for each op: a lying object's
 * first answers are its truth), with its reference on `plain` (what it held
 * when it was checked).
 */
function opsOn(make: () => unknown, plain: Plain): Attack[] {
  const size = plain.dims.reduce((a, b) => a * b, 1);
  const attacks: Attack[] = [
    { name: 'tile', call: () => tw.tile(make() as never, plain.dims.map(() => 2)),
      expected: () => storageFrom(plain.type, tileReference(plain, plain.dims.map(() => 2))) },
    { name: 'asStrided', call: () => tw.asStrided(make() as never, { size: [size], stride: [1] }),
      expected: () => storageFrom(plain.type, asStridedReference(plain, [size], [1], 0)) },
    { name: 'toResident', call: () => tw.toResident(make() as never), expected: () => storageBytes(plain) },
    { name: 'toTensorProto', call: () => tw.fromTensorProto(tw.toTensorProto(make() as never)), expected: () => storageBytes(plain) },
  ];
  if (['float32', 'float64', 'float16'].includes(plain.type)) {
    attacks.push({ name: 'floor', call: () => tw.floor(make() as never), expected: () => floorReference(plain) });
  }
  if (plain.type !== 'string' && size === 1) {
    attacks.push({ name: 'constantOfShape', call: () => tw.constantOfShape([3], make() as never), expected: () => storageFrom(plain.type, constantReference(plain, [3])) });
  }
  return attacks;
}

const check = (arb: fc.Arbitrary<Attack[]>) => fc.assert(fc.property(arb, (attacks) => attacks.every(survives)), settings);

// ---------------------------------------------------------------- the classes
describe(`hostile input (${RUNS} cases per class, seed ${SEED})`, () => {
  it('1. trusting a checked object later: buffers that grow or shrink after the check, writable resident fields', () => {
    check(fc.tuple(fc.constantFrom('float32', 'int8', 'int64', 'float16'), lengthArb, fc.integer({ min: 1, max: 8 }), fc.boolean(), fc.boolean())
      .map(([type, n, factor, shared, shrink]) => {
        const plain = randomTensor(type, [n], n);
        const bytes = new Uint8Array((plain.data as ArrayBufferView).buffer.slice(0));
        const max = bytes.length * 16;
        const buffer = shared
          ? new (SharedArrayBuffer as unknown as new (n: number, o: object) => SharedArrayBuffer)(bytes.length, { maxByteLength: max })
          : new (ArrayBuffer as unknown as new (n: number, o: object) => ArrayBuffer)(bytes.length, { maxByteLength: max });
        new Uint8Array(buffer).set(bytes);
        const Ctor = (plain.data as ArrayBufferView).constructor as new (b: ArrayBufferLike) => ArrayBufferView;
        const tensor = new tw.Tensor(type as never, new Ctor(buffer) as never, [n]);
        // After the check: grow (the op must copy only the checked bytes), or shrink (refused).
        if (shrink && !shared) (buffer as unknown as { resize(n: number): void }).resize(Math.floor(bytes.length / 2));
        else if (shared) (buffer as unknown as { grow(n: number): void }).grow(bytes.length * factor);
        else (buffer as unknown as { resize(n: number): void }).resize(bytes.length * factor);
        const attacks = opsOn(() => tensor, copyOf(plain));
        if (shrink && !shared) for (const a of attacks) a.refused = true;
        return attacks;
      }));
    const r = tw.toResident(new tw.Tensor('float32', new Float32Array(4), [4]));
    expect(() => { (r as unknown as { size: number }).size = 1 << 20; }).toThrow(TypeError);
    expect(() => { (r as unknown as { dims: number[] }).dims.push(9); }).toThrow(TypeError);
    expect(r.size).toBe(4);
    r.dispose();
    expect(() => new (tw.ResidentTensor as unknown as new (...a: unknown[]) => unknown)('float32', [4], 4, 16)).toThrow(/no public constructor/);
    expect(() => tw.floor(r)).toThrow(tw.SpecError);
    expect(() => tw.toResident(r)).toThrow(/disposed/);
  });

  it('2. reading user objects twice: Proxies and getters that answer differently on each read', () => {
    check(fc.tuple(typeArb, lengthArb, fc.integer({ min: 2, max: 64 }), fc.boolean()).map(([type, n, other, proxy]) => {
      const plain = randomTensor(type, [n], n);
      const lie = (first: Record<string, unknown>, later: Record<string, unknown>) => (proxy ? shifty(first, later) : changingGetters(first, later));
      const tensorLike = () => lie({ type, data: plain.data, dims: [n] }, { type: 'float64', data: new Float64Array(other), dims: [other] });
      const dimsLie = () => ({ type, data: plain.data, dims: shifty([n], [other]) });
      const x = new tw.Tensor(type as never, plain.data as never, [n]);
      const repeats = shifty([2], [other]);
      const endless = new Proxy([1], { get: (t, k) => (k === 'length' ? 2 ** 32 - 1 : Reflect.get(t, k)) });
      return [
        ...opsOn(tensorLike, plain), ...opsOn(dimsLie, plain),
        { name: 'tile repeats', call: () => tw.tile(x, repeats), expected: () => storageFrom(type, tileReference(plain, [2])) },
        { name: 'asStrided size', call: () => tw.asStrided(x, lie({ size: [n], stride: [1] }, { size: [n + other], stride: [other] }) as never),
          expected: () => storageFrom(type, asStridedReference(plain, [n], [1], 0)) },
        { name: 'constantOfShape shape', call: () => tw.constantOfShape(shifty([n], [other * 1e6])) },
        { name: 'endless repeats', call: () => tw.tile(x, endless), refused: true },
        { name: 'endless dims', call: () => tw.floor({ type: 'float32', data: new Float32Array(1), dims: endless } as never), refused: true },
        { name: 'endless encode', call: () => tw.encode('float16', endless as never), refused: true },
      ];
    }));
  });

  it('3. a "skip checks" window: a Tensor made inside a Proxy trap during an op is checked', () => {
    let madeInside: unknown;
    const x = new Proxy({ type: 'float32', data: new Float32Array([1.5]), dims: [1] }, {
      get(target, key) {
        if (key === 'data') {
          try { madeInside = new tw.Tensor('int64', new Float32Array(3) as never, [99]); } catch (error) { madeInside = error; }
        }
        return Reflect.get(target, key);
      },
    });
    expect(Array.from((tw.floor(x as never) as unknown as tw.Tensor<'float32'>).data)).toEqual([1]);
    expect(madeInside).toBeInstanceOf(tw.SpecError);
  });

  it('4. type tests that can be spoofed: typed-array subclasses that lie, look-alike tensors', () => {
    class Lying extends Float64Array {
      override get [Symbol.toStringTag]() { return 'Uint8Array' as 'Float64Array'; }
      override get length() { return 64; }
      override get byteLength() { return 64; }
    }
    check(fc.tuple(fc.integer({ min: 1, max: 8 }), fc.boolean()).map(([n, asUint8]) => {
      const data = new Lying(n);
      for (let i = 0; i < n; i++) data[i] = i - 0.5;
      const plain: Plain = { type: 'float64', data: Float64Array.from(data), dims: [n] };
      const lookalike = Object.create(tw.Tensor.prototype, {
        type: { get: () => 'uint8' }, data: { value: new Uint8Array(64) }, dims: { value: [64] },
      });
      const residentLookalike = Object.create(tw.ResidentTensor.prototype, {
        type: { value: 'uint8' }, dims: { value: [1 << 20] }, size: { value: 1 << 20 }, offset: { value: 8 },
      });
      return [
        ...(asUint8 ? opsOn(() => ({ type: 'uint8', data, dims: [64] }), plain).map((a) => ({ ...a, refused: true }))
          : opsOn(() => ({ type: 'float64', data, dims: [n] }), plain)),
        { name: 'look-alike Tensor', call: () => tw.tile(lookalike, [2]), expected: () => new Uint8Array(128) },
        { name: 'look-alike ResidentTensor', call: () => tw.floor(residentLookalike), refused: true },
        { name: 'symbol-named constructor', call: () => tw.floor({ constructor: { name: Symbol('x') } } as never), refused: true },
      ];
    }));
  });

  it('5. arrays from another realm work wherever a typed array is taken', () => {
    check(fc.tuple(typeArb, lengthArb).map(([type, n]) => {
      const plain = randomTensor(type, [n], n + 7);
      const storage = (plain.data as ArrayBufferView).constructor.name;
      const foreign = vm.runInNewContext(`new ${storage}(bytes.buffer.slice(0))`, { bytes: new Uint8Array((plain.data as ArrayBufferView).buffer) });
      const foreignDims = vm.runInNewContext(`[${n}]`);
      const proto = tw.toTensorProto(plain as never);
      const foreignProto = vm.runInNewContext('new Uint8Array(bytes)', { bytes: Array.from(proto) });
      const attacks: Attack[] = [
        ...opsOn(() => ({ type, data: foreign, dims: foreignDims }), plain),
        { name: 'fromTensorProto of a foreign Uint8Array', call: () => tw.fromTensorProto(foreignProto), expected: () => storageBytes(plain) },
      ];
      if (['float16', 'uint4', 'int2'].includes(type)) {
        attacks.push({ name: 'decode', call: () => tw.decode({ type, data: foreign, dims: [n] } as never), expected: () => tw.decode(plain as never) as never });
      }
      return attacks;
    }));
  });

  it('6. frozen and sealed arguments are read, never written', () => {
    check(fc.tuple(typeArb, lengthArb, fc.boolean()).map(([type, n, freeze]) => {
      const plain = randomTensor(type, [n], n + 11);
      const lock = freeze ? Object.freeze : Object.seal;
      const before = Buffer.from(storageBytes(plain) as Uint8Array);
      const tensor = lock({ type, data: plain.data, dims: lock([n]) });
      const attacks = opsOn(() => tensor, copyOf(plain));
      attacks.push({ name: 'asStrided of frozen params', call: () => tw.asStrided(tensor as never, lock({ size: lock([n]), stride: lock([1]), offset: 0 }) as never),
        expected: () => storageFrom(type, asStridedReference(plain, [n], [1], 0)) });
      attacks.push({ name: 'input unchanged', call: () => expect(Buffer.from(storageBytes(plain) as Uint8Array)).toEqual(before) });
      return attacks;
    }));
  });

  it('7. prototype pollution changes no default', () => {
    check(fc.tuple(fc.constantFrom('float32', 'float16', 'int64'), fc.integer({ min: 2, max: 12 }), fc.integer({ min: 1, max: 5 }))
      .map(([type, n, polluted]) => {
        const plain = randomTensor(type, [n], n + 3);
        const x = new tw.Tensor(type as never, plain.data as never, [n]);
        const pollute = () => {
          Object.assign(Object.prototype, { offset: [polluted], opset: 1, domain: 'atb', value: new tw.Tensor('int32', new Int32Array([polluted]), [1]) });
        };
        const clean = () => { for (const key of ['offset', 'opset', 'domain', 'value']) delete (Object.prototype as Record<string, unknown>)[key]; };
        const polluted_ = (name: string, call: () => unknown, expected: () => Uint8Array) => ({
          name, call: () => { pollute(); try { return call(); } finally { clean(); } }, expected, cleanup: clean,
        });
        return [
          polluted_('asStrided default offset', () => tw.asStrided(x, { size: [n - 1], stride: [1] }),
            () => storageFrom(type, asStridedReference(plain, [n - 1], [1], 0)) as Uint8Array),
          polluted_('runNode ConstantOfShape default value', () => tw.runNode({ opType: 'ConstantOfShape' }, [new tw.Tensor('int64', new BigInt64Array([2n]), [1])])[0],
            () => new Uint8Array(8)),
          polluted_('runNode Tile default domain and opset', () => tw.runNode({ opType: 'Tile' }, [x, new tw.Tensor('int64', new BigInt64Array([1n]), [1])])[0],
            () => storageBytes(plain) as Uint8Array),
        ];
      }));
    expect(Object.prototype.hasOwnProperty('offset')).toBe(false);
  });
});

describe('hostile input: fixed gaps', () => {
  it('keeps the exported tables frozen all the way down', () => {
    expect(Object.isFrozen(tw.OPS)).toBe(true);
    expect(Object.isFrozen(tw.OPS.Tile.versions[1].types.T)).toBe(true);
    expect(Object.isFrozen(tw.DTYPES.float32)).toBe(true);
    expect(Object.isFrozen(tw.DATA_TYPES)).toBe(true);
    expect(Object.isFrozen(tw.NARROW_TYPES)).toBe(true);
    expect(tw.NARROW_TYPES).toContain('float8e8m0');
    expect(() => { (tw.OPS.Floor.versions[0].types.T as unknown as string[]).push('int32'); }).toThrow(TypeError);
  });

  it('refuses a non-string opType without coercing it', () => {
    expect(() => tw.runNode({ opType: ['Floor'] as never }, [new tw.Tensor('float32', new Float32Array(1), [1])])).toThrow(tw.SpecError);
  });

  it('frees the block of a toResident whose data was detached after the check', () => {
    const data = new Float32Array(1024);
    const t = new tw.Tensor('float32', data, [1024]);
    structuredClone(data.buffer, { transfer: [data.buffer] });
    const before = tw.memoryStats().heapBytesInUse;
    expect(() => tw.toResident(t)).toThrow(/shrank/);
    expect(tw.memoryStats().heapBytesInUse).toBe(before);
  });

  it('fills every element of a uint2 ConstantOfShape past 2^32 elements (1 GiB)', () => {
    const n = 2 ** 32 + 8;
    const y = tw.constantOfShape([n], new tw.Tensor('uint2', new Uint8Array([3]), [1]), { resident: true });
    try {
      const bytes = y.view() as Uint8Array;
      expect(bytes.length).toBe(n / 4);
      // Every byte full: the kernel saw all 2^32 + 8 elements, not n mod 2^32 = 8.
      expect(bytes[0]).toBe(0xff);
      expect(bytes[2 ** 29]).toBe(0xff);
      expect(bytes[bytes.length - 1]).toBe(0xff);
      expect(bytes.indexOf(0)).toBe(-1);
    } finally {
      y.dispose();
    }
  });
});
