// Every executor on every case. The dispatcher (js/src/ops/dispatch.ts)
// routes each call to one executor: the kernel, or a JS twin of it (a word
// loop, or TypedArray built-ins). Here every valid case of the shared case
// files (tests/cases/) and of seeded random shapes runs through every
// executor that can take it, forced, on both builds (tessera.wasm and
// tessera-scalar.wasm), into a fresh array and into `out`, and from a
// resident input into a resident output and into `out`. Every run must give
// the bytes of the independent reference (tests/js/reference.ts).
//
// Routing is checked against what ran: each case's routed executor must be
// one that was forced on that very case, every rule of the table must route
// some case, and every executor each op has must run somewhere.
//
// The forcing switch lives in the test-only entry (tessera-wasm/testing,
// build/testing/index.cjs: the package's sources plus the dispatcher's
// internals), never in the package.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type * as Testing from 'tessera-wasm/testing';
import { bothBuilds, rng, typesOf } from './helpers';
import {
  ALL_TYPES, type Key, type Plain, asStridedReference, constantReference, floorReference, randomTensor, storageBytes, storageFrom, tileReference,
} from './reference';

type Tw = typeof Testing;
type Executor = Testing.Executor;
type Result = Testing.Tensor | Testing.ResidentTensor;
type Placement = 'fresh' | 'out' | 'resident' | 'resident to out';

const SEED = 23;
const TILE_TYPES = typesOf('Tile');
const FILL_TYPES = typesOf('ConstantOfShape');
const FLOOR_TYPES = typesOf('Floor');
const EXECUTORS: readonly Executor[] = ['loop', 'builtin', 'kernel', 'chunks'];

/** One valid call: the op, what it returns for an input (resident or not) and options, and the expected storage. */
interface Case {
  readonly name: string;
  readonly op: 'Tile' | 'AsStrided' | 'ConstantOfShape' | 'Floor' | 'Cast' | 'Add';
  readonly input?: Plain;
  readonly call: (tw: Tw, input: unknown, options: { out?: unknown; resident?: boolean }) => Result;
  readonly expected: Uint8Array | string[];
  readonly outType: string;
}

const sizeOf = (dims: readonly number[]) => dims.reduce((a, b) => a * b, 1);
const expectedOf = (type: string, keys: Key[]) => storageFrom(type, keys);

function tileCase(name: string, input: Plain, repeats: number[]): Case {
  return {
    name: `Tile ${name}`, op: 'Tile', input, outType: input.type,
    call: (tw, x, options) => tw.tile(x as never, repeats, options as never),
    expected: expectedOf(input.type, tileReference(input, repeats)),
  };
}

function asStridedCase(name: string, input: Plain, size: number[], stride: number[], offset: number): Case {
  return {
    name: `AsStrided ${name}`, op: 'AsStrided', input, outType: input.type,
    call: (tw, x, options) => tw.asStrided(x as never, { size, stride, offset, ...options } as never),
    expected: expectedOf(input.type, asStridedReference(input, size, stride, offset)),
  };
}

function constantCase(name: string, value: Plain, shape: number[]): Case {
  return {
    name: `ConstantOfShape ${name}`, op: 'ConstantOfShape', outType: value.type,
    call: (tw, _x, options) => tw.constantOfShape(shape, value as never, options as never),
    expected: expectedOf(value.type, constantReference(value, shape)),
  };
}

function floorCase(name: string, input: Plain): Case {
  return {
    name: `Floor ${name}`, op: 'Floor', input, outType: input.type,
    call: (tw, x, options) => tw.floor(x as never, options as never),
    expected: floorReference(input),
  };
}

