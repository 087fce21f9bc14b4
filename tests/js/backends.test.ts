// The two builds side by side in one process: tessera.wasm (SIMD128) and
// tessera-scalar.wasm (SIMDe's portable C), each a fresh instance of the
// package, run every op on the same inputs, and their outputs must be the
// same bytes (or both throw the same SpecError). The other suites run on
// each build separately (jest.config.cjs, project "scalar").
import * as tw from 'tessera-wasm';
import { rng } from './helpers';
import { type Plain, floorReference, randomTensor, storageBytes } from './reference';

type Tw = typeof tw;
type Output = { type: string; dims: readonly number[]; data: unknown };

const fresh = (): Tw => {
  let m: Tw | undefined;
  jest.isolateModules(() => { m = require('tessera-wasm'); });
  return m!;
};

let simd: Tw;
let scalar: Tw;
const heapAtStart = new Map<Tw, number>();
beforeAll(async () => {
  simd = fresh();
  scalar = fresh();
  await simd.init({ backend: 'simd' });
  await scalar.init({ backend: 'scalar' });
  for (const m of [simd, scalar]) heapAtStart.set(m, m.memoryStats().heapBytesInUse);
});

type Outcome = { error: string } | { type: string; dims: number[]; bytes: Buffer | string[] }[];

