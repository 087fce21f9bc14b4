// ONNX Pad: each axis grown at its start and end, filled by mode (Pad-1 names the attribute paddings, Pad-2 pads; Pad-11 takes it as an input).
import type { Descriptor } from './op.js';

const PADS = '0, 2, 0, 0';

export const pad: Descriptor = {
  fields: (version) => ({
    ...(version === 1 ? { paddings: { kind: 'ints' as const, optional: false, hint: 'every axis’s start, then every axis’s end' } } : {}),
    pads: { kind: 'ints', optional: false, hint: 'every axis’s start count, then every axis’s end count (negative removes)' },
    mode: { kind: 'choice', hint: 'constant, reflect or edge (wrap from Pad-19)', choices: (v) => ['constant', 'reflect', 'edge', ...(v >= 19 ? ['wrap'] : [])] },
    ...(version >= 18 ? { axes: { kind: 'ints' as const, hint: 'the axes pads covers; empty: all' } } : {}),
  }),
  example: (version) => ({
    type: 'float32',
    dims: [3, 2],
    items: ['1', '1.2', '2.3', '3.4', '4.5', '5.7'],
    params: { mode: 'constant', ...(version === 1 ? { paddings: PADS } : { pads: PADS }) },
    source: 'the ONNX Pad spec, example 1: [[1, 1.2], [2.3, 3.4], [4.5, 5.7]] padded [0, 2, 0, 0], constant',
  }),
};
