// ONNX Mod: the remainder elementwise, with broadcasting. fmod 0 (integers
// only): the divisor's sign, as Python's %; fmod 1: C's fmod, the dividend's
// sign (floats require it). An integer 0 divisor is a SpecError naming it.
import type { DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import type { ResidentTensor } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { intAttribute } from '../movement/read.js';
import { opOptions } from '../out.js';
import { type BinaryFunction, binaryVersion, runBinary } from './binary-op.js';
import { NUMERIC, NUMERIC_V13, isIntegerType } from './types.js';

export const MOD_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Mod',
  domain: 'ai.onnx' as const,
  versioned: true,
  family: 'elementwise' as const,
  summary: 'The remainder of A ÷ B elementwise, with broadcasting: the divisor\'s sign (fmod 0) or the dividend\'s (fmod 1).',
  named: 'mod',
  versions: [
    binaryVersion({ since: 10, T: NUMERIC, attributes: ['fmod'] }, ['A', 'B'], 'C', false),
    binaryVersion({ since: 13, T: NUMERIC_V13, attributes: ['fmod'] }, ['A', 'B'], 'C', false),
  ],
  run: (v: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>) => runMod(v, inputs, attributes),
}));

function runMod(version: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>, out?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Mod', version: version.since };
  const fmod = intAttribute(context, 'fmod', attributes.fmod, 0);
  if (fmod !== 0 && fmod !== 1) throw specError(context, 'fmod', `fmod must be 0 or 1 (got ${fmod})`);
  const kernel = (type: DataType) => {
    if (fmod === 1) return 'fmod' as const;
    if (!isIntegerType(type)) {
      throw specError(context, 'fmod', `a ${type} Mod needs fmod 1 (C's fmod, the dividend's sign): fmod 0, the divisor's sign, is for integers`);
    }
    return 'mod' as const;
  };
  return runBinary(context, version, inputs, attributes, kernel, out, true);
}

/** Mod's options: fmod 0 (the default: integers, the divisor's sign) or 1 (C's fmod, the dividend's sign; floats need it). */
/** tw.mod's options. */
export interface ModOptions {
  /** 0 (the default): the divisor's sign, integers only; 1: C's fmod, the dividend's sign. */
  readonly fmod?: 0 | 1 | bigint;
}

/**
 * ONNX Mod-13: the remainder of `a / b` elementwise with numpy broadcasting.
 * `fmod: 0` (integers) takes the divisor's sign; `fmod: 1` the dividend's
 * (floats require it). An integer 0 in `b` is a SpecError naming its index.
 *
 * @example tw.mod(a, b, { fmod: 1 })
 */
export const mod: BinaryFunction<false, ModOptions> = /* @__PURE__ */ ((a: unknown, b: unknown, options?: unknown) => {
  requireReady();
  const version = newestOf(MOD_OP);
  const { out, fmod } = opOptions({ op: 'Mod', version: version.since }, options, ['fmod']);
  return runMod(version, [a, b], { fmod }, out);
}) as BinaryFunction<false, ModOptions>;
