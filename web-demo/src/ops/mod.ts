// ONNX Mod: the remainder of A / B, with the divisor's sign (fmod 0, integers) or the dividend's (fmod 1, C's fmod).
import type { Descriptor } from './op.js';

export const mod: Descriptor = {
  fields: () => ({
    fmod: { kind: 'int', hint: '0: the divisor’s sign (integers only); 1: the dividend’s sign (C’s fmod; floats need it)' },
  }),
  example: () => ({
    type: 'int32',
    dims: [6],
    items: ['-4', '7', '5', '4', '-7', '8'],
    params: { fmod: '0' },
    tensors: { B: { type: 'int32', dims: [6], text: '[2, -3, 8, -2, 3, 5]' } },
    source: 'ONNX test_mod_mixed_sign_int32: [-4, 7, 5, 4, -7, 8] mod [2, -3, 8, -2, 3, 5] = [0, -2, 5, 0, 2, 3]',
  }),
};
