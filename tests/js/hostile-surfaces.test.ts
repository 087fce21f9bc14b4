// Hostile input, round two (fast-check, a fixed seed; HOSTILE_RUNS and
// HOSTILE_SEED as in hostile.test.ts, whose harness this file shares the
// rules of): the surfaces around the ops. One property per class:
//   8. options read once, own properties only, unknown keys refused: a table
//      generated from the list of exports (a new export fails until listed),
//      every name polluted on Object.prototype at once; both bundles load so;
//   9. numbers to integer types never wrap (tw.tensor, ConstantOfShape's value,
//      encode), against a reference computed here;
//  10. printing and toArray bounded whatever the dims;
//  11. no instance swap under a running op: patched built-ins that release
//      memory and run growing ops from inside an op;
//  12. a tfjs-like input whose data is a view of the module's own memory.
// After each case: the call gave a SpecError or the right result, a live
// resident tensor kept its bytes, and the heap is back at its baseline.
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import * as util from 'node:util';
import * as tw from 'tessera-wasm';
import { asStridedReference, randomTensor, storageBytes, storageFrom, tileReference } from './reference';
import { OP_TESTS } from '../ops';
import { rng } from './helpers';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 150);
const SEED = Number(process.env.HOSTILE_SEED ?? 20261201);
const settings = { numRuns: RUNS, seed: SEED };
const MiB = 2 ** 20;

/** Runs `call`; returns its result, or the SpecError it threw (anything else thrown fails the case). */
function outcome(name: string, call: () => unknown): { value?: unknown; error?: tw.SpecError } {
  try {
    return { value: call() };
  } catch (error) {
    if (!(error instanceof tw.SpecError)) throw new Error(`${name}: threw ${String(error)}, not a SpecError`);
    return { error };
  }
}

const bytes = (t: unknown) => Array.from(storageBytes(t as tw.Tensor) as ArrayLike<unknown>);
let baseline = 0;

beforeAll(async () => {
  await tw.init();
  tw.releaseMemory();
  baseline = tw.memoryStats().heapBytesInUse;
});

afterEach(() => {
  expect(tw.memoryStats().heapBytesInUse).toBe(baseline);
});

// ---------------------------------------------------------------- 8. options
// Every export of the package, and the names of the options it reads. A
// function with options has calls whose result must not change when any of
// the names (or any export's name) is inherited from Object.prototype.
const x = new tw.Tensor('float32', new Float32Array([1.5, -2.5, 3, -0.5]), [2, 2]);
const i64 = (values: bigint[]) => new tw.Tensor('int64', BigInt64Array.from(values), [values.length]);
const fakeOrt = { Tensor: class { constructor(public type: string, public data: unknown, public dims: number[]) {} } };
const fakeTf = { tensor: (values: unknown, shape: number[], dtype: string) => ({ values: Array.from(values as ArrayLike<number>), shape, dtype }) };

