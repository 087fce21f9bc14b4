// ONNX CumSum: the running sum along an axis, inclusive or exclusive, forward or reverse.
import type { Descriptor } from './op.js';

export const cumSum: Descriptor = {
  fields: () => ({
    axis: { kind: 'int', types: ['int32', 'int64'], hint: 'a scalar int32 or int64: the axis summed along (negative from the back)' },
  }),
  example: () => ({
    type: 'float64',
    dims: [5],
    items: ['1', '2', '3', '4', '5'],
    params: { axis: '0' },
    source: 'ONNX test_cumsum_1d: [1, 2, 3, 4, 5] along axis 0 gives [1, 3, 6, 10, 15]',
  }),
};
