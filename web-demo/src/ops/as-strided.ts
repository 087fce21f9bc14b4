// Ascend ATB AsStrided: out[i, j, ...] = flat(x)[offset + i·stride[0] + j·stride[1] + ...].
import * as tw from 'tessera-wasm';
import { unravel } from '../nested.js';
import { type DemoOp, fieldByName } from './op.js';

export const asStrided: DemoOp = {
  op: 'AsStrided',
  summary: 'A strided view of the input’s flat elements, copied out: out[i, j, …] = x_flat[offset + i·stride[0] + j·stride[1] + …]. Cells may read one input element many times.',
  typeConstraint: 'T',
  input: { name: 'x', hint: 'any dims, read as one flat row; float16 or int64 (the ATB spec’s types)' },
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
  node: ({ input, params }) => {
    const attributes = { size: params.size as number[], stride: params.stride as number[], offset: params.offset as number[] };
    return {
      spec: { opType: 'AsStrided', domain: 'atb', attributes },
      inputs: [input as tw.Tensor],
      code: `tw.runNode({ opType: 'AsStrided', domain: 'atb',\n  attributes: { size: [${attributes.size.join(', ')}], stride: [${attributes.stride.join(', ')}], offset: [${attributes.offset.join(', ')}] } }, [x])`,
    };
  },
  source: ({ params }, outputDims) => {
    const stride = params.stride as number[];
    const offset = (params.offset as number[])[0] ?? 0;
    return (i) => unravel(i, outputDims).reduce((flat, a, k) => flat + a * stride[k], offset);
  },
  fieldOf: (message) => /largest index read/.test(message) ? 'offset'
    : fieldByName(message, { size: 'size', stride: 'stride', offset: 'offset', x: 'input', output: 'size' }, ['x']),
};
