// Shared pieces of the binary elementwise ops' test modules: random operands
// that broadcast (axes dropped from the front, extents set to 1), an OpTest
// from an op's scalar rule (tests/js/elementwise-reference.ts), and the
// too-large case every one of them has: [2^16, 1] against [1, 2^16] is 2^32
// elements, more than WebAssembly memory, from inputs of 64 KiB.
import * as tw from 'tessera-wasm';
import { type Out, type V, broadcast, broadcastIndices, elements, encode, isFloat, rawBits } from '../js/elementwise-reference';
import type { Expected, OpCase, OpTest } from './op-test';
import { between, newestTypes, randomDims, randomInput } from './support';

/** One element of each operand: its value, its raw bits, and the type. */
export interface Element { readonly value: V; readonly bits: bigint }
/** An op's rule for one output element, from one element of each input. */
export type Rule = (xs: readonly Element[], type: string, attributes: Readonly<Record<string, unknown>>) => Out;

/** Shapes that broadcast to random output dims: each drops leading axes and sets extents to 1 at random. */
export function broadcastShapes(random: () => number, count: number): number[][] {
  const dims = randomDims(random, 4, 4);
  return Array.from({ length: count }, () => {
    const kept = dims.slice(between(random, 0, Math.min(dims.length, random() < 0.5 ? 0 : dims.length)));
    return kept.map((d) => (random() < 0.3 ? 1 : d));
  });
}

/** A tensor of `type` whose zero elements (integers) are replaced by `one`: a divisor. */
export function nonZero(t: tw.Tensor): tw.Tensor {
  if (isFloat(t.type) || t.type === 'bool') return t;
  const copy = (t.data as unknown as { slice(): ArrayLike<number | bigint> & { [i: number]: number | bigint } }).slice();
  for (let i = 0; i < copy.length; i++) if (copy[i] === 0 || copy[i] === 0n) copy[i] = typeof copy[i] === 'bigint' ? 1n : 1;
  return new tw.Tensor(t.type, copy as never, t.dims);
}

/** The expected output of a rule over the inputs, folded left to right (n-ary ops), with numpy's (or the legacy) broadcasting. */
export function applyRule(rule: Rule, inputs: readonly tw.Tensor[], attributes: Readonly<Record<string, unknown>>, outType: string,
  legacyBShape?: readonly number[]): Expected {
  const shapes = inputs.map((t) => [...t.dims]);
  if (legacyBShape !== undefined) shapes[1] = [...legacyBShape];
  const dims = legacyBShape !== undefined ? shapes[0] : broadcast(shapes)!;
  const values = inputs.map((t) => elements({ type: t.type, data: t.data as ArrayBufferView, dims: t.dims }));
  const type = inputs[0].type;
  const at = broadcastIndices(dims, shapes);
  const out = at.map((indices) => rule(indices.map((j, k) => ({ value: values[k][j], bits: rawBits({ type, data: inputs[k].data as ArrayBufferView, dims: inputs[k].dims }, j) })), type, attributes));
  return { type: outType, dims, storage: encode(outType, out) };
}

/** [2^16, 1] against [1, 2^16] of `type`: 2^32 output elements. */
export function tooLargePair(type: string): [tw.Tensor, tw.Tensor] {
  const make = (dims: number[]) => {
    const t = randomInput(() => 0.5, type, [1]);
    const Ctor = (t.data as unknown as { constructor: new (n: number) => ArrayBufferView }).constructor;
    const data = new Ctor(2 ** 16);
    if (type === 'bool' || !isFloat(type)) new Uint8Array(data.buffer).fill(1);
    return new tw.Tensor(type as never, data as never, dims);
  };
  return [make([2 ** 16, 1]), make([1, 2 ** 16])];
}

export interface BinarySpec {
  readonly op: string;
  readonly rule: Rule;
  readonly bool?: boolean;
  /** B is a divisor: its integer zeros are replaced by 1 (Div, Mod). */
  readonly divides?: boolean;
  /** Attributes of the random cases, per type. */
  readonly attributes?: (type: string, random: () => number) => Record<string, unknown>;
  readonly named: (c: OpCase, options?: { out?: unknown }) => tw.Tensor | tw.ResidentTensor;
  readonly tolerance?: OpTest['tolerance'];
  readonly types?: readonly string[];
  /** Legacy (opset 6) cases, where the op has them: A [2, 3, 4], B [3] at axis 1, and B [4] by default. */
  readonly legacyOpset?: number;
  readonly tooLargeType?: string;
}

/** The OpTest of a two-input op with one T. */
export function binaryTest(spec: BinarySpec): OpTest {
  const types = spec.types ?? newestTypes(spec.op as keyof typeof tw.OPS, 'T');
  const outType = (type: string) => (spec.bool ? 'bool' : type);
  return {
    op: spec.op,
    cases: (random) => {
      const cases: OpCase[] = types.map((type) => {
        const [da, db] = broadcastShapes(random, 2);
        const a = randomInput(random, type, da);
        const b = randomInput(random, type, db);
        return { label: `${type} [${da}] with [${db}]`, inputs: [a, spec.divides ? nonZero(b) : b], attributes: spec.attributes?.(type, random) ?? {} };
      });
      if (spec.legacyOpset !== undefined) {
        const type = 'float32';
        const a = randomInput(random, type, [2, 3, 4]);
        cases.push({ label: 'legacy B [3] at axis 1', opset: spec.legacyOpset, inputs: [a, randomInput(random, type, [3])], attributes: { broadcast: 1, axis: 1 } });
        cases.push({ label: 'legacy B [4] at the back', opset: spec.legacyOpset, inputs: [a, randomInput(random, type, [4])], attributes: { broadcast: 1 } });
        cases.push({ label: 'legacy same shape', opset: spec.legacyOpset, inputs: [a, randomInput(random, type, [2, 3, 4])], attributes: {} });
      }
      return cases;
    },
    reference: (c) => {
      const [a, b] = c.inputs as tw.Tensor[];
      const legacy = c.attributes.broadcast === 1 ? (c.attributes.axis === 1 ? [3, 1] : [...b.dims]) : undefined;
      return [applyRule(spec.rule, [a, b], c.attributes, outType(a.type), legacy)];
    },
    named: spec.named,
    inPlace: true,
    looseNaN: false,
    tolerance: spec.tolerance,
    tooLarge: () => ({ label: '[2^16, 1] with [1, 2^16]', inputs: tooLargePair(spec.tooLargeType ?? 'uint8'), attributes: spec.attributes?.(spec.tooLargeType ?? 'uint8', () => 0.9) ?? {} }),
    fuzz: ['binary'],
  };
}

