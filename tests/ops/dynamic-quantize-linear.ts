// DynamicQuantizeLinear's test module: float32 data of any dims (ranges all
// positive, all negative, straddling 0, all zero). The reference: ONNX's
// formulas in float32, written out.
import * as tw from 'tessera-wasm';
import type { OpCase, OpTest } from './op-test';
import { sizeOf, storageOf } from './quantize-support';
import { pick, randomDims } from './support';

function roundHalfEven(v: number): number {
  const f = Math.floor(v);
  const d = v - f;
  return d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
}

function dynamicCase(random: () => number): OpCase {
  const dims = randomDims(random, 4, 5);
  const [lo, hi] = pick(random, [[0, 10], [-10, 0], [-3, 7], [0, 0], [-1000, 1e6], [-1e-3, 1e-3]]);
  const values = Float32Array.from({ length: sizeOf(dims) }, () => (random() < 0.1 ? pick(random, [lo, hi, 0]) : lo + (hi - lo) * random()));
  return { label: `[${dims}] in [${lo}, ${hi}]`, inputs: [new tw.Tensor('float32', values, dims)], attributes: {} };
}

function dynamicReference(c: OpCase) {
  const x = c.inputs[0]!;
  const xs = Array.from(x.data as Float32Array);
  const f = Math.fround;
  const max = Math.max(0, ...xs);
  const min = Math.min(0, ...xs);
  const scale = f(f(max === min ? 1 : f(max - min)) / 255);
  const zp = roundHalfEven(Math.min(255, Math.max(0, f(0 - f(min / scale)))));
  const y = xs.map((v) => Math.min(255, Math.max(0, roundHalfEven(f(v / scale)) + zp)));
  return [
    { type: 'uint8', dims: [...x.dims], storage: storageOf('uint8', y) },
    { type: 'float32', dims: [], storage: storageOf('float32', [new Uint32Array(new Float32Array([scale]).buffer)[0]]) },
    { type: 'uint8', dims: [], storage: storageOf('uint8', [zp]) },
  ];
}

export const DYNAMIC_QUANTIZE_LINEAR: OpTest = {
  op: 'DynamicQuantizeLinear',
  cases: (random) => Array.from({ length: 6 }, () => dynamicCase(random)),
  reference: dynamicReference,
  named: ({ inputs: [x] }) => { const { y, yScale, yZeroPoint } = tw.dynamicQuantizeLinear(x!); return [y, yScale, yZeroPoint]; },
  tooLarge: 'the outputs are uint8 of x\'s element count and two scalars: never larger than x',
  fuzz: [],
};
