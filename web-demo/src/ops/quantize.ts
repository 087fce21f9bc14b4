// ONNX QuantizeLinear and DequantizeLinear: y = saturate(round(x / scale) + zero_point)
// and back, x = (y − zero_point) × scale; a scalar scale and zero point (or one per
// slice of axis). The zero point's type is the quantized type.
import type { Descriptor } from './op.js';

// Before opset 19 a scale is tensor(float); QuantizeLinear's is then x's type T1 (T2 from 23), DequantizeLinear's T2.
const scaleTypes = (version: number) => (version < 19 ? { types: ['float32'] as const } : {});

export const quantizeLinear: Descriptor = {
  fields: (version) => ({
    y_scale: { ...scaleTypes(version), ...(version >= 19 ? { constraint: version >= 23 ? 'T2' : 'T1' } : {}), hint: 'a scalar (or 1-D along axis): the step' },
    y_zero_point: { hint: 'a scalar (or 1-D along axis) of the quantized type: the output’s type' },
  }),
  example: () => ({
    type: 'float32',
    dims: [6],
    items: ['0', '2', '3', '1000', '-254', '-1000'],
    params: {},
    tensors: { y_scale: { type: 'float32', dims: [], text: '2' }, y_zero_point: { type: 'uint8', dims: [], text: '128' } },
    source: 'ONNX test_quantizelinear: [0, 2, 3, 1000, −254, −1000] / 2 + 128 in uint8 gives [128, 129, 130, 255, 1, 0]',
  }),
};

export const dequantizeLinear: Descriptor = {
  fields: (version) => ({
    x_scale: { ...scaleTypes(version), hint: 'a scalar (or 1-D along axis): the step' },
    x_zero_point: { constraint: version >= 19 ? 'T1' : 'T', hint: 'a scalar (or 1-D along axis) of x’s type' },
  }),
  example: () => ({
    type: 'uint8',
    dims: [4],
    items: ['0', '3', '128', '255'],
    params: {},
    tensors: { x_scale: { type: 'float32', dims: [], text: '2' }, x_zero_point: { type: 'uint8', dims: [], text: '128' } },
    source: 'ONNX test_dequantizelinear: ([0, 3, 128, 255] − 128) × 2 gives [−256, −250, 0, 254]',
  }),
};
