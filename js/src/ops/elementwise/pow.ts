// ONNX Pow: X to the power Y elementwise, with broadcasting. From Pow-12 the
// exponent may be of another type: we cast it to the base's type through the
// library's Cast (floats to an integer base truncate toward zero), then run
// one pow kernel of that type, as onnxruntime does for integral exponents.
// ONNX's reference (onnx/reference/ops/op_pow.py: np.power(a, b).astype(
// a.dtype)) computes in numpy's promoted type instead: the two agree for
// integral exponents (every node test); they differ for an integer base with
// a fractional exponent (4 ** 0.5: numpy 2, we 1) and an int64 exponent
// beyond int32 with an int32 base (ours wraps the exponent first).
import type { DataType } from '../../dtype.js';
import type { OpContext } from '../../errors.js';
import { ResidentTensor } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { cast } from '../cast.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { outOption } from '../out.js';
import { type BinaryFunction, binaryVersion, isLegacy, runBinary } from './binary-op.js';
import { own, readOperands, runElementwise } from './engine.js';
import { FLOATS, NUMERIC, NUMERIC_V13 } from './types.js';
import { extend } from '../type-sets.js';

const BASES_V12 = ['int32', 'int64', 'float16', 'float32', 'float64'] as const satisfies readonly DataType[];
const BASES_V13 = /* @__PURE__ */ extend(BASES_V12, ['bfloat16']);
const mixed = (since: number, T: readonly DataType[], T1: readonly DataType[]): OpVersion =>
  ({ since, inputs: ['X', 'Y'], required: 2, outputs: ['Z'], attributes: [], types: { T, T1 } });

export const POW_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Pow',
  domain: 'ai.onnx' as const,
  versioned: true,
  family: 'elementwise' as const,
  summary: 'X to the power Y elementwise, with broadcasting (the exponent of any numeric type from Pow-12).',
  named: 'pow',
  versions: [
    binaryVersion({ since: 1, T: FLOATS, legacy: 'broadcast' }, ['X', 'Y'], 'Z', false),
    binaryVersion({ since: 7, T: FLOATS }, ['X', 'Y'], 'Z', false),
    mixed(12, BASES_V12, NUMERIC), mixed(13, BASES_V13, NUMERIC), mixed(15, BASES_V13, NUMERIC_V13),
  ],
  run: (v: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>) => runPow(v, inputs, attributes),
}));

function runPow(version: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>, out?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Pow', version: version.since };
  if (own(version.types, 'T1') === undefined || isLegacy(version)) return runBinary(context, version, inputs, attributes, 'pow', out);
  const [[, x]] = readOperands(context, [inputs[0]], ['X'], version.types.T).operands;
  const [[, y]] = readOperands(context, [inputs[1]], ['Y'], version.types.T1).operands;
  if (x.type === y.type) return runElementwise(context, 'pow', [['X', x], ['Y', y]], out);
  // The exponent cast to the base's type (a temporary, freed here), then one pow kernel.
  const exponent = cast(y, x.type as 'float64');
  try {
    return runElementwise(context, 'pow', [['X', x], ['Y', exponent]], out);
  } finally {
    if (ResidentTensor.isResident(exponent)) exponent.dispose();
  }
}

/**
 * ONNX Pow-15: `x ** y` elementwise with numpy broadcasting. The base is
 * int32, int64 or a float type; the exponent any numeric type (computed in
 * numpy's promoted type and cast back to the base's, as ONNX's reference).
 * Integer powers wrap; a negative integer exponent gives 1 / x^-y truncated.
 */
export const pow: BinaryFunction = /* @__PURE__ */ ((x: unknown, y: unknown, options?: unknown) => {
  requireReady();
  const version = newestOf(POW_OP);
  return runPow(version, [x, y], {}, outOption({ op: 'Pow', version: version.since }, options));
}) as BinaryFunction;
