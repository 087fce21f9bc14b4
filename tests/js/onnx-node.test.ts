// ONNX's own backend node tests (ONNX 1.12, Debian's libonnx-testdata): every
// one-node case whose op tw.OPS registers runs through tw.runNode, each of its
// test_data_set_N, compared as ONNX's backend runner compares (onnx-compare.ts).
// One `it` per case, named "<Op> <case>". The ops come from tw.OPS, never a
// list here: a newly registered op's cases run without a change to this file.
//
//   ONNX_NODE_OP=Cast,Floor npx jest tests/js/onnx-node.test.ts   only those ops' cases
//   ONNX_NODE_DATA=<dir>                                          another copy of the data
//
// afterAll prints one line per op, the documented differences, the failures
// with their first difference, the ops not registered and the cases out of
// scope (more than one node; a sequence or optional value), and writes the
// same to build/onnx-node-report.txt (the scalar build: onnx-node-report-scalar.txt).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as tw from 'tessera-wasm';
import { type Verdict, compareOutput, judge, roundBfloat16, truncateBfloat16, worse } from './onnx-compare';
import { type OnnxModel, nonTensorValues, onlyNode, onnxTestNames, readDataSets, readOnnxModel, sameDomain } from './onnx';

const DATA = process.env.ONNX_NODE_DATA || '/usr/share/libonnx-testdata/data/node';
const ONLY = (process.env.ONNX_NODE_OP ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const REPORT_DIR = path.resolve(__dirname, '../../build');

beforeAll(() => tw.init());

// ---------------------------------------------------------------------------
// The census: every case directory, read once at collection

/** An op as the report names it: "Cast", or "domain:Op" outside ai.onnx. */
const label = (opType: string, domain: string) => (sameDomain(domain, '') ? opType : `${domain}:${opType}`);
/** ONNX_NODE_OP names an op as the report does, or by its op type alone. */
const chosen = (op: string) => !ONLY.length || ONLY.includes(op) || ONLY.includes(op.slice(op.indexOf(':') + 1));

function registered(opType: string, domain: string): boolean {
  if (!Object.prototype.hasOwnProperty.call(tw.OPS, opType)) return false;
  return sameDomain((tw.OPS as Record<string, { domain: string }>)[opType].domain, domain);
}

interface Case { name: string; op: string; model: OnnxModel }

const present = existsSync(DATA);
const names = present ? onnxTestNames(DATA) : [];
const cases: Case[] = [];
const unreadable: { name: string; error: string }[] = [];
const notRegistered = new Map<string, number>();
/** Cases of registered ops whose graph has a sequence, map or optional value: tw has tensors only. */
const nonTensor: { name: string; op: string; values: string }[] = [];
let multiNode = 0;
let filteredOut = 0;
for (const name of names) {
  let model: OnnxModel;
  try {
    model = readOnnxModel(path.join(DATA, name));
  } catch (error) {
    unreadable.push({ name, error: (error as Error).message });
    continue;
  }
  if (model.nodes.length !== 1) {
    multiNode++;
    continue;
  }
  const [{ opType, domain }] = model.nodes;
  const op = label(opType, domain);
  if (!registered(opType, domain)) notRegistered.set(op, (notRegistered.get(op) ?? 0) + 1);
  else if (!chosen(op)) filteredOut++;
  else if (nonTensorValues(model).length) nonTensor.push({ name, op, values: nonTensorValues(model).map((v) => `${v.name} (${v.kind ?? 'no type'})`).join(', ') });
  else cases.push({ name, op, model });
}
const registeredOps = Object.entries(tw.OPS as Record<string, { domain: string }>).map(([op, { domain }]) => label(op, domain)).sort();

// ---------------------------------------------------------------------------
// One case: every data set, every output

interface Result extends Verdict { bitExact: boolean; notes: string[] }
const results = new Map<string, Result>();

function runCase({ model }: Case): Result {
  const node = onlyNode(model);
  const proto = model.nodes[0];
  const sets = readDataSets(model);
  if (sets.length === 0) throw new Error('no test_data_set_N');
  let verdict: Verdict = { kind: 'bit-exact', detail: '' };
  const notes = sets.flatMap((s) => s.reinterpreted);
  for (const set of sets) {
    const byName = new Map(model.graphInputs.map((info, k) => [info.name, set.inputs[k]]));
    let given = proto.inputs.length;
    while (given > 0 && proto.inputs[given - 1] === '') given--;  // trailing omitted optional inputs: not passed
    const inputs = proto.inputs.slice(0, given).map((name) => {
      if (name === '') return undefined;  // an omitted optional input between given ones
      if (!byName.has(name)) throw new Error(`input ${name} is not a graph input (an initializer?)`);
      return byName.get(name);
    });
    const outputs = tw.runNode(node, inputs as tw.Tensor[]);
    if (outputs.length !== proto.outputs.length) throw new Error(`${set.name}: runNode gave ${outputs.length} outputs, the node has ${proto.outputs.length}`);
    model.graphOutputs.forEach((info, k) => {
      const at = proto.outputs.indexOf(info.name);
      if (at < 0) throw new Error(`graph output ${info.name} is no output of the node`);
      const v = judge(node.opType, inputs, outputs[at] as tw.Tensor, set.outputs[k]);
      verdict = worse(verdict, { kind: v.kind, detail: v.detail && `${set.name}, output ${info.name}: ${v.detail}` });
    });
  }
  return { ...verdict, bitExact: verdict.kind === 'bit-exact', notes };
}

describe(`ONNX node tests (${DATA})`, () => {
  if (!present) {
    const why = `${DATA} is absent (Debian's libonnx-testdata: scripts/setup.sh installs it)`;
    it.skip(`every case (skipped: ${why})`, () => undefined);
    process.stderr.write(`onnx-node: skipped, ${why}\n`);
    return;
  }
  for (const op of ONLY) {
    it(`ONNX_NODE_OP names ${op}, an op tw.OPS registers`, () => expect(registeredOps.filter((o) => o === op || o.endsWith(`:${op}`))).toHaveLength(1));
  }
  for (const { name, error } of unreadable) {
    it(`(unreadable) ${name}`, () => { throw new Error(`model.onnx: ${error}`); });
  }
  for (const c of cases) {
    it(`${c.op} ${c.name}`, () => {
      let result: Result;
      try {
        result = runCase(c);
      } catch (error) {
        result = { kind: 'different', detail: `${(error as Error).name}: ${(error as Error).message}`, bitExact: false, notes: [] };
      }
      results.set(c.name, result);
      if (result.kind === 'different') throw new Error(result.detail);
    });
  }
});

// ---------------------------------------------------------------------------
// The yardstick itself: it can fail, and it reads every data set

describe('the comparison (onnx-compare.ts) and the data sets', () => {
  const t = (type: tw.DataType, values: number[], dims = [values.length]) => tw.tensor(type, values as never, dims);
  const bits16 = (type: 'bfloat16', values: number[]) => new tw.Tensor(type, Uint16Array.from(values), [values.length]);

  it('passes values within rtol 1e-3 + atol 1e-7 of the expected, NaN equal to NaN, and fails the rest', () => {
    expect(compareOutput(t('float32', [1, NaN]), t('float32', [1, NaN])).kind).toBe('bit-exact');
    expect(compareOutput(new tw.Tensor('float32', new Float32Array(new Uint32Array([0x7fc00001]).buffer), [1]), t('float32', [NaN])).kind).toBe('close');
    expect(compareOutput(t('float32', [1.0009, 0]), t('float32', [1, 1e-7])).kind).toBe('close');
    expect(compareOutput(t('float32', [1.0011]), t('float32', [1])).detail).toMatch(/^element 0 \[0\]: 1\.00109.* expected 1 \(0x3f800000\)/);
    expect(compareOutput(t('float32', [Infinity]), t('float32', [-Infinity])).kind).toBe('different');
    expect(compareOutput(t('float32', [0, 1, 2, 3], [2, 2]), t('float32', [0, 1, 2, 4], [2, 2])).detail).toMatch(/^element 3 \[1, 1\]/);
    expect(compareOutput(t('int32', [1000]), t('int32', [1001])).kind).toBe('different');  // exact, not allclose
    expect(compareOutput(t('float32', [1]), t('float64', [1])).detail).toBe('type float32, expected float64');
    expect(compareOutput(t('float32', [1, 2]), t('float32', [1, 2], [1, 2])).detail).toMatch(/^dims/);
    expect(compareOutput(tw.tensor('string', ['a']), tw.tensor('string', ['b'])).kind).toBe('different');
  });

  it('passes a float -> bfloat16 truncation as documented only where every differing element is the nearest-even value', () => {
    // Rounds up; exact; a tie to the even code, up in magnitude; a tie to the even code, the truncation.
    const x = t('float32', [1 + 2 ** -8 + 2 ** -10, 1, -(1 + 2 ** -7 + 2 ** -8), 1 + 2 ** -8]);
    const bits = Array.from(x.data as Float32Array, (v) => new Uint32Array(new Float32Array([v]).buffer)[0]);
    const trunc = bfloat16Of(bits.map(truncateBfloat16));
    const rne = bfloat16Of(bits.map(roundBfloat16));
    expect(rne.data).not.toEqual(trunc.data);
    expect(judge('Cast', [x], rne, trunc)).toMatchObject({ kind: 'documented', detail: expect.stringMatching(/\(2 of 4 elements/) });
    expect(judge('Cast', [x], trunc, rne).kind).toBe('different');  // the roles reversed
    expect(judge('Floor', [x], rne, trunc).kind).toBe('different');  // not a cast
    const off = bits16('bfloat16', [...(rne.data as Uint16Array)].map((v, i) => (i === 1 ? v + 1 : v)));
    expect(judge('Cast', [x], off, trunc).detail).toMatch(/not the documented difference: element 1:/);
    function bfloat16Of(values: number[]) { return bits16('bfloat16', values); }
  });

  (present && existsSync(path.join(DATA, 'test_floor')) ? it : it.skip)('runs every test_data_set_N: a copy of test_floor fails on its changed second set', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'onnx-node-'));
    try {
      cpSync(path.join(DATA, 'test_floor'), dir, { recursive: true });
      cpSync(path.join(dir, 'test_data_set_0'), path.join(dir, 'test_data_set_1'), { recursive: true });
      const model = readOnnxModel(dir);
      expect(runCase({ name: 'copy', op: 'Floor', model }).kind).toBe('bit-exact');
      const file = path.join(dir, 'test_data_set_1', 'output_0.pb');
      const { tensor, name } = tw.fromTensorProto(readFileSync(file), { withName: true });
      const changed = Float32Array.from(tensor.data as Float32Array);
      changed[7] += 1;
      writeFileSync(file, tw.toTensorProto(new tw.Tensor('float32', changed, tensor.dims), { name }));
      expect(runCase({ name: 'copy', op: 'Floor', model }).detail).toMatch(/^test_data_set_1, output y: element 7 /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------
// The report

function report(): string {
  const lines: string[] = [];
  const build = tw.backendInfo().simd ? 'tessera.wasm' : 'tessera-scalar.wasm';
  lines.push(`ONNX 1.12 node tests on ${build}: ${names.length} cases in ${DATA}${ONLY.length ? ` (ONNX_NODE_OP: only ${ONLY.join(', ')})` : ''}`);
  if (!present) {
    lines.push(`onnx-node: skipped, ${DATA} is absent (Debian's libonnx-testdata: scripts/setup.sh installs it)`);
    return lines.join('\n');
  }
  const byOp = new Map<string, Case[]>();
  for (const c of cases) byOp.set(c.op, [...(byOp.get(c.op) ?? []), c]);
  const failing: string[] = [];
  const inexact: string[] = [];
  const differences: string[] = [];
  const reread: string[] = [];
  let [passed, exact, documented, failed, notRun] = [0, 0, 0, 0, 0];
  for (const op of registeredOps.filter(chosen)) {
    const own = byOp.get(op) ?? [];
    if (own.length === 0) {
      lines.push(`${op}: no cases in this data`);
      continue;
    }
    const counts = { pass: 0, exact: 0, documented: 0, fail: 0, notRun: 0 };
    for (const c of own) {
      const r = results.get(c.name);
      if (!r) counts.notRun++;
      else if (r.kind === 'different') { counts.fail++; failing.push(`  ${op} ${c.name}: ${r.detail}`); }
      else if (r.kind === 'documented') { counts.documented++; differences.push(`  ${op} ${c.name}: ${r.detail}`); }
      else if (r.bitExact) { counts.pass++; counts.exact++; }
      else { counts.pass++; inexact.push(`  ${op} ${c.name}: ${r.detail}`); }
      if (r?.notes.length) reread.push(`  ${op} ${c.name}: ${r.notes.join('; ')}`);
    }
    if (counts.notRun === own.length) {
      lines.push(`${op}: ${own.length} cases not run (jest -t)`);
      notRun += counts.notRun;
      continue;
    }
    lines.push(`${op}: ${counts.pass} of ${own.length} pass (${counts.exact} bit-exact)`
      + (counts.documented ? `, ${counts.documented} documented difference${counts.documented === 1 ? '' : 's'}` : '')
      + (counts.fail ? `, ${counts.fail} fail` : '')
      + (counts.notRun ? `, ${counts.notRun} not run (jest -t)` : ''));
    passed += counts.pass; exact += counts.exact; documented += counts.documented; failed += counts.fail; notRun += counts.notRun;
  }
  failed += unreadable.length;
  lines.push(`passing, not bit-exact:`, ...(inexact.length ? inexact : ['  none']));
  lines.push(`documented differences (each passes only where the rule explains every differing element):`, ...(differences.length ? differences : ['  none']));
  lines.push(`read as the graph declares (ONNX 1.12 stored bfloat16 as uint16):`, ...(reread.length ? reread : ['  none']));
  lines.push(`failing:`, ...(failing.length || unreadable.length ? [...failing, ...unreadable.map((u) => `  (unreadable) ${u.name}: ${u.error}`)] : ['  none']));
  const unlisted = [...notRegistered].sort(([a], [b]) => a.localeCompare(b));
  const unregisteredCases = unlisted.reduce((n, [, k]) => n + k, 0);
  lines.push(`not registered: ${unregisteredCases} cases of ${unlisted.length} ops: ${unlisted.map(([op, k]) => `${op} ${k}`).join(', ')}`);
  lines.push(`out of scope: ${multiNode} cases with more than one node`);
  lines.push(`out of scope: ${nonTensor.length} cases of registered ops with a value that is no tensor`
    + (nonTensor.length ? `: ${nonTensor.map((c) => `${c.op} ${c.name} (${c.values})`).join(', ')}` : ''));
  const total = passed + documented + failed + notRun;
  lines.push(`onnx-node: ${total} cases of registered ops: ${passed} pass (${exact} bit-exact), ${documented} documented differences, ${failed} fail`
    + `${notRun ? `, ${notRun} not run` : ''}${filteredOut ? `, ${filteredOut} left out by ONNX_NODE_OP` : ''}; ${unregisteredCases} not registered; ${multiNode + nonTensor.length} out of scope`);
  return lines.join('\n');
}

afterAll(() => {
  const text = `${report()}\n`;
  process.stdout.write(`\n${text}`);
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(path.join(REPORT_DIR, tw.backendInfo().simd ? 'onnx-node-report.txt' : 'onnx-node-report-scalar.txt'), text);
});
