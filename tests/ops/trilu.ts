// Trilu's test module: every Trilu-14 type, rank 2 to 4, upper and lower, k from far below to far above.
import * as tw from 'tessera-wasm';
import type { OpTest } from './op-test';
import { between, fromKeys, newestTypes, randomInput } from './support';
import { keys } from './indexing-support';
import { BITS } from '../js/reference';

export const TRILU: OpTest = {
  op: 'Trilu',
  cases: (random) => newestTypes('Trilu', 'T').map((type) => {
    const dims = Array.from({ length: between(random, 2, 4) }, () => between(random, 0, 5));
    const k = between(random, -6, 6);
    const inputs = [randomInput(random, type, dims), random() < 0.8 ? new tw.Tensor('int64', BigInt64Array.of(BigInt(k)), []) : undefined];
    return { label: `${type} [${dims}] k ${k}`, inputs, attributes: random() < 0.5 ? { upper: 0 } : { upper: 1 } };
  }),
  reference: ({ inputs: [x, kTensor], attributes }) => {
    const k = kTensor === undefined ? 0 : Number((kTensor.data as BigInt64Array)[0]);
    const upper = attributes.upper !== 0;
    const [rows, cols] = x!.dims.slice(-2);
    const zero = x!.type === 'string' ? '' : '00'.repeat(BITS[x!.type] / 8);
    const out = keys(x!).map((key, at) => {
      const j = at % cols;
      const i = Math.floor(at / cols) % rows;
      return (upper ? j - i >= k : j - i <= k) ? key : zero;
    });
    return [fromKeys(x!.type, x!.dims, out)];
  },
  named: ({ inputs: [x, k], attributes }, options) =>
    tw.trilu(x as never, { upper: attributes.upper !== 0, k: k === undefined ? undefined : (k.data as BigInt64Array)[0], ...options } as never),
  tooLarge: 'the output has the input\'s dims, and the input exists',
  fuzz: [],
};
