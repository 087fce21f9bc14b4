// Expand's test module: every Expand-13 type, shapes that broadcast both ways (extent-1 axes on either side, new leading axes).
import * as tw from 'tessera-wasm';
import { expandReference } from '../js/movement-reference';
import { like, numbers, perType, plain } from './movement-cases';
import type { OpTest } from './op-test';
import { between, int64s } from './support';

export const EXPAND: OpTest = {
  op: 'Expand',
  cases: (random) => perType('Expand', 'T', random, (x) => {
    const lead = Array.from({ length: between(random, 0, 2) }, () => between(random, 1, 3));
    const shape = [...lead, ...x.dims.map((d) => (d === 1 ? between(random, 0, 3) : random() < 0.4 ? 1 : d))];
    const trimmed = shape.slice(between(random, 0, Math.min(shape.length, lead.length + 1)));
    return { label: `to [${trimmed}]`, inputs: [x, int64s(trimmed)], attributes: {} };
  }, () => Array.from({ length: between(random, 0, 4) }, () => (random() < 0.5 ? 1 : between(random, 0, 3)))),
  reference: ({ inputs: [x, shape] }) => [like(x!, expandReference(plain(x!), numbers(shape)!))],
  named: ({ inputs: [x, shape] }, options) => tw.expand(x as never, shape as never, options as never),
  tooLarge: (limit) => ({ label: 'uint8 [1] to [limit + 1]', inputs: [new tw.Tensor('uint8', new Uint8Array(1), [1]), int64s([limit + 1])], attributes: {} }),
  fuzz: ['as-strided'],
};
