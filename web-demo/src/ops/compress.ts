// ONNX Compress: the slices along axis where condition is true (the flat input without axis).
import type { Descriptor } from './op.js';

export const compress: Descriptor = {
  fields: () => ({
    condition: { constraint: 'T1', hint: '1-D bool: which slices to keep (a shorter one keeps none past its end)' },
    axis: { kind: 'int', hint: 'the axis to select along; empty: the flattened input' },
  }),
  example: () => ({
    type: 'float32',
    dims: [3, 2],
    items: ['1', '2', '3', '4', '5', '6'],
    params: { axis: '0' },
    tensors: { condition: { type: 'bool', dims: [3], text: '[false, true, true]' } },
    source: 'ONNX test_compress_0: [[1, 2], [3, 4], [5, 6]] where [0, 1, 1] along axis 0 gives [[3, 4], [5, 6]]',
  }),
};
