// ONNX Split: the input cut along `axis` into parts, equal ones unless `split` gives their sizes.
import type { Descriptor } from './op.js';

export const split: Descriptor = {
  fields: (version) => ({
    ...(version >= 13 ? { split: { kind: 'ints' as const, optional: true, hint: '1-D int64: each part’s size along axis, summing to its dim; empty: equal parts' } } : {}),
    num_outputs: { kind: 'int', hint: 'how many equal parts (the last may be smaller) when split is not given' },
  }),
  // Three equal parts: Split-18 says so by num_outputs, the older versions by the node's output count.
  example: (version) => ({
    type: 'float32',
    dims: [6],
    items: ['1', '2', '3', '4', '5', '6'],
    params: { 'node-outputs': '3', ...(version >= 18 ? { num_outputs: '3' } : {}) },
    source: 'ONNX test_split_equal_parts_1d: [1, 2, 3, 4, 5, 6] in 3 parts, [1, 2], [3, 4], [5, 6]',
  }),
};
