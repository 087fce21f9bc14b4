// ONNX's unary math ops, every version: each a schema and a UNARY_OPS code
// over the one map engine (unary.ts). Old versions' consumed_inputs is a
// legacy attribute that changes nothing (as Floor-1's). What each does with
// -0, NaN, infinities and subnormals: docs/number-formats.md.
import type { DataType } from '../../dtype.js';
import { requireReady } from '../../wasm.js';
import { type OpDefinition, type OpVersion, defineOp } from '../definition.js';
import { FLOATS, FLOATS_V13, NUMERIC, SIGNED_NUMERIC, extend } from '../type-sets.js';
import { type UnaryCode, namedOptions, plainRunner, runUnary } from './unary.js';
import type { SameTypeMap } from './unary-named.js';

const one = (since: number, input: string, output: string, T: readonly DataType[], legacy = false): OpVersion =>
  ({ since, inputs: [input], required: 1, outputs: [output], attributes: legacy ? ['consumed_inputs'] : [], types: { T } });

/** Versions 1 (consumed_inputs), 6 and 13 (bfloat16 added) of a float op; 6 and 13 may widen to `since6`. */
const classic = (input: string, output: string, since6: readonly DataType[] = FLOATS): OpVersion[] =>
  [one(1, input, output, FLOATS, true), one(6, input, output, since6), one(13, input, output, extend(since6, ['bfloat16']))];

interface Spec { name: string; named: string; code: UnaryCode; input: string; summary: string; versions: () => OpVersion[] }

const define = (spec: Spec) => defineOp(() => ({
  name: spec.name,
  domain: 'ai.onnx' as const,
  versioned: true,
  family: 'elementwise' as const,
  summary: spec.summary,
  named: spec.named,
  versions: spec.versions(),
  run: plainRunner(spec.name, spec.code, spec.input),
}));

/** The named function of a unary op with no options but `out`: its newest version. */
function namedMap(op: Pick<OpDefinition, 'name' | 'versions'>, code: UnaryCode, input: string): SameTypeMap {
  return ((x: unknown, options?: unknown) => {
    requireReady();
    const { version, options: own } = namedOptions(op, options, []);
    return runUnary(op.name, version, code, input, x, own.out);
  }) as SameTypeMap;
}

export const NEG_OP = /* @__PURE__ */ define({ name: 'Neg', named: 'neg', code: 'neg', input: 'X', summary: 'Each element negated (integers wrap; floats flip the sign bit).', versions: () => classic('X', 'Y', SIGNED_NUMERIC) });
export const ABS_OP = /* @__PURE__ */ define({ name: 'Abs', named: 'abs', code: 'abs', input: 'X', summary: 'Each element\'s absolute value (integers wrap; floats clear the sign bit).', versions: () => classic('X', 'Y', NUMERIC) });
export const CEIL_OP = /* @__PURE__ */ define({ name: 'Ceil', named: 'ceil', code: 'ceil', input: 'X', summary: 'Each element rounded toward +∞.', versions: () => classic('X', 'Y') });
export const ROUND_OP = /* @__PURE__ */ define({
  name: 'Round', named: 'round', code: 'round', input: 'X', summary: 'Each element rounded to the nearest integer, ties to even.',
  versions: () => [one(11, 'X', 'Y', FLOATS), one(22, 'X', 'Y', FLOATS_V13)],
});
export const SQRT_OP = /* @__PURE__ */ define({ name: 'Sqrt', named: 'sqrt', code: 'sqrt', input: 'X', summary: 'Each element\'s square root, correctly rounded.', versions: () => classic('X', 'Y') });
export const RECIPROCAL_OP = /* @__PURE__ */ define({ name: 'Reciprocal', named: 'reciprocal', code: 'reciprocal', input: 'X', summary: '1 / x for each element, correctly rounded.', versions: () => classic('X', 'Y') });
export const SIGN_OP = /* @__PURE__ */ define({
  name: 'Sign', named: 'sign', code: 'sign', input: 'input', summary: 'Each element\'s sign: -1, 0 or 1 (NaN stays NaN).',
  versions: () => [one(9, 'input', 'output', NUMERIC), one(13, 'input', 'output', extend(NUMERIC, ['bfloat16']))],
});
export const EXP_OP = /* @__PURE__ */ define({ name: 'Exp', named: 'exp', code: 'exp', input: 'input', summary: 'e^x for each element, within 1 ulp, the same bits in every engine.', versions: () => classic('input', 'output') });
export const LOG_OP = /* @__PURE__ */ define({ name: 'Log', named: 'log', code: 'log', input: 'input', summary: 'The natural logarithm of each element, within 1 ulp.', versions: () => classic('input', 'output') });
export const RELU_OP = /* @__PURE__ */ define({
  name: 'Relu', named: 'relu', code: 'relu', input: 'X', summary: 'max(x, 0) for each element (NaN stays NaN).',
  versions: () => [...classic('X', 'Y'), one(14, 'X', 'Y', extend(SIGNED_NUMERIC, ['bfloat16']))],
});
export const SIGMOID_OP = /* @__PURE__ */ define({ name: 'Sigmoid', named: 'sigmoid', code: 'sigmoid', input: 'X', summary: '1 / (1 + e^-x) for each element, within 1 ulp.', versions: () => classic('X', 'Y') });
export const TANH_OP = /* @__PURE__ */ define({ name: 'Tanh', named: 'tanh', code: 'tanh', input: 'input', summary: 'The hyperbolic tangent of each element, within 1 ulp.', versions: () => classic('input', 'output') });

