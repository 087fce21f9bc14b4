// ONNX Add, Sub, Mul and Div: every version (1 and 6 with the legacy
// broadcast/axis attributes, 1's consumed_inputs ignored; 7, 13 and 14
// numpy's multidirectional broadcasting), over the binary kernel. Integers
// wrap; integer Div truncates toward zero, and a 0 divisor is a SpecError
// naming its first zero.
import type { OpContext } from '../../errors.js';
import type { ResidentTensor } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { outOption } from '../out.js';
import { type BinaryFunction, binaryVersion, runBinary } from './binary-op.js';
import type { BinaryKernel } from './engine.js';
import { ARITHMETIC_V6, ARITHMETIC_V13, ARITHMETIC_V14, FLOATS } from './types.js';

const arithmeticVersions = (): OpVersion[] => [
  { since: 1, T: FLOATS, legacy: 'broadcast+consumed' as const },
  { since: 6, T: ARITHMETIC_V6, legacy: 'broadcast' as const },
  { since: 7, T: ARITHMETIC_V6 },
  { since: 13, T: ARITHMETIC_V13 },
  { since: 14, T: ARITHMETIC_V14 },
].map((spec) => binaryVersion(spec, ['A', 'B'], 'C', false));

/** Runs one of the four as a version defines it (runNode, and the named function at the newest). */
function runArithmetic(name: string, kernel: BinaryKernel, version: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>,
  out?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: name, version: version.since };
  return runBinary(context, version, inputs, attributes, kernel, out, kernel === 'div');
}

const arithmetic = (name: string, named: string, kernel: BinaryKernel, summary: string) => ({
  name, domain: 'ai.onnx' as const, versioned: true, family: 'elementwise' as const, summary, named,
  versions: arithmeticVersions(),
  run: (v: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>) => runArithmetic(name, kernel, v, inputs, attributes),
});

export const ADD_OP = /* @__PURE__ */ defineOp(() => arithmetic('Add', 'add', 'add', 'A + B elementwise, with broadcasting (integers wrap).'));
export const SUB_OP = /* @__PURE__ */ defineOp(() => arithmetic('Sub', 'sub', 'sub', 'A − B elementwise, with broadcasting (integers wrap).'));
export const MUL_OP = /* @__PURE__ */ defineOp(() => arithmetic('Mul', 'mul', 'mul', 'A × B elementwise, with broadcasting (integers wrap).'));
export const DIV_OP = /* @__PURE__ */ defineOp(() => arithmetic('Div', 'div', 'div', 'A ÷ B elementwise, with broadcasting (integers truncate toward zero).'));

function named(op: typeof ADD_OP, kernel: BinaryKernel): BinaryFunction {
  return ((a: unknown, b: unknown, options?: unknown) => {
    requireReady();
    const version = newestOf(op);
    return runArithmetic(op.name, kernel, version, [a, b], {}, outOption({ op: op.name, version: version.since }, options));
  }) as BinaryFunction;
}

/**
 * ONNX Add-14: `a + b` elementwise with numpy broadcasting, for every
 * integer type (wrapping), float16, bfloat16, float32 and float64.
 *
 * @example tw.add(x, tw.tensor('float32', [1], [1]))  // x + 1
 */
export const add: BinaryFunction = /* @__PURE__ */ named(ADD_OP, 'add');
/** ONNX Sub-14: `a - b` elementwise with numpy broadcasting (integers wrap). */
export const sub: BinaryFunction = /* @__PURE__ */ named(SUB_OP, 'sub');
/** ONNX Mul-14: `a * b` elementwise with numpy broadcasting (integers wrap). */
export const mul: BinaryFunction = /* @__PURE__ */ named(MUL_OP, 'mul');
/**
 * ONNX Div-14: `a / b` elementwise with numpy broadcasting. Integers
 * truncate toward zero; an integer 0 in `b` is a SpecError naming its index.
 */
export const div: BinaryFunction = /* @__PURE__ */ named(DIV_OP, 'div');
