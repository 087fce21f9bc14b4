// Softmax's, LogSoftmax's and Hardmax's test modules: every newest type,
// random dims (rank 1 to 6), a random axis (negative too), values in
// [-4, 4] in steps of 1/8 (ties for Hardmax), now and then a NaN; a float64
// reference from the spec: exp(x - max) / sum, (x - max) - log(sum), and 1
// at the first largest element. Softmax and LogSoftmax within stated ulps.
import * as tw from 'tessera-wasm';
import type { OpTest } from './op-test';
import { expectedOf, tensorOf, valuesOf } from './reduce-support';
import { between, newestTypes, randomDims } from './support';

type Name = 'Softmax' | 'LogSoftmax' | 'Hardmax';

function line(name: Name, vs: number[]): number[] {
  if (name === 'Hardmax') {
    let at = 0;
    for (let k = 1; k < vs.length; k++) if (!Number.isNaN(vs[at]) && (Number.isNaN(vs[k]) || vs[k] > vs[at])) at = k;
    return vs.map((_, k) => (k === at ? 1 : 0));
  }
  if (vs.some(Number.isNaN)) return vs.map(() => NaN);
  const m = Math.max(...vs);
  const sum = vs.reduce((a, v) => a + Math.exp(v - m), 0);
  return vs.map((v) => (name === 'Softmax' ? Math.exp(v - m) / sum : v - m - Math.log(sum)));
}

function softmaxTest(name: Name): OpTest {
  const call = { Softmax: tw.softmax, LogSoftmax: tw.logSoftmax, Hardmax: tw.hardmax }[name];
  return {
    op: name,
    cases: (random) => newestTypes(name, 'T').map((type) => {
      let dims = randomDims(random, 6, 4);
      if (dims.length === 0) dims = [between(random, 1, 6)];
      const axis = between(random, 0, dims.length - 1);
      const size = dims.reduce((a, b) => a * b, 1);
      const values = Array.from({ length: size }, () => (random() < 0.02 ? NaN : between(random, -32, 32) / 8));
      const given = random() < 0.3 ? axis - dims.length : axis;
      return { label: `${type} [${dims}] axis ${given}`, inputs: [tensorOf(type, dims, values)], attributes: { axis: given } };
    }),
    reference: ({ inputs: [x], attributes }) => {
      const rank = x!.dims.length;
      const axis = (attributes.axis as number) < 0 ? (attributes.axis as number) + rank : attributes.axis as number;
      const n = x!.dims[axis];
      const inner = x!.dims.slice(axis + 1).reduce((a, b) => a * b, 1);
      const vs = valuesOf(x!) as number[];
      const result = new Array<number>(vs.length).fill(0);
      for (let o = 0; o < vs.length / Math.max(1, n * inner) && n * inner > 0; o++) {
        for (let i = 0; i < inner; i++) {
          const idx = Array.from({ length: n }, (_, k) => (o * n + k) * inner + i);
          line(name, idx.map((j) => vs[j])).forEach((r, k) => { result[idx[k]] = r; });
        }
      }
      return [expectedOf(x!.type, x!.dims, result)];
    },
    named: ({ inputs: [x], attributes }, options) => call(x as never, { axis: attributes.axis as number, ...options } as never),
    tooLarge: 'the output has the input\'s type and dims, and the input exists',
    looseNaN: true,
    // Observed: float32 within 2 ulps (exp in float64, one rounding, then the
    // reference's own libm); float16/bfloat16 within 1 (a float64 -> float32 ->
    // 16-bit double rounding); float64 within 4.
    ...(name === 'Hardmax' ? {} : {
      tolerance: { float64: { ulps: 8, atol: 1e-300 }, float32: { ulps: 4, atol: 1e-40 }, float16: { ulps: 1, atol: 6e-8 }, bfloat16: { ulps: 1, atol: 1e-38 } },
    }),
    fuzz: [],
  };
}

export const SOFTMAX = softmaxTest('Softmax');
export const LOG_SOFTMAX = softmaxTest('LogSoftmax');
export const HARDMAX = softmaxTest('Hardmax');
