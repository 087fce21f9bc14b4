// HannWindow, HammingWindow and BlackmanWindow: every output type, periodic
// and symmetric, sizes 0..40, against the formula in float64 (Math.cos).
import * as tw from 'tessera-wasm';
import { expectedOf, scalarOf } from './audio-support';
import type { OpCase, OpTest } from './op-test';
import { between, newestTypes, pick } from './support';

const COEFFICIENTS: Record<string, [number, number, number]> = {
  HannWindow: [0.5, 0.5, 0], HammingWindow: [25 / 46, 21 / 46, 0], BlackmanWindow: [0.42, 0.5, 0.08],
};
const NAMED: Record<string, string> = { HannWindow: 'hannWindow', HammingWindow: 'hammingWindow', BlackmanWindow: 'blackmanWindow' };

/** The window's values in float64: a0 - a1 cos(2 pi n / N) + a2 cos(4 pi n / N), N = size or size - 1; one symmetric point is [1]. */
export function windowValues(op: string, size: number, periodic: boolean): number[] {
  const [a0, a1, a2] = COEFFICIENTS[op];
  const period = periodic ? size : size - 1;
  return Array.from({ length: size }, (_, n) => (period === 0 ? 1 : a0 - a1 * Math.cos((2 * Math.PI * n) / period) + a2 * Math.cos((4 * Math.PI * n) / period)));
}

function windowTest(op: 'HannWindow' | 'HammingWindow' | 'BlackmanWindow'): OpTest {
  return {
    op,
    cases: (random) => newestTypes(op, 'T2').map((type): OpCase => {
      const size = random() < 0.1 ? pick(random, [0, 1]) : between(random, 2, 40);
      const periodic = random() < 0.5 ? 1 : 0;
      return {
        label: `${type} size ${size} periodic ${periodic}`,
        inputs: [scalarOf(pick(random, ['int32', 'int64'] as const), size)],
        attributes: { output_datatype: tw.DTYPES[type as tw.DataType].onnx, periodic },
      };
    }),
    reference: ({ inputs: [size], attributes }) => {
      const n = Number((size!.data as ArrayLike<number | bigint>)[0]);
      const type = Object.keys(tw.DTYPES).find((t) => tw.DTYPES[t as tw.DataType].onnx === attributes.output_datatype)!;
      return [expectedOf(type, [n], windowValues(op, n, attributes.periodic === 1))];
    },
    named: ({ inputs: [size], attributes }, options) => {
      const type = Object.keys(tw.DTYPES).find((t) => tw.DTYPES[t as tw.DataType].onnx === attributes.output_datatype)!;
      const fn = (tw as unknown as Record<string, (n: number, o: unknown) => tw.Tensor>)[NAMED[op]];
      return fn(Number((size!.data as ArrayLike<number | bigint>)[0]), { periodic: attributes.periodic === 1, outputDatatype: type, ...options });
    },
    // The kernel's cos is musl's, the reference's the engine's: float64 may differ in its last bit, and that may move a
    // rounding to a narrower type by one ulp.
    tolerance: { float64: { ulps: 2, atol: 1e-15 }, float32: { ulps: 1, atol: 1e-15 }, float16: { ulps: 1, atol: 1e-15 }, bfloat16: { ulps: 1, atol: 1e-15 } },
    tooLarge: 'a window has at most 2^28 points (a SpecError of its own: tests/js/image-audio.test.ts), a quarter of what memory holds as float64',
    fuzz: [],
  };
}

export const HANN_WINDOW = windowTest('HannWindow');
export const HAMMING_WINDOW = windowTest('HammingWindow');
export const BLACKMAN_WINDOW = windowTest('BlackmanWindow');
