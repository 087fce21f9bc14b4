// The comparisons and logical ops: Equal, Greater, Less, GreaterOrEqual,
// LessOrEqual (a bool tensor from two of one type), And, Or, Xor (bool
// with bool), every version (opset 1's with the legacy broadcast/axis
// attributes), over the binary kernel; Equal-19's strings in JS.
import type { DataType } from '../../dtype.js';
import type { OpContext } from '../../errors.js';
import { requireReady } from '../../wasm.js';
import { type OpDefinition, type OpVersion, defineOp, newestOf } from '../definition.js';
import { outOption } from '../out.js';
import { type BinaryFunction, type BinaryVersionSpec, binaryVersion, runBinary } from './binary-op.js';
import type { BinaryKernel } from './engine.js';
import { FLOATS, NUMERIC, NUMERIC_V13 } from './types.js';
import { extend } from '../type-sets.js';

const BOOL = ['bool'] as const satisfies readonly DataType[];
const EQUAL_V1 = ['bool', 'int32', 'int64'] as const satisfies readonly DataType[];
const EQUAL_V11 = /* @__PURE__ */ extend(['bool'], NUMERIC) satisfies readonly DataType[];
const EQUAL_V13 = /* @__PURE__ */ extend(['bool'], NUMERIC_V13) satisfies readonly DataType[];
const EQUAL_V19 = /* @__PURE__ */ extend(EQUAL_V13, ['string']);

function boolOp<const N extends string>(name: N, named: string, kernel: BinaryKernel, summary: string, specs: readonly BinaryVersionSpec[]): OpDefinition & { readonly name: N } {
  return {
    name, domain: 'ai.onnx', versioned: true, family: 'elementwise', summary, named,
    versions: specs.map((spec) => binaryVersion(spec, ['A', 'B'], 'C', true)),
    run: (v: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>) =>
      runBinary({ op: name, version: v.since }, v, inputs, attributes, kernel),
  };
}

const ordered = (legacy: boolean) => (legacy
  ? [{ since: 1, T: FLOATS, legacy: 'broadcast' as const }, { since: 7, T: FLOATS }, { since: 9, T: NUMERIC }, { since: 13, T: NUMERIC_V13 }]
  : [{ since: 12, T: NUMERIC }, { since: 16, T: NUMERIC_V13 }]);
const logical = [{ since: 1, T: BOOL, legacy: 'broadcast' as const }, { since: 7, T: BOOL }];

export const EQUAL_OP = /* @__PURE__ */ defineOp(() => boolOp('Equal', 'equal', 'equal', 'A = B elementwise, a bool tensor, with broadcasting (strings too).', [
  { since: 1, T: EQUAL_V1, legacy: 'broadcast' }, { since: 7, T: EQUAL_V1 }, { since: 11, T: EQUAL_V11 }, { since: 13, T: EQUAL_V13 }, { since: 19, T: EQUAL_V19 },
]));
export const GREATER_OP = /* @__PURE__ */ defineOp(() => boolOp('Greater', 'greater', 'greater', 'A > B elementwise, a bool tensor, with broadcasting.', ordered(true)));
export const LESS_OP = /* @__PURE__ */ defineOp(() => boolOp('Less', 'less', 'less', 'A < B elementwise, a bool tensor, with broadcasting.', ordered(true)));
export const GREATER_OR_EQUAL_OP = /* @__PURE__ */ defineOp(() => boolOp('GreaterOrEqual', 'greaterOrEqual', 'greaterOrEqual',
  'A ≥ B elementwise, a bool tensor, with broadcasting.', ordered(false)));
export const LESS_OR_EQUAL_OP = /* @__PURE__ */ defineOp(() => boolOp('LessOrEqual', 'lessOrEqual', 'lessOrEqual',
  'A ≤ B elementwise, a bool tensor, with broadcasting.', ordered(false)));
export const AND_OP = /* @__PURE__ */ defineOp(() => boolOp('And', 'and', 'logicalAnd', 'A and B elementwise over bool tensors, with broadcasting.', logical));
export const OR_OP = /* @__PURE__ */ defineOp(() => boolOp('Or', 'or', 'logicalOr', 'A or B elementwise over bool tensors, with broadcasting.', logical));
export const XOR_OP = /* @__PURE__ */ defineOp(() => boolOp('Xor', 'xor', 'logicalXor', 'A xor B elementwise over bool tensors, with broadcasting.', logical));

function named(op: OpDefinition, kernel: BinaryKernel): BinaryFunction<true> {
  return ((a: unknown, b: unknown, options?: unknown) => {
    requireReady();
    const version = newestOf(op);
    const context: OpContext = { op: op.name, version: version.since };
    return runBinary(context, version, [a, b], {}, kernel, outOption(context, options));
  }) as BinaryFunction<true>;
}

/** ONNX Equal-19: `a == b` elementwise with numpy broadcasting, a bool tensor; every numeric type, bool and string. -0 equals +0; NaN equals nothing. */
export const equal: BinaryFunction<true> = /* @__PURE__ */ named(EQUAL_OP, 'equal');
/** ONNX Greater-13: `a > b` elementwise with numpy broadcasting, a bool tensor. */
export const greater: BinaryFunction<true> = /* @__PURE__ */ named(GREATER_OP, 'greater');
/** ONNX Less-13: `a < b` elementwise with numpy broadcasting, a bool tensor. */
export const less: BinaryFunction<true> = /* @__PURE__ */ named(LESS_OP, 'less');
/** ONNX GreaterOrEqual-16: `a >= b` elementwise with numpy broadcasting, a bool tensor. */
export const greaterOrEqual: BinaryFunction<true> = /* @__PURE__ */ named(GREATER_OR_EQUAL_OP, 'greaterOrEqual');
/** ONNX LessOrEqual-16: `a <= b` elementwise with numpy broadcasting, a bool tensor. */
export const lessOrEqual: BinaryFunction<true> = /* @__PURE__ */ named(LESS_OR_EQUAL_OP, 'lessOrEqual');
/** ONNX And-7: logical and of two bool tensors, with numpy broadcasting. */
export const and: BinaryFunction<true> = /* @__PURE__ */ named(AND_OP, 'logicalAnd');
/** ONNX Or-7: logical or of two bool tensors, with numpy broadcasting. */
export const or: BinaryFunction<true> = /* @__PURE__ */ named(OR_OP, 'logicalOr');
/** ONNX Xor-7: logical exclusive or of two bool tensors, with numpy broadcasting. */
export const xor: BinaryFunction<true> = /* @__PURE__ */ named(XOR_OP, 'logicalXor');
