// NonZero's test module: every NonZero-13 type, rank 0 to 4, mostly zeros
// (signed zeros of the float types among them).
import * as tw from 'tessera-wasm';
import type { OpTest } from './op-test';
import { between, newestTypes, randomDims, randomInput } from './support';
import { forEachIndex, keys } from './indexing-support';
import { BITS } from '../js/reference';

// Zero as the spec means it: every bit 0, except a float's (or a complex part's) sign bit.
function isZero(type: string, key: string | number): boolean {
  if (type === 'string') return key === '';
  const hex = String(key);
  const bytes = hex.match(/../g)!.map((h) => parseInt(h, 16));
  const floatLanes = type.startsWith('complex') ? 2 : ['float16', 'bfloat16', 'float32', 'float64'].includes(type) ? 1 : 0;
  if (floatLanes > 0) {
    const lane = bytes.length / floatLanes;
    for (let l = 0; l < floatLanes; l++) bytes[l * lane + lane - 1] &= 0x7f;
  }
  return bytes.every((b) => b === 0);
}

export const NON_ZERO: OpTest = {
  op: 'NonZero',
  cases: (random) => newestTypes('NonZero', 'T').map((type) => {
    const dims = randomDims(random, 4, 4);
    const x = randomInput(random, type, dims);
    if (type !== 'string') {
      // Mostly zeros: clear (or leave only a sign bit in) most elements.
      const d = x.data as ArrayBufferView;
      const bytes = new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
      const width = BITS[type] / 8;
      for (let i = 0; i < x.size; i++) {
        if (random() < 0.6) { bytes.fill(0, i * width, (i + 1) * width); if (random() < 0.3 && type !== 'bool') bytes[(i + 1) * width - 1] = 0x80; }
      }
    }
    void between;
    return { label: `${type} [${dims}]`, inputs: [x], attributes: {} };
  }),
  reference: ({ inputs: [x] }) => {
    const xs = keys(x!);
    const dims = x!.dims.length === 0 ? [1] : x!.dims;
    const found: number[][] = [];
    let i = 0;
    forEachIndex(dims, (o) => { if (!isZero(x!.type, xs[i++])) found.push(o.slice()); });
    const out = new BigInt64Array(dims.length * found.length);
    found.forEach((o, j) => o.forEach((v, d) => { out[d * found.length + j] = BigInt(v); }));
    return [{ type: 'int64', dims: [dims.length, found.length], storage: new Uint8Array(out.buffer) }];
  },
  named: ({ inputs: [x] }, options) => tw.nonZero(x as never, options as never),
  tooLarge: 'the output holds rank int64s per element of the input: at most 8 x rank times the input, which exists; an input that large cannot be made here',
  fuzz: [],
};
