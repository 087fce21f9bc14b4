// ONNX STFT: the short-time Fourier transform, frames of a signal each
// windowed and transformed by the FFT kernel behind DFT (one kernel call for
// every frame of every batch).
import { type OpContext, specError } from '../../errors.js';
import { booleanOption } from '../../options.js';
import { ResidentTensor, asPlainTensor } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { outputSize, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, checkOut, opOptions } from '../out.js';
import { FLOATS } from '../type-sets.js';
import { type FloatType, emit, intAttribute, scalarInteger } from './common.js';
import { MAX_DFT_LENGTH, transformValues } from './dft.js';
import { runDftLines } from './fft-run.js';

export const STFT_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'STFT',
  domain: 'ai.onnx',
  versioned: true,
  family: 'image and audio',
  summary: 'The short-time Fourier transform: frames of a signal, windowed, each transformed.',
  named: 'stft',
  versions: [
    {
      since: 17, inputs: ['signal', 'frame_step', 'window', 'frame_length'], required: 2, outputs: ['output'], attributes: ['onesided'],
      types: { T1: [...FLOATS, 'bfloat16'], T2: ['int32', 'int64'] },
    },
  ],
  run: (version, [signal, frameStep, window, frameLength], attributes) => {
    const context: OpContext = { op: 'STFT', version: version.since };
    const step = scalarInteger(context, 'frame_step', frameStep, version.types.T2);
    const length = frameLength === undefined ? undefined : scalarInteger(context, 'frame_length', frameLength, version.types.T2);
    const onesided = intAttribute(context, attributes, 'onesided', 1, [0, 1]) === 1;
    return stftWith(context, version, signal, step, window, length, onesided);
  },
}));

/** tw.stft's options: STFT-17's optional inputs and attribute. */
export interface StftOptions<T extends FloatType = FloatType> extends OutOptions<T> {
  /** A 1-D window of at most frameLength points, applied to each frame's first points (default: none, all ones). */
  window?: TensorLike<T> | ResidentTensor<T>;
  /** The DFT's length (default: the window's length, else the signal's). */
  frameLength?: number;
  /** Only bins 0..frameLength/2 (default true); a complex signal needs false. */
  onesided?: boolean;
}

/**
 * ONNX STFT-17: for a signal `[batch, length, 1 | 2]`, frames f of
 * frameLength points from f * frameStep, each times the window, transformed:
 * `[batch, frames, bins, 2]` with frames = 1 + floor((length - frameLength) / frameStep)
 * and bins = frameLength / 2 + 1 (one-sided) or frameLength.
 *
 * @example tw.stft(samples, 160, { window: tw.hannWindow(400) }) // Whisper's frames: [1, frames, 201, 2]
 */
export function stft<T extends FloatType>(signal: TensorLike<T> | ResidentTensor<T>, frameStep: number, options?: StftOptions<T>): Tensor<T> {
  requireReady();
  const version = newestOf(STFT_OP);
  const context: OpContext = { op: 'STFT', version: version.since };
  const own = opOptions(context, options, ['window', 'frameLength', 'onesided']);
  if (typeof frameStep !== 'number' || !Number.isSafeInteger(frameStep)) throw specError(context, 'frame_step', `frameStep must be an integer (got ${String(frameStep)})`);
  const length = own.frameLength;
  if (length !== undefined && (typeof length !== 'number' || !Number.isSafeInteger(length))) {
    throw specError(context, 'frame_length', `options.frameLength must be an integer (got ${String(length)})`);
  }
  const onesided = booleanOption(context, 'onesided', own.onesided, true);
  return stftWith(context, version, signal, frameStep, own.window, length as number | undefined, onesided, own.out as OutOf<T> | undefined) as Tensor<T>;
}

function stftWith(context: OpContext, version: OpVersion, value: unknown, step: number, windowValue: unknown, lengthGiven: number | undefined,
  onesided: boolean, out?: unknown): Tensor | ResidentTensor {
  const resident = ResidentTensor.isResident(value);
  const x = asPlainTensor(value, context, 'signal');
  requireType(context, 'signal', x.type, version.types.T1);
  if (x.dims.length !== 3 || (x.dims[2] !== 1 && x.dims[2] !== 2)) {
    throw specError(context, 'signal', `signal must be [batch, length, 1] (real) or [batch, length, 2] (complex) (got dims [${x.dims.join(', ')}])`);
  }
  const [batch, samples, components] = x.dims;
  if (step <= 0) throw specError(context, 'frame_step', `frame_step must be positive (got ${step})`);
  let window: Tensor | undefined;
  if (windowValue !== undefined) {
    window = asPlainTensor(windowValue, context, 'window');
    if (window.type !== x.type) throw specError(context, 'window', `window must have the signal's type ${x.type} (got ${window.type})`);
    if (window.dims.length !== 1) throw specError(context, 'window', `window must be 1-D (got dims [${window.dims.join(', ')}])`);
  }
  const frameLength = lengthGiven ?? (window !== undefined ? window.dims[0] : samples);
  if (frameLength < 1 || frameLength > MAX_DFT_LENGTH) {
    throw specError(context, 'frame_length', `frame_length must be from 1 to ${MAX_DFT_LENGTH} (got ${frameLength})`);
  }
  if (window !== undefined && window.dims[0] > frameLength) {
    throw specError(context, 'window', `the window (${window.dims[0]} points) must not be longer than the frame (frame_length ${frameLength})`);
  }
  if (frameLength > samples) {
    throw specError(context, 'frame_length', `frame_length (${frameLength}) must not pass the signal's length (${samples})`);
  }
  if (onesided && components === 2) throw specError(context, 'onesided', 'a complex signal has no one-sided STFT: give onesided 0');
  const frames = 1 + Math.floor((samples - frameLength) / step);
  const bins = onesided ? Math.floor(frameLength / 2) + 1 : frameLength;
  const dims = [batch, frames, bins, 2];
  const type = x.type as FloatType;
  const size = outputSize(context, 'signal', dims, type === 'float64' ? 8 : 4);
  const checkedOut = out === undefined ? undefined : checkOut(context, out, type, size, { inputs: [['signal', x]], inPlace: false });
  const values = transformValues(context, x);
  const windowValues = window === undefined ? undefined : transformValues(context, window);
  const used = window === undefined ? frameLength : window.dims[0];
  const y = runDftLines(context, values, windowValues, {
    outer: batch, outerIn: samples * components, outerOut: frames * bins * 2,
    inner: frames, innerIn: step * components, innerOut: bins * 2,
    sampleIn: components, binOut: 2,
    nIn: used, inComplex: components === 2, nFft: frameLength, nOut: bins, realInverse: false, inverse: false,
  }, size);
  return emit(context, type, y, dims, resident, checkedOut);
}
