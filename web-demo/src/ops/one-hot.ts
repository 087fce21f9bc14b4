// ONNX OneHot: each index becomes a row of depth values, on_value at the index and off_value elsewhere.
import type { Descriptor } from './op.js';

export const oneHot: Descriptor = {
  fields: () => ({
    depth: { hint: 'one number (scalar or [1]): the rows’ length' },
    values: { hint: '[off_value, on_value]: the output’s type' },
    axis: { kind: 'int', hint: 'where the new axis goes; empty: −1, last' },
  }),
  example: () => ({
    type: 'float32',
    dims: [3],
    items: ['1', '0', '2'],
    params: {},
    tensors: {
      depth: { type: 'float32', dims: [], text: '3' },
      values: { type: 'float32', dims: [2], text: '[0, 1]' },
    },
    source: 'as ONNX test_onehot_without_axis, smaller: indices [1, 0, 2], depth 3, values [0, 1]',
  }),
};
