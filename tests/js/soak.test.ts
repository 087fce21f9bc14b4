// Soak: 100,000 mixed random calls, valid and invalid, every op and entry
// point, copied and resident. The wasm heap's bytes in use must come back to
// exactly where they started, and the JS heap stay flat.
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as tw from 'tessera-wasm';
import { rng, typesOf } from './helpers';
import { ALL_TYPES, randomTensor } from './reference';
import { OP_TESTS } from '../ops';

beforeAll(() => tw.init());

const CALLS = 100_000;
// A leak of one small object per call (40 bytes or more) grows the heap by
// 2 MiB or more in each half of the 100,000 calls; garbage the collector has
// not taken, after a full collection, does not grow it in both.
const JS_HEAP_BOUND = 4 * 2 ** 20;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const FLOOR_TYPES = typesOf('Floor');

function fullGc(): number {
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
}

it(`${CALLS.toLocaleString('en')} mixed calls leave the wasm heap where it was and the JS heap flat`, () => {
  const next = rng(2024);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  // Inputs made up front: the loop allocates only what the calls do.
  const inputs = ALL_TYPES.map((type, i) => randomTensor(type, [2, 3], i + 1));
  const floats = FLOOR_TYPES.map((type, i) => randomTensor(type, [5, 7], i + 100));
  const values = typesOf('ConstantOfShape').map((t, i) => randomTensor(t, [1], i + 200));
  const resident = inputs.filter((t) => t.type !== 'string').map((t) => tw.toResident(t as never));

  const calls: Array<() => unknown> = [
    () => tw.floor(pick(floats) as never),
    () => tw.floor(pick(inputs) as never),                                          // mostly the wrong type
    () => tw.tile(pick(inputs) as never, [Math.floor(next() * 3), Math.floor(next() * 3)]),
    () => tw.tile(pick(inputs) as never, [1, -1]),
    () => tw.tile(pick(inputs) as never, [1]),
    () => tw.tile(pick(resident) as never, [2, 1]),
    () => tw.constantOfShape([Math.floor(next() * 5), Math.floor(next() * 5)], pick(values) as never),
    () => tw.constantOfShape([3, 4], pick(values) as never, { resident: true }),
    () => tw.constantOfShape([2 ** 20, 2 ** 14], pick(values) as never),            // too large, even for int2
    () => tw.constantOfShape([2, -2]),
    () => tw.asStrided(pick(inputs) as never, { size: [3, 2], stride: [1, 2], offset: next() < 0.8 ? 0 : 1 }),
    () => tw.asStrided(pick(resident) as never, { size: [2, 2, 2], stride: [0, 3, 1] }),
    () => tw.asStrided(pick(inputs) as never, { size: [7], stride: [1] }),            // reads past the input
    () => tw.runNode({ opType: 'Floor', opset: pick([1, 6, 13]) }, [pick(floats)] as never),
    () => tw.runNode({ opType: 'Tile', opset: 1 }, [pick(floats), { type: 'int64', data: new BigInt64Array([2n]), dims: [] }, { type: 'int64', data: new BigInt64Array([1n]), dims: [] }] as never),
    () => tw.runNode({ opType: 'ConstantOfShape', opset: pick([9, 20, 25]), attributes: { value: pick(values) } }, [{ type: 'int64', data: new BigInt64Array([2n, 3n]), dims: [2] }] as never),
    () => tw.runNode({ opType: 'AsStrided', domain: 'atb', attributes: { size: [2], stride: [2], offset: [1] } }, [pick(inputs)] as never),
    () => {
      const r = tw.toResident(pick(floats) as never) as tw.ResidentTensor<'float32'>;
      try {
        return tw.floor(r);
      } finally {
        r.dispose();
      }
    },
    () => tw.toResident(pick(inputs) as never),                                       // strings refused
    // Every op of the registry: its test module's valid cases, copied and resident, and the same node with no inputs (refused).
    ...OP_TESTS.flatMap((test) => {
      const domain = tw.OPS[test.op as keyof typeof tw.OPS].domain;
      const cases = test.cases(rng(99)).slice(0, 6);
      const node = (c: (typeof cases)[number]) => ({ opType: test.op, domain, opset: c.opset, attributes: { ...c.attributes } });
      return [
        () => { const c = pick(cases); return tw.runNode(node(c), c.inputs as never); },
        () => {
          const c = pick(cases);
          if (c.inputs.some((t) => t?.type === 'string')) return tw.runNode(node(c), c.inputs as never);
          const resident = c.inputs.map((t) => (t === undefined ? undefined : tw.toResident(t as never)));
          try {
            return tw.runNode(node(c), resident as never);
          } finally {
            for (const r of resident) r?.dispose();
          }
        },
        () => tw.runNode(node(pick(cases)), []),
      ];
    }),
  ];

  // Warm up every path once, so lazily made state is in the baselines.
  const dispose = (r: unknown) => {
    if (r instanceof tw.ResidentTensor) r.dispose();
    else if (Array.isArray(r)) r.forEach(dispose);
  };
  const call = (f: () => unknown) => {
    try {
      dispose(f());
      return 0;
    } catch (error) {
      if (!(error instanceof tw.SpecError)) throw error;
      return 1;
    }
  };
  for (const f of calls) for (let i = 0; i < 20; i++) call(f);
  // Then a run of the same random mix, so that state made lazily per shape or
  // type (frozen dims shared by equal results, conversion tables, the
  // engine's own inline caches) is in the baselines: a leak keeps growing
  // past it, a cache does not.
  for (let i = 0; i < CALLS / 5; i++) call(pick(calls));
  const wasmBaseline = tw.memoryStats().heapBytesInUse;
  const jsBaseline = fullGc();

  // Two halves, the JS heap measured after each: a leak grows the heap in
  // both by about the same, while the collector's noise at a heap of some
  // 40 MB (a few MB either way) does not grow it twice.
  let rejected = 0;
  const started = Date.now();
  for (let i = 0; i < CALLS / 2; i++) rejected += call(pick(calls));
  const jsHalf = fullGc();
  for (let i = CALLS / 2; i < CALLS; i++) rejected += call(pick(calls));
  const seconds = (Date.now() - started) / 1000;

  const wasmAfter = tw.memoryStats().heapBytesInUse;
  const jsAfter = fullGc();
  const growth = [jsHalf - jsBaseline, jsAfter - jsHalf];
  console.log([
    `soak: ${CALLS} calls (${CALLS - rejected} valid, ${rejected} SpecErrors) in ${seconds.toFixed(1)} s`,
    `  wasm heap in use: ${wasmBaseline} bytes before, ${wasmAfter} after; memory ${tw.memoryStats().memoryBytes} bytes`,
    `  JS heap used after full GC: ${jsBaseline} bytes before, ${jsHalf} halfway, ${jsAfter} after (growth per half ${growth.join(', ')}; bound ${JS_HEAP_BOUND / 2} in one half at least)`,
  ].join('\n'));
  expect(wasmAfter).toBe(wasmBaseline);
  expect(Math.min(...growth)).toBeLessThan(JS_HEAP_BOUND / 2);
  expect(rejected).toBeGreaterThan(CALLS / 5);
  expect(rejected).toBeLessThan(CALLS);
  for (const r of resident) r.dispose();
});