interface OptionsOf { names: readonly string[]; calls?: ((options: object | undefined) => unknown)[] }
const EXPORTS: Record<string, OptionsOf> = {
  init: { names: ['wasm', 'backend', 'autoRelease', 'float16Array'], calls: [(o) => { void tw.init(o as never); return tw.backendInfo(); }] },
  encode: { names: ['saturate', 'roundMode'], calls: [(o) => tw.encode('float8e4m3fn', [1000, -3], o), (o) => tw.encode('float8e8m0', [3, 5], o)] },
  toTensorProto: { names: ['name'], calls: [(o) => tw.toTensorProto(x, o)] },
  tile: { names: ['out'], calls: [(o) => tw.tile(x, [2, 1], o as never)] },
  floor: { names: ['out'], calls: [(o) => tw.floor(x, o as never)] },
  constantOfShape: { names: ['out', 'resident'], calls: [(o) => tw.constantOfShape([3], tw.tensor('int32', [7]), o as never)] },
  asStrided: { names: ['size', 'stride', 'offset', 'out'], calls: [(o) => tw.asStrided(x, { ...o, size: [2], stride: [2] } as never)] },
  cast: { names: ['saturate', 'roundMode', 'out'], calls: [(o) => tw.cast(x, 'float8e4m3fn', o as never), (o) => tw.cast(x, 'float8e8m0', o as never)] },
  castLike: { names: ['saturate', 'roundMode', 'out'], calls: [(o) => tw.castLike(x, tw.tensor('float8e5m2', [0]), o as never)] },
  runNode: {
    names: ['opType', 'domain', 'opset', 'attributes', 'value', 'size', 'stride', 'offset', 'consumed_inputs', 'to', 'saturate', 'round_mode'],
    calls: [
      (o) => tw.runNode({ ...o, opType: 'ConstantOfShape' }, [i64([2n])])[0],
      (o) => tw.runNode({ ...o, opType: 'Tile' }, [x, i64([1n, 2n])])[0],
      (o) => tw.runNode({ ...o, opType: 'Floor' }, [x])[0],
      (o) => tw.runNode({ ...o, opType: 'Cast', attributes: { to: 24 } }, [x])[0],
      () => tw.runNode({ opType: 'AsStrided', domain: 'atb', attributes: { size: [2], stride: [1] } }, [i64([5n, 6n])])[0],
    ],
  },
  toOrt: { names: ['Tensor'], calls: [() => tw.toOrt(fakeOrt as never, x), () => outcome('toOrt', () => tw.toOrt({} as never, x)).error?.param] },
  toTfjs: { names: ['tensor'], calls: [() => tw.toTfjs(fakeTf as never, x), () => outcome('toTfjs', () => tw.toTfjs({} as never, x)).error?.param] },
  // elementwise: binary, variadic and Where
  ...Object.fromEntries((['add', 'sub', 'mul', 'div', 'pow', 'equal', 'greater', 'less', 'greaterOrEqual', 'lessOrEqual'] as const)
    .map((name) => [name, { names: ['out'], calls: [(o: unknown) => (tw[name] as (a: unknown, b: unknown, o?: unknown) => unknown)(x, x, o)] }])),
  ...Object.fromEntries((['and', 'or', 'xor'] as const).map((name) => [name, { names: ['out'], calls: [(o: unknown) => tw[name](tw.tensor('bool', [1, 0]), tw.tensor('bool', [1]), o as never)] }])),
  ...Object.fromEntries((['sum', 'mean', 'min', 'max'] as const).map((name) => [name, { names: ['out'], calls: [(o: unknown) => tw[name]([x, x] as never, o as never)] }])),
  mod: { names: ['fmod', 'out'], calls: [(o) => tw.mod(x, x, { ...o, fmod: 1 } as never), (o) => tw.mod(tw.tensor('int32', [5, -5]), tw.tensor('int32', [3]), o as never)] },
  bitShift: { names: ['out'], calls: [(o) => tw.bitShift(tw.tensor('uint8', [1, 2]), tw.tensor('uint8', [1]), 'LEFT', o as never)] },
  where: { names: ['out'], calls: [(o) => tw.where(tw.tensor('bool', [1, 0]), x as never, x as never, o as never)] },
  // No options object: listed so that a new export is a decision, not an oversight.
  backendInfo: { names: [] }, simdSupported: { names: [] }, tensor: { names: [] }, decode: { names: [] }, fromTensorProto: { names: [] },
  memoryStats: { names: [] }, releaseMemory: { names: [] }, toResident: { names: [] }, Tensor: { names: [] }, ResidentTensor: { names: [] },
  SpecError: { names: [] }, DTYPES: { names: [] }, DATA_TYPES: { names: [] }, NARROW_TYPES: { names: [] }, OPS: { names: [] }, FAMILIES: { names: [] },
  // elementwise: unary maps
  ...Object.fromEntries(['neg', 'abs', 'ceil', 'round', 'sqrt', 'reciprocal', 'sign', 'exp', 'log', 'relu', 'sigmoid', 'tanh', 'isNaN'].map((name) =>
    [name, { names: ['out'], calls: [(o: object | undefined) => (tw as unknown as Record<string, (x: tw.Tensor, o?: object) => unknown>)[name](x, o)] }])),
  not: { names: ['out'], calls: [(o) => tw.not(tw.tensor('bool', [true, false]), o as never)] },
  clip: { names: ['min', 'max', 'out'], calls: [(o) => tw.clip(x, o as never), (o) => tw.clip(x, { ...o, min: -1 } as never)] },
  isInf: { names: ['detectPositive', 'detectNegative', 'out'], calls: [(o) => tw.isInf(x, o as never), (o) => tw.isInf(x, { ...o, detectNegative: false } as never)] },
};
// Every other op of the registry: its named function on one of its test
// module's cases, its options named from the newest version's attributes
// (camelCase) and `out`. A new op is in this suite on arrival.
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
for (const test of OP_TESTS) {
  const schema = tw.OPS[test.op as keyof typeof tw.OPS];
  const newest = schema.versions[schema.versions.length - 1];
  const cases = test.cases(rng(5));
  // The newest version's case, or (Scatter, whose named function runs its last undeprecated version) the first.
  const found = cases.find((k) => k.opset === undefined || k.opset === newest.since) ?? cases[0];
  if (schema.named in EXPORTS || !test.named || found === undefined) continue;
  // The test module's adapter reads the case's attributes by name: no prototype, so that the pollution reaches only the library.
  const c = { ...found, attributes: Object.assign(Object.create(null) as Record<string, unknown>, found.attributes) };
  EXPORTS[schema.named] = { names: ['out', ...newest.attributes.map(camel)], calls: [(o) => test.named!(c, o as never)] };
}

