// Tile's test module: every Tile-13 type, random repeats (zeros included).
import * as tw from 'tessera-wasm';
import { tileReference } from '../js/reference';
import type { OpTest } from './op-test';
import { between, fromKeys, int64s, newestTypes, plain, randomDims, randomInput } from './support';

export const TILE: OpTest = {
  op: 'Tile',
  cases: (random) => newestTypes('Tile', 'T').map((type) => {
    const dims = randomDims(random, 4, 4);
    const repeats = dims.map(() => (random() < 0.05 ? 0 : between(random, 1, 3)));
    return { label: `${type} [${dims}] by [${repeats}]`, inputs: [randomInput(random, type, dims), int64s(repeats)], attributes: {} };
  }),
  reference: ({ inputs: [x, repeats] }) => {
    const r = Array.from(repeats!.data as BigInt64Array, Number);
    return [fromKeys(x!.type, x!.dims.map((d, i) => d * r[i]), tileReference(plain(x!), r))];
  },
  named: ({ inputs: [x, repeats] }, options) => tw.tile(x as never, repeats as never, options as never),
  tooLarge: (limit) => ({ label: 'uint8 [1] by [limit + 1]', inputs: [new tw.Tensor('uint8', new Uint8Array([1]), [1]), int64s([limit + 1])], attributes: {} }),
  fuzz: ['tile', 'pack'],
};
