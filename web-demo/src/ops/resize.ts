// ONNX Resize: the input scaled along each axis by scales (or to sizes), sampled by mode.
import type { Descriptor } from './op.js';

export const resize: Descriptor = {
  inputHint: () => 'any dims (usually NCHW); any type of this version',
  fields: () => ({
    scales: { types: ['float32'], hint: 'float, one per axis (or per axes); empty: sizes says' },
    sizes: { kind: 'ints', hint: 'the output dims, one per axis; empty: scales says' },
    roi: { constraint: 'T2', hint: 'tf_crop_and_resize’s region; empty otherwise' },
    mode: { kind: 'choice', hint: 'nearest, linear or cubic (from Resize-11)', choices: (v) => ['nearest', 'linear', ...(v >= 11 ? ['cubic'] : [])] },
  }),
  // Resize-11 requires roi: an empty one stands for none, as ONNX's tests give it.
  example: (version) => ({
    type: 'float32',
    dims: [1, 1, 2, 4],
    items: ['1', '2', '3', '4', '5', '6', '7', '8'],
    params: { mode: 'nearest' },
    tensors: {
      scales: { type: 'float32', dims: [4], text: '[1, 1, 0.6, 0.6]' },
      ...(version === 11 ? { roi: { type: 'float32', dims: [0], text: '[]' } } : {}),
    },
    source: 'ONNX test_resize_downsample_scales_nearest: [[1, 2, 3, 4], [5, 6, 7, 8]] by 0.6 gives [[1, 3]]',
  }),
};
