// The op-agnostic suite: every op of the registry, through its test module
// (tests/ops), on every path a call can take — runNode and the named function,
// fresh, into `out` (clean and dirty, and over its own input), resident, each
// executor the dispatcher can pick, and inputs whose getters answer twice —
// each against the op's independent reference. The census at the end fails
// when an op of tw.OPS has no test module, or a suite that must cover every
// op does not iterate the list.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as tw from 'tessera-wasm';
import type * as Testing from 'tessera-wasm/testing';
import { type Expected, OP_TESTS, type OpCase, type OpTest } from '../ops';
import { rng } from './helpers';

const SEEDS = [20261201, 7, 1234567];

let testing: typeof Testing;
beforeAll(async () => {
  await tw.init();
  jest.isolateModules(() => { testing = require('tessera-wasm/testing'); });
  await testing.init();
});

type Output = tw.Tensor | tw.ResidentTensor;

/** '' when the tensor is the expected output (bytes, or the strings; any NaN for any NaN where the op allows it); else the first difference. */
function difference(got: { type: string; dims: readonly number[]; data: unknown }, want: Expected, looseNaN = false,
  tolerance?: OpTest['tolerance']): string {
  if (got.type !== want.type) return `type ${got.type}, expected ${want.type}`;
  if (got.dims.join() !== want.dims.join()) return `dims [${got.dims}], expected [${want.dims}]`;
  if (want.type === 'string') {
    const a = got.data as string[];
    const i = (want.storage as string[]).findIndex((s, k) => s !== a[k]);
    return a.length !== want.storage.length ? `${a.length} strings, expected ${want.storage.length}` : i < 0 ? '' : `string ${i}: ${JSON.stringify(a[i])}`;
  }
  const d = got.data as ArrayBufferView;
  const a = Buffer.from(d.buffer, d.byteOffset, d.byteLength);
  const e = Buffer.from(want.storage as Uint8Array);
  if (a.length !== e.length) return `${a.length} bytes, expected ${e.length}`;
  if (a.equals(e)) return '';
  const within = tolerance?.[want.type];
  if (within !== undefined) return differenceWithin(a, e, want.type, within);
  const width = want.type === 'float32' ? 4 : want.type === 'float64' ? 8 : 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === e[i]) continue;
    if (looseNaN && width > 0) {
      const at = i - (i % width);
      const read = (b: Buffer) => (width === 4 ? b.readFloatLE(at) : b.readDoubleLE(at));
      if (Number.isNaN(read(a)) && Number.isNaN(read(e))) { i = at + width - 1; continue; }
    }
    return `byte ${i} is 0x${a[i].toString(16)}, expected 0x${e[i].toString(16)}`;
  }
  return '';
}

// An op's tolerance (OpTest.tolerance): float elements within atol + ulps * eps * |want|; NaN equal to NaN.
const EPS: Record<string, number> = { float64: 2 ** -52, float32: 2 ** -23, float16: 2 ** -10, bfloat16: 2 ** -7 };
function differenceWithin(a: Buffer, e: Buffer, type: string, { ulps, atol }: { ulps: number; atol: number }): string {
  const width = type === 'float64' ? 8 : type === 'float32' ? 4 : 2;
  const half = (h: number) => {
    if (type === 'bfloat16') return new Float32Array(new Uint32Array([h << 16]).buffer)[0];
    const exponent = (h >> 10) & 0x1f;
    const m = h & 0x3ff;
    const v = exponent === 0 ? m * 2 ** -24 : exponent === 31 ? (m ? NaN : Infinity) : (1 + m / 1024) * 2 ** (exponent - 15);
    return h & 0x8000 ? -v : v;
  };
  const read = (b: Buffer, at: number) => (width === 8 ? b.readDoubleLE(at) : width === 4 ? b.readFloatLE(at) : half(b.readUInt16LE(at)));
  for (let at = 0; at < a.length; at += width) {
    const x = read(a, at);
    const y = read(e, at);
    if (Object.is(x, y) || (Number.isNaN(x) && Number.isNaN(y))) continue;
    if (!(Math.abs(x - y) <= atol + ulps * EPS[type] * Math.abs(y))) return `element ${at / width} is ${x}, expected ${y} (within ${ulps} ulps + ${atol})`;
  }
  return '';
}

