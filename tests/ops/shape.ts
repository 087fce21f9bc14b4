// Shape's and Size's test modules: every type of their newest versions; Shape with random start and end (clamped, negative).
import * as tw from 'tessera-wasm';
import { int64Keys } from '../js/movement-reference';
import { perType } from './movement-cases';
import type { OpTest } from './op-test';
import { between, fromKeys } from './support';

export const SHAPE: OpTest = {
  op: 'Shape',
  cases: (random) => perType('Shape', 'T', random, (x) => {
    const start = random() < 0.5 ? undefined : between(random, -5, 5);
    const end = random() < 0.5 ? undefined : between(random, -5, 5);
    return { label: `start ${start} end ${end}`, inputs: [x], attributes: { ...(start === undefined ? {} : { start }), ...(end === undefined ? {} : { end }) } };
  }),
  reference: ({ inputs: [x], attributes }) => {
    const r = x!.dims.length;
    const clamp = (v: number) => Math.min(Math.max(v < 0 ? v + r : v, 0), r);
    const from = clamp((attributes.start as number | undefined) ?? 0);
    const to = clamp((attributes.end as number | undefined) ?? r);
    const dims = x!.dims.slice(from, Math.max(from, to));
    return [fromKeys('int64', [dims.length], int64Keys(dims))];
  },
  named: ({ inputs: [x], attributes }, options) => tw.shape(x as never, { ...attributes, ...options } as never),
  tooLarge: 'the output holds one int64 per input axis (at most 8)',
  fuzz: [],
};

export const SIZE: OpTest = {
  op: 'Size',
  cases: (random) => perType('Size', 'T', random, (x) => ({ label: '', inputs: [x], attributes: {} })),
  reference: ({ inputs: [x] }) => [fromKeys('int64', [], int64Keys([x!.size]))],
  named: ({ inputs: [x] }, options) => tw.size(x as never, options as never),
  tooLarge: 'the output holds one int64 per input axis (at most 8)',
  fuzz: [],
};
