// ONNX DepthToSpace and SpaceToDepth: blocks of blocksize × blocksize moved between the channels and the height and width (NCHW).
import type { Descriptor, FieldHint } from './op.js';

const blocksize: FieldHint = { kind: 'int', optional: false, hint: 'required: the block’s side, ≥ 1' };

export const depthToSpace: Descriptor = {
  fields: () => ({
    blocksize,
    mode: { kind: 'choice', hint: 'DCR (depth, column, row) or CRD (column, row, depth)', choices: () => ['DCR', 'CRD'] },
  }),
  example: () => ({
    type: 'float32',
    dims: [1, 4, 1, 2],
    items: ['1', '2', '3', '4', '5', '6', '7', '8'],
    params: { blocksize: '2' },
    source: 'the ONNX DepthToSpace spec in DCR mode, smaller: 4 channels of 1x2 become one 2x4 channel',
  }),
};

export const spaceToDepth: Descriptor = {
  fields: () => ({ blocksize }),
  example: () => ({
    type: 'float32',
    dims: [1, 1, 2, 4],
    items: ['1', '2', '3', '4', '5', '6', '7', '8'],
    params: { blocksize: '2' },
    source: 'the ONNX SpaceToDepth spec, smaller: one 2x4 channel becomes 4 channels of 1x2',
  }),
};
