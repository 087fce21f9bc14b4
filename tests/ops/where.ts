// Where's test module: every type of Where-16 (strings included: they go
// through JS), condition, X and Y broadcast together; the elements are moved
// as they are (NaN payloads kept).
import * as tw from 'tessera-wasm';
import { broadcast, broadcastIndices } from '../js/elementwise-reference';
import { broadcastShapes, tooLargePair } from './elementwise-cases';
import type { OpCase, OpTest } from './op-test';
import { newestTypes, randomInput } from './support';

const WIDTH: Record<string, number> = { complex128: 16, complex64: 8, float64: 8, int64: 8, uint64: 8, float32: 4, int32: 4, uint32: 4 };
const widthOf = (type: string) => WIDTH[type] ?? (/16/.test(type) ? 2 : 1);

export const WHERE: OpTest = {
  op: 'Where',
  cases: (random) => newestTypes('Where', 'T').map((type): OpCase => {
    const [c, x, y] = broadcastShapes(random, 3);
    return { label: `${type} [${c}] [${x}] [${y}]`, inputs: [randomInput(random, 'bool', c), randomInput(random, type, x), randomInput(random, type, y)], attributes: {} };
  }).concat([{ label: 'opset 9 float32', opset: 9, inputs: [randomInput(random, 'bool', [2, 1]), randomInput(random, 'float32', [3]), randomInput(random, 'float32', [2, 3])], attributes: {} }]),
  reference: ({ inputs }) => {
    const [c, x, y] = inputs as tw.Tensor[];
    const dims = broadcast([c.dims, x.dims, y.dims])!;
    const at = broadcastIndices(dims, [c.dims, x.dims, y.dims]);
    const cs = c.data as Uint8Array;
    if (x.type === 'string') {
      return [{ type: 'string', dims, storage: at.map(([ic, ix, iy]) => (cs[ic] ? (x.data as string[])[ix] : (y.data as string[])[iy])) }];
    }
    const w = widthOf(x.type);
    const bytes = (t: tw.Tensor) => new Uint8Array((t.data as ArrayBufferView).buffer, (t.data as ArrayBufferView).byteOffset, (t.data as ArrayBufferView).byteLength);
    const xb = bytes(x);
    const yb = bytes(y);
    const storage = new Uint8Array(at.length * w);
    at.forEach(([ic, ix, iy], i) => storage.set(cs[ic] ? xb.subarray(ix * w, ix * w + w) : yb.subarray(iy * w, iy * w + w), i * w));
    return [{ type: x.type, dims, storage }];
  },
  named: ({ inputs: [c, x, y] }, options) => tw.where(c as never, x as never, y as never, options as never),
  inPlace: true,
  tooLarge: () => {
    const [x, y] = tooLargePair('uint8');
    return { label: 'condition [2^16, 1], X [1, 2^16]', inputs: [tooLargePair('bool')[0], y, x.dims.length ? new tw.Tensor('uint8', new Uint8Array(1), [1]) : x], attributes: {} };
  },
  fuzz: ['binary'],
};