const nodeOf = (test: OpTest, c: OpCase) => ({ opType: test.op, domain: tw.OPS[test.op as keyof typeof tw.OPS].domain, opset: c.opset, attributes: { ...c.attributes } });
const asList = (o: Output | Output[]) => (Array.isArray(o) ? o : [o]);
const isNewest = (test: OpTest, c: OpCase) => c.opset === undefined || c.opset === tw.OPS[test.op as keyof typeof tw.OPS].versions.at(-1)!.since;

function expectOutputs(test: OpTest, c: OpCase, got: Output[], want: Expected[], path: string): void {
  expect(`${path}: ${got.length} outputs`).toBe(`${path}: ${want.length} outputs`);
  got.forEach((o, i) => {
    const t = tw.ResidentTensor.isResident(o) ? (o as tw.ResidentTensor).toTensor() : o as tw.Tensor;
    expect(`${test.op} ${c.label}, ${path}, output ${i}: ${difference(t, want[i], test.looseNaN, test.tolerance)}`).toBe(`${test.op} ${c.label}, ${path}, output ${i}: `);
  });
}

/** A snapshot of every input's bytes (strings as they are), to check that nothing was written to an input. */
function snapshot(c: OpCase): string {
  return c.inputs.map((t) => (t === undefined ? '-' : t.type === 'string' ? JSON.stringify(t.data)
    : Buffer.from((t.data as ArrayBufferView).buffer, (t.data as ArrayBufferView).byteOffset, (t.data as ArrayBufferView).byteLength).toString('hex'))).join('|');
}

/** A zero (or 0xa5-filled: dirty) array of the output's storage class and length. */
function outArray(want: Expected, dirty: boolean): ArrayBufferView {
  const storage: string = tw.DTYPES[want.type as tw.DataType].storage;
  const bytes = (want.storage as Uint8Array).byteLength;
  const Ctor = (globalThis as unknown as Record<string, new (b: ArrayBuffer) => ArrayBufferView>)[storage];
  const array = new Ctor(new ArrayBuffer(bytes));
  if (dirty) new Uint8Array(array.buffer).fill(0xa5);
  return array;
}

/** The call returns its result, or throws a SpecError: nothing else. */
function resultOrSpecError<R>(call: () => R): R | tw.SpecError {
  try {
    return call();
  } catch (error) {
    if (error instanceof Error && error.name === 'SpecError') return error as tw.SpecError;
    throw error;
  }
}

// Known wrong answers, each a finding of issue 34 (hostile input, round three)
// being fixed: jest's it.failing passes while the test fails, and fails the
// day the fix lands, so the entry is removed with the fix.
const KNOWN_FAILURES: Record<string, readonly string[]> = {};
const itFor = (op: string, key: string) => (KNOWN_FAILURES[op]?.includes(key) ? it.failing : it);