// autoRelease's own object is read like the others.
const AUTO_RELEASE = ['aboveBytes', 'idleMs'];

const ALL_NAMES = [...new Set([...Object.keys(tw), ...Object.values(EXPORTS).flatMap((e) => e.names), ...AUTO_RELEASE])];

/** What a call returned, comparably: storage bytes of tensors (resident ones copied out and disposed), JSON of the rest. */
function comparable(value: unknown): string {
  if (tw.ResidentTensor.isResident(value)) {
    const plain = value.toTensor();
    value.dispose();
    return `resident ${plain.type} [${plain.dims}] ${bytes(plain)}`;
  }
  if (tw.Tensor.isTensor(value)) return `${value.type} [${value.dims}] ${bytes(value)}`;
  return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v));
}

function withPollution<R>(names: readonly string[], polluter: unknown, body: () => R): R {
  for (const name of names) {
    Object.defineProperty(Object.prototype, name, { __proto__: null, value: polluter, writable: true, configurable: true, enumerable: true } as PropertyDescriptor);
  }
  try {
    return body();
  } finally {
    for (const name of names) delete (Object.prototype as Record<string, unknown>)[name];
  }
}

const POLLUTERS = [7, -1, NaN, Infinity, 'scalar', true, false, null, [3], { idleMs: 1 }, () => 1,
  new tw.Tensor('int32', new Int32Array([9]), [1]), new Float32Array(4)];

