// Concat's test module: every Concat-13 type, 1 to 4 inputs differing along a random axis (empty parts too).
import * as tw from 'tessera-wasm';
import { concatReference } from '../js/movement-reference';
import { like, plain } from './movement-cases';
import type { OpTest } from './op-test';
import { between, newestTypes, randomDims, randomInput } from './support';

export const CONCAT: OpTest = {
  op: 'Concat',
  cases: (random) => newestTypes('Concat', 'T').map((type) => {
    const dims = randomDims(random, 4, 4);
    if (dims.length === 0) dims.push(2);
    const axis = between(random, 0, dims.length - 1);
    const inputs = Array.from({ length: between(random, 1, 4) }, () => {
      const d = [...dims];
      d[axis] = between(random, 0, 3);
      return randomInput(random, type, d);
    });
    const given = random() < 0.3 ? axis - dims.length : axis;
    return { label: `${type} ${inputs.map((t) => `[${t.dims}]`).join(' ')} axis ${given}`, inputs, attributes: { axis: given } };
  }),
  reference: ({ inputs, attributes }) => {
    const rank = inputs[0]!.dims.length;
    const axis = (attributes.axis as number) < 0 ? (attributes.axis as number) + rank : attributes.axis as number;
    return [like(inputs[0]!, concatReference(inputs.map((t) => plain(t!)), axis))];
  },
  named: ({ inputs, attributes }, options) => tw.concat(inputs as never, attributes.axis as number, options as never),
  tooLarge: 'the output is its inputs side by side, and they exist',
  fuzz: ['as-strided'],
};
