// GatherElements' test module: every GatherElements-13 type, indices no longer than the data off the axis.
import * as tw from 'tessera-wasm';
import type { OpTest } from './op-test';
import { between, fromKeys, newestTypes, randomDims, randomInput } from './support';
import { flat, forEachIndex, indexValues, intAttr, keys, randomIndices, wrap } from './indexing-support';

export const GATHER_ELEMENTS: OpTest = {
  op: 'GatherElements',
  cases: (random) => newestTypes('GatherElements', 'T').map((type) => {
    const dims = randomDims(random, 4, 4);
    if (dims.length === 0) dims.push(between(random, 1, 4));
    const axis = between(random, -dims.length, dims.length - 1);
    const a = axis < 0 ? axis + dims.length : axis;
    const indexDims = dims.map((d, i) => (i === a ? (d === 0 ? 0 : between(random, 0, 4)) : between(random, Math.min(d, 1), d)));
    return { label: `${type} [${dims}] axis ${axis} indices [${indexDims}]`, inputs: [randomInput(random, type, dims), randomIndices(random, indexDims, dims[a])], attributes: { axis: intAttr(random, axis) } };
  }),
  reference: ({ inputs: [x, indices], attributes }) => {
    const axis = wrap(Number(attributes.axis), x!.dims.length);
    const xs = keys(x!);
    const picks = indexValues(indices!);
    const out: (string | number)[] = [];
    forEachIndex(indices!.dims, (o) => {
      const at = o.slice();
      at[axis] = wrap(picks[flat(o, indices!.dims)], x!.dims[axis]);
      out.push(xs[flat(at, x!.dims)]);
    });
    return [fromKeys(x!.type, indices!.dims, out)];
  },
  named: ({ inputs: [x, indices], attributes }, options) => tw.gatherElements(x as never, indices as never, { axis: attributes.axis as number, ...options } as never),
  tooLarge: 'the output has the dims of indices, which exists',
  fuzz: ['gather'],
};
