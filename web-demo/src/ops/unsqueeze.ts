// ONNX Unsqueeze: dims of 1 inserted at `axes` of the output (an attribute before Unsqueeze-13, then an int64 input).
import type { Descriptor } from './op.js';

export const unsqueeze: Descriptor = {
  fields: () => ({
    axes: { kind: 'ints', optional: false, hint: 'the output axes that are new dims of 1, each in [−r, r) of the output rank r' },
  }),
  example: () => ({
    type: 'float32',
    dims: [2, 3],
    items: ['1', '2', '3', '4', '5', '6'],
    params: { axes: '0, 3' },
    source: 'as ONNX test_unsqueeze_two_axes, smaller: a 2x3 with axes [0, 3] becomes 1x2x3x1',
  }),
};