/** What op gives on a build: each output's type, dims and storage, or its error. */
function outcome(m: Tw, op: (m: Tw) => Output | Output[]): Outcome {
  try {
    return [op(m)].flat().map((y) => {
      const s = storageBytes(y);
      return { type: y.type, dims: [...y.dims], bytes: Array.isArray(s) ? s : Buffer.from(s) };
    });
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** Where two outcomes differ, briefly (outputs run to megabytes: no full diff), or '' when they agree. */
function difference(a: Outcome, b: Outcome): string {
  if ('error' in a || 'error' in b) return JSON.stringify(a) === JSON.stringify(b) ? '' : `${JSON.stringify(a)} vs ${JSON.stringify(b)}`.slice(0, 400);
  if (a.length !== b.length) return `${a.length} outputs vs ${b.length}`;
  for (const [i, x] of a.entries()) {
    const y = b[i];
    if (x.type !== y.type || x.dims.join() !== y.dims.join()) return `output ${i}: ${x.type}[${x.dims}] vs ${y.type}[${y.dims}]`;
    const same = Buffer.isBuffer(x.bytes) && Buffer.isBuffer(y.bytes) ? x.bytes.equals(y.bytes) : JSON.stringify(x.bytes) === JSON.stringify(y.bytes);
    if (same) continue;
    const at = Array.from(x.bytes as ArrayLike<unknown>).findIndex((v, j) => v !== (y.bytes as ArrayLike<unknown>)[j]);
    const near = (z: Buffer | string[]) => JSON.stringify(Array.from(z.slice(at, at + 8) as ArrayLike<unknown>));
    return `output ${i} (${x.type}) from byte ${at}: SIMD ${near(x.bytes)}, scalar ${near(y.bytes)}`;
  }
  return '';
}

function expectSameOnBothBuilds(op: (m: Tw) => Output | Output[]): Outcome {
  const a = outcome(simd, op);
  expect(difference(a, outcome(scalar, op))).toBe('');
  return a;
}

/** Floor of a float tensor of any of the four types (the overloads want the type known). */
const floorOn = (m: Tw, x: Plain) => m.floor(x as unknown as tw.TensorLike<'float32'>);

/** Eight lanes per 16-byte vector: lane k of vector j holds (j * m_k + k) mod 2^16, each lane all 65536 patterns. */
function everyPatternInEveryLane(): Uint16Array {
  const multipliers = [1, 0x9e37, 0x3b, 0xfff1, 0x5bd1, 0x2b, 0xc2b3, 0x7fff];
  const x = new Uint16Array(8 * 0x10000);
  for (let j = 0; j < 0x10000; j++) {
    for (let k = 0; k < 8; k++) x[j * 8 + k] = (Math.imul(j, multipliers[k]) + k) & 0xffff;
  }
  return x;
}

describe('tessera.wasm and tessera-scalar.wasm give the same bytes', () => {
  it('loaded one build each', () => {
    expect(simd.backendInfo().simd).toBe(true);
    expect(scalar.backendInfo().simd).toBe(false);
    expect(scalar.backendInfo().source).toMatch(/tessera-scalar\.wasm$/);
  });

  it('floors float16 [-0, smallest negative subnormal] to [-0, -1] on both (issue 17: the scalar build gave 0xbc04)', () => {
    for (const m of [simd, scalar]) {
      const y = m.floor({ type: 'float16', data: new Uint16Array([0x8000, 0x8001]), dims: [2] });
      expect(Array.from(y.data, (h) => h.toString(16))).toEqual(['8000', 'bc00']);
    }
  });

  it('Floor: every float16 and bfloat16 pattern in every lane of a vector, and each beside itself', () => {
    const permuted = everyPatternInEveryLane();
    const seen = new Uint8Array(0x10000 * 8);
    permuted.forEach((p, i) => { seen[p * 8 + (i % 8)] = 1; });
    expect(seen.every((s) => s === 1)).toBe(true);  // the layout is what it claims
    const repeated = Uint16Array.from({ length: 8 * 0x10000 }, (_, i) => i >> 3);
    for (const type of ['float16', 'bfloat16'] as const) {
      for (const data of [permuted, repeated]) {
        const x: Plain = { type, data, dims: [data.length / 8, 8] };
        const [y] = expectSameOnBothBuilds((m) => floorOn(m, x)) as { bytes: Buffer }[];
        expect(y.bytes.equals(Buffer.from(floorReference(x)))).toBe(true);
      }
    }
  });

  it('Floor: float32 and float64, specials and random bits, at every length 0..67', () => {
    for (const type of ['float32', 'float64']) {
      for (let n = 0; n <= 67; n++) expectSameOnBothBuilds((m) => floorOn(m, randomTensor(type, [n], n)));
      expectSameOnBothBuilds((m) => floorOn(m, randomTensor(type, [4099], 1)));
    }
  });

  it('Tile: every type, rows of every length 1..67, random shapes and repeats', () => {
    const random = rng(17);
    for (const type of tw.DATA_TYPES) {
      for (let n = 1; n <= 67; n++) {
        const x = randomTensor(type, [2, n], n);
        expectSameOnBothBuilds((m) => m.tile(x as tw.TensorLike, [3, 2]));
      }
      for (let trial = 0; trial < 12; trial++) {
        const rank = Math.floor(random() * 5);
        const dims = Array.from({ length: rank }, () => Math.floor(random() * 5));
        const repeats = Array.from({ length: rank }, () => Math.floor(random() * 4));
        const x = randomTensor(type, dims, trial);
        expectSameOnBothBuilds((m) => m.tile(x as tw.TensorLike, repeats));
      }
    }
  });

  it('AsStrided: every type, gathers, splats, sliding windows and tiled transposes', () => {
    const random = rng(71);
    for (const type of tw.DATA_TYPES) {
      const x = randomTensor(type, [96 * 80], type.length);
      const views = [
        { size: [80, 96], stride: [1, 80], offset: 0 },   // a transpose: whole 64-byte tiles and edges
        { size: [67, 5], stride: [3, 1], offset: 7 },     // sliding windows
        { size: [4, 67], stride: [0, 2], offset: 1 },     // a broadcast of a gather
        { size: [3, 66], stride: [5, 0], offset: 2 },     // splats
      ];
      for (let trial = 0; trial < 12; trial++) {
        const rank = 1 + Math.floor(random() * 4);
        const size = Array.from({ length: rank }, () => 1 + Math.floor(random() * 9));
        const stride = Array.from({ length: rank }, () => Math.floor(random() * 9));
        views.push({ size, stride, offset: Math.floor(random() * 100) });
      }
      for (const view of views) expectSameOnBothBuilds((m) => m.asStrided(x as tw.TensorLike, { ...view, offset: [view.offset] }));
    }
  });

  it('ConstantOfShape: every type, every length 0..67 and a long one', () => {
    for (const type of tw.DATA_TYPES) {
      const value = randomTensor(type, [1], 5);
      for (const n of [...Array.from({ length: 68 }, (_, i) => i), 1000]) {
        expectSameOnBothBuilds((m) => m.constantOfShape([n], value as tw.TensorLike));
      }
    }
  });

  it('runNode: each op, and the errors of a bad node', () => {
    const f16 = randomTensor('float16', [5, 7], 3);
    const repeats = { type: 'int64', data: new BigInt64Array([2n, 3n]), dims: [2] };
    const shape = { type: 'int64', data: new BigInt64Array([3n, 5n]), dims: [2] };
    expectSameOnBothBuilds((m) => m.runNode({ opType: 'Floor' }, [f16 as never]));
    expectSameOnBothBuilds((m) => m.runNode({ opType: 'Tile', opset: 6 }, [f16 as never, repeats as never]));
    expectSameOnBothBuilds((m) => m.runNode({ opType: 'ConstantOfShape' }, [shape as never]));
    expectSameOnBothBuilds((m) => m.runNode({ opType: 'AsStrided', domain: 'atb', attributes: { size: [3, 3], stride: [7, 1], offset: [1] } }, [f16 as never]));
    const error = expectSameOnBothBuilds((m) => m.runNode({ opType: 'Floor' }, []));
    expect(error).toMatchObject({ error: expect.stringMatching(/^SpecError: Floor-13/) });
  });

  it('left both heaps as they found them', () => {
    for (const m of [simd, scalar]) expect(m.memoryStats().heapBytesInUse).toBe(heapAtStart.get(m));
  });
});
