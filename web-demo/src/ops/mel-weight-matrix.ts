// ONNX MelWeightMatrix: the triangular filters that map a onesided DFT's bins to mel bands.
import type { Descriptor } from './op.js';

export const melWeightMatrix: Descriptor = {
  inputHint: () => 'a scalar (dims empty), int32 or int64: how many mel bands',
  fields: () => ({
    dft_length: { kind: 'int', hint: 'the DFT’s length: the output has dft_length / 2 + 1 rows' },
    sample_rate: { kind: 'int', hint: 'samples per second' },
    lower_edge_hertz: { constraint: 'T2', hint: 'a float scalar: the lowest band’s lower edge, in Hz' },
    upper_edge_hertz: { constraint: 'T2', hint: 'a float scalar: the highest band’s upper edge, in Hz' },
  }),
  example: () => ({
    type: 'int64',
    dims: [],
    items: ['2'],
    params: { dft_length: '8', sample_rate: '8000' },
    tensors: {
      lower_edge_hertz: { type: 'float32', dims: [], text: '0' },
      upper_edge_hertz: { type: 'float32', dims: [], text: '4000' },
    },
    source: 'as ONNX test_melweightmatrix, smaller: 2 mel bands of an 8-point DFT at 8000 Hz, 0 to 4000 Hz',
  }),
};