/** Add of float32 x and a [dims.at(-1)] row broadcast over it: a compute plan (both inputs resident where x is). */
function addCase(name: string, input: Plain): Case {
  const n = input.dims.at(-1) ?? 1;
  const row = new Float32Array(Array.from({ length: n }, (_, i) => i - 1.5));
  const xs = input.data as Float32Array;
  const sum = Float32Array.from(xs, (v, i) => v + row[i % n]);
  return {
    name: `Add ${name}`, op: 'Add', input, outType: 'float32',
    call: (tw, x, options) => {
      const plain = new tw.Tensor('float32', row, [n]);
      const b = tw.ResidentTensor.isResident(x) ? tw.toResident(plain) : plain;
      try {
        return tw.add(x as never, b as never, options as never);
      } finally {
        if (tw.ResidentTensor.isResident(b)) b.dispose();
      }
    },
    expected: new Uint8Array(sum.buffer),
  };
}

// ---------------------------------------------------------------- the cases

interface FileCase {
  name: string; heavy?: boolean; error?: unknown; runNodeOnly?: boolean;
  input?: { type: string; dims?: number[] }; value?: { type: string };
  repeats?: (number | string)[]; shape?: (number | string)[]; size?: (number | string)[]; stride?: (number | string)[]; offset?: (number | string)[];
}

/** The valid cases of tests/cases/*.json that this process can hold, with seeded data. */
function sharedCases(): Case[] {
  const cases: Case[] = [];
  let seed = SEED;
  for (const file of ['tile.json', 'as-strided.json', 'constant-of-shape.json']) {
    const { op, cases: list } = JSON.parse(readFileSync(path.resolve(__dirname, '../cases', file), 'utf8')) as { op: string; cases: FileCase[] };
    for (const c of list) {
      if (c.error || c.heavy || c.runNodeOnly) continue;
      const numbers = (l: (number | string)[] | undefined) => (l ?? []).map(Number);
      if (op === 'Tile') {
        const input = randomTensor(c.input!.type, c.input!.dims ?? [1], seed++);
        const repeats = numbers(c.repeats);
        if (sizeOf(input.dims.map((d, i) => d * repeats[i])) > 1 << 16) continue;
        cases.push(tileCase(c.name, input, repeats));
      } else if (op === 'AsStrided') {
        const size = numbers(c.size);
        if (sizeOf(size) > 1 << 16) continue;
        cases.push(asStridedCase(c.name, randomTensor(c.input!.type, c.input!.dims ?? [1], seed++), size, numbers(c.stride), numbers(c.offset)[0] ?? 0));
      } else {
        const shape = numbers(c.shape);
        if (sizeOf(shape) > 1 << 16) continue;
        cases.push(constantCase(c.name, randomTensor(c.value?.type ?? 'float32', [1], seed++), shape));
      }
    }
  }
  return cases;
}

// Cast: pairs a kernel serves and one it does not (tests/js/cast.test.ts covers every pair).
function castCases(): Case[] {
  const bytes = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const cast = (name: string, input: Plain, to: string, expected: ArrayBufferView): Case => ({
    name: `Cast ${name}`, op: 'Cast', input, outType: to,
    call: (tw, x, options) => tw.cast(x as never, to as never, options as never),
    expected: bytes(expected),
  });
  return [
    cast('uint8 -> float32', { type: 'uint8', data: Uint8Array.of(0, 7, 255), dims: [3] }, 'float32', Float32Array.of(0, 7, 255)),
    cast('float32 -> uint8, saturating', { type: 'float32', data: Float32Array.of(-3.7, 300, 254.9, NaN), dims: [2, 2] }, 'uint8', Uint8Array.of(0, 255, 254, 0)),
    cast('int32 -> float8e4m3fn (no kernel)', { type: 'int32', data: Int32Array.of(1, -2, 500), dims: [3] }, 'float8e4m3fn', Uint8Array.of(0x38, 0xc0, 0x7e)),
  ];
}

