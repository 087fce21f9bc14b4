// ONNX ScatterElements (and Scatter, its deprecated first name): data with updates
// written at indices along axis. updates is data's type T, not indices' Tind.
import type { Descriptor } from './op.js';

export const scatterElements: Descriptor = {
  fields: () => ({
    indices: { constraint: 'Tind', hint: 'int32 or int64, data’s rank: where along axis each update goes' },
    updates: { constraint: 'T', hint: 'data’s type, indices’ dims' },
    axis: { kind: 'int', hint: 'the axis indices run along; empty: 0' },
  }),
  example: () => ({
    type: 'float32',
    dims: [1, 5],
    items: ['1', '2', '3', '4', '5'],
    params: { axis: '1' },
    tensors: {
      indices: { type: 'int64', dims: [1, 2], text: '[[1, 3]]' },
      updates: { type: 'float32', dims: [1, 2], text: '[[1.1, 2.1]]' },
    },
    source: 'ONNX test_scatter_elements_with_axis: [[1, 2, 3, 4, 5]], [[1.1, 2.1]] at [[1, 3]] along axis 1 gives [[1, 1.1, 3, 2.1, 5]]',
  }),
};

// Scatter-11 only says it is deprecated (the library refuses it, naming ScatterElements): the page opens at Scatter-9.
export const scatter: Descriptor = { ...scatterElements, opensAt: 9 };
