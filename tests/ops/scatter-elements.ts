// ScatterElements' (and Scatter's) test module: every ScatterElements-18
// type with reduction none (duplicates: the last update wins, the loop
// order), and add, mul, max, min over int32, int64, float32, float64.
import * as tw from 'tessera-wasm';
import type { Key } from '../js/reference';
import type { OpCase, OpTest } from './op-test';
import { between, fromKeys, newestTypes, pick, randomDims, randomInput } from './support';
import { REDUCED_TYPES, type ReductionName, flat, forEachIndex, fromStorage, indexValues, keys, randomIndices, reduce, storageCopy, wrap } from './indexing-support';

function scatterCase(random: () => number, type: string, reduction: ReductionName, opset?: number): OpCase {
  const dims = randomDims(random, 4, 4);
  if (dims.length === 0) dims.push(between(random, 1, 4));
  const axis = between(random, -dims.length, dims.length - 1);
  const a = axis < 0 ? axis + dims.length : axis;
  const indexDims = dims.map((d, i) => (i === a ? (d === 0 ? 0 : between(random, 0, 4)) : between(random, Math.min(d, 1), d)));
  const attributes: Record<string, unknown> = { axis };
  if (reduction !== 'none' || ((opset ?? 18) >= 16 && random() < 0.5)) attributes.reduction = reduction;
  return {
    label: `${type} [${dims}] axis ${axis} indices [${indexDims}] ${reduction}`, opset,
    inputs: [randomInput(random, type, dims), randomIndices(random, indexDims, dims[a]), randomInput(random, type, indexDims)], attributes,
  };
}

export function scatterElementsReference({ inputs: [x, indices, updates], attributes }: OpCase) {
  const axis = wrap(Number(attributes.axis ?? 0), x!.dims.length);
  const reduction = (attributes.reduction ?? 'none') as ReductionName;
  const picks = indexValues(indices!);
  const target = (o: number[]) => {
    const at = o.slice();
    at[axis] = wrap(picks[flat(o, indices!.dims)], x!.dims[axis]);
    return flat(at, x!.dims);
  };
  if (reduction === 'none') {
    const out: Key[] = keys(x!);
    const us = keys(updates!);
    forEachIndex(indices!.dims, (o) => { out[target(o)] = us[flat(o, indices!.dims)]; });
    return [fromKeys(x!.type, x!.dims, out)];
  }
  const out = storageCopy(x!);
  const us = updates!.data as ArrayLike<number | bigint>;
  forEachIndex(indices!.dims, (o) => {
    const t = target(o);
    (out as unknown as (number | bigint)[])[t] = reduce(x!.type, reduction, out[t], us[flat(o, indices!.dims)]);
  });
  return [fromStorage(x!.type, x!.dims, out)];
}

export const SCATTER_ELEMENTS: OpTest = {
  op: 'ScatterElements',
  cases: (random) => [
    ...newestTypes('ScatterElements', 'T').map((type) => scatterCase(random, type, 'none')),
    ...REDUCED_TYPES.map((type) => scatterCase(random, type, pick(random, ['add', 'mul', 'max', 'min'] as const))),
    scatterCase(random, 'float32', pick(random, ['add', 'mul'] as const), 16),
    scatterCase(random, 'int32', 'none', 11),
  ],
  reference: scatterElementsReference,
  named: ({ inputs: [x, indices, updates], attributes }, options) =>
    tw.scatterElements(x as never, indices as never, updates as never, { axis: attributes.axis as number, reduction: attributes.reduction as never, ...options } as never),
  looseNaN: true,
  tooLarge: 'the output has the data\'s dims, and the data exists',
  fuzz: [],
};

export const SCATTER: OpTest = {
  op: 'Scatter',
  cases: (random) => newestTypes('Scatter', 'T').map((type) => {
    const c = scatterCase(random, type, 'none', 10);
    return { ...c, attributes: { axis: c.attributes.axis } };
  }),
  reference: scatterElementsReference,
  named: ({ inputs: [x, indices, updates], attributes }, options) =>
    tw.scatter(x as never, indices as never, updates as never, { axis: attributes.axis as number, ...options } as never),
  looseNaN: true,
  tooLarge: 'the output has the data\'s dims, and the data exists',
  fuzz: [],
};
