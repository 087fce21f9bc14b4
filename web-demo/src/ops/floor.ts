// ONNX Floor: y = floor(x) elementwise, toward -infinity.
import * as tw from 'tessera-wasm';
import { type Descriptor, namedCall } from './op.js';

export const floor: Descriptor = {
  summary: 'Rounds each element toward −∞, keeping the type and dims. −0, NaN and ±∞ come back unchanged.',
  inputHint: () => 'any dims; float types of this version',
  fields: () => ({
    consumed_inputs: { kind: 'ints', hint: 'legacy optimization data (Floor-1 only): a list of ints, or empty' },
  }),
  example: () => ({
    type: 'float32',
    dims: [3],
    items: ['-1.5', '1.2', '2'],
    params: {},
    source: 'ONNX test_floor_example: floor([-1.5, 1.2, 2]) = [-2, 1, 2]',
  }),
  call: ({ node, input }) => (node ? undefined : namedCall(() => tw.floor(input as tw.Tensor), 'tw.floor(x)')),
  source: () => (i) => i,
  fieldOf: () => ({ X: 'type' }),
};
