// Pad's test module: every Pad-25 type, each mode, random pads (negative ones crop) over random axes.
import * as tw from 'tessera-wasm';
import { padReference } from '../js/movement-reference';
import { keysOf } from '../js/reference';
import { like, perType, plain } from './movement-cases';
import type { OpTest } from './op-test';
import { between, int64s, pick, randomInput } from './support';

const MODES = ['constant', 'reflect', 'edge', 'wrap'];

export const PAD: OpTest = {
  op: 'Pad',
  cases: (random) => perType('Pad', 'T', random, (x) => {
    const mode = pick(random, MODES);
    const axes = x.dims.map((_, i) => i).filter(() => random() < 0.8);
    // Pads the mode allows: reflect less than the (cropped) extent, edge and wrap only where something is left.
    const begin: number[] = [];
    const end: number[] = [];
    for (const a of axes) {
      const n = x.dims[a];
      let b = between(random, -1, 3);
      let e = between(random, -1, 3);
      if (n + Math.min(b, 0) + Math.min(e, 0) < 0) { b = Math.max(b, 0); e = Math.max(e, 0); }
      const kept = n + Math.min(b, 0) + Math.min(e, 0);
      if (mode !== 'constant' && kept === 0) { b = Math.min(b, 0); e = Math.min(e, 0); }
      if (mode === 'reflect' && kept > 0) { b = Math.min(b, kept - 1); e = Math.min(e, kept - 1); }
      begin.push(b);
      end.push(e);
    }
    const value = mode === 'constant' && random() < 0.7 ? randomInput(random, x.type, []) : undefined;
    const allAxes = axes.length === x.dims.length && random() < 0.5;
    return {
      label: `${mode} pads [${begin}, ${end}] axes [${axes}]`,
      inputs: [x, int64s([...begin, ...end]), value, allAxes ? undefined : int64s(axes)], attributes: { mode },
    };
  }),
  reference: ({ inputs: [x, pads, value, axesTensor], attributes }) => {
    const p = Array.from(pads!.data as BigInt64Array, Number);
    const axes = axesTensor === undefined ? x!.dims.map((_, i) => i) : Array.from(axesTensor.data as BigInt64Array, Number);
    const begin = x!.dims.map(() => 0);
    const end = x!.dims.map(() => 0);
    axes.forEach((a, i) => { begin[a] = p[i]; end[a] = p[i + axes.length]; });
    const zero = x!.type === 'string' ? '' : tw.DTYPES[x!.type].bits < 8 ? 0 : '00'.repeat(tw.DTYPES[x!.type].bits / 8);
    const key = value === undefined ? zero : keysOf(plain(value))[0];
    return [like(x!, padReference(plain(x!), begin, end, attributes.mode as string, key))];
  },
  named: ({ inputs: [x, pads, value, axes], attributes }, options) =>
    tw.pad(x as never, pads as never, { mode: attributes.mode as never, value, axes, ...options } as never),
  tooLarge: (limit) => ({ label: 'uint8 [1] padded by limit at the end', inputs: [new tw.Tensor('uint8', new Uint8Array(1), [1]), int64s([0, limit])], attributes: { mode: 'constant' } }),
  fuzz: ['as-strided'],
};
