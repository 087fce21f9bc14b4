// ONNX HannWindow, HammingWindow and BlackmanWindow: generalized cosine
// windows of a given length, computed in float64 by the kernel
// (cpp/src/kernels/window.cc) and rounded once to the output type.
import type { DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { booleanOption, choiceOption } from '../../options.js';
import { ResidentTensor } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, READS_NOTHING, checkOut, opOptions } from '../out.js';
import { cosineWindow } from './fft-run.js';
import { emit, intAttribute, outputDatatype, scalarInteger } from './common.js';

/** The output types of the windows and MelWeightMatrix (T2, T3): every real numeric type. */
export const NUMERIC_OUTPUTS = [
  'uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16',
] as const satisfies readonly DataType[];
/** The types a window or a mel matrix can be given in: ONNX's T2 of HannWindow-17. */
export type NumericOutput = (typeof NUMERIC_OUTPUTS)[number];

const WINDOW_17 = {
  since: 17, inputs: ['size'], required: 1, outputs: ['output'], attributes: ['output_datatype', 'periodic'],
  types: { T1: ['int32', 'int64'], T2: NUMERIC_OUTPUTS },
} as const;

/** tw.hannWindow's options (and the other windows'). */
export interface WindowOptions<T extends NumericOutput = NumericOutput> {
  /** true (the default): the first `size` points of a window of size + 1; false: a symmetric window. */
  periodic?: boolean;
  /** The output type (default 'float32'); integer types truncate toward zero, as Cast does. */
  outputDatatype?: T;
  /** Write the window here: a typed array of the output type's storage class and the window's length. */
  out?: OutOf<T>;
}

function windowOp<const N extends string, const F extends string>(name: N, named: F, kind: number, summary: string) {
  return defineOp(() => ({
    name, domain: 'ai.onnx', versioned: true, family: 'image and audio', summary, named,
    versions: [WINDOW_17],
    run: (version, [size], attributes) => {
      const context: OpContext = { op: name, version: version.since };
      const periodic = intAttribute(context, attributes, 'periodic', 1, [0, 1]) === 1;
      const type = outputDatatype(context, attributes, version.types.T2);
      return windowWith(context, version, kind, size, periodic, type, ResidentTensor.isResident(size));
    },
  }));
}

export const HANN_WINDOW_OP = /* @__PURE__ */ windowOp('HannWindow', 'hannWindow', 0, 'A Hann window: 0.5 − 0.5 cos(2πn/N).');
export const HAMMING_WINDOW_OP = /* @__PURE__ */ windowOp('HammingWindow', 'hammingWindow', 1, 'A Hamming window: 25/46 − 21/46 cos(2πn/N).');
export const BLACKMAN_WINDOW_OP = /* @__PURE__ */ windowOp('BlackmanWindow', 'blackmanWindow', 2,
  'A Blackman window: 0.42 − 0.5 cos(2πn/N) + 0.08 cos(4πn/N).');

/**
 * ONNX HannWindow-17: `0.5 - 0.5 cos(2 pi n / N)` for n < size, N = size
 * (periodic, the default) or size - 1 (symmetric; one point gives [1]),
 * computed in float64 and rounded once to `outputDatatype` (float32 by default).
 *
 * @example tw.hannWindow(4) // float32 [0, 0.5, 1, 0.5]
 */
export function hannWindow<T extends NumericOutput = 'float32'>(size: number | bigint, options?: WindowOptions<T>): Tensor<T> {
  return namedWindow(HANN_WINDOW_OP, 0, size, options) as Tensor<T>;
}

/**
 * ONNX HammingWindow-17: `25/46 - 21/46 cos(2 pi n / N)` (the spec's
 * constants), N as for tw.hannWindow.
 *
 * @example tw.hammingWindow(4, { periodic: false }) // float32 [0.0870, 0.7717, 0.7717, 0.0870]
 */
export function hammingWindow<T extends NumericOutput = 'float32'>(size: number | bigint, options?: WindowOptions<T>): Tensor<T> {
  return namedWindow(HAMMING_WINDOW_OP, 1, size, options) as Tensor<T>;
}

/**
 * ONNX BlackmanWindow-17: `0.42 - 0.5 cos(2 pi n / N) + 0.08 cos(4 pi n / N)`,
 * N as for tw.hannWindow.
 *
 * @example tw.blackmanWindow(3, { periodic: false }) // float32 [0, 1, 0] (to within rounding)
 */
export function blackmanWindow<T extends NumericOutput = 'float32'>(size: number | bigint, options?: WindowOptions<T>): Tensor<T> {
  return namedWindow(BLACKMAN_WINDOW_OP, 2, size, options) as Tensor<T>;
}

function namedWindow(op: { readonly name: string; readonly versions: readonly OpVersion[] }, kind: number, size: unknown, options: unknown): Tensor | ResidentTensor {
  requireReady();
  const version = newestOf(op);
  const context: OpContext = { op: op.name, version: version.since };
  const own = opOptions(context, options, ['periodic', 'outputDatatype']);
  const periodic = booleanOption(context, 'periodic', own.periodic, true);
  const type = choiceOption(context, 'outputDatatype', own.outputDatatype, NUMERIC_OUTPUTS, 'float32');
  const n = typeof size === 'bigint' ? Number(size) : size;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || (typeof size === 'bigint' && BigInt(n) !== size)) {
    throw specError(context, 'size', `size must be a safe integer (got ${String(size)})`);
  }
  return windowOf(context, kind, n, periodic, type, false, own.out);
}

function windowWith(context: OpContext, version: OpVersion, kind: number, sizeInput: unknown, periodic: boolean, type: DataType,
  resident: boolean): Tensor | ResidentTensor {
  const n = scalarInteger(context, 'size', sizeInput, version.types.T1);
  return windowOf(context, kind, n, periodic, type, resident, undefined);
}

function windowOf(context: OpContext, kind: number, n: number, periodic: boolean, type: DataType, resident: boolean,
  out: unknown): Tensor | ResidentTensor {
  if (n < 0) throw specError(context, 'size', `size must be >= 0 (got ${n})`);
  if (n > 2 ** 28) throw specError(context, 'size', `size must be at most 2^28 (got ${n})`);
  const checkedOut = out === undefined ? undefined : checkOut(context, out, type, n, READS_NOTHING);
  const period = periodic ? n : Math.max(n - 1, 0);
  return emit(context, type, cosineWindow(context, n, period, kind), [n], resident, checkedOut);
}
