// ONNX ConstantOfShape: a tensor of the given shape, every element one value.
import * as tw from 'tessera-wasm';
import { makeTensor, randomValue, tensorCode } from '../values.js';
import { type DemoOp, fieldFrom, int64Code, int64Tensor, list, nodeCall } from './op.js';

export const constantOfShape: DemoOp = {
  op: 'ConstantOfShape',
  slug: 'constant-of-shape',
  named: 'tw.constantOfShape',
  summary: 'A tensor of dims `shape` whose every element is `value` (of value’s type). Without a value: float32 zeros. Each version adds types.',
  typeConstraint: 'T2',
  fields: () => [
    { key: 'shape', label: 'shape (input)', kind: 'ints', hint: '1-D int64: the output dims, each ≥ 0; empty gives a scalar' },
    { key: 'value', label: 'value (attribute)', kind: 'value', optional: true, hint: 'one element of the chosen type; empty leaves it out (float32 zeros)' },
  ],
  example: () => ({
    type: 'float32',
    params: { shape: '4, 3, 2', value: '1' },
    source: 'ONNX test_constantofshape_float_ones: shape [4, 3, 2], value 1.0',
  }),
  random: ({ type }) => ({
    params: {
      shape: Array.from({ length: 1 + Math.floor(Math.random() * 2) }, () => String(1 + Math.floor(Math.random() * 4))).join(', '),
      value: randomValue(type),
    },
  }),
  call: ({ version, node, type, params }) => {
    const shape = params.shape as number[];
    const text = params.value as string;
    // The page has checked the value's text against the type already.
    const value = text.trim() === '' ? undefined : makeTensor(type, [1], [text]);
    const setup = value ? [`const value = ${tensorCode(value)};`] : [];
    if (!node) {
      return {
        run: () => tw.constantOfShape(shape, value),
        setup,
        expression: `tw.constantOfShape(${list(shape)}${value ? ', value' : ''})`,
        many: false,
      };
    }
    return nodeCall({ opType: 'ConstantOfShape', opset: version, attributes: value ? { value } : {} },
      `{ opType: 'ConstantOfShape', opset: ${version}${value ? ', attributes: { value }' : ''} }`,
      [int64Tensor(shape)], ['shape'], [`const shape = ${int64Code(shape)};`, ...setup]);
  },
  // The named op calls the shape `shape`; runNode calls it `input`, as the spec does.
  // A value the page built can be faulted only for its type.
  fieldOf: (param) => fieldFrom({ shape: 'shape', input: 'shape', value: 'type' }, param),
};
