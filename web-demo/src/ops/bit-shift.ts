// ONNX BitShift: X shifted by Y bits, unsigned, toward the required direction.
import type { Descriptor } from './op.js';

export const bitShift: Descriptor = {
  fields: () => ({
    direction: { kind: 'choice', optional: false, hint: 'required: LEFT (x << y) or RIGHT (x >> y)', choices: () => ['LEFT', 'RIGHT'] },
  }),
  example: () => ({
    type: 'uint8',
    dims: [3],
    items: ['16', '4', '1'],
    params: { direction: 'LEFT' },
    tensors: { Y: { type: 'uint8', dims: [3], text: '[1, 2, 3]' } },
    source: 'ONNX test_bitshift_left_uint8: [16, 4, 1] << [1, 2, 3] = [32, 16, 8]',
  }),
};
