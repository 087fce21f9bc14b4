// ONNX ScatterND: a copy of data with slices replaced (or reduced) at index tuples (indices int64).
import type { Descriptor } from './op.js';

export const scatterND: Descriptor = {
  fields: () => ({
    indices: { types: ['int64'], hint: 'int64, any dims; its last axis holds index tuples into data' },
    updates: { constraint: 'T', hint: 'data’s type: one slice per index tuple' },
    reduction: { kind: 'choice', hint: 'none (replace), add, mul, max or min', choices: (v) => ['none', 'add', 'mul', ...(v >= 18 ? ['max', 'min'] : [])] },
  }),
  example: () => ({
    type: 'float32',
    dims: [8],
    items: ['1', '2', '3', '4', '5', '6', '7', '8'],
    params: {},
    tensors: {
      indices: { type: 'int64', dims: [4, 1], text: '[[4], [3], [1], [7]]' },
      updates: { type: 'float32', dims: [4], text: '[9, 10, 11, 12]' },
    },
    source: 'the ONNX ScatterND spec, example 1: [1, …, 8] with [9, 10, 11, 12] at [[4], [3], [1], [7]] gives [1, 11, 3, 10, 9, 6, 7, 12]',
  }),
};
