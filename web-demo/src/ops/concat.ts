// ONNX Concat: the inputs joined along `axis` (required since Concat-4).
import type { Descriptor } from './op.js';

export const concat: Descriptor = {
  fields: () => ({
    axis: { kind: 'int', optional: false, hint: 'the axis to join along, in [−r, r); every other dim must agree' },
  }),
  example: () => ({
    type: 'float32',
    dims: [2, 2],
    items: ['1', '2', '3', '4'],
    params: { axis: '0' },
    tensors: { 'inputs-1': { type: 'float32', dims: [2, 2], text: '[[5, 6], [7, 8]]' } },
    source: 'ONNX test_concat_2d_axis_0: [[1, 2], [3, 4]] and [[5, 6], [7, 8]] along axis 0',
  }),
};
