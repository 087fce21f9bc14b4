// ONNX Slice: along each of `axes`, the elements from starts to ends by steps (attributes at Slice-1, int64 inputs after).
import type { Descriptor } from './op.js';

export const slice: Descriptor = {
  fields: () => ({
    starts: { kind: 'ints', optional: false, hint: 'one start per axis (negative: from the end; clamped)' },
    ends: { kind: 'ints', optional: false, hint: 'one end per axis, exclusive (clamped)' },
    axes: { kind: 'ints', hint: 'the axes sliced; empty: 0, 1, …' },
    steps: { kind: 'ints', hint: 'one step per axis, never 0; empty: 1s' },
  }),
  example: (version) => ({
    type: 'float32',
    dims: [2, 4],
    items: ['1', '2', '3', '4', '5', '6', '7', '8'],
    params: { axes: '0, 1', starts: '1, 0', ends: '2, 3', ...(version >= 10 ? { steps: '1, 2' } : {}) },
    source: version >= 10
      ? 'the ONNX Slice spec: [[1, 2, 3, 4], [5, 6, 7, 8]], starts [1, 0], ends [2, 3], steps [1, 2] gives [[5, 7]]'
      : 'the ONNX Slice spec without steps: [[1, 2, 3, 4], [5, 6, 7, 8]], starts [1, 0], ends [2, 3] gives [[5, 6, 7]]',
  }),
};
