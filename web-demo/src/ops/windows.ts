// ONNX HannWindow, HammingWindow and BlackmanWindow: `size` samples of the window, periodic by default.
import type { Descriptor } from './op.js';

const windowOf = (test: string): Descriptor => ({
  inputHint: () => 'a scalar (dims empty), int32 or int64: the window’s length',
  example: () => ({
    type: 'int64',
    dims: [],
    items: ['10'],
    params: {},
    source: `ONNX ${test}: size 10, periodic, float32`,
  }),
});

export const hannWindow = windowOf('test_hannwindow');
export const hammingWindow = windowOf('test_hammingwindow');
export const blackmanWindow = windowOf('test_blackmanwindow');