// Shape classes chosen to reach every routing rule: outputs under and over
// the word loop's 1 KiB, few rows and many, short rows and long ones.
function randomCases(): Case[] {
  const next = rng(SEED);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const cases: Case[] = [];
  const shapes: [string, () => [number[], number[]]][] = [
    ['tiny', () => { const r = int(0, 4); return [Array.from({ length: r }, () => int(1, 4)), Array.from({ length: r }, () => int(0, 3))]; }],
    ['few long rows', () => [[int(1, 3), int(300, 700)], [int(1, 2), int(1, 3)]]],
    ['many short rows', () => [[int(60, 200), int(1, 6)], [int(1, 2), int(2, 4)]]],
    ['many long rows', () => [[int(9, 20), int(260, 400)], [1, 2]]],
    ['deep', () => [[int(2, 5), int(2, 5), int(2, 5), int(2, 9)], [int(1, 3), int(1, 3), int(1, 3), int(1, 3)]]],
  ];
  for (let i = 0; i < 120; i++) {
    const type = pick(TILE_TYPES);
    const [kind, shape] = pick(shapes);
    const [dims, repeats] = shape();
    cases.push(tileCase(`${kind} ${type} [${dims}] by [${repeats}]`, randomTensor(type, dims, SEED + i), repeats));
  }
  for (let i = 0; i < 80; i++) {
    const type = pick(ALL_TYPES);
    const n = pick([int(1, 40), int(200, 3000)]);
    const windowed = next() < 0.5;
    // Sliding windows (stride-1 rows), or a transpose (no stride-1 rows).
    const rows = int(1, Math.min(40, n));
    const size = windowed ? [rows, Math.max(1, n - rows + 1)] : [Math.max(1, Math.floor(n / rows)), rows];
    const stride = windowed ? [1, 1] : [1, size[0]];
    const inputSize = windowed ? n : size[0] * rows;
    cases.push(asStridedCase(`${windowed ? 'windows' : 'transpose'} ${type} [${size}]`, randomTensor(type, [inputSize], SEED + 1000 + i), size, stride, 0));
  }
  for (let i = 0; i < 40; i++) {
    const type = pick(FILL_TYPES);
    const shape = pick([[int(0, 9)], [int(1, 40), int(1, 70)], []]);
    cases.push(constantCase(`${type} [${shape}]`, randomTensor(type, [1], SEED + 2000 + i), shape));
  }
  for (let i = 0; i < 16; i++) {
    const type = pick(FLOOR_TYPES);
    const dims = pick([[int(0, 70)], [int(1, 30), int(1, 30)]]);
    cases.push(floorCase(`${type} [${dims}]`, randomTensor(type, dims, SEED + 3000 + i)));
  }
  for (let i = 0; i < 6; i++) {
    const dims = pick([[int(0, 70)], [int(1, 30), int(1, 30)]]);
    const x = randomTensor('float32', dims, SEED + 4000 + i);
    (x.data as Float32Array).forEach((v, j, a) => { if (Number.isNaN(v)) a[j] = j; });  // canonical NaNs aside: exact sums
    cases.push(addCase(`float32 [${dims}]`, x));
  }
  // Over one chunk's 128 KiB (js/src/ops/chunks.ts), so the kernel fed a chunk at a time runs over several chunks
  // with a short last one (and for Add slabs cut across an inner axis), and over 1 MiB, so it is routed there.
  for (let i = 0; i < 3; i++) {
    const type = pick(['float32', 'float64', 'float16']);
    const dims = [int(150, 250), int(250, 400)];
    cases.push(floorCase(`large ${type} [${dims}]`, randomTensor(type, dims, SEED + 5000 + i)));
  }
  for (let i = 0; i < 3; i++) {
    const dims = i === 0 ? [int(300, 400), int(900, 1000)] : pick([[int(2, 4), int(150, 300), int(150, 300)], [int(40000, 90000)]]);
    const x = randomTensor('float32', dims, SEED + 6000 + i);
    (x.data as Float32Array).forEach((v, j, a) => { if (Number.isNaN(v)) a[j] = j; });
    cases.push(addCase(`large float32 [${dims}]`, x));
  }
  return cases;
}

