// ONNX Tile: the input repeated along each axis (numpy's np.tile without broadcast).
import * as tw from 'tessera-wasm';
import { product, unravel } from '../nested.js';
import { type DemoOp, type Example, type RunArgs, fieldFrom, int64Code, int64Tensor, list, nodeCall } from './op.js';

const SQUARE = { type: 'float32', dims: [2, 2], items: ['0', '1', '2', '3'] } as const;

export const tile: DemoOp = {
  op: 'Tile',
  slug: 'tile',
  named: 'tw.tile',
  summary: 'Repeats the input along each axis: output dims[i] = input dims[i] × repeats[i]. Tile-1 instead repeats the whole input `tiles` times along one `axis`.',
  typeConstraint: 'T',
  input: { name: 'input', hint: () => 'any dims; any type of this version' },
  fields: (version) => version >= 6
    ? [{ key: 'repeats', label: 'repeats', kind: 'ints', hint: '1-D int64: one entry per input dimension, each ≥ 0' }]
    : [
      { key: 'tiles', label: 'tiles', kind: 'int', hint: 'scalar: how many copies, ≥ 0' },
      { key: 'axis', label: 'axis', kind: 'int', hint: 'scalar: the axis to repeat along, in [0, rank)' },
    ],
  example: (version): Example => version >= 6
    ? { ...SQUARE, params: { repeats: '2, 2' }, source: 'ONNX test_tile_precomputed: [[0, 1], [2, 3]] tiled [2, 2]' }
    : { ...SQUARE, params: { tiles: '2', axis: '1' }, source: 'the Tile-1 schema (it has no test vector): [[0, 1], [2, 3]], 2 tiles along axis 1' },
  random: ({ version, dims }) => ({
    params: version >= 6
      ? { repeats: dims.map(() => String(1 + Math.floor(Math.random() * 3))).join(', ') } as Record<string, string>
      : { tiles: String(1 + Math.floor(Math.random() * 3)), axis: String(Math.floor(Math.random() * Math.max(dims.length, 1))) },
  }),
  call: ({ version, node, input, params }) => {
    const x = input as tw.Tensor;
    if (version >= 6) {
      const repeats = params.repeats as number[];
      if (!node) return { run: () => tw.tile(x, repeats), setup: [], expression: `tw.tile(x, ${list(repeats)})`, many: false };
      return nodeCall({ opType: 'Tile', opset: version }, `{ opType: 'Tile', opset: ${version} }`, [x, int64Tensor(repeats)], ['x', 'repeats'],
        [`const repeats = ${int64Code(repeats)};`]);
    }
    const tiles = params.tiles as number;
    const axis = params.axis as number;
    return nodeCall({ opType: 'Tile', opset: version }, `{ opType: 'Tile', opset: ${version} }`,
      [x, int64Tensor([tiles], []), int64Tensor([axis], [])], ['x', 'tiles', 'axis'],
      [`const tiles = ${int64Code([tiles], [])};`, `const axis = ${int64Code([axis], [])};`]);
  },
  // Each output index, taken modulo the input's dims.
  source: ({ input }: RunArgs, outputDims) => {
    const dims = (input as tw.Tensor).dims;
    return (i) => {
      const at = unravel(i, outputDims);
      return product(dims) === 0 ? 0 : at.reduce((flat, a, k) => flat * dims[k] + (a % dims[k]), 0);
    };
  },
  // Tile-1's output size is its tiles' doing; the library names it `repeats`, Tile-1's repeats in effect.
  fieldOf: (param, version) => fieldFrom({ input: 'type', repeats: version >= 6 ? 'repeats' : 'tiles', tiles: 'tiles', axis: 'axis' }, param),
};
