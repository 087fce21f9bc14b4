// Slice's test module: every Slice-13 type, random starts, ends (clamped and negative), axes and steps (negative too).
import * as tw from 'tessera-wasm';
import { sliceReference } from '../js/movement-reference';
import { int32s, like, numbers, perType, plain } from './movement-cases';
import type { OpTest } from './op-test';
import { between, int64s } from './support';

export const SLICE: OpTest = {
  op: 'Slice',
  cases: (random) => perType('Slice', 'T', random, (x) => {
    const axes = x.dims.map((_, i) => i).filter(() => random() < 0.7).map((a) => (random() < 0.3 ? a - x.dims.length : a));
    const starts = axes.map(() => between(random, -6, 6));
    const ends = axes.map(() => between(random, -6, 6));
    const steps = axes.map(() => (random() < 0.5 ? 1 : random() < 0.5 ? -between(random, 1, 3) : between(random, 1, 3)));
    const index = random() < 0.5 ? int64s : int32s;
    return {
      label: `starts [${starts}] ends [${ends}] axes [${axes}] steps [${steps}]`,
      inputs: [x, index(starts), index(ends), index(axes), index(steps)], attributes: {},
    };
  }),
  reference: ({ inputs: [x, starts, ends, axes, steps] }) =>
    [like(x!, sliceReference(plain(x!), numbers(starts)!, numbers(ends)!, numbers(axes)!, numbers(steps)!))],
  named: ({ inputs: [x, starts, ends, axes, steps] }, options) => tw.slice(x as never, starts as never, ends as never, { axes, steps, ...options } as never),
  tooLarge: 'the output is a part of the input, which exists',
  fuzz: ['as-strided'],
};
