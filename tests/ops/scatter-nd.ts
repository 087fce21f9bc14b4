// ScatterND's test module: every ScatterND-18 type with reduction none
// (tuples distinct: the spec leaves duplicates to the runtime), and add, mul,
// max, min over int32, int64, float32, float64 with duplicates reduced in order.
import * as tw from 'tessera-wasm';
import type { Key } from '../js/reference';
import type { OpCase, OpTest } from './op-test';
import { between, fromKeys, newestTypes, pick, randomInput } from './support';
import { REDUCED_TYPES, type ReductionName, flat, fromStorage, keys, reduce, storageCopy, wrap } from './indexing-support';

function ndCase(random: () => number, type: string, reduction: ReductionName, opset?: number): OpCase {
  const r = between(random, 1, 4);
  const dims = Array.from({ length: r }, () => between(random, 1, 3));
  const k = between(random, 1, r);
  const slots = dims.slice(0, k).reduce((p, d) => p * d, 1);
  const n = between(random, 0, reduction === 'none' ? slots : 5);
  // Distinct slots for none; any for the reductions.
  const chosen = reduction === 'none' ? [...Array(slots).keys()].sort(() => random() - 0.5).slice(0, n) : Array.from({ length: n }, () => between(random, 0, slots - 1));
  const values: number[] = [];
  for (const slot of chosen) {
    let s = slot;
    const tuple = new Array<number>(k);
    for (let c = k - 1; c >= 0; c--) { tuple[c] = s % dims[c]; s = Math.floor(s / dims[c]); }
    values.push(...tuple.map((v, c) => (random() < 0.3 ? v - dims[c] : v)));
  }
  const indices = new tw.Tensor('int64', BigInt64Array.from(values, BigInt), [n, k]);
  const attributes: Record<string, unknown> = reduction === 'none' && random() < 0.5 ? {} : { reduction };
  return { label: `${type} [${dims}] ${n} tuples of ${k} ${reduction}`, opset, inputs: [randomInput(random, type, dims), indices, randomInput(random, type, [n, ...dims.slice(k)])], attributes };
}

export const SCATTER_ND: OpTest = {
  op: 'ScatterND',
  cases: (random) => [
    ...newestTypes('ScatterND', 'T').map((type) => ndCase(random, type, 'none')),
    ...REDUCED_TYPES.map((type) => ndCase(random, type, pick(random, ['add', 'mul', 'max', 'min'] as const))),
    { ...ndCase(random, 'float64', 'none', 13), attributes: {} },
  ],
  reference: ({ inputs: [x, indices, updates], attributes }) => {
    const reduction = (attributes.reduction ?? 'none') as ReductionName;
    const [n, k] = indices!.dims;
    const picks = Array.from(indices!.data as BigInt64Array, Number);
    const row = x!.dims.slice(k).reduce((p, d) => p * d, 1);
    const start = (j: number) => flat(Array.from({ length: k }, (_, c) => wrap(picks[j * k + c], x!.dims[c])), x!.dims.slice(0, k)) * row;
    if (reduction === 'none') {
      const out: Key[] = keys(x!);
      const us = keys(updates!);
      for (let j = 0; j < n; j++) for (let e = 0; e < row; e++) out[start(j) + e] = us[j * row + e];
      return [fromKeys(x!.type, x!.dims, out)];
    }
    const out = storageCopy(x!) as unknown as (number | bigint)[];
    const us = updates!.data as ArrayLike<number | bigint>;
    for (let j = 0; j < n; j++) for (let e = 0; e < row; e++) out[start(j) + e] = reduce(x!.type, reduction, out[start(j) + e], us[j * row + e]);
    return [fromStorage(x!.type, x!.dims, out as unknown as ArrayBufferView)];
  },
  named: ({ inputs: [x, indices, updates], attributes }, options) =>
    tw.scatterND(x as never, indices as never, updates as never, { reduction: attributes.reduction as never, ...options } as never),
  looseNaN: true,
  tooLarge: 'the output has the data\'s dims, and the data exists',
  fuzz: [],
};
