// ONNX Not, IsNaN and IsInf, every version: maps to bool on the unary kernel
// (the float8 kinds of IsNaN-20 and IsInf-20 by a table: float8.ts).
import type { DataType } from '../../dtype.js';
import { requireReady } from '../../wasm.js';
import { defineOp, type OpVersion } from '../definition.js';
import { FLOAT8_V19, FLOATS, FLOATS_V13, extend } from '../type-sets.js';
import { isInfTable, isNaNTable } from './float8.js';
import { flag, namedOptions, runUnary } from './unary.js';
import type { BoolMap } from './unary-named.js';

const toBool = (since: number, T1: readonly DataType[], attributes: string[] = []): OpVersion =>
  ({ since, inputs: ['X'], required: 1, outputs: ['Y'], attributes, types: { T1, T2: ['bool'] } });

export const NOT_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Not', domain: 'ai.onnx', versioned: true, family: 'elementwise', summary: 'Logical not of each bool element.', named: 'not',
  versions: [{ since: 1, inputs: ['X'], required: 1, outputs: ['Y'], attributes: [], types: { T: ['bool'] } }],
  run: (version, [x]) => runUnary('Not', version, 'logicalNot', 'X', x, undefined),
}));

export const IS_NAN_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'IsNaN', domain: 'ai.onnx', versioned: true, family: 'elementwise', summary: 'Whether each element is a NaN (bool).', named: 'isNaN',
  versions: [toBool(9, FLOATS), toBool(13, FLOATS_V13), toBool(20, extend(FLOATS_V13, FLOAT8_V19))],
  run: (version, [x]) => runIsNaN(version, x, undefined),
}));

export const IS_INF_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'IsInf', domain: 'ai.onnx', versioned: true, family: 'elementwise', summary: 'Whether each element is +∞ or −∞, as the flags select (bool).', named: 'isInf',
  versions: [toBool(10, ['float32', 'float64'], ['detect_negative', 'detect_positive']),
    toBool(20, extend(FLOATS_V13, FLOAT8_V19), ['detect_negative', 'detect_positive'])],
  run: (version, [x], attributes) => runIsInf(version, x, attributes.detect_positive, attributes.detect_negative, undefined),
}));

/** ONNX Not-1: true where the element is false (any non-zero byte reads as true). */
export const not: BoolMap = /* @__PURE__ */ ((): BoolMap => ((x: unknown, options?: unknown) => {
  requireReady();
  const { version, options: own } = namedOptions(NOT_OP, options, []);
  return runUnary('Not', version, 'logicalNot', 'X', x, own.out);
}) as BoolMap)();

/** ONNX IsNaN-20: true where the element is a NaN; the floats and the float8 kinds. */
export const isNaN: BoolMap = /* @__PURE__ */ ((): BoolMap => ((x: unknown, options?: unknown) => {
  requireReady();
  const { version, options: own } = namedOptions(IS_NAN_OP, options, []);
  return runIsNaN(version, x, own.out);
}) as BoolMap)();

/** IsInf's own options: which infinities count (both by default); booleans, or 0 and 1 as the attributes are. */
export interface IsInfOptions {
  /** Whether +Inf counts (default true). */
  detectPositive?: boolean | 0 | 1;
  /** Whether -Inf counts (default true). */
  detectNegative?: boolean | 0 | 1;
}

/**
 * ONNX IsInf-20: true where the element is +Infinity (detectPositive) or -Infinity (detectNegative).
 * @example tw.isInf(tw.tensor('float32', [Infinity, -Infinity, 1]), { detectNegative: false })  // [true, false, false]
 */
export const isInf: BoolMap<IsInfOptions> = /* @__PURE__ */ ((): BoolMap<IsInfOptions> => ((x: unknown, options?: unknown) => {
  requireReady();
  const { version, options: own } = namedOptions(IS_INF_OP, options, ['detectPositive', 'detectNegative']);
  return runIsInf(version, x, own.detectPositive, own.detectNegative, own.out, ['detectPositive', 'detectNegative']);
}) as BoolMap<IsInfOptions>)();

function runIsNaN(version: OpVersion, x: unknown, out: unknown) {
  return runUnary('IsNaN', version, 'isnan', 'X', x, out, (type) => ({ table: isNaNTable(type) }));
}

// `names`: the flags as the caller spelled them (the attributes, or the named function's options).
function runIsInf(version: OpVersion, x: unknown, positive: unknown, negative: unknown, out: unknown, names = ['detect_positive', 'detect_negative']) {
  return runUnary('IsInf', version, 'isinf', 'X', x, out, (type, context) => {
    const p = flag(context, names[0], positive, true);
    const n = flag(context, names[1], negative, true);
    return { params: [(p ? 1 : 0) | (n ? 1 << 8 : 0)], table: isInfTable(type, p, n) };
  });
}