/**
 * ONNX Neg-13: -x; signed integers wrap (-(-128) is -128 in int8), floats flip the sign bit.
 * @example tw.neg(tw.tensor('int8', [1, -128]))  // [-1, -128]
 */
export const neg = /* @__PURE__ */ namedMap(NEG_OP, 'neg', 'X');
/** ONNX Abs-13: |x|; every numeric type (signed integers wrap: abs(-128) is -128 in int8). */
export const abs = /* @__PURE__ */ namedMap(ABS_OP, 'abs', 'X');
/** ONNX Ceil-13: each element rounded toward +infinity (-0.5 gives -0). */
export const ceil = /* @__PURE__ */ namedMap(CEIL_OP, 'ceil', 'X');
/**
 * ONNX Round-22: to the nearest integer, ties to even.
 * @example tw.round(tw.tensor('float32', [0.5, 1.5, 2.5, -0.5]))  // [0, 2, 2, -0]
 */
export const round = /* @__PURE__ */ namedMap(ROUND_OP, 'round', 'X');
/** ONNX Sqrt-13: the correctly rounded square root (a negative number gives NaN, -0 gives -0). */
export const sqrt = /* @__PURE__ */ namedMap(SQRT_OP, 'sqrt', 'X');
/** ONNX Reciprocal-13: 1 / x, correctly rounded (1 / -0 is -Infinity). */
export const reciprocal = /* @__PURE__ */ namedMap(RECIPROCAL_OP, 'reciprocal', 'X');
/** ONNX Sign-13: -1, 0 or 1 of the input's type (-0 gives 0, NaN stays NaN); every numeric type. */
export const sign = /* @__PURE__ */ namedMap(SIGN_OP, 'sign', 'input');
/** ONNX Exp-13: e^x within 1 ulp, the same bits in every engine and both builds. */
export const exp = /* @__PURE__ */ namedMap(EXP_OP, 'exp', 'input');
/** ONNX Log-13: ln x within 1 ulp (log 0 is -Infinity, a negative number NaN). */
export const log = /* @__PURE__ */ namedMap(LOG_OP, 'log', 'input');
/** ONNX Relu-14: x > 0 ? x : 0, for the signed integers and the floats (-0 gives +0, NaN stays NaN). */
export const relu = /* @__PURE__ */ namedMap(RELU_OP, 'relu', 'X');
/** ONNX Sigmoid-13: 1 / (1 + e^-x) within 1 ulp. */
export const sigmoid = /* @__PURE__ */ namedMap(SIGMOID_OP, 'sigmoid', 'X');
/** ONNX Tanh-13: the hyperbolic tangent within 1 ulp (tanh(-0) is -0). */
export const tanh = /* @__PURE__ */ namedMap(TANH_OP, 'tanh', 'input');
