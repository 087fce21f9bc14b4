// ONNX Floor: y = floor(x) elementwise, toward -infinity.
import * as tw from 'tessera-wasm';
import { type DemoOp, fieldFrom, nodeCall } from './op.js';

export const floor: DemoOp = {
  op: 'Floor',
  slug: 'floor',
  named: 'tw.floor',
  summary: 'Rounds each element toward −∞, keeping the type and dims. −0, NaN and ±∞ come back unchanged.',
  typeConstraint: 'T',
  input: { name: 'X', hint: () => 'any dims; float types of this version' },
  fields: () => [],
  example: () => ({
    type: 'float32',
    dims: [3],
    items: ['-1.5', '1.2', '2'],
    params: {},
    source: 'ONNX test_floor_example: floor([-1.5, 1.2, 2]) = [-2, 1, 2]',
  }),
  call: ({ version, node, input }) => {
    const x = input as tw.Tensor;
    if (!node) return { run: () => tw.floor(x), setup: [], expression: 'tw.floor(x)', many: false };
    return nodeCall({ opType: 'Floor', opset: version }, `{ opType: 'Floor', opset: ${version} }`, [x], ['x']);
  },
  source: () => (i) => i,
  fieldOf: (param) => fieldFrom({ X: 'type' }, param),
};