describe(`hostile input, round two (${RUNS} cases per class, seed ${SEED})`, () => {
  it('8. options are read once, as own properties: every export and option name polluted changes nothing', () => {
    const missing = Object.keys(tw).filter((name) => !(name in EXPORTS));
    expect(missing).toEqual([]);  // a new export: list its options above
    const calls = Object.entries(EXPORTS).flatMap(([name, e]) => (e.calls ?? []).map((call, i) => ({ name: `${name} #${i}`, call })));
    const clean = calls.map(({ call }) => comparable(call(undefined)));
    const emptyClean = calls.map(({ call }) => comparable(call({})));
    expect(emptyClean).toEqual(clean);
    fc.assert(fc.property(fc.constantFrom(...POLLUTERS), fc.subarray(ALL_NAMES, { minLength: 1 }), fc.boolean(), (polluter, names, empty) => {
      const got = withPollution(names, polluter, () => calls.map(({ name, call }) => {
        const result = outcome(name, () => call(empty ? {} : undefined));
        return result.error ? `SpecError ${result.error.message}` : comparable(result.value);
      }));
      expect(got).toEqual(clean);
      withPollution(AUTO_RELEASE, polluter, () => tw.init({ autoRelease: {} }));
    }), settings);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('8. each option is read once (a getter runs once), and an unknown key is a SpecError naming it', async () => {
    const direct = ['init', 'encode', 'toTensorProto', 'tile', 'floor', 'constantOfShape'];
    for (const fn of direct) {
      const { names, calls } = EXPORTS[fn];
      for (const name of names) {
        let reads = 0;
        const options = Object.defineProperty({}, name, { enumerable: true, get: () => { reads++; return undefined; } });
        const result = outcome(`${fn} ${name}`, () => calls![0](options));
        if (result.error === undefined) comparable(result.value);
        expect([fn, name, reads]).toEqual([fn, name, 1]);
      }
      if (fn === 'init') {
        await expect(tw.init({ backendd: 'simd' } as never)).rejects.toMatchObject({ name: 'SpecError', op: 'init', param: 'backendd' });
        continue;
      }
      const typo = outcome(`${fn} typo`, () => calls![0]({ [`${names[0]}Typo`]: 1 }));
      expect([fn, typo.error?.param]).toEqual([fn, `${names[0]}Typo`]);
      expect(typo.error?.message).toContain(`"${names[0]}Typo"`);
    }
    // AsStrided's params, runNode's node and attributes, read by the library itself (no spread in between).
    const counted = (object: Record<string, unknown>, key: string, value: unknown, reads: { n: number }) =>
      Object.defineProperty(object, key, { enumerable: true, get: () => { reads.n++; return value; } });
    const reads = { n: 0 };
    expect(Array.from(tw.asStrided(x, counted({ size: [2], stride: [1] }, 'offset', 1, reads) as never).data)).toEqual([-2.5, 3]);
    expect(Array.from(tw.runNode(counted({ opType: 'Floor' }, 'opset', 6, reads) as never, [x])[0].data as Float32Array)).toEqual([1, -3, 3, -1]);
    const attributes = counted({}, 'value', i64([4n]), reads);
    expect(Array.from(tw.runNode({ opType: 'ConstantOfShape', attributes }, [i64([2n])])[0].data as BigInt64Array)).toEqual([4n, 4n]);
    expect(reads.n).toBe(3);
    expect(outcome('attribute typo', () => tw.runNode({ opType: 'Floor', opset: 1, attributes: { consumed: [] } }, [x])).error?.param).toBe('consumed');
    expect(outcome('node typo', () => tw.runNode({ opType: 'Floor', opsett: 1 } as never, [x])).error?.param).toBe('opsett');
    expect(outcome('asStrided typo', () => tw.asStrided(x, { size: [2], stride: [1], ofset: 1 } as never)).error?.param).toBe('ofset');
  });

  it('8. autoRelease: idleMs and aboveBytes are whole numbers or Infinity; idleMs: Infinity never releases', async () => {
    const bad = [NaN, -1, 1.5, '5', 2 ** 31, null, [], true, -Infinity];
    await fc.assert(fc.asyncProperty(fc.constantFrom(...bad), fc.constantFrom('idleMs', 'aboveBytes'), async (value, field) => {
      if (field === 'aboveBytes' && value === 2 ** 31) return;  // a fine byte count
      await expect(tw.init({ autoRelease: { [field]: value } as never })).rejects.toMatchObject({ name: 'SpecError', op: 'init', param: field });
    }), { ...settings, numRuns: Math.min(RUNS, 60) });
    await expect(tw.init({ autoRelease: { idleMs: 2 ** 31 - 1, aboveBytes: 0 } })).resolves.toBeUndefined();
    await tw.init({ autoRelease: { idleMs: Infinity, aboveBytes: 0 } });
    try {
      tw.floor(new tw.Tensor('float32', new Float32Array(2 * MiB), [2 * MiB]));
      const grown = tw.memoryStats().memoryBytes;
      await new Promise((resolve) => setTimeout(resolve, 50));  // a 1 ms timer (the old reading of Infinity) would have released
      expect(tw.memoryStats().memoryBytes).toBe(grown);
    } finally {
      await tw.init({ autoRelease: { idleMs: 5000, aboveBytes: 64 * MiB } });
      tw.releaseMemory();
    }
  });

  it('8. both bundles load and run with every export and option name on Object.prototype', () => {
    const root = path.resolve(__dirname, '../..');
    // Node's own ESM loader breaks on an inherited get/set/value: those three only for require().
    const descriptorFields = ['get', 'set', 'value', 'enumerable', 'writable', 'configurable'];
    const script = `
      const [names, bundle, esm] = [process.argv[1].split(','), process.argv[2], process.argv[3] === 'esm'];
      process.stdout;  // its stream modules loaded before the pollution
      // backend: 'scalar' would pick the slow build, any other name a 7 (wasm: 7 would be the bytes to load).
      for (const n of names) Object.defineProperty(Object.prototype, n, { __proto__: null, value: n === 'backend' ? 'scalar' : 7, writable: true, configurable: true, enumerable: true });
      (async () => {
        let out;
        try {
          const tw = esm ? await import(require('node:url').pathToFileURL(bundle).href) : require(bundle);
          await tw.init();
          out = JSON.stringify([Array.from(tw.tile(tw.tensor('float32', [1.5, 2]), [2]).data), tw.backendInfo().simd, String(tw.floor(tw.tensor('float32', [1.5])))]);
        } catch (e) { out = 'ERROR ' + e.stack; }
        for (const n of names) delete Object.prototype[n];
        process.stdout.write(out);
      })();`;
    for (const [bundle, kind] of [['dist/cjs/index.cjs', 'cjs'], ['dist/esm/index.js', 'esm'], ['dist/cjs/inline.cjs', 'cjs'], ['dist/esm/inline.js', 'esm']]) {
      const names = kind === 'cjs' ? [...ALL_NAMES, ...descriptorFields] : ALL_NAMES;
      const out = execFileSync(process.execPath, ['-e', script, names.join(','), path.join(root, bundle), kind], { encoding: 'utf8' });
      expect([bundle, out]).toEqual([bundle, JSON.stringify([[1.5, 2, 1.5, 2], true, 'Tensor float32 [1]\n[1]'])]);
    }
  });

  // ---------------------------------------------------------------- 9. numbers
  it('9. numbers into integer types never wrap: exact or a SpecError naming index and value', () => {
    const INTS = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'int4', 'uint4', 'int2', 'uint2'];
    const range = (type: string): [bigint, bigint] => {
      const bits = BigInt(type.replace(/\D/g, ''));
      return type.startsWith('u') ? [0n, 2n ** bits - 1n] : [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n];
    };
    const value = fc.oneof(
      fc.integer({ min: -(2 ** 33), max: 2 ** 33 }), fc.double(), fc.bigInt({ min: -(2n ** 65n), max: 2n ** 65n }),
      fc.constantFrom(NaN, Infinity, -Infinity, -0, 0.5, -1, 2 ** 31, 2 ** 32, 2 ** 40, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 2n ** 63n, -1n, 255, 256, -129, 7.5),
      fc.constantFrom('1', true, null, undefined, {}),
    );
    const roundHalfEven = (n: number) => { const f = Math.floor(n); const d = n - f; return d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f; };
    fc.assert(fc.property(fc.constantFrom(...INTS), fc.array(value, { minLength: 1, maxLength: 4 }), (type, values) => {
      const [min, max] = range(type);
      const wide = type.endsWith('64');
      const bad = values.findIndex((v) => {
        if (typeof v === 'bigint') return v < min || v > max;
        if (typeof v !== 'number' || !Number.isInteger(v) || (wide && !Number.isSafeInteger(v))) return true;
        return BigInt(v) < min || BigInt(v) > max;
      });
      const made = outcome('tensor', () => tw.tensor(type as never, values as never));
      const asBig = (t: tw.Tensor) => (/^u?int[42]$/.test(type) ? tw.decode(t) : Array.from(t.data as ArrayLike<number | bigint>)).map((v) => BigInt(v as number));
      if (bad >= 0) {
        expect(made.error?.message).toMatch(new RegExp(`values\\[${bad}\\]|has no NaN`));
        expect(made.error?.message).toContain(`[${bad}]`);
      } else {
        expect(made.error).toBeUndefined();
        const want = values.map((v) => BigInt(v as number));
        expect(asBig(made.value as tw.Tensor)).toEqual(want);
        // The same value as ConstantOfShape's one element, filled.
        if ((tw.OPS.ConstantOfShape.versions.at(-1)!.types.T2 as readonly string[]).includes(type)) {
          const filled = tw.constantOfShape([3], tw.tensor(type as never, [values[0]] as never));
          expect(asBig(filled)).toEqual([want[0], want[0], want[0]]);
        }
      }
      // encode (ONNX Cast) on the narrow ones: rounded to nearest even, saturated, NaN refused.
      if (/^u?int[42]$/.test(type) && values.every((v) => typeof v === 'number')) {
        const encoded = outcome('encode', () => tw.encode(type as never, values as number[]));
        if (values.some((v) => Number.isNaN(v))) {
          expect(encoded.error?.message).toMatch(/has no NaN/);
        } else {
          const want = (values as number[]).map((v) => {
            const r = Math.abs(v) === Infinity ? v : Math.sign(v) * roundHalfEven(Math.abs(v));
            return Math.min(Number(max), Math.max(Number(min), r)) + 0;
          });
          expect(tw.decode(new tw.Tensor(type as never, encoded.value as never, [values.length]))).toEqual(want);
        }
      }
    }), settings);
    for (const length of [2 ** 40, 2 ** 31 + 1, -1, NaN]) {
      expect(outcome('length', () => tw.tensor('float64', { length } as never)).error?.param).toBe('values');
    }
    expect(Array.from(tw.tensor('float32', [0.1, 1e40, -0]).data)).toEqual([Math.fround(0.1), Infinity, -0]);
  });

  // ---------------------------------------------------------------- 10. printing
  it('10. toString, inspect and toArray are bounded whatever the dims', () => {
    const dimsArb = fc.oneof(
      // long ranks of 1s and a few 2s: at most 4096 elements, the brackets grow with the rank
      fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 1012 }), fc.integer()).map(([twos, ones, seed]) => {
        const dims = Array<number>(twos + ones).fill(1);
        for (let i = 0, s = seed >>> 0; i < twos; i++) { s = (s * 1103515245 + 12345) >>> 0; dims[s % dims.length] = 2; }
        return dims;
      }),
      // a zero-size axis beside huge ones
      // (either side of the 2^20 arrays toArray builds: a million empty arrays is allowed, and slow to test often)
      fc.tuple(fc.oneof(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 2 ** 20, max: 3e7 })), fc.integer({ min: 0, max: 3 }), fc.boolean()).map(([big, at, twice]) => {
        const dims = [big, ...(twice ? [big] : [])];
        dims.splice(Math.min(at, dims.length), 0, 0);
        return dims;
      }),
      fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }).filter((d) => d.reduce((a, b) => a * b, 1) <= 20000),
    );
    fc.assert(fc.property(dimsArb, fc.constantFrom('float32', 'uint2', 'string', 'complex64'), (dims, type) => {
      const size = dims.includes(0) ? 0 : dims.reduce((a, b) => a * b, 1);
      const t = randomTensor(type, dims, size + dims.length);
      const tensor = new tw.Tensor(type as never, t.data as never, dims);
      const header = `Tensor ${type} [${dims.join(', ')}]`.length;
      for (const text of [String(tensor), util.inspect(tensor)]) expect(text.length).toBeLessThan(header + 16384 + 200);
      // The arrays nest() builds, counted here independently: one per index of every axis but the last.
      let arrays = 0;
      for (let axis = 0; axis < dims.length; axis++) arrays += dims.slice(0, axis).reduce((a, b) => a * b, 1);
      const made = outcome('toArray', () => tensor.toArray());
      if (arrays > 2 ** 20 || size > 2 ** 25) {
        expect(made.error?.message).toContain(`[${dims.join(', ')}]`);
      } else {
        expect(made.error).toBeUndefined();
        expect((made.value as unknown[]).flat(Infinity).length).toBe(type === 'complex64' ? size * 2 : size);
      }
    }), settings);
  });

  // ---------------------------------------------------------------- 11. re-entrancy
  it('11. releaseMemory() and growing ops from user code inside an op: the op is right or refused, residents intact', () => {
    const TA = Object.getPrototypeOf(Uint8Array.prototype);
    const BUILTINS: [string, object, PropertyKey][] = [
      ['Array.prototype[Symbol.iterator]', Array.prototype, Symbol.iterator], ['%TypedArray%.prototype[Symbol.iterator]', TA, Symbol.iterator],
      ['%TypedArray%.prototype.set', TA, 'set'], ['%TypedArray%.prototype.subarray', TA, 'subarray'], ['%TypedArray%.prototype.slice', TA, 'slice'],
      ['Array.prototype.map', Array.prototype, 'map'], ['Array.prototype.forEach', Array.prototype, 'forEach'], ['Array.from', Array, 'from'],
    ];
    const big = new Float32Array(MiB / 2);
    let refusedInside = 0;
    fc.assert(fc.property(fc.integer({ min: 0, max: BUILTINS.length - 1 }), fc.constantFrom('release', 'grow', 'both'), fc.boolean(), fc.boolean(),
      // Enough short rows that Tile and AsStrided take the kernel (few rows move on the JS side, no heap in between).
      fc.constantFrom('floor', 'tile', 'tileStrings', 'asStrided', 'constantOfShape', 'residentTile'), fc.integer({ min: 48, max: 160 }),
      (which, mode, swallow, keepResident, op, n) => {
        const [name, owner, key] = BUILTINS[which];
        const plain = randomTensor(op === 'tileStrings' ? 'string' : op === 'floor' ? 'float32' : 'int32', [n, 1], n);
        const input = new tw.Tensor(plain.type as never, plain.data as never, [n, 1]);
        const pinned = keepResident ? tw.toResident(new tw.Tensor('uint8', Uint8Array.from({ length: 97 }, (_, i) => i), [97])) : undefined;
        tw.floor(new tw.Tensor('float32', big, [big.length]));  // memory grown: a release would swap the instance
        const original = (owner as Record<PropertyKey, unknown>)[key] as (...a: unknown[]) => unknown;
        let busy = false;
        const patched = function (this: unknown, ...args: unknown[]) {
          if (!busy) {
            busy = true;
            try {
              if (mode !== 'release') tw.floor(new tw.Tensor('float32', big, [big.length])).data.length;  // grows memory under the op
              if (mode !== 'grow') {
                try {
                  tw.releaseMemory();
                } catch (error) {
                  if ((error as Error).message.includes('an op is running')) refusedInside++;
                  if (!swallow) throw error;
                }
              }
            } finally {
              busy = false;
            }
          }
          return original.apply(this, args);
        };
        const calls: Record<string, () => unknown> = {
          floor: () => tw.floor(input as never),
          tile: () => tw.tile(input, [2, 3]),
          tileStrings: () => tw.tile(input, [2, 3]),
          asStrided: () => tw.asStrided(input, { size: [n, 2], stride: [1, 0] }),
          constantOfShape: () => tw.constantOfShape([n], tw.tensor('int32', [n]), { resident: true }),
          residentTile: () => { const r = tw.toResident(input); try { return tw.tile(r, [2, 3]); } finally { r.dispose(); } },
        };
        const expected: Record<string, () => unknown[]> = {
          floor: () => Array.from(plain.data as Float32Array, Math.floor),
          tile: () => Array.from(storageFrom(plain.type, tileReference(plain, [2, 3])) as Uint8Array),
          tileStrings: () => storageFrom('string', tileReference(plain, [2, 3])) as string[],
          asStrided: () => Array.from(storageFrom(plain.type, asStridedReference(plain, [n, 2], [1, 0], 0)) as Uint8Array),
          constantOfShape: () => Array.from(new Uint8Array(Int32Array.from({ length: n }, () => n).buffer)),
          residentTile: () => Array.from(storageFrom(plain.type, tileReference(plain, [2, 3])) as Uint8Array),
        };
        Object.defineProperty(owner, key, { value: patched, writable: true, configurable: true });
        let result: { value?: unknown; error?: unknown };
        try {
          result = { value: calls[op]() };
        } catch (error) {
          result = { error };
        } finally {
          Object.defineProperty(owner, key, { value: original, writable: true, configurable: true });
        }
        try {
          if (result.error !== undefined) {
            // Refused: the release's own SpecError, passed on by the hostile code.
            expect([name, op, (result.error as tw.SpecError).name, (result.error as tw.SpecError).op]).toEqual([name, op, 'SpecError', 'releaseMemory']);
          } else {
            let y = result.value as tw.Tensor | tw.ResidentTensor;
            if (tw.ResidentTensor.isResident(y)) { const copy = y.toTensor(); y.dispose(); y = copy; }
            const got = op === 'floor' ? Array.from(y.data as Float32Array) : op === 'tileStrings' ? Array.from(y.data as string[]) : Array.from(storageBytes(y) as Uint8Array);
            expect([name, mode, op, got]).toEqual([name, mode, op, expected[op]()]);
          }
          if (pinned) expect(Array.from(pinned.toTensor().data)).toEqual(Array.from({ length: 97 }, (_, i) => i));
        } finally {
          pinned?.dispose();
        }
        tw.releaseMemory();
        expect(tw.memoryStats().heapBytesInUse).toBe(baseline);
      }), settings);
    // No patchable built-in runs while an op holds module memory any more (the
    // dispatcher and withScratch take no iterator), so the refusal itself is
    // proven directly in release.test.ts; here it may or may not be reached.
    expect(refusedInside).toBeGreaterThanOrEqual(0);
  });

  // ---------------------------------------------------------------- 12. tfjs in module memory
  it('12. a tfjs-like input whose dataSync() is a view of the module\'s own memory is copied first', () => {
    fc.assert(fc.property(fc.constantFrom('float32', 'int32'), fc.integer({ min: 2 ** 17, max: 2 ** 18 }), fc.boolean(), (type, n, floor) => {
      tw.releaseMemory();
      const data = type === 'float32' ? Float32Array.from({ length: n }, (_, i) => i * 0.375 - n / 5) : Int32Array.from({ length: n }, (_, i) => i * 7 - n);
      const resident = tw.toResident(new tw.Tensor(type as never, data as never, [n, 1]));
      try {
        const tfLike = { dtype: type, shape: [n, 1], dataSync: () => resident.view() };
        // Scratch for input and output on top of the resident block: the op grows memory, which detaches the view it was given.
        const memoryBefore = tw.memoryStats().memoryBytes;
        const byFloor = floor && type === 'float32';
        const y = (byFloor ? tw.floor(tfLike as never) : tw.tile(tfLike as never, [1, 2])) as unknown as tw.Tensor;
        expect(tw.memoryStats().memoryBytes).toBeGreaterThan(memoryBefore);
        const want = byFloor ? (data as Float32Array).map(Math.floor)
          : type === 'float32' ? Float32Array.from({ length: 2 * n }, (_, i) => data[i >> 1]) : Int32Array.from({ length: 2 * n }, (_, i) => data[i >> 1]);
        expect(Buffer.from((y.data as Int32Array).buffer).equals(Buffer.from((want as Int32Array).buffer))).toBe(true);
        expect(Buffer.from((resident.toTensor().data as Int32Array).buffer).equals(Buffer.from(data.buffer))).toBe(true);
      } finally {
        resident.dispose();
      }
    }), { ...settings, numRuns: Math.min(RUNS, 20) });
    tw.releaseMemory();
    expect(() => tw.toTfjs({} as never, x)).toThrow(/tf must be the TensorFlow\.js module/);
  });
});

