// Test modules of Sum, Mean, Min and Max: one to three inputs of every type
// of the newest version, broadcast together, folded left to right with each
// step rounded to the type as ONNX's reference does (numpy: res = x0;
// res += x1 ...; Mean: res / n); Min and Max propagate a NaN operand's bits
// (the first one's) and order -0 before +0.
import * as tw from 'tessera-wasm';
import { type Out, type V, encodeSmallFloat, isFloat, elements } from '../js/elementwise-reference';
import { type Element, applyRule, broadcastShapes, tooLargePair } from './elementwise-cases';
import type { OpCase, OpTest } from './op-test';
import { between, newestTypes, randomInput } from './support';

/** A float64 rounded to the type (float16, bfloat16 by the reference's own rounding), so each step of a fold rounds. */
function rounded(type: string, v: number): number {
  if (type === 'float64' || Number.isNaN(v)) return v;
  if (type === 'float32') return Math.fround(v);
  const bits = type === 'float16' ? encodeSmallFloat(v, 10, 5) : encodeSmallFloat(v, 7, 8);
  const t = new tw.Tensor(type as 'float16', new Uint16Array([bits]), [1]);
  return elements({ type, data: t.data as ArrayBufferView, dims: [1] })[0] as number;
}

type Step = (acc: Element, x: Element, type: string) => Element;
const fold = (step: Step, mean: boolean) => (xs: readonly Element[], type: string): Out => {
  let acc = xs[0];
  for (let i = 1; i < xs.length; i++) acc = step(acc, xs[i], type);
  if (mean) return rounded(type, (acc.value as number) / xs.length);
  return Number.isNaN(acc.value) && isFloat(type) && acc.bits !== -1n ? { bits: acc.bits } : acc.value;
};
const value = (v: V): Element => ({ value: v, bits: -1n });
const add: Step = (a, b, type) => value(rounded(type, (a.value as number) + (b.value as number)));
// A NaN operand passes through as itself (the first one's bits); -0 < +0.
const pick = (max: boolean): Step => (a, b) => {
  if (typeof a.value === 'number' && Number.isNaN(a.value)) return a;
  if (typeof b.value === 'number' && Number.isNaN(b.value)) return b;
  const before = a.value < b.value || (a.value === 0 && b.value === 0 && Object.is(a.value, -0));
  return max ? (before ? b : a) : (before ? a : b);
};

function variadicTest(op: 'Sum' | 'Mean' | 'Min' | 'Max', step: Step, mean: boolean, fn: (xs: never, o?: never) => unknown): OpTest {
  return {
    op,
    cases: (random) => newestTypes(op, 'T').map((type): OpCase => {
      const shapes = broadcastShapes(random, between(random, 1, 3));
      return { label: `${type} ${shapes.map((s) => `[${s}]`).join(' ')}`, inputs: shapes.map((s) => randomInput(random, type, s)), attributes: {} };
    }).concat([{ label: 'opset 6 one shape', opset: 6, inputs: [1, 2].map(() => randomInput(random, 'float32', [2, 3])), attributes: {} }]),
    reference: (c) => {
      const inputs = c.inputs as tw.Tensor[];
      return [applyRule((xs, type) => fold(step, mean)(xs, type), inputs, {}, inputs[0].type)];
    },
    named: ({ inputs }, options) => fn(inputs as never, options as never) as tw.Tensor,
    inPlace: true,
    tooLarge: () => ({ label: '[2^16, 1] with [1, 2^16]', inputs: tooLargePair(op === 'Sum' || op === 'Mean' ? 'float16' : 'uint8'), attributes: {} }),
    fuzz: ['binary'],
  };
}

export const SUM: OpTest = variadicTest('Sum', add, false, tw.sum);
export const MEAN: OpTest = variadicTest('Mean', add, true, tw.mean);
export const MIN: OpTest = variadicTest('Min', pick(false), false, tw.min);
export const MAX: OpTest = variadicTest('Max', pick(true), false, tw.max);
