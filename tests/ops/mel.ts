// MelWeightMatrix: random band counts, DFT lengths, rates and edges, every
// output type, against the spec's reference placement written out here.
import * as tw from 'tessera-wasm';
import { expectedOf, floatScalar, floatsOf, scalarOf } from './audio-support';
import type { OpCase, OpTest } from './op-test';
import { between, newestTypes, pick } from './support';

function melReference(bins: number, length: number, rate: number, lower: number, upper: number): number[] {
  const spectrum = Math.floor(length / 2) + 1;
  const toMel = (f: number) => 2595 * Math.log10(1 + f / 700);
  const step = (toMel(upper) - toMel(lower)) / (bins + 2);
  const edge = (i: number) => Math.min(spectrum - 1, Math.floor(((length + 1) * 700 * (10 ** ((toMel(lower) + i * step) / 2595) - 1)) / rate));
  const w = new Array<number>(spectrum * bins).fill(0);
  for (let m = 0; m < bins; m++) {
    const [l, c, r] = [edge(m), edge(m + 1), edge(m + 2)];
    if (c === l) w[c * bins + m] = 1;
    for (let j = l; j <= c && c > l; j++) w[j * bins + m] = (j - l) / (c - l);
    for (let j = c; j < r; j++) w[j * bins + m] = (r - j) / (r - c);
  }
  return w;
}

const int = (t: tw.Tensor | undefined) => Number((t!.data as ArrayLike<number | bigint>)[0]);
const typeOf = (n: unknown) => Object.keys(tw.DTYPES).find((t) => tw.DTYPES[t as tw.DataType].onnx === n)!;

const int64Scalar = (n: number) => new tw.Tensor('int64', BigInt64Array.of(BigInt(n)), []);

export const MEL_WEIGHT_MATRIX: OpTest = {
  op: 'MelWeightMatrix',
  cases: (random) => newestTypes('MelWeightMatrix', 'T3').map((type): OpCase => {
    const intType = pick(random, ['int32', 'int64'] as const);
    const floatType = pick(random, newestTypes('MelWeightMatrix', 'T2'));
    const rate = pick(random, [8000, 16000, 22050, 44100]);
    const lower = pick(random, [0, 20, 125]);
    const upper = pick(random, [rate / 2, 3800, 2000.5]);
    const inputs = [scalarOf(intType, between(random, 1, 12)), scalarOf(intType, between(random, 1, 64)), scalarOf(intType, rate),
      floatScalar(floatType, lower), floatScalar(floatType, upper)];
    return { label: `${type} bins ${int(inputs[0])} dft ${int(inputs[1])} rate ${rate} [${lower}, ${upper}]`, inputs, attributes: { output_datatype: tw.DTYPES[type as tw.DataType].onnx } };
  }),
  reference: ({ inputs, attributes }) => {
    const [bins, length, rate] = [int(inputs[0]), int(inputs[1]), int(inputs[2])];
    const [lower, upper] = [floatsOf(inputs[3]!)[0], floatsOf(inputs[4]!)[0]];
    return [expectedOf(typeOf(attributes.output_datatype), [Math.floor(length / 2) + 1, bins], melReference(bins, length, rate, lower, upper))];
  },
  named: ({ inputs, attributes }, options) => tw.melWeightMatrix(int(inputs[0]), int(inputs[1]), int(inputs[2]), floatsOf(inputs[3]!)[0],
    floatsOf(inputs[4]!)[0], { outputDatatype: typeOf(attributes.output_datatype), ...options } as never),
  tooLarge: () => ({ label: 'num_mel_bins 2^16 by dft_length 2^17 (2^16 x (2^16 + 1) float32)', inputs: [int64Scalar(2 ** 16), int64Scalar(2 ** 17), int64Scalar(16000), new tw.Tensor('float32', new Float32Array([0]), []), new tw.Tensor('float32', new Float32Array([8000]), [])], attributes: {} }),
  fuzz: [],
};
