// ONNX DFT: the discrete Fourier transform along one axis of a real
// ([..., 1]) or complex ([..., 2]) signal, forward or inverse, full or
// one-sided, by the FFT kernel (cpp/src/kernels/fft.cc) for any length.
import { type OpContext, specError } from '../../errors.js';
import { booleanOption } from '../../options.js';
import { ResidentTensor, asPlainTensor } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { outputSize, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, checkOut, opOptions } from '../out.js';
import { FLOATS, extend } from '../type-sets.js';
import { type FloatType, type Floats, emit, floatValues, intAttribute, scalarInteger } from './common.js';
import { runDftLines } from './fft-run.js';

const T1 = /* @__PURE__ */ extend(FLOATS, ['bfloat16']);
const T2 = ['int32', 'int64'] as const;

/** DFT's every version: 20 takes the axis as an input (default -2) where 17 had an attribute (default 1). */
export const DFT_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'DFT',
  domain: 'ai.onnx',
  versioned: true,
  family: 'image and audio',
  summary: 'The discrete Fourier transform along one axis (any length), forward or inverse, full or one-sided.',
  named: 'dft',
  versions: [
    { since: 17, inputs: ['input', 'dft_length'], required: 1, outputs: ['output'], attributes: ['axis', 'inverse', 'onesided'], types: { T1, T2 } },
    { since: 20, inputs: ['input', 'dft_length', 'axis'], required: 1, outputs: ['output'], attributes: ['inverse', 'onesided'], types: { T1, T2 } },
  ],
  run: (version, [input, dftLength, axisInput], attributes) => {
    const context: OpContext = { op: 'DFT', version: version.since };
    const axis = version.since < 20 ? intAttribute(context, attributes, 'axis', 1)
      : axisInput === undefined ? -2 : scalarInteger(context, 'axis', axisInput, ['int64']);
    const length = dftLength === undefined ? undefined : scalarInteger(context, 'dft_length', dftLength, version.types.T2);
    const inverse = intAttribute(context, attributes, 'inverse', 0, [0, 1]) === 1;
    const onesided = intAttribute(context, attributes, 'onesided', 0, [0, 1]) === 1;
    return dftWith(context, version, input, { axis, length, inverse, onesided });
  },
}));

/** tw.dft's options: DFT-20's attributes and optional inputs. */
export interface DftOptions<T extends FloatType = FloatType> extends OutOptions<T> {
  /** The signal axis (default -2, the last before the complex axis); negative counts from the back. */
  axis?: number;
  /** The transform's length: the signal is cut or zero-padded to it. Default: the axis' length (2 (n - 1) for a real inverse). */
  dftLength?: number;
  /** The inverse transform, scaled by 1 / dftLength (default false). */
  inverse?: boolean;
  /** Forward: a real signal's bins 0..dftLength/2 only. Inverse: those bins in, the real signal out (default false). */
  onesided?: boolean;
}

/**
 * ONNX DFT-20: `y[k] = sum_n x[n] exp(-2 pi i k n / N)` along `axis` (the
 * inverse with `+` and `1 / N`) for a real signal `[..., 1]` or a complex one
 * `[..., 2]`, giving `[..., 2]` (a real inverse gives `[..., 1]`). Any length,
 * float16 and bfloat16 computed in float32. The error is within
 * 8 eps log2(m) of the signal's 2-norm per bin (docs/number-formats.md).
 *
 * @example tw.dft(tw.tensor('float32', [1, 0, 0, 0], [4, 1]), { axis: 0 }) // [4, 2]: every bin 1 + 0i
 */
export function dft<T extends FloatType>(input: TensorLike<T> | ResidentTensor<T>, options?: DftOptions<T>): Tensor<T> {
  requireReady();
  const version = newestOf(DFT_OP);
  const context: OpContext = { op: 'DFT', version: version.since };
  const own = opOptions(context, options, ['axis', 'dftLength', 'inverse', 'onesided']);
  const axis = own.axis === undefined ? -2 : integerOption(context, 'axis', own.axis);
  const length = own.dftLength === undefined ? undefined : integerOption(context, 'dftLength', own.dftLength);
  const inverse = booleanOption(context, 'inverse', own.inverse, false);
  const onesided = booleanOption(context, 'onesided', own.onesided, false);
  return dftWith(context, version, input, { axis, length, inverse, onesided }, own.out as OutOf<T> | undefined) as Tensor<T>;
}

