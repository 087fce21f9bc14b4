// Test modules of Add, Sub, Mul, Div, Pow and Mod: every type of the newest
// version, broadcast shapes (rank 0..4, empty dims), the legacy broadcast of
// opset 6, from numpy's rules written out (tests/js/elementwise-reference.ts).
import * as tw from 'tessera-wasm';
import { intInfo, intPow } from '../js/elementwise-reference';
import { type Element, type Rule, binaryTest } from './elementwise-cases';
import type { OpCase, OpTest } from './op-test';

const float = (xs: readonly Element[]) => typeof xs[0].value === 'number';
const num = (e: Element) => e.value as number;
const int = (e: Element) => e.value as bigint;
const binary = (f: (a: number, b: number) => number, g: (a: bigint, b: bigint) => bigint): Rule =>
  (xs) => (float(xs) ? f(num(xs[0]), num(xs[1])) : g(int(xs[0]), int(xs[1])));
const named = (fn: (a: never, b: never, o?: never) => unknown) => ({ inputs: [a, b] }: OpCase, options?: { out?: unknown }) =>
  fn(a as never, b as never, options as never) as tw.Tensor;

export const ADD: OpTest = binaryTest({ op: 'Add', rule: binary((a, b) => a + b, (a, b) => a + b), named: named(tw.add), legacyOpset: 6 });
export const SUB: OpTest = binaryTest({ op: 'Sub', rule: binary((a, b) => a - b, (a, b) => a - b), named: named(tw.sub), legacyOpset: 6 });
export const MUL: OpTest = binaryTest({ op: 'Mul', rule: binary((a, b) => a * b, (a, b) => a * b), named: named(tw.mul), legacyOpset: 6 });
// BigInt division truncates toward zero, as ONNX's reference does for integers (the divisors here have no 0).
export const DIV: OpTest = binaryTest({ op: 'Div', rule: binary((a, b) => a / b, (a, b) => a / b), named: named(tw.div), legacyOpset: 6, divides: true });

// Pow: the exponent of the base's type here (mixed types: tests/js/elementwise-binary.test.ts); floats within the kernel's 1 ulp of float64 Math.pow.
const POW_TOLERANCE = {
  float64: { ulps: 2, atol: 1e-320 }, float32: { ulps: 2, atol: 1e-44 }, float16: { ulps: 1, atol: 2 ** -24 }, bfloat16: { ulps: 1, atol: 2 ** -133 },
};
export const POW: OpTest = binaryTest({
  op: 'Pow', types: ['int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'],
  rule: (xs, type) => (float(xs) ? Math.pow(num(xs[0]), num(xs[1])) : intPow(int(xs[0]), int(xs[1]), intInfo(type)[0], true)),
  named: named(tw.pow), tolerance: POW_TOLERANCE, tooLargeType: 'int32',
});

// Mod: integers fmod 0 or 1 at random (0: the divisor's sign, Python's %; 1: C's, the dividend's); floats fmod 1 (JS % is C's fmod).
export const MOD: OpTest = binaryTest({
  op: 'Mod', divides: true,
  attributes: (type, random) => ({ fmod: /int/.test(type) && random() < 0.5 ? 0 : 1 }),
  rule: (xs, _type, { fmod }) => {
    if (float(xs)) return num(xs[0]) % num(xs[1]);
    const r = int(xs[0]) % int(xs[1]);
    return fmod === 0 && r !== 0n && (r < 0n) !== (int(xs[1]) < 0n) ? r + int(xs[1]) : r;
  },
  named: ({ inputs: [a, b], attributes }, options) => tw.mod(a as never, b as never, { ...attributes, ...options } as never),
});