describe('hostile input, round two: fixed gaps', () => {
  it('prints and refuses toArray of a billion elements without reading them', () => {
    const n = 2 ** 30;
    const t = new tw.Tensor('uint2', new Uint8Array(n / 4), [n]);
    expect(String(t).length).toBeLessThan(200);
    expect(() => t.toArray()).toThrow(/at most 1048576 arrays and 33554432 elements; this uint2 tensor \[1073741824\]/);
    const empty = tw.fromTensorProto(tw.toTensorProto(new tw.Tensor('float32', new Float32Array(0), [2e7, 0])));
    expect(String(empty)).toBe('Tensor float32 [20000000, 0]\n[]');
    expect(() => empty.toArray()).toThrow(tw.SpecError);
  });

  it('cuts the text of a rank-1024 tensor and says so', () => {
    const dims = [...Array(12).fill(2), ...Array(1012).fill(1)];
    const t = new tw.Tensor('float32', new Float32Array(4096), dims);
    const text = String(t);
    expect(text).toMatch(/text cut at 16384 characters: 4096 elements/);
    expect(text.length).toBeLessThan(16384 + 5200);
    expect(util.inspect(t)).toBe(text);
  });

  it('writes a TensorProto name and reads it past', () => {
    const proto = tw.toTensorProto(x, { name: 'input_0' });
    expect(Buffer.from(proto).includes(Buffer.from('input_0'))).toBe(true);
    expect(bytes(tw.fromTensorProto(proto))).toEqual(bytes(x));
    expect(() => tw.toTensorProto(x, { name: 3 } as never)).toThrow(/options.name must be/);
  });
});
