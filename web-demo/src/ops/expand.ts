// ONNX Expand: the input broadcast to a shape (numpy's broadcast rule, either side may be larger).
import type { Descriptor } from './op.js';

export const expand: Descriptor = {
  fields: () => ({
    shape: { kind: 'ints', hint: '1-D int64: dims broadcast against the input’s' },
  }),
  example: () => ({
    type: 'float32',
    dims: [3, 1],
    items: ['1', '2', '3'],
    params: { shape: '3, 4' },
    source: 'ONNX test_expand_dim_unchanged: [[1], [2], [3]] expanded to [3, 4]',
  }),
};
