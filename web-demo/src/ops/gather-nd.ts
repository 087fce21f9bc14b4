// ONNX GatherND: slices of data picked by index tuples, the last axis of indices (int64).
import type { Descriptor } from './op.js';

export const gatherND: Descriptor = {
  fields: () => ({
    indices: { types: ['int64'], hint: 'int64, any dims; its last axis holds index tuples into data (after batch_dims)' },
  }),
  example: () => ({
    type: 'int32',
    dims: [2, 2],
    items: ['0', '1', '2', '3'],
    params: {},
    tensors: { indices: { type: 'int64', dims: [2, 2], text: '[[0, 0], [1, 1]]' } },
    source: 'ONNX test_gathernd_example_int32: [[0, 1], [2, 3]] at [[0, 0], [1, 1]] gives [0, 3]',
  }),
};
