// ONNX TopK: the k largest (or smallest) elements along an axis and their int64 indices (k an attribute at TopK-1, an int64 input after).
import type { Descriptor } from './op.js';

export const topK: Descriptor = {
  fields: () => ({
    K: { kind: 'ints', types: ['int64'], hint: '1-D int64 of one element: how many to keep, at most the axis’s extent' },
    k: { kind: 'int', hint: 'how many to keep, at most the axis’s extent' },
    axis: { kind: 'int', hint: 'the axis searched (negative from the back; default -1)' },
  }),
  example: (version) => ({
    type: 'float32',
    dims: [3, 4],
    items: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'],
    params: { [version >= 10 ? 'K' : 'k']: '3' },
    source: 'ONNX test_top_k: [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], k 3 along the last axis gives [[3, 2, 1], [7, 6, 5], [11, 10, 9]] and indices [[3, 2, 1], …]',
  }),
};
