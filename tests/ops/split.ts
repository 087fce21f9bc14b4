// Split's test module: every Split-18 type, random parts (2 or more, empty ones too) along a random axis.
import * as tw from 'tessera-wasm';
import { sliceReference } from '../js/movement-reference';
import { like, perType, plain } from './movement-cases';
import type { OpTest } from './op-test';
import { between, int64s, randomDims } from './support';

export const SPLIT: OpTest = {
  op: 'Split',
  cases: (random) => perType('Split', 'T', random, (x) => {
    const axis = between(random, 0, x.dims.length - 1);
    const n = x.dims[axis];
    const cuts = [0, ...Array.from({ length: between(random, 1, 3) }, () => between(random, 0, n)).sort((a, b) => a - b), n];
    const parts = cuts.slice(1).map((c, i) => c - cuts[i]);
    return { label: `axis ${axis} split [${parts}]`, inputs: [x, int64s(parts)], attributes: { axis } };
  }, () => { const d = randomDims(random, 4, 5); return d.length === 0 ? [3] : d; }),
  reference: ({ inputs: [x, split], attributes }) => {
    const axis = attributes.axis as number;
    let at = 0;
    return Array.from(split!.data as BigInt64Array, (s) => {
      const part = like(x!, sliceReference(plain(x!), [at], [at + Number(s)], [axis], [1]));
      at += Number(s);
      return part;
    });
  },
  named: ({ inputs: [x, split], attributes }) => tw.split(x as never, { axis: attributes.axis as number, split: split as never }),
  tooLarge: 'the outputs are parts of the input, which exists',
  fuzz: ['as-strided'],
};
