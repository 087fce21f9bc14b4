// Ascend ATB AsStrided: out[i, j, ...] = flat(x)[offset + i·stride[0] + j·stride[1] + ...].
import * as tw from 'tessera-wasm';
import { unravel } from '../nested.js';
import { type Descriptor, list, namedCall } from './op.js';

export const asStrided: Descriptor = {
  summary: 'A strided view of the input’s flat elements, copied out: out[i, j, …] = x_flat[offset + i·stride[0] + j·stride[1] + …]. Cells may read one input element many times.',
  namedTypes: tw.DATA_TYPES,
  nodeSwitch: {
    label: 'its types only',
    on: 'on: float16 and int64, through tw.runNode',
    off: 'off: every type, through tw.asStrided',
  },
  inputHint: (node) => `any dims, read as one flat row; ${node ? 'float16 or int64 (the ATB node’s types)' : 'any type'}`,
  flatSource: true,
  fields: () => ({
    size: { kind: 'ints', optional: false, hint: 'the output dims: at most 8 entries, each > 0' },
    stride: { kind: 'ints', optional: false, hint: 'one entry per size entry, each ≥ 0: the flat step of each output axis' },
    offset: { kind: 'ints', optional: false, hint: 'one entry ≥ 0; offset + Σ (size[j] − 1)·stride[j] must be < the input’s element count' },
  }),
  example: () => ({
    type: 'float16',
    dims: [3, 3],
    items: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
    params: { size: '2, 2', stride: '2, 3', offset: '0' },
    source: 'the ATB spec: [[1, 2, 3], [4, 5, 6], [7, 8, 9]], size [2, 2], stride [2, 3] gives [[1, 4], [3, 6]]',
  }),
  random: ({ dims }) => {
    // Sliding windows that fit the input: a common use, always valid.
    const n = dims.reduce((a, b) => a * b, 1);
    const w = Math.max(1, Math.min(3, n));
    return { params: { size: `${Math.max(1, n - w + 1)}, ${w}`, stride: '1, 1', offset: '0' } };
  },
  // The named op when the switch is off; the ATB node (the page's generic node call) when it is on.
  call: ({ node, input, params }) => {
    if (node) return undefined;
    const size = params.size as number[];
    const stride = params.stride as number[];
    const offsets = params.offset as number[];
    // One offset is passed as the number it is; any other count as typed, for the library to judge.
    const offset = offsets.length === 1 ? offsets[0] : offsets;
    return namedCall(() => tw.asStrided(input as tw.Tensor, { size, stride, offset }),
      `tw.asStrided(x, { size: ${list(size)}, stride: ${list(stride)}, offset: ${typeof offset === 'number' ? offset : list(offset)} })`);
  },
  source: ({ params }, outputDims) => {
    const stride = params.stride as number[];
    const offset = (params.offset as number[])[0] ?? 0;
    return (i) => unravel(i, outputDims).reduce((flat, a, k) => flat + a * stride[k], offset);
  },
  // tw.asStrided takes every type, so an `input` fault is not the type's; the node's `x` is typed by the ATB spec.
  fieldOf: () => ({ input: 'input', x: 'type' }),
};
