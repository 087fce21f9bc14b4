// ONNX Floor: y = floor(x) elementwise, toward -infinity.
import * as tw from 'tessera-wasm';
import { type DemoOp, fieldByName } from './op.js';

export const floor: DemoOp = {
  op: 'Floor',
  summary: 'Rounds each element toward −∞, keeping the type and dims. −0, NaN and ±∞ come back unchanged.',
  typeConstraint: 'T',
  input: { name: 'X', hint: 'any dims; float types of this version' },
  fields: () => [],
  example: () => ({
    type: 'float32',
    dims: [3],
    items: ['-1.5', '1.2', '2'],
    params: {},
    source: 'ONNX test_floor_example: floor([-1.5, 1.2, 2]) = [-2, 1, 2]',
  }),
  node: ({ opset, input }) => ({
    spec: { opType: 'Floor', opset },
    inputs: [input as tw.Tensor],
    code: `tw.runNode({ opType: 'Floor', opset: ${opset} }, [x])`,
  }),
  source: () => (i) => i,
  fieldOf: (message) => fieldByName(message, { X: 'input' }, ['X']),
};
