// Property tests (fast-check): random tensors of every type, random valid
// parameters, each op against the plain-TypeScript reference (./reference),
// byte for byte, copied and resident; random invalid parameters always a
// SpecError, and random anything in any argument never another exception.
import fc from 'fast-check';
import * as tw from 'tessera-wasm';
import {
  ALL_TYPES, type Plain, asStridedReference, constantReference, floorReference, randomTensor, storageBytes,
  storageFrom, tileReference,
} from './reference';
import { typesOf } from './helpers';

beforeAll(() => tw.init());

// Cases per property; the figures docs/reliability.md gives.
const VALID_RUNS = 2000;
const INVALID_RUNS = 1000;
const ANYTHING_RUNS = 500;

const FLOOR_TYPES = typesOf('Floor');
const TILE_TYPES = typesOf('Tile');
const COS_TYPES = typesOf('ConstantOfShape');

const dimsArb = (maxRank: number, maxDim: number) => fc.array(fc.integer({ min: 0, max: maxDim }), { maxLength: maxRank });

/** Runs op on x copied, or (not for strings) resident and copied back; the resident inputs and output freed. */
function run(x: Plain, resident: boolean, op: (input: never) => tw.Tensor | tw.ResidentTensor): { type: string; data: unknown; dims: readonly number[] } {
  if (!resident || x.type === 'string') return op(x as never) as tw.Tensor;
  const heap = tw.memoryStats().heapBytesInUse;
  const r = tw.toResident(x as never);
  const y = op(r as never) as tw.ResidentTensor;
  expect(y).toBeInstanceOf(tw.ResidentTensor);
  const out = y.toTensor();
  r.dispose();
  y.dispose();
  expect(tw.memoryStats().heapBytesInUse).toBe(heap);
  return out;
}

/** Byte-for-byte equality, cheap when it holds; jest's diff when it does not. */
function expectSameStorage(got: Uint8Array | string[], want: Uint8Array | string[]): void {
  const same = got instanceof Uint8Array && want instanceof Uint8Array
    ? Buffer.from(got.buffer, got.byteOffset, got.byteLength).equals(Buffer.from(want.buffer, want.byteOffset, want.byteLength))
    : got.length === want.length && Array.prototype.every.call(got, (g: unknown, i: number) => g === want[i]);
  if (!same) expect(got).toEqual(want);
}

function expectSpecErrorFrom(fn: () => unknown, op: string): void {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(tw.SpecError);
  expect((thrown as tw.SpecError).op).toBe(op);
}

/** The call returns, or throws a SpecError: nothing else. */
function returnsOrSpecError(fn: () => unknown): void {
  try {
    const result = fn() as { dispose?: () => void } | undefined;
    result?.dispose?.();
  } catch (error) {
    if (!(error instanceof tw.SpecError)) throw error;
  }
}

describe('properties: valid parameters match the reference', () => {
  it(`Floor, ${VALID_RUNS} cases`, () => {
    fc.assert(fc.property(fc.constantFrom(...FLOOR_TYPES), dimsArb(4, 6), fc.integer(), fc.boolean(), (type, dims, seed, resident) => {
      const x = randomTensor(type, dims, seed);
      const y = run(x, resident, (input) => tw.floor(input));
      expect([y.type, y.dims]).toEqual([type, dims]);
      expectSameStorage(storageBytes(y), floorReference(x));
    }), { numRuns: VALID_RUNS });
  });

  it(`Tile, ${VALID_RUNS} cases, every Tile-13 type`, () => {
    const caseArb = fc.tuple(fc.constantFrom(...TILE_TYPES), dimsArb(5, 4)).chain(([type, dims]) =>
      fc.tuple(fc.constant(type), fc.constant(dims), fc.array(fc.integer({ min: 0, max: 4 }), { minLength: dims.length, maxLength: dims.length })))
      .filter(([, dims, repeats]) => dims.reduce((n, d, i) => n * d * repeats[i], 1) <= 1024);
    fc.assert(fc.property(caseArb, fc.integer(), fc.boolean(), ([type, dims, repeats], seed, resident) => {
      const x = randomTensor(type, dims, seed);
      const y = run(x, resident, (input) => tw.tile(input, repeats));
      expect([y.type, y.dims]).toEqual([type, dims.map((d, i) => d * repeats[i])]);
      expectSameStorage(storageBytes(y), storageFrom(type, tileReference(x, repeats)));
    }), { numRuns: VALID_RUNS });
  });

  it(`ConstantOfShape, ${VALID_RUNS} cases, every ConstantOfShape-25 type`, () => {
    fc.assert(fc.property(fc.constantFrom(...COS_TYPES), dimsArb(4, 7), fc.integer(), fc.boolean(), (type, shape, seed, resident) => {
      const value = randomTensor(type, [1], seed);
      const y = resident ? run(value, true, () => tw.constantOfShape(shape, value as never, { resident: true }))
        : tw.constantOfShape(shape, value as never);
      expect([y.type, y.dims]).toEqual([type, shape]);
      expectSameStorage(storageBytes(y), storageFrom(type, constantReference(value, shape)));
    }), { numRuns: VALID_RUNS });
  });

  it(`AsStrided, ${VALID_RUNS} cases, every type`, () => {
    const paramsArb = fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 6 })), { maxLength: 8 })
      .filter((axes) => axes.reduce((n, [s]) => n * s, 1) <= 1024);
    fc.assert(fc.property(fc.constantFrom(...ALL_TYPES), paramsArb, fc.nat(5), fc.nat(5), fc.integer(), fc.boolean(), fc.boolean(),
      (type, axes, offset, extra, seed, resident, offsetAsArray) => {
        const size = axes.map(([s]) => s);
        const stride = axes.map(([, s]) => s);
        const needed = axes.reduce((n, [s, t]) => n + (s - 1) * t, offset) + 1 + extra;
        const x = randomTensor(type, needed % 2 === 0 && needed > 2 ? [2, needed / 2] : [needed], seed);
        const y = run(x, resident, (input) => tw.asStrided(input, { size, stride, offset: offsetAsArray ? [offset] : offset }));
        expect([y.type, y.dims]).toEqual([type, size]);
        expectSameStorage(storageBytes(y), storageFrom(type, asStridedReference(x, size, stride, offset)));
      }), { numRuns: VALID_RUNS });
  });
});

