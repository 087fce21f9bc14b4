// Floor's test module: every float type Floor-13 takes, any dims; in place allowed.
import * as tw from 'tessera-wasm';
import { floorReference } from '../js/reference';
import type { OpCase, OpTest } from './op-test';
import { newestTypes, pick, plain, randomDims, randomInput } from './support';

export const FLOOR: OpTest = {
  op: 'Floor',
  cases: (random) => newestTypes('Floor', 'T').map((type): OpCase => {
    const dims = randomDims(random);
    return { label: `${type} [${dims}]`, inputs: [randomInput(random, type, dims)], attributes: {} };
  }).concat([{ label: 'Floor-6 float32', opset: 6, inputs: [randomInput(random, pick(random, ['float32', 'float64', 'float16']), [7])], attributes: {} }]),
  reference: ({ inputs: [x] }) => [{ type: x!.type, dims: x!.dims, storage: floorReference(plain(x!)) }],
  named: ({ inputs: [x] }, options) => tw.floor(x as never, options as never),
  inPlace: true,
  tooLarge: 'the output is the size of its input, which exists',
  fuzz: ['floor-f32', 'floor-f64', 'floor-f16', 'floor-bf16'],
};
