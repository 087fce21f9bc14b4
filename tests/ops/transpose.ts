// Transpose's test module: every Transpose-25 type, random permutations (or none: reversed).
import * as tw from 'tessera-wasm';
import { transposeReference } from '../js/movement-reference';
import { like, perType, plain } from './movement-cases';
import type { OpTest } from './op-test';
import { randomDims } from './support';

export const TRANSPOSE: OpTest = {
  op: 'Transpose',
  cases: (random) => perType('Transpose', 'T', random, (x) => {
    const perm = x.dims.map((_, i) => i).sort(() => random() - 0.5);
    const given = random() < 0.8;
    return { label: given ? `perm [${perm}]` : 'reversed', inputs: [x], attributes: given ? { perm } : {} };
  }, () => randomDims(random, 6, 3)),
  reference: ({ inputs: [x], attributes }) => {
    const perm = (attributes.perm as number[] | undefined) ?? x!.dims.map((_, i) => x!.dims.length - 1 - i);
    return [like(x!, transposeReference(plain(x!), perm))];
  },
  named: ({ inputs: [x], attributes }, options) => tw.transpose(x as never, attributes.perm as number[] | undefined, options as never),
  tooLarge: 'the output is its input rearranged, and the input exists',
  fuzz: ['as-strided'],
};
