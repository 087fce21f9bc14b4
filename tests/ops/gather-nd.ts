// GatherND's test module: every GatherND-13 type, batch_dims 0-2, tuples of 1 to rank - batch_dims indices.
import * as tw from 'tessera-wasm';
import type { OpTest } from './op-test';
import { between, fromKeys, newestTypes, randomInput } from './support';
import { flat, forEachIndex, intAttr, keys, wrap } from './indexing-support';

export const GATHER_ND: OpTest = {
  op: 'GatherND',
  cases: (random) => newestTypes('GatherND', 'T').map((type) => {
    const r = between(random, 1, 4);
    const dims = Array.from({ length: r }, () => between(random, 1, 3));
    const b = between(random, 0, Math.min(r - 1, 2));
    const m = between(random, 1, r - b);
    const middle = Array.from({ length: between(random, 0, 2) }, () => between(random, 0, 3));
    const indexDims = [...dims.slice(0, b), ...middle, m];
    const size = indexDims.reduce((p, d) => p * d, 1);
    const values = Array.from({ length: size }, (_, i) => { const e = dims[b + (i % m)]; return between(random, -e, e - 1); });
    const indices = new tw.Tensor('int64', BigInt64Array.from(values, BigInt), indexDims);
    return { label: `${type} [${dims}] batch ${b} indices [${indexDims}]`, inputs: [randomInput(random, type, dims), indices], attributes: { batch_dims: intAttr(random, b) } };
  }),
  reference: ({ inputs: [x, indices], attributes }) => {
    const b = Number(attributes.batch_dims);
    const q = indices!.dims.length;
    const m = indices!.dims[q - 1];
    const dims = [...indices!.dims.slice(0, q - 1), ...x!.dims.slice(b + m)];
    const xs = keys(x!);
    const picks = Array.from(indices!.data as BigInt64Array, Number);
    const out: (string | number)[] = [];
    forEachIndex(dims, (o) => {
      const tuple = o.slice(0, q - 1);
      const start = flat([...tuple, 0], indices!.dims);
      const named = Array.from({ length: m }, (_, c) => wrap(picks[start + c], x!.dims[b + c]));
      out.push(xs[flat([...o.slice(0, b), ...named, ...o.slice(q - 1)], x!.dims)]);
    });
    return [fromKeys(x!.type, dims, out)];
  },
  named: ({ inputs: [x, indices], attributes }, options) => tw.gatherND(x as never, indices as never, { batchDims: attributes.batch_dims as number, ...options } as never),
  tooLarge: 'the output is at most the rows of the data named by indices, both of which exist',
  fuzz: ['gather'],
};
