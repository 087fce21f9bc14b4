// Test modules of Equal, Greater, Less, GreaterOrEqual, LessOrEqual (bool
// outputs), And, Or, Xor and BitShift: every type of the newest version,
// broadcast shapes, opset 1's legacy broadcast for the ops that have it.
import * as tw from 'tessera-wasm';
import { type Element, type Rule, binaryTest } from './elementwise-cases';
import type { OpCase, OpTest } from './op-test';
import { intInfo } from '../js/elementwise-reference';

// Numbers compare as IEEE does (NaN unordered, -0 == +0); BigInts exactly.
const compare = (f: (a: number | bigint, b: number | bigint) => boolean): Rule => ([a, b]: readonly Element[]) => (f(a.value, b.value) ? 1n : 0n);
const named = (fn: (a: never, b: never, o?: never) => unknown) => ({ inputs: [a, b] }: OpCase, options?: { out?: unknown }) =>
  fn(a as never, b as never, options as never) as tw.Tensor;
const boolTest = (op: string, f: (a: number | bigint, b: number | bigint) => boolean, fn: (a: never, b: never, o?: never) => unknown, legacyOpset?: number) =>
  binaryTest({ op, rule: compare(f), bool: true, named: named(fn), legacyOpset });

// Equal-19's strings too: the reference compares them in JS (tests/js/elementwise-binary.test.ts); the kernel cases here are the rest.
const equalTypes = (tw.OPS.Equal.versions.at(-1)!.types.T as readonly string[]).filter((t) => t !== 'string');
export const EQUAL: OpTest = binaryTest({ op: 'Equal', rule: compare((a, b) => a === b), bool: true, named: named(tw.equal), types: equalTypes });
export const GREATER: OpTest = boolTest('Greater', (a, b) => a > b, tw.greater, 1);
export const LESS: OpTest = boolTest('Less', (a, b) => a < b, tw.less, 1);
export const GREATER_OR_EQUAL: OpTest = boolTest('GreaterOrEqual', (a, b) => a >= b, tw.greaterOrEqual);
export const LESS_OR_EQUAL: OpTest = boolTest('LessOrEqual', (a, b) => a <= b, tw.lessOrEqual);
export const AND: OpTest = binaryTest({ op: 'And', rule: compare((a, b) => a !== 0n && b !== 0n), bool: true, named: named(tw.and), tooLargeType: 'bool' });
export const OR: OpTest = binaryTest({ op: 'Or', rule: compare((a, b) => a !== 0n || b !== 0n), bool: true, named: named(tw.or), tooLargeType: 'bool' });
export const XOR: OpTest = binaryTest({ op: 'Xor', rule: compare((a, b) => (a !== 0n) !== (b !== 0n)), bool: true, named: named(tw.xor), tooLargeType: 'bool' });

// BitShift: a shift of the width or more gives 0; the result wraps to the width.
export const BIT_SHIFT: OpTest = binaryTest({
  op: 'BitShift',
  attributes: (_type, random) => ({ direction: random() < 0.5 ? 'LEFT' : 'RIGHT' }),
  rule: ([x, y], type, { direction }) => {
    const bits = BigInt(intInfo(type)[0]);
    const s = y.value as bigint;
    if (s >= bits) return 0n;
    return direction === 'LEFT' ? BigInt.asUintN(Number(bits), (x.value as bigint) << s) : (x.value as bigint) >> s;
  },
  named: ({ inputs: [x, y], attributes }, options) => tw.bitShift(x as never, y as never, attributes.direction as 'LEFT', options as never),
});