const CASES = [...sharedCases(), ...randomCases(), ...castCases()];

// ---------------------------------------------------------------- the runs

const builds = bothBuilds();

/** A zeroed `out` of the output's storage class and length. */
function outFor(tw: Tw, type: string, expected: Uint8Array | string[]): ArrayBufferView {
  const Storage = (globalThis as unknown as Record<string, new (buffer: ArrayBuffer) => ArrayBufferView>)[tw.DTYPES[type as 'float32'].storage];
  return new Storage(new ArrayBuffer((expected as Uint8Array).byteLength));
}

/** Runs a case once: where the input and output live, and who computes it. */
function runOnce(tw: Tw, c: Case, placement: Placement, executor: Executor | undefined): { bytes: Uint8Array | string[]; ran: Executor | undefined; rule: string | undefined } {
  const residentIn = (placement === 'resident' || placement === 'resident to out') && c.input !== undefined;
  const input = residentIn ? tw.toResident(c.input as never) : c.input;
  const out = placement === 'out' || placement === 'resident to out' ? outFor(tw, c.outType, c.expected) : undefined;
  const options = { ...(out ? { out } : {}), ...(placement === 'resident' && c.op === 'ConstantOfShape' ? { resident: true } : {}) };
  try {
    const probed = tw.withExecutor(executor, () => c.call(tw, input, options));
    const result = probed.value;
    const resident = tw.ResidentTensor.isResident(result);
    expect(resident).toBe(placement === 'resident');
    if (out !== undefined) expect((result as Testing.Tensor).data).toBe(out);
    const bytes = storageBytes(tw.ResidentTensor.isResident(result) ? result.toTensor() : result);
    if (tw.ResidentTensor.isResident(result)) result.dispose();
    return { bytes, ran: probed.ran, rule: probed.rule };
  } finally {
    if (residentIn) (input as Testing.ResidentTensor).dispose();
  }
}

const same = (a: Uint8Array | string[], b: Uint8Array | string[]) =>
  Array.isArray(a) ? JSON.stringify(a) === JSON.stringify(b) : Buffer.from(a as Uint8Array).equals(Buffer.from(b as Uint8Array));

/** The placements a case can take: strings have no `out` and cannot be resident. */
function placementsOf(c: Case): Placement[] {
  if (c.outType === 'string') return ['fresh'];
  return ['fresh', 'out', 'resident', 'resident to out'];
}

const ranByOp = new Map<string, Set<Executor>>();
const rulesRouted = new Set<string>();