// Values that are no valid integer parameter.
const notAnInteger = fc.oneof(
  fc.constantFrom(1.5, -0.5, NaN, Infinity, -Infinity, 2 ** 53, -(2 ** 60), '2', null, undefined, true, {}, [], 2n ** 64n, -(2n ** 63n)),
  fc.double().filter((d) => !Number.isSafeInteger(d)),
);

/** An integer list with one entry made invalid by `bad`. */
const spoil = (list: number[], bad: fc.Arbitrary<unknown>) =>
  fc.tuple(fc.nat(Math.max(0, list.length - 1)), bad).map(([i, b]) => list.map((v, j) => (j === i ? b : v)));

describe('properties: invalid parameters are SpecErrors', () => {
  const x = { type: 'float32', data: new Float32Array(6), dims: [2, 3] } as const;

  it(`Floor: types it does not take and malformed tensors, ${INVALID_RUNS} cases`, () => {
    const wrongType = fc.tuple(fc.constantFrom(...ALL_TYPES.filter((t) => !FLOOR_TYPES.includes(t))), dimsArb(3, 3), fc.integer())
      .map(([t, d, s]) => randomTensor(t, d, s));
    const malformed = fc.oneof(
      fc.record({ type: fc.constantFrom('float32', 'float16'), data: fc.constant(new Float32Array(5)), dims: fc.constant([2, 3]) }),
      fc.record({ type: fc.constant('float32'), data: fc.constant(new Float32Array(6)), dims: spoil([2, 3], fc.oneof(notAnInteger, fc.integer({ max: -1 }))) }),
      fc.record({ type: fc.string(), data: fc.constant(new Float32Array(1)), dims: fc.constant([1]) }),
      fc.record({ type: fc.constant('float64'), data: fc.oneof(fc.constant([1.5]), fc.constant(null), fc.constant(new Float32Array(1))), dims: fc.constant([1]) }),
      fc.constantFrom(null, undefined, 3, 'float32', []),
    );
    fc.assert(fc.property(fc.oneof(wrongType, malformed), (input) => {
      expectSpecErrorFrom(() => tw.floor(input as never), 'Floor');
    }), { numRuns: INVALID_RUNS });
  });

  it(`Tile: repeats of the wrong count, sign or kind, outputs too large, ${INVALID_RUNS} cases`, () => {
    const repeats = fc.oneof(
      fc.array(fc.nat(3), { maxLength: 6 }).filter((r) => r.length !== 2),
      spoil([1, 2], fc.oneof(notAnInteger, fc.integer({ min: -(2 ** 40), max: -1 }))),
      fc.constant([2 ** 20, 2 ** 20]),  // 2^40 * 6 elements: no memory holds them
      fc.constantFrom(null, 3, 'x', {}, { type: 'int32', data: new Int32Array(2), dims: [2] },
        { type: 'int64', data: new BigInt64Array(4), dims: [2, 2] }),
    );
    fc.assert(fc.property(repeats, fc.boolean(), (r, resident) => {
      const input = resident ? tw.toResident(x) : x;
      try {
        expectSpecErrorFrom(() => tw.tile(input as never, r as never), 'Tile');
      } finally {
        if (input instanceof tw.ResidentTensor) input.dispose();
      }
    }), { numRuns: INVALID_RUNS });
  });

  it(`ConstantOfShape: negative, non-integer or too large shapes, bad values, ${INVALID_RUNS} cases`, () => {
    const badShape = fc.oneof(
      fc.array(fc.nat(4), { minLength: 1, maxLength: 4 }).chain((s) => spoil(s, fc.oneof(notAnInteger, fc.integer({ max: -1 })))),
      fc.constant([2 ** 16, 2 ** 16, 2 ** 16]),
      fc.constantFrom(null, 5, 'shape', {}),
    ).map((shape) => ({ shape, value: undefined as unknown }));
    const badValue = fc.oneof(
      fc.tuple(fc.constantFrom(...COS_TYPES), fc.integer({ min: 2, max: 5 })).map(([t, n]) => randomTensor(t, [n], n)),
      fc.constantFrom(...['string', 'complex64', 'complex128']).map((t) => randomTensor(t, [1], 1)),
      fc.constantFrom(3, 'one', null, { type: 'float32', data: [1], dims: [1] }),
    ).map((value) => ({ shape: [2, 2], value }));
    fc.assert(fc.property(fc.oneof(badShape, badValue), ({ shape, value }) => {
      expectSpecErrorFrom(() => tw.constantOfShape(shape as never, value as never), 'ConstantOfShape');
    }), { numRuns: INVALID_RUNS });
  });

  it(`AsStrided: sizes, strides and offsets out of the spec, ${INVALID_RUNS} cases`, () => {
    const params = fc.oneof(
      fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 9, maxLength: 12 }).map((size) => ({ size, stride: size.map(() => 0) })),
      spoil([2, 3], fc.oneof(notAnInteger, fc.integer({ max: 0 }))).map((size) => ({ size, stride: [0, 0] })),
      spoil([1, 1], fc.oneof(notAnInteger, fc.integer({ max: -1 }))).map((stride) => ({ size: [2, 3], stride })),
      fc.array(fc.nat(2), { maxLength: 4 }).filter((s) => s.length !== 2).map((stride) => ({ size: [2, 3], stride })),
      fc.oneof(fc.integer({ max: -1 }), notAnInteger, fc.constant([]), fc.constant([0, 0])).filter((o) => o !== undefined)
        .map((offset) => ({ size: [2], stride: [1], offset })),
      // The largest index read at or past the 6 elements.
      fc.tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 }), fc.nat(7)).filter(([s, t, o]) => o + (s - 1) * t >= 6)
        .map(([s, t, o]) => ({ size: [s], stride: [t], offset: o })),
      fc.constantFrom(null, 3, 'size', { size: 2, stride: 1 }, { size: [2] }),
    );
    fc.assert(fc.property(params, fc.boolean(), (p, resident) => {
      const input = resident ? tw.toResident(x) : x;
      try {
        expectSpecErrorFrom(() => tw.asStrided(input as never, p as never), 'AsStrided');
      } finally {
        if (input instanceof tw.ResidentTensor) input.dispose();
      }
    }), { numRuns: INVALID_RUNS });
  });
});