function integerOption(context: OpContext, name: string, value: unknown): number {
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw specError(context, name, `options.${name} must be an integer (got ${String(value)})`);
  return n;
}

interface DftArgs {
  readonly axis: number;
  readonly length: number | undefined;
  readonly inverse: boolean;
  readonly onesided: boolean;
}

/** The most a transform may be: its work is about 24 elements per point. */
export const MAX_DFT_LENGTH = 2 ** 24;

function dftWith(context: OpContext, version: OpVersion, value: unknown, args: DftArgs, out?: unknown): Tensor | ResidentTensor {
  const resident = ResidentTensor.isResident(value);
  const x = asPlainTensor(value, context, 'input');
  requireType(context, 'input', x.type, version.types.T1);
  const rank = x.dims.length;
  if (rank < 2) throw specError(context, 'input', `input must have rank >= 2: the signal axes and a last axis of 1 (real) or 2 (complex) (got dims [${x.dims.join(', ')}])`);
  const components = x.dims[rank - 1];
  if (components !== 1 && components !== 2) {
    throw specError(context, 'input', `input's last axis must be 1 (real) or 2 (complex) (got dims [${x.dims.join(', ')}])`);
  }
  const { inverse, onesided } = args;
  if (args.axis < -rank || args.axis > rank - 2 || args.axis === -1) {
    throw specError(context, 'axis', `axis must lie in [${-rank}, -2] or [0, ${rank - 2}] for an input of rank ${rank} (got ${args.axis})`);
  }
  const axis = args.axis < 0 ? args.axis + rank : args.axis;
  if (onesided && !inverse && components !== 1) throw specError(context, 'onesided', 'a one-sided forward DFT takes a real input (last axis 1): give onesided 0 for a complex one');
  if (onesided && inverse && components !== 2) throw specError(context, 'onesided', 'a one-sided inverse DFT takes a complex input (last axis 2): the one-sided bins');
  const nIn = x.dims[axis];
  const realInverse = onesided && inverse;
  const nFft = args.length ?? (realInverse ? 2 * (nIn - 1) : nIn);
  if (nFft < 1 || nFft > MAX_DFT_LENGTH) {
    const why = args.length === undefined ? ` (the axis has ${nIn} points${realInverse ? ': a real inverse needs 2 or more' : ''})` : '';
    throw specError(context, args.length === undefined ? 'input' : 'dft_length', `dft_length must be from 1 to ${MAX_DFT_LENGTH} (got ${nFft})${why}`);
  }
  const nOut = onesided && !inverse ? Math.floor(nFft / 2) + 1 : nFft;
  const outComponents = realInverse ? 1 : 2;
  const dims = x.dims.map((d, i) => (i === axis ? nOut : i === rank - 1 ? outComponents : d));
  const type = x.type as FloatType;
  const size = outputSize(context, 'dft_length', dims, type === 'float64' ? 8 : 4);
  const checkedOut = out === undefined ? undefined : checkOut(context, out, type, size, { inputs: [['input', x]], inPlace: false });
  let outer = 1;
  for (let i = 0; i < axis; i++) outer *= x.dims[i];
  let inner = 1;
  for (let i = axis + 1; i < rank - 1; i++) inner *= x.dims[i];
  const values = transformValues(context, x);
  const y = runDftLines(context, values, undefined, {
    outer, outerIn: nIn * inner * components, outerOut: nOut * inner * outComponents,
    inner, innerIn: components, innerOut: outComponents,
    sampleIn: inner * components, binOut: inner * outComponents,
    nIn, inComplex: components === 2, nFft, nOut, realInverse, inverse,
  }, size);
  return emit(context, type, y, dims, resident, checkedOut);
}

/**
 * The values the transform runs on: float32 and float64 in float64 (a float32
 * result then lies within an ulp or so of the exact one, and a bin that is
 * exactly 0 comes out within about 1e-15 of the signal's norm of it, where
 * a float32 transform's error is about 1e-7 of it: ONNX's node tests compare
 * such bins with an absolute tolerance of 1e-7), float16 and bfloat16 in
 * float32 (the SIMD128 float32 FFT), whose rounding their own hides.
 */
export function transformValues(context: OpContext, x: Tensor): Floats {
  const values = floatValues(context, 'values', x);
  return x.type === 'float32' ? Float64Array.from(values) : values;
}