describe('every executor on every case, on both builds', () => {
  it(`has cases (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThan(250);
  });

  for (const c of CASES) {
    it(c.name, () => {
      const failures: string[] = [];
      for (const { name, tw } of builds) {
        const forcedHere = new Set<Executor>();
        let routed: Executor | undefined;
        for (const placement of placementsOf(c)) {
          const route = runOnce(tw, c, placement, undefined);
          if (placement === 'fresh') routed = route.ran;
          rulesRouted.add(`${c.op}: ${route.rule}`);
          if (!same(route.bytes, c.expected)) failures.push(`${name} ${placement}, routed to ${route.ran} (${route.rule})`);
          for (const executor of EXECUTORS) {
            const run = runOnce(tw, c, placement, executor);
            if (run.ran !== executor) continue;  // this executor cannot take the case there
            forcedHere.add(executor);
            if (placement !== 'resident' && placement !== 'resident to out') {
              if (!ranByOp.has(c.op)) ranByOp.set(c.op, new Set());
              ranByOp.get(c.op)!.add(executor);
            }
            if (!same(run.bytes, c.expected)) failures.push(`${name} ${placement}, forced ${executor}`);
          }
        }
        // The executor routing chose for JS arrays was itself forced over this case.
        if (routed === undefined || !forcedHere.has(routed)) failures.push(`${name}: routed to ${routed}, which no forced run covered`);
      }
      expect(failures).toEqual([]);
    });
  }

  it('routes some case by every rule of the table', () => {
    const routed = new Set([...rulesRouted].map((r) => r.split(': ')[1]));
    const rules = builds[0].tw.RULES.map((r) => r.name);
    expect(rules.filter((r) => !routed.has(r))).toEqual([]);
  });

  it('ran every executor each op has', () => {
    const ran = Object.fromEntries([...ranByOp].map(([op, set]) => [op, [...set].sort()]));
    expect(ran).toEqual({
      Tile: ['builtin', 'kernel', 'loop'],
      AsStrided: ['builtin', 'kernel'],
      ConstantOfShape: ['builtin', 'kernel'],
      Floor: ['chunks', 'kernel', 'loop'],
      Cast: ['kernel', 'loop'],
      Add: ['chunks', 'kernel'],
    });
  });
});

// The JS twins move floats as values where that is exact (no NaN in the
// input) and as words where it is not; Floor's twin reads each element before
// it writes one, whichever way `out` overlaps X. NaNs with payloads (quiet
// and signalling, both signs) and overlapping `out` arrays, forced through
// every executor on both builds.
describe('NaN bits and overlapping out, through every executor', () => {
  const f32 = (...bits: number[]) => new Float32Array(Uint32Array.from(bits).buffer);
  const f64 = (...bits: bigint[]) => new Float64Array(BigUint64Array.from(bits).buffer);
  const INPUTS: Plain[] = [
    { type: 'float32', dims: [2, 3], data: f32(0x7f800001, 0xffc00005, 0x3fc00000, 0x80000000, 0xbf000000, 0x7fa00000) },
    { type: 'float64', dims: [2, 2], data: f64(0x7ff0000000000001n, 0xfff8000000000003n, 0xbff8000000000000n, 0x8000000000000000n) },
    { type: 'complex64', dims: [3], data: f32(0x7f800001, 0x3f800000, 0xffc00005, 0x7fa00000, 0xbf000000, 0x40000000) },
  ];

  it('keeps every NaN payload in Tile and Floor, fresh and into out', () => {
    const failures: string[] = [];
    for (const { name, tw } of builds) {
      for (const input of INPUTS) {
        const cases = [tileCase(`${input.type}`, input, input.dims.map((_, i) => 2 + i)), ...(input.type === 'complex64' ? [] : [floorCase(input.type, input)])];
        for (const c of cases) {
          for (const placement of ['fresh', 'out'] as const) {
            for (const executor of EXECUTORS) {
              const run = runOnce(tw, c, placement, executor);
              if (run.ran === executor && !same(run.bytes, c.expected)) failures.push(`${name} ${c.name} ${placement} ${executor}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('floors in place and into an out shifted either way over X', () => {
    const failures: string[] = [];
    for (const { name, tw } of builds) {
      for (const input of INPUTS.slice(0, 2)) {
        const n = sizeOf(input.dims);
        const Storage = input.type === 'float32' ? Float32Array : Float64Array;
        const expected = floorReference(input);
        for (const [label, xAt, outAt] of [['in place', 1, 1], ['out one ahead', 0, 1], ['out one behind', 1, 0]] as const) {
          for (const executor of EXECUTORS) {
            const shared = new Storage(n + 1);
            shared.set(input.data as Float32Array & Float64Array, xAt);
            const x = new tw.Tensor(input.type as 'float32', shared.subarray(xAt, xAt + n) as Float32Array, input.dims);
            const out = shared.subarray(outAt, outAt + n);
            const probed = tw.withExecutor(executor, () => tw.floor(x, { out: out as Float32Array }));
            if (probed.ran !== executor) continue;
            if (!same(new Uint8Array(out.buffer, out.byteOffset, out.byteLength), expected)) failures.push(`${name} ${input.type} ${label} ${executor}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
