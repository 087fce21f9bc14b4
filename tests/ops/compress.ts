// Compress's test module: every Compress-11 type, with an axis (negative
// too) or flattened, conditions as long as the axis or shorter.
import * as tw from 'tessera-wasm';
import type { OpTest } from './op-test';
import { between, fromKeys, newestTypes, randomDims, randomInput } from './support';
import { flat, forEachIndex, keys, wrap } from './indexing-support';

export const COMPRESS: OpTest = {
  op: 'Compress',
  cases: (random) => newestTypes('Compress', 'T').map((type) => {
    const dims = randomDims(random, 4, 4);
    if (dims.length === 0) dims.push(between(random, 1, 4));
    const flattened = random() < 0.3;
    const axis = between(random, -dims.length, dims.length - 1);
    const extent = flattened ? dims.reduce((p, d) => p * d, 1) : dims[wrap(axis, dims.length)];
    const length = between(random, 0, extent);
    const condition = new tw.Tensor('bool', Uint8Array.from({ length }, () => (random() < 0.5 ? 1 : 0)), [length]);
    return { label: `${type} [${dims}] ${flattened ? 'flattened' : `axis ${axis}`} condition of ${length}`, inputs: [randomInput(random, type, dims), condition], attributes: flattened ? {} : { axis } };
  }),
  reference: ({ inputs: [x, condition], attributes }) => {
    const kept = [...(condition!.data as Uint8Array)].flatMap((c, i) => (c ? [i] : []));
    const xs = keys(x!);
    if (attributes.axis === undefined) return [fromKeys(x!.type, [kept.length], kept.map((i) => xs[i]))];
    const axis = wrap(Number(attributes.axis), x!.dims.length);
    const dims = x!.dims.map((d, i) => (i === axis ? kept.length : d));
    const out: (string | number)[] = [];
    forEachIndex(dims, (o) => { const at = o.slice(); at[axis] = kept[o[axis]]; out.push(xs[flat(at, x!.dims)]); });
    return [fromKeys(x!.type, dims, out)];
  },
  named: ({ inputs: [x, condition], attributes }, options) => tw.compress(x as never, condition as never, { axis: attributes.axis as number, ...options } as never),
  tooLarge: 'the output is a part of the input, which exists',
  fuzz: ['gather'],
};
