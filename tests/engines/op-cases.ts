// Writes every op's test-module cases (tests/ops, the list the op-agnostic
// suites iterate) for fixed seeds, with their references' outputs, as one JSON
// file the engine matrix's cells and the benchmark's smoke run read: each
// engine rebuilds the tensors with its own library and runs them
// (tests/engines/registry.mjs). Bundled and run in Node by scripts/op-cases.mjs;
// the engines themselves run plain JS and cannot import the TypeScript modules.
//
//   node build/engines/op-cases.cjs <out.json> <seed,seed,...>
//
// The JSON: { format: 1, seeds, ops: [{ op, looseNaN, cases: [{ label,
// opset?, inputs, attributes, outputs }], named: { fn, args, output,
// dataInput, inPlace } | null, error? }] }. Values are JSON but for
// tagged objects: { $tensor: { type, dims, array, data } } (data: the storage's
// bytes in base64, or the strings), { $bigint: '…' }, { $number: 'NaN' |
// 'Infinity' | '-Infinity' | '-0' }, { $typed: 'Float32Array', data } and
// { $undefined: true } (an omitted optional input). An output is { type, dims,
// storage } (base64, or the strings). An op whose module threw while making
// its cases has `error` instead of cases: the engines report it as a failure.
import { writeFileSync } from 'node:fs';
import * as tw from 'tessera-wasm';
import { rng } from '../js/helpers';
import { type Expected, OP_TESTS, type OpCase, type OpTest } from '../ops';

const base64 = (view: ArrayBufferView) => Buffer.from(view.buffer, view.byteOffset, view.byteLength).toString('base64');

/** A case's value as JSON: tensors, bigints, non-finite numbers, typed arrays and undefined tagged. */
function encode(value: unknown): unknown {
  if (value === undefined) return { $undefined: true };
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (typeof value === 'number') {
    if (Number.isNaN(value) || !Number.isFinite(value)) return { $number: String(value) };
    return Object.is(value, -0) ? { $number: '-0' } : value;
  }
  if (value instanceof tw.Tensor) {
    const data = value.data as ArrayBufferView | string[];
    return {
      $tensor: {
        type: value.type, dims: [...value.dims], array: data.constructor.name,
        data: Array.isArray(data) ? [...data] : base64(data),
      },
    };
  }
  if (ArrayBuffer.isView(value)) return { $typed: value.constructor.name, data: base64(value) };
  if (Array.isArray(value)) return value.map(encode);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return value;
}

const encodeOutput = (e: Expected) => ({
  type: e.type, dims: [...e.dims], storage: e.storage instanceof Uint8Array ? base64(e.storage) : [...e.storage],
});

function encodeCase(test: OpTest, c: OpCase) {
  return {
    label: c.label, ...(c.opset === undefined ? {} : { opset: c.opset }),
    inputs: c.inputs.map(encode), attributes: encode(c.attributes), outputs: test.reference(c).map(encodeOutput),
  };
}

// How the test module calls the op's named function (recorded by
// tests/engines/recording-library.cjs), for the engines' `out` checks: the
// call of the first newest-version case with one non-string output, its
// `out` a marker that the JSON writes as { $out: true }.
type Recorder = (fn: () => unknown) => { calls: { fn: string; args: unknown[] }[] };
const OUT = { out: 'the out under test' };

function namedCall(test: OpTest, cases: readonly OpCase[]) {
  if (!test.named) return undefined;
  const record = (globalThis as unknown as { __tesseraRecord: Recorder }).__tesseraRecord;
  for (const c of cases) {
    if (c.opset !== undefined) continue;
    const want = test.reference(c);
    if (want.length !== 1 || want[0].type === 'string' || c.inputs.some((t) => t?.type === 'string')) continue;
    const { calls } = record(() => test.named!(c, { out: OUT }));
    const call = calls.find((k) => k.args.some((a) => a !== null && typeof a === 'object' && (a as { out?: unknown }).out === OUT));
    if (!call) continue;
    const args = call.args.map((a) => (a !== null && typeof a === 'object' && (a as { out?: unknown }).out === OUT
      ? { ...(a as object), out: { $out: true } } : a));
    return {
      fn: call.fn, args: encode(args), output: encodeOutput(want[0]),
      dataInput: test.dataInput ?? 0, inPlace: test.inPlace === true,
    };
  }
  return undefined;
}

function opEntry(test: OpTest, seeds: readonly number[]) {
  const head = { op: test.op, looseNaN: test.looseNaN === true, tolerance: test.tolerance ?? null };
  try {
    const cases = seeds.flatMap((seed) => test.cases(rng(seed)));
    return { ...head, cases: cases.map((c) => encodeCase(test, c)), named: namedCall(test, cases) ?? null };
  } catch (error) {
    return { ...head, error: String((error as Error)?.stack ?? error) };
  }
}

async function main(): Promise<void> {
  const [file, seedList] = process.argv.slice(2);
  if (!file || !seedList) throw new Error('usage: op-cases.cjs <out.json> <seed,seed,...>');
  const seeds = seedList.split(',').map(Number);
  await tw.init();
  const ops = OP_TESTS.map((test) => opEntry(test, seeds));
  writeFileSync(file, JSON.stringify({ format: 1, seeds, ops }));
  const cases = ops.reduce((n, o) => n + ('cases' in o ? o.cases.length : 0), 0);
  const seedText = seeds.length > 4 ? `${seeds.length} seeds` : `seed${seeds.length > 1 ? 's' : ''} ${seeds.join(', ')}`;
  console.log(`op cases: ${ops.length} ops, ${cases} cases, ${seedText}: ${file}`);
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exitCode = 1;
});