describe.each(OP_TESTS.map((t) => [t.op, t] as const))('%s, every path against its reference', (_, test) => {
  const cases = SEEDS.flatMap((seed) => test.cases(rng(seed)));

  it(`runNode, ${cases.length} cases, inputs untouched`, () => {
    for (const c of cases) {
      const before = snapshot(c);
      expectOutputs(test, c, tw.runNode(nodeOf(test, c), c.inputs as tw.Tensor[]), test.reference(c), 'runNode');
      expect(snapshot(c)).toBe(before);
    }
  });

  it('the named function gives the same', () => {
    if (!test.named) return;
    for (const c of cases.filter((k) => isNewest(test, k))) expectOutputs(test, c, asList(test.named(c)), test.reference(c), 'named');
  });

  itFor(test.op, 'out')('into out: a clean and a dirty array, the result\'s data being that array', () => {
    if (!test.named) return;
    for (const c of cases.filter((k) => isNewest(test, k))) {
      const want = test.reference(c);
      if (want.length !== 1 || want[0].type === 'string') continue;
      for (const dirty of [false, true]) {
        const out = outArray(want[0], dirty);
        const y = test.named(c, { out }) as tw.Tensor;
        expect(y.data).toBe(out);
        expectOutputs(test, c, [y], want, dirty ? 'out (dirty)' : 'out');
      }
    }
  });

  itFor(test.op, 'overlap')('out over its own input: the right answer or a SpecError, the input untouched on refusal', () => {
    if (!test.named) return;
    const data = test.dataInput ?? 0;
    for (const c of cases.filter((k) => isNewest(test, k))) {
      const want = test.reference(c);
      const x = c.inputs[data];
      if (want.length !== 1 || want[0].type === 'string' || x === undefined || x.type === 'string' || want[0].storage.length === 0) continue;
      const xData = x.data as ArrayBufferView;
      const outBytes = (want[0].storage as Uint8Array).byteLength;
      const storage: string = tw.DTYPES[want[0].type as tw.DataType].storage;
      const Ctor = (globalThis as unknown as Record<string, { BYTES_PER_ELEMENT: number; new (b: ArrayBufferLike, o: number, n: number): ArrayBufferView }>)[storage];
      // The output placed over the input's bytes: from the same start, and one element later.
      for (const shift of [0, Ctor.BYTES_PER_ELEMENT]) {
        const buffer = new ArrayBuffer(Math.max(xData.byteLength, outBytes) + 2 * shift + 16);
        const copy = new Uint8Array(buffer, shift, xData.byteLength);
        copy.set(new Uint8Array(xData.buffer, xData.byteOffset, xData.byteLength));
        if (shift % (xData as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT !== 0) continue;
        const XCtor = xData.constructor as new (b: ArrayBufferLike, o: number, n: number) => ArrayBufferView;
        const xOver = new XCtor(buffer, shift, (xData as unknown as { length: number }).length);
        const inputs = c.inputs.map((t, i) => (i === data ? new tw.Tensor(x.type, xOver as never, x.dims) : t));
        const over = { ...c, inputs };
        for (const outStart of [shift, 0, 2 * shift]) {
          if (outStart % Ctor.BYTES_PER_ELEMENT !== 0) continue;
          copy.set(new Uint8Array(xData.buffer, xData.byteOffset, xData.byteLength));
          const out = new Ctor(buffer, outStart, outBytes / Ctor.BYTES_PER_ELEMENT);
          const result = resultOrSpecError(() => test.named!(over, { out }));
          if (result instanceof Error) {
            expect(`${c.label}: refused with input intact: ${Buffer.from(copy).equals(Buffer.from(xData.buffer, xData.byteOffset, xData.byteLength))}`)
              .toBe(`${c.label}: refused with input intact: true`);
            if (test.inPlace && outStart === shift && outBytes === xData.byteLength) throw new Error(`${test.op} ${c.label}: in place was refused: ${result.message}`);
          } else {
            expectOutputs(test, c, [result as tw.Tensor], want, `out at byte ${outStart} over the input at ${shift}`);
          }
        }
      }
    }
  });

  it('resident inputs give resident outputs with the same bytes, and free what they take', () => {
    for (const c of cases) {
      if (c.inputs.some((t) => t?.type === 'string') || test.reference(c).some((o) => o.type === 'string')) continue;
      const heap = tw.memoryStats().heapBytesInUse;
      const resident = c.inputs.map((t) => (t === undefined ? undefined : tw.toResident(t as never)));
      const outputs = resultOrSpecError(() => tw.runNode(nodeOf(test, c), resident as tw.ResidentTensor[]));
      if (outputs instanceof Error) throw outputs;
      for (const o of outputs) expect(tw.ResidentTensor.isResident(o)).toBe(true);
      expectOutputs(test, c, outputs, test.reference(c), 'resident');
      for (const o of [...outputs, ...resident]) (o as tw.ResidentTensor | undefined)?.dispose();
      expect(tw.memoryStats().heapBytesInUse).toBe(heap);
    }
  });

  it('every executor the dispatcher can pick gives the same bytes', () => {
    for (const c of cases) {
      for (const executor of ['kernel', 'loop', 'builtin'] as const) {
        const probed = testing.withExecutor(executor, () => testing.runNode(nodeOf(test, c), c.inputs as tw.Tensor[]));
        expectOutputs(test, c, probed.value as unknown as Output[], test.reference(c), `executor ${executor} (${probed.ran ?? 'none'})`);
      }
    }
  });

  it('inputs whose getters answer differently on a second read: read once (the first answer) or a SpecError', () => {
    for (const c of cases.slice(0, 4)) {
      const want = test.reference(c);
      const inputs = c.inputs.map((t) => {
        if (t === undefined) return undefined;
        let dimsReads = 0;
        let dataReads = 0;
        return {
          get type() { return t.type; },
          get dims() { return dimsReads++ === 0 ? t.dims : [...t.dims, 2]; },
          get data() { return dataReads++ === 0 ? t.data : (t.type === 'string' ? [] : new Uint8Array(0)); },
        };
      });
      const result = resultOrSpecError(() => tw.runNode(nodeOf(test, c), inputs as never));
      if (!(result instanceof Error)) expectOutputs(test, c, result, want, 'two-faced inputs');
    }
  });
});

describe('census: every op of the registry in every op-agnostic suite', () => {
  const root = path.resolve(__dirname, '../..');

  it('each op of tw.OPS has one test module (tests/ops), and each module names an op of tw.OPS', () => {
    expect(OP_TESTS.map((t) => t.op).sort()).toEqual(Object.keys(tw.OPS).sort());
  });

  it('each fuzz target a test module names has its seed corpus and its source (CMake builds every tests/fuzz/*-fuzz.cc)', () => {
    // A source builds <name>-fuzz, or <name>-<variant>-fuzz for each variant its "// fuzz variants: MACRO a b" line names.
    const built = readdirSync(path.join(root, 'tests/fuzz')).filter((f) => f.endsWith('-fuzz.cc')).flatMap((f) => {
      const name = f.slice(0, -'-fuzz.cc'.length);
      const variants = readFileSync(path.join(root, 'tests/fuzz', f), 'utf8').match(/^\/\/ fuzz variants: \S+ (.+)$/m)?.[1].split(/\s+/);
      return variants ? variants.map((v) => `${name}-${v}`) : [name];
    });
    for (const t of OP_TESTS) {
      for (const target of t.fuzz) {
        const has = { corpus: existsSync(path.join(root, 'tests/fuzz/corpus', target)), source: built.includes(target) };
        expect(`${t.op} ${target}: ${JSON.stringify(has)}`).toBe(`${t.op} ${target}: {"corpus":true,"source":true}`);
      }
    }
  });

  // The suites that must cover every op read the list of test modules, never a list of their own.
  const SUITES = ['tests/js/registry.test.ts', 'tests/js/soak.test.ts', 'tests/js/limits.test.ts', 'tests/js/hostile-surfaces.test.ts', 'tests/engines/op-cases.ts'];
  it.each(SUITES)('%s iterates the registry\'s test modules', (suite) => {
    expect(readFileSync(path.join(root, suite), 'utf8')).toMatch(/from '\.\.\/ops'/);
  });

  // The plain-JS suites run what tests/engines/op-cases.ts makes from that list; each checks at run time that its tw.OPS has no op without cases.
  const CASE_READERS = [
    ['scripts/op-cases.mjs', /'tests\/engines\/op-cases\.ts'/],  // bundles and runs it
    ['tests/engines/run.mjs', /await writeOpCases\(\)/],  // the engine matrix makes the cases before its cells
    ['tests/engines/suite.mjs', /await registryChecks\(context, opCases\)/],  // every cell runs them
    ['bench/run.mjs', /opSmoke\(host, opCases\)/],  // the benchmark's smoke run, every op once
  ] as const;
  it.each(CASE_READERS)('%s runs every op\'s cases', (file, pattern) => {
    expect(readFileSync(path.join(root, file), 'utf8')).toMatch(pattern);
  });
});