describe('properties: anything in any argument is a result or a SpecError', () => {
  const x = { type: 'int8', data: new Int8Array(4), dims: [4] } as const;
  const anything = fc.anything({ withBigInt: true, withTypedArray: true, withNullPrototype: true, withBoxedValues: true, withMap: true, withSet: true, withSparseArray: true });

  it(`every op and entry point, ${ANYTHING_RUNS} cases each`, () => {
    const heap = tw.memoryStats().heapBytesInUse;
    fc.assert(fc.property(anything, anything, (a, b) => {
      returnsOrSpecError(() => tw.floor(a as never));
      returnsOrSpecError(() => tw.tile(x, a as never));
      returnsOrSpecError(() => tw.tile(a as never, b as never));
      returnsOrSpecError(() => tw.constantOfShape(a as never, b as never));
      returnsOrSpecError(() => tw.asStrided(x, a as never));
      returnsOrSpecError(() => tw.asStrided(a as never, { size: [1], stride: [0] }));
      returnsOrSpecError(() => tw.toResident(a as never));
      returnsOrSpecError(() => tw.runNode(a as never, [x]));
      returnsOrSpecError(() => tw.runNode({ opType: 'Tile' }, [x, a] as never));
    }), { numRuns: ANYTHING_RUNS });
    expect(tw.memoryStats().heapBytesInUse).toBe(heap);
  });
});
