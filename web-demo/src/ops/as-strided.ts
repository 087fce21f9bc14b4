// Ascend ATB AsStrided: out[i, j, ...] = flat(x)[offset + i·stride[0] + j·stride[1] + ...].
import * as tw from 'tessera-wasm';
import { unravel } from '../nested.js';
import { type DemoOp, fieldFrom, list, nodeCall } from './op.js';

export const asStrided: DemoOp = {
  op: 'AsStrided',
  slug: 'as-strided',
  named: 'tw.asStrided',
  summary: 'A strided view of the input’s flat elements, copied out: out[i, j, …] = x_flat[offset + i·stride[0] + j·stride[1] + …]. Cells may read one input element many times.',
  typeConstraint: 'T',
  namedTypes: tw.DATA_TYPES,
  nodeSwitch: {
    label: 'its types only',
    on: 'on: float16 and int64, through tw.runNode',
    off: 'off: every type, through tw.asStrided',
  },
  input: {
    name: 'x',
    hint: (node) => `any dims, read as one flat row; ${node ? 'float16 or int64 (the ATB node’s types)' : 'any type'}`,
  },
  flatSource: true,
  fields: () => [
    { key: 'size', label: 'size', kind: 'ints', hint: 'the output dims: at most 8 entries, each > 0' },
    { key: 'stride', label: 'stride', kind: 'ints', hint: 'one entry per size entry, each ≥ 0: the flat step of each output axis' },
    { key: 'offset', label: 'offset', kind: 'ints', hint: 'one entry ≥ 0; offset + Σ (size[j] − 1)·stride[j] must be < the input’s element count' },
  ],
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
  call: ({ node, input, params }) => {
    const x = input as tw.Tensor;
    const size = params.size as number[];
    const stride = params.stride as number[];
    const offsets = params.offset as number[];
    if (!node) {
      // One offset is passed as the number it is; any other count as typed, for the library to judge.
      const offset = offsets.length === 1 ? offsets[0] : offsets;
      return {
        run: () => tw.asStrided(x, { size, stride, offset }),
        setup: [],
        expression: `tw.asStrided(x, { size: ${list(size)}, stride: ${list(stride)}, offset: ${typeof offset === 'number' ? offset : list(offset)} })`,
        many: false,
      };
    }
    const attributes = { size, stride, offset: offsets };
    return nodeCall({ opType: 'AsStrided', domain: 'atb', attributes },
      `{ opType: 'AsStrided', domain: 'atb', attributes: { size: ${list(size)}, stride: ${list(stride)}, offset: ${list(offsets)} } }`,
      [x], ['x']);
  },
  source: ({ params }, outputDims) => {
    const stride = params.stride as number[];
    const offset = (params.offset as number[])[0] ?? 0;
    return (i) => unravel(i, outputDims).reduce((flat, a, k) => flat + a * stride[k], offset);
  },
  // tw.asStrided takes every type, so an `input` fault is not the type's; the node's `x` is typed by the ATB spec.
  fieldOf: (param) => fieldFrom({ input: 'input', x: 'type', size: 'size', stride: 'stride', offset: 'offset' }, param),
};
