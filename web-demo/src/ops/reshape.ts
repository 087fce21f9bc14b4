// ONNX Reshape: the same elements in order, new dims (Reshape-1: an attribute, later an int64 input).
import type { Descriptor } from './op.js';

export const reshape: Descriptor = {
  fields: () => ({
    shape: { kind: 'ints', hint: 'the output dims: 0 copies the input’s (unless allowzero), one −1 is inferred' },
  }),
  example: () => ({
    type: 'float32',
    dims: [2, 3],
    items: ['1', '2', '3', '4', '5', '6'],
    params: { shape: '3, 2' },
    source: 'as ONNX test_reshape_reordered_all_dims, smaller: a 2x3 read in order as 3x2',
  }),
};
