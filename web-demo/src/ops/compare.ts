// ONNX's comparisons and logic ops (Equal, Greater, Less, GreaterOrEqual,
// LessOrEqual, And, Or, Xor): A and B of one constraint T, C a bool of T1.
// The schema lists T and T1 but not which input takes which, and Compress
// (input: T, condition: T1) has the same shape: only a descriptor can say
// that B is T, not the output's T1.
import type { Descriptor } from './op.js';

export const comparison: Descriptor = {
  fields: () => ({
    B: { constraint: 'T', hint: 'nested arrays, any dims broadcasting against A; A’s type (T)' },
  }),
};
