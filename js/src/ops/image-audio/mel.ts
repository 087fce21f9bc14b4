// ONNX MelWeightMatrix: the triangular filters that map a one-sided
// spectrum's bins onto mel bands, each peaking at 1, computed in float64 and
// rounded once to the output type.
import type { DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { choiceOption } from '../../options.js';
import { ResidentTensor } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { outputSize } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, READS_NOTHING, checkOut, opOptions } from '../out.js';
import { FLOATS } from '../type-sets.js';
import { emit, outputDatatype, scalarFloat, scalarInteger } from './common.js';
import { NUMERIC_OUTPUTS, type NumericOutput } from './windows.js';

export const MEL_WEIGHT_MATRIX_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'MelWeightMatrix',
  domain: 'ai.onnx',
  versioned: true,
  family: 'image and audio',
  summary: 'Triangular mel filters over a one-sided spectrum\'s bins: [dft_length / 2 + 1, num_mel_bins].',
  named: 'melWeightMatrix',
  versions: [
    {
      since: 17, inputs: ['num_mel_bins', 'dft_length', 'sample_rate', 'lower_edge_hertz', 'upper_edge_hertz'], required: 5,
      outputs: ['output'], attributes: ['output_datatype'],
      types: { T1: ['int32', 'int64'], T2: [...FLOATS, 'bfloat16'], T3: NUMERIC_OUTPUTS },
    },
  ],
  run: (version, inputs, attributes) => {
    const context: OpContext = { op: 'MelWeightMatrix', version: version.since };
    const [bins, length, rate] = [0, 1, 2].map((i) => scalarInteger(context, version.inputs[i], inputs[i], version.types.T1));
    const [lower, upper] = [3, 4].map((i) => scalarFloat(context, version.inputs[i], inputs[i], version.types.T2));
    const type = outputDatatype(context, attributes, version.types.T3);
    return melWith(context, version, { bins, length, rate, lower, upper }, type, ResidentTensor.isResident(inputs[0]));
  },
}));

/** tw.melWeightMatrix's options. */
export interface MelOptions<T extends NumericOutput = NumericOutput> {
  /** The output type (default 'float32'). */
  outputDatatype?: T;
  /** Write the matrix here: a typed array of the output type's storage class and length. */
  out?: OutOf<T>;
}

/**
 * ONNX MelWeightMatrix-17: `[dftLength / 2 + 1, numMelBins]` triangles on
 * the mel scale `2595 log10(1 + f / 700)` between lowerEdgeHertz and
 * upperEdgeHertz, as the spec's reference places them (num_mel_bins + 2 edge
 * points a mel step apart, each at bin floor((dftLength + 1) f / sampleRate)).
 *
 * @example tw.melWeightMatrix(80, 400, 16000, 0, 8000) // [201, 80] float32
 */
export function melWeightMatrix<T extends NumericOutput = 'float32'>(numMelBins: number, dftLength: number, sampleRate: number,
  lowerEdgeHertz: number, upperEdgeHertz: number, options?: MelOptions<T>): Tensor<T> {
  requireReady();
  const version = newestOf(MEL_WEIGHT_MATRIX_OP);
  const context: OpContext = { op: 'MelWeightMatrix', version: version.since };
  const own = opOptions(context, options, ['outputDatatype']);
  const type = choiceOption(context, 'outputDatatype', own.outputDatatype, NUMERIC_OUTPUTS, 'float32');
  const named = { bins: numMelBins, length: dftLength, rate: sampleRate, lower: lowerEdgeHertz, upper: upperEdgeHertz };
  const names = { bins: 'num_mel_bins', length: 'dft_length', rate: 'sample_rate', lower: 'lower_edge_hertz', upper: 'upper_edge_hertz' } as const;
  for (const key of ['bins', 'length', 'rate'] as const) {
    if (!Number.isSafeInteger(named[key])) throw specError(context, names[key], `${names[key]} must be an integer (got ${String(named[key])})`);
  }
  for (const key of ['lower', 'upper'] as const) {
    if (typeof named[key] !== 'number') throw specError(context, names[key], `${names[key]} must be a number (got ${String(named[key])})`);
  }
  return melWith(context, version, named, type, false, own.out) as Tensor<T>;
}

interface MelArgs { bins: number; length: number; rate: number; lower: number; upper: number }

function melWith(context: OpContext, _version: OpVersion, a: MelArgs, type: DataType, resident: boolean, out?: unknown): Tensor | ResidentTensor {
  if (a.bins < 1) throw specError(context, 'num_mel_bins', `num_mel_bins must be positive (got ${a.bins})`);
  if (a.length < 1) throw specError(context, 'dft_length', `dft_length must be positive (got ${a.length})`);
  if (a.rate < 1) throw specError(context, 'sample_rate', `sample_rate must be positive (got ${a.rate})`);
  if (!(a.lower >= 0)) throw specError(context, 'lower_edge_hertz', `lower_edge_hertz must be >= 0 (got ${a.lower})`);
  if (!(a.upper > a.lower) || !(a.upper <= a.rate / 2)) {
    throw specError(context, 'upper_edge_hertz', `upper_edge_hertz must lie in (lower_edge_hertz, sample_rate / 2] = (${a.lower}, ${a.rate / 2}] (got ${a.upper})`);
  }
  const spectrum = Math.floor(a.length / 2) + 1;
  const dims = [spectrum, a.bins];
  const size = outputSize(context, 'num_mel_bins', dims, 8);
  const checkedOut = out === undefined ? undefined : checkOut(context, out, type, size, READS_NOTHING);
  // The band edges: num_mel_bins + 2 points, a mel step of (high - low) / (num_mel_bins + 2) apart, as bins.
  const mel = (f: number) => 2595 * Math.log10(1 + f / 700);
  const low = mel(a.lower);
  const step = (mel(a.upper) - low) / (a.bins + 2);
  const edges = new Array<number>(a.bins + 2);
  for (let i = 0; i < a.bins + 2; i++) {
    const hertz = 700 * (10 ** ((i * step + low) / 2595) - 1);
    edges[i] = Math.min(Math.floor(((a.length + 1) * hertz) / a.rate), spectrum - 1);
  }
  const w = new Float64Array(size);
  for (let i = 0; i < a.bins; i++) {
    const [left, center, right] = [edges[i], edges[i + 1], edges[i + 2]];
    if (center === left) w[center * a.bins + i] = 1;
    else for (let j = left; j <= center; j++) w[j * a.bins + i] = (j - left) / (center - left);
    if (right > center) for (let j = center; j < right; j++) w[j * a.bins + i] = (right - j) / (right - center);
  }
  return emit(context, type, w, dims, resident, checkedOut);
}
