// ONNX Range: start, start + delta, … up to limit (exclusive); three scalars of one type.
import type { Descriptor } from './op.js';

export const range: Descriptor = {
  inputHint: () => 'a scalar (dims empty): the first value',
  fields: () => ({
    limit: { hint: 'a scalar of start’s type: the end, exclusive' },
    delta: { hint: 'a scalar of start’s type: the step, never 0' },
  }),
  example: () => ({
    type: 'float32',
    dims: [],
    items: ['3'],
    params: {},
    tensors: { limit: { type: 'float32', dims: [], text: '9' }, delta: { type: 'float32', dims: [], text: '3' } },
    source: 'ONNX test_range_float_type_positive_delta: start 3, limit 9, delta 3 gives [3, 6]',
  }),
};
