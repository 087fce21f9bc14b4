// ONNX Tile: the input repeated along each axis (numpy's np.tile without broadcast).
import * as tw from 'tessera-wasm';
import { product, unravel } from '../nested.js';
import { type Descriptor, type Example, type RunArgs, list, namedCall } from './op.js';

const SQUARE = { type: 'float32', dims: [2, 2], items: ['0', '1', '2', '3'] } as const;

export const tile: Descriptor = {
  summary: 'Repeats the input along each axis: output dims[i] = input dims[i] × repeats[i]. Tile-1 instead repeats the whole input `tiles` times along one `axis`.',
  inputHint: () => 'any dims; any type of this version',
  fields: () => ({
    repeats: { kind: 'ints', hint: '1-D int64: one entry per input dimension, each ≥ 0' },
    tiles: { kind: 'int', hint: 'scalar: how many copies, ≥ 0' },
    axis: { kind: 'int', hint: 'scalar: the axis to repeat along, in [0, rank)' },
  }),
  example: (version): Example => version >= 6
    ? { ...SQUARE, params: { repeats: '2, 2' }, source: 'ONNX test_tile_precomputed: [[0, 1], [2, 3]] tiled [2, 2]' }
    : { ...SQUARE, params: { tiles: '2', axis: '1' }, source: 'the Tile-1 schema (it has no test vector): [[0, 1], [2, 3]], 2 tiles along axis 1' },
  random: ({ version, dims }) => ({
    params: version >= 6
      ? { repeats: dims.map(() => String(1 + Math.floor(Math.random() * 3))).join(', ') } as Record<string, string>
      : { tiles: String(1 + Math.floor(Math.random() * 3)), axis: String(Math.floor(Math.random() * Math.max(dims.length, 1))) },
  }),
  // The named op at the newest version; runNode (the page's generic node call) otherwise.
  call: ({ node, input, params }) => {
    if (node) return undefined;
    const repeats = params.repeats as number[];
    return namedCall(() => tw.tile(input as tw.Tensor, repeats), `tw.tile(x, ${list(repeats)})`);
  },
  // Each output index, taken modulo the input's dims.
  source: ({ input }: RunArgs, outputDims) => {
    const dims = (input as tw.Tensor).dims;
    return (i) => {
      const at = unravel(i, outputDims);
      return product(dims) === 0 ? 0 : at.reduce((flat, a, k) => flat * dims[k] + (a % dims[k]), 0);
    };
  },
  // The page built the input from checked text: what the library can fault in it is its type.
  // Tile-1's output size is its tiles' doing; the library names it `repeats`, Tile-1's repeats in effect.
  fieldOf: (version) => ({ input: 'type', ...(version < 6 ? { repeats: 'tiles' } : {}) }),
};
