// ONNX ConstantOfShape: a tensor of the given shape, every element one value.
import * as tw from 'tessera-wasm';
import { InputError } from '../nested.js';
import { makeTensor, randomValue, tensorCode } from '../values.js';
import { type DemoOp, fieldByName, int64Tensor } from './op.js';

export const constantOfShape: DemoOp = {
  op: 'ConstantOfShape',
  summary: 'A tensor of dims `shape` whose every element is `value` (of value’s type). Without a value: float32 zeros. Each version adds types.',
  typeConstraint: 'T2',
  fields: () => [
    { key: 'shape', label: 'shape (input)', kind: 'ints', hint: '1-D int64: the output dims, each ≥ 0; empty gives a scalar' },
    { key: 'value', label: 'value (attribute)', kind: 'value', optional: true, hint: 'one element of the chosen type; empty leaves the attribute out (float32 zeros)' },
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
  node: ({ opset, type, params }) => {
    const shape = params.shape as number[];
    const text = params.value as string;
    let value: tw.Tensor | undefined;
    if (text.trim() !== '') {
      try {
        value = makeTensor(type, [1], [text]);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        throw new InputError(error.message.replace(/^x\[0\]: /, ''), 'value');
      }
    }
    const shapeCode = `const shape = new tw.Tensor('int64', new BigInt64Array([${shape.map((d) => `${d}n`).join(', ')}]), [${shape.length}]);`;
    const valueCode = value ? `const value = ${tensorCode(value)};\n` : '';
    return {
      spec: { opType: 'ConstantOfShape', opset, attributes: value ? { value } : {} },
      inputs: [int64Tensor(tw, shape)],
      code: `${shapeCode}\n${valueCode}tw.runNode({ opType: 'ConstantOfShape', opset: ${opset}${value ? ', attributes: { value }' : ''} }, [shape])`,
    };
  },
  // runNode calls the shape tensor `input`, as the spec does.
  fieldOf: (message) => fieldByName(message, { shape: 'shape', input: 'shape', value: 'value', output: 'shape' }, ['value']),
};
