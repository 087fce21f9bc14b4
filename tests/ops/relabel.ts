// The test modules of the ops that give the elements new dims: Reshape,
// Flatten, Squeeze, Unsqueeze, Identity (every type of their newest
// versions); the expected elements are the input's, in order.
import * as tw from 'tessera-wasm';
import { keysOf } from '../js/reference';
import { like, numbers, perType, plain } from './movement-cases';
import type { OpCase, OpTest } from './op-test';
import { between, int64s } from './support';

const same = (x: tw.Tensor, dims: number[]) => [like(x, { dims, keys: keysOf(plain(x)) })];

export const RESHAPE: OpTest = {
  op: 'Reshape',
  cases: (random) => perType('Reshape', 'T', random, (x) => {
    // A shape of the same count: the dims shuffled and merged, one of them -1 or (copying the input's) 0.
    const dims = x.dims.length > 1 && random() < 0.5 ? [x.dims[0] * x.dims[1], ...x.dims.slice(2)] : [...x.dims].reverse();
    const shape = [...dims];
    // An empty input's literal 0 extents need allowzero; otherwise a 0 copies the input's dim.
    if (x.size === 0) return { label: `to [${shape}], allowzero`, inputs: [x, int64s(shape)], attributes: { allowzero: 1 } };
    const k = between(random, 0, shape.length);
    if (k < shape.length && random() < 0.5) shape[k] = -1;
    else if (k < shape.length && k < x.dims.length && dims[k] === x.dims[k]) shape[k] = 0;
    return { label: `to [${shape}]`, inputs: [x, int64s(shape)], attributes: {} };
  }),
  reference: ({ inputs: [x, shape], attributes }) => {
    const s = numbers(shape)!.map((d, i) => (d === 0 && !attributes.allowzero ? x!.dims[i] : d));
    const known = s.filter((d) => d !== -1).reduce((a, b) => a * b, 1);
    return same(x!, s.map((d) => (d === -1 ? x!.size / known : d)));
  },
  named: ({ inputs: [x, shape], attributes }, options) => tw.reshape(x as never, shape as never, { allowzero: attributes.allowzero as number, ...options } as never),
  tooLarge: 'the output is its input with new dims, and the input exists',
  fuzz: ['as-strided'],
};

export const FLATTEN: OpTest = {
  op: 'Flatten',
  cases: (random) => perType('Flatten', 'T', random, (x) => {
    const axis = between(random, -x.dims.length, x.dims.length);
    return { label: `axis ${axis}`, inputs: [x], attributes: { axis } };
  }),
  reference: ({ inputs: [x], attributes }) => {
    const r = x!.dims.length;
    const axis = (attributes.axis as number) < 0 ? (attributes.axis as number) + r : attributes.axis as number;
    const p = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);
    return same(x!, [p(x!.dims.slice(0, axis)), p(x!.dims.slice(axis))]);
  },
  named: ({ inputs: [x], attributes }, options) => tw.flatten(x as never, { axis: attributes.axis as number, ...options } as never),
  tooLarge: 'the output is its input with new dims, and the input exists',
  fuzz: ['as-strided'],
};

const withOnes = (random: () => number) => Array.from({ length: between(random, 0, 5) }, () => (random() < 0.5 ? 1 : between(random, 0, 3)));

export const SQUEEZE: OpTest = {
  op: 'Squeeze',
  cases: (random) => perType('Squeeze', 'T', random, (x) => {
    const ones = x.dims.map((d, i) => (d === 1 ? i : -1)).filter((i) => i >= 0 && random() < 0.7).map((i) => (random() < 0.3 ? i - x.dims.length : i));
    const all = random() < 0.3;
    return { label: all ? 'all ones' : `axes [${ones}]`, inputs: all ? [x] : [x, int64s(ones)], attributes: {} };
  }, () => withOnes(random)),
  reference: ({ inputs: [x, axes] }) => {
    const r = x!.dims.length;
    const drop = axes === undefined ? x!.dims.map((d) => d === 1) : x!.dims.map((_, i) => numbers(axes)!.some((a) => (a < 0 ? a + r : a) === i));
    return same(x!, x!.dims.filter((_, i) => !drop[i]));
  },
  named: ({ inputs: [x, axes] }, options) => tw.squeeze(x as never, { axes, ...options } as never),
  tooLarge: 'the output is its input with new dims, and the input exists',
  fuzz: ['as-strided'],
};

export const UNSQUEEZE: OpTest = {
  op: 'Unsqueeze',
  cases: (random) => perType('Unsqueeze', 'T', random, (x) => {
    const rank = x.dims.length + between(random, 1, 3);
    const axes = Array.from({ length: rank }, (_, i) => i).sort(() => random() - 0.5).slice(0, rank - x.dims.length)
      .map((a) => (random() < 0.3 ? a - rank : a));
    return { label: `axes [${axes}]`, inputs: [x, int64s(axes)], attributes: {} };
  }),
  reference: ({ inputs: [x, axes] }) => {
    const a = numbers(axes)!;
    const rank = x!.dims.length + a.length;
    const inserted = new Set(a.map((v) => (v < 0 ? v + rank : v)));
    const dims: number[] = [];
    let next = 0;
    for (let i = 0; i < rank; i++) dims.push(inserted.has(i) ? 1 : x!.dims[next++]);
    return same(x!, dims);
  },
  named: ({ inputs: [x, axes] }, options) => tw.unsqueeze(x as never, axes as never, options as never),
  tooLarge: 'the output is its input with new dims, and the input exists',
  fuzz: ['as-strided'],
};

export const IDENTITY: OpTest = {
  op: 'Identity',
  cases: (random) => perType('Identity', 'V', random, (x): OpCase => ({ label: '', inputs: [x], attributes: {} })),
  reference: ({ inputs: [x] }) => same(x!, [...x!.dims]),
  named: ({ inputs: [x] }, options) => tw.identity(x as never, options as never),
  tooLarge: 'the output is its input with new dims, and the input exists',
  fuzz: ['as-strided'],
};
