// Gather's test module: every Gather-13 type, random axis (negative too), int32 and int64 indices of rank 0-2.
import * as tw from 'tessera-wasm';
import type { OpTest } from './op-test';
import { between, fromKeys, newestTypes, randomDims, randomInput } from './support';
import { flat, forEachIndex, indexValues, intAttr, keys, randomIndices, wrap } from './indexing-support';

export const GATHER: OpTest = {
  op: 'Gather',
  cases: (random) => newestTypes('Gather', 'T').map((type) => {
    const dims = randomDims(random, 4, 4);
    if (dims.length === 0) dims.push(between(random, 1, 4));
    const axis = between(random, -dims.length, dims.length - 1);
    const extent = dims[axis < 0 ? axis + dims.length : axis];
    const indexDims = randomDims(random, 2, 3);
    if (extent === 0 && !indexDims.includes(0)) indexDims.push(0);
    return { label: `${type} [${dims}] axis ${axis} indices [${indexDims}]`, inputs: [randomInput(random, type, dims), randomIndices(random, indexDims, extent)], attributes: { axis: intAttr(random, axis) } };
  }),
  reference: ({ inputs: [x, indices], attributes }) => {
    const r = x!.dims.length;
    const axis = wrap(Number(attributes.axis), r);
    const q = indices!.dims.length;
    const dims = [...x!.dims.slice(0, axis), ...indices!.dims, ...x!.dims.slice(axis + 1)];
    const xs = keys(x!);
    const picks = indexValues(indices!);
    const out: (string | number)[] = [];
    forEachIndex(dims, (o) => {
      const i = picks[flat(o.slice(axis, axis + q), indices!.dims)];
      out.push(xs[flat([...o.slice(0, axis), wrap(i, x!.dims[axis]), ...o.slice(axis + q)], x!.dims)]);
    });
    return [fromKeys(x!.type, dims, out)];
  },
  named: ({ inputs: [x, indices], attributes }, options) => tw.gather(x as never, indices as never, { axis: attributes.axis as number, ...options } as never),
  tooLarge: (limit) => ({ label: 'uint8 [1, 2^20] gathered by 2^12 + 1 indices (each a 1 MiB row)', inputs: [new tw.Tensor('uint8', new Uint8Array(2 ** 20), [1, 2 ** 20]), new tw.Tensor('int64', new BigInt64Array(Math.floor(limit / 2 ** 20) + 1), [Math.floor(limit / 2 ** 20) + 1])], attributes: { axis: 0 } }),
  fuzz: ['gather'],
};
