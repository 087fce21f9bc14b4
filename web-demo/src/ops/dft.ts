// ONNX DFT and STFT: the discrete Fourier transform of a signal whose last axis is 1 (real) or 2 (re, im).
import type { Descriptor } from './op.js';

// A real signal of 4 samples, [batch 1, 4, 1].
const SIGNAL = { type: 'float32', dims: [1, 4, 1], items: ['1', '2', '3', '4'] } as const;

export const dft: Descriptor = {
  inputHint: () => 'dims [batch, …, n, 1] (real) or [… , 2] (complex: re, im)',
  fields: () => ({
    dft_length: { kind: 'int', hint: 'the transform’s length; empty: the signal’s' },
    axis: { kind: 'int', hint: 'the signal’s axis; empty: 1 (DFT-17), −2 (DFT-20)' },
  }),
  example: () => ({
    ...SIGNAL,
    params: {},
    source: 'the ONNX DFT spec on a real [1, 2, 3, 4]: [10, −2+2i, −2, −2−2i] as (re, im) pairs',
  }),
};

export const stft: Descriptor = {
  inputHint: () => 'dims [batch, length, 1] (real) or [batch, length, 2] (complex)',
  fields: () => ({
    frame_step: { kind: 'int', optional: false, hint: 'samples between frames' },
    window: { constraint: 'T1', hint: '1-D of frame_length, the signal’s type; empty: none' },
    frame_length: { kind: 'int', hint: 'samples per frame; empty: the window’s length' },
  }),
  example: () => ({
    type: 'float32',
    dims: [1, 8, 1],
    items: ['1', '2', '3', '4', '5', '6', '7', '8'],
    params: { frame_step: '4', frame_length: '4' },
    source: 'as ONNX test_stft, smaller: 8 samples in 2 frames of 4, onesided: [1, 2 frames, 3 bins, (re, im)]',
  }),
};
