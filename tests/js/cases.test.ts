// The shared op cases (tests/cases/*.json), which doctest also runs against
// cpp/src/validate.h: every valid case gives its output, every invalid one
// its SpecError, through the named op and, where a case names an opset, runNode.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as tw from 'tessera-wasm';

beforeAll(() => tw.init());

type Integer = number | string;  // strings: beyond 2^53
interface TensorCase { type: tw.DataType; dims?: number[]; data?: number[] }
interface Expected { output?: { type?: tw.DataType; dims: number[]; data?: number[] }; error?: { param: string; message: string } }
interface Case extends Expected {
  name: string; opset?: number; heavy?: boolean; runNodeOnly?: boolean;
  input?: TensorCase; repeats?: Integer[]; shape?: Integer[]; value?: TensorCase;
  size?: Integer[]; stride?: Integer[]; offset?: Integer[];
}

const load = (file: string) => JSON.parse(readFileSync(path.resolve(__dirname, '../cases', file), 'utf8')) as { op: string; cases: Case[] };
const NARROW = new Set(['float16', 'bfloat16', 'float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz', 'float8e8m0', 'float4e2m1', 'int4', 'uint4', 'int2', 'uint2']);

const integer = (n: Integer) => (typeof n === 'string' ? BigInt(n) : n);
const int64 = (list: Integer[]) => new tw.Tensor('int64', BigInt64Array.from(list, (n) => BigInt(n)), [list.length]);

function tensor({ type, dims = [1], data }: TensorCase): tw.Tensor {
  const size = dims.reduce((a, b) => a * b, 1);
  const values = data ?? Array.from({ length: size }, (_, i) => i + 1);
  if (NARROW.has(type)) return new tw.Tensor(type, tw.encode(type as tw.NarrowType, values) as never, dims);
  const storage = tw.DTYPES[type].storage;
  const Ctor = (globalThis as unknown as Record<string, new (v: ArrayLike<unknown>) => ArrayLike<unknown>>)[storage];
  const typed = storage.startsWith('Big') ? new Ctor(values.map(BigInt)) : new Ctor(values);
  return new tw.Tensor(type, typed as never, dims);
}

function values(t: tw.Tensor): number[] {
  return NARROW.has(t.type) ? tw.decode(t) : Array.from(t.data as ArrayLike<number | bigint>, Number);
}

/** Runs `call` and checks the case's output or error; a heavy case only has to pass its checks. */
function expectCase(c: Case, op: string, call: () => tw.Tensor | tw.ResidentTensor): void {
  if (c.error) {
    let thrown: unknown;
    try { call(); } catch (error) { thrown = error; }
    expect(thrown).toBeInstanceOf(tw.SpecError);
    const error = thrown as tw.SpecError;
    expect([error.op, error.param]).toEqual([op, c.error.param]);
    expect(error.message).toContain(c.error.message);
    return;
  }
  if (c.heavy) {
    try {
      const result = call();
      expect(result.dims).toEqual(c.output!.dims);
      if (tw.ResidentTensor.isResident(result)) result.dispose();
    } catch (error) {
      expect(error).toBeInstanceOf(tw.SpecError);
      expect((error as Error).message).toMatch(/could not allocate \d+ bytes of WebAssembly memory/);
    }
    return;
  }
  const result = call() as tw.Tensor;
  expect(result.dims).toEqual(c.output!.dims);
  if (c.output!.type) expect(result.type).toBe(c.output!.type);
  expect(values(result)).toEqual(c.output!.data);
}

const operand = (c: Case) => (c.heavy ? tw.toResident(tensor(c.input!) as never) : tensor(c.input!));

describe.each([
  ['tile.json', (c: Case) => [
    () => tw.tile(operand(c) as tw.Tensor, c.repeats!.map(integer)),
    () => tw.runNode({ opType: 'Tile', opset: c.opset }, [operand(c) as tw.Tensor, int64(c.repeats!)])[0],
  ]],
  ['constant-of-shape.json', (c: Case) => {
    const value = c.value && tensor(c.value);
    return [
      () => (c.heavy ? tw.constantOfShape(c.shape!.map(integer), value as never, { resident: true })
        : tw.constantOfShape(c.shape!.map(integer), value as never)),
      () => tw.runNode({ opType: 'ConstantOfShape', opset: c.opset, attributes: value ? { value } : {} }, [int64(c.shape!)])[0],
    ];
  }],
  ['as-strided.json', (c: Case) => [
    () => tw.asStrided(operand(c) as tw.Tensor, { size: c.size!.map(integer), stride: c.stride!.map(integer), offset: c.offset!.map(integer) }),
    () => tw.runNode({ opType: 'AsStrided', domain: 'atb', attributes: { size: c.size!.map(integer), stride: c.stride!.map(integer), offset: c.offset!.map(integer) } },
      [operand(c) as tw.Tensor])[0],
  ]],
] as const)('shared cases: %s', (file, calls) => {
  const { op, cases } = load(file);
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const [named, node] = calls(c);
    if (!c.runNodeOnly) expectCase(c, op, named);
    // The ATB node holds its spec's input types: only cases of those types (or about them) go through runNode.
    const atbTypes = op !== 'AsStrided' || tw.OPS.AsStrided.versions[0].types.T.includes(c.input!.type as never) || c.runNodeOnly;
    if ((c.opset !== undefined || c.runNodeOnly) && atbTypes) expectCase(c, op, node);
    if (op === 'AsStrided' && c.runNodeOnly) expectCase(c, op, node);
  });
});
