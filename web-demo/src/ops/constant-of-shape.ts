// ONNX ConstantOfShape: a tensor of the given shape, every element one value.
import * as tw from 'tessera-wasm';
import { makeTensor, randomValue, tensorCode } from '../values.js';
import { type Descriptor, list, namedCall } from './op.js';

export const constantOfShape: Descriptor = {
  summary: 'A tensor of dims `shape` whose every element is `value` (of value’s type). Without a value: float32 zeros. Each version adds types.',
  typeConstraint: 'T2',
  // The spec's input is `input`; the named op (and the page's links) call it `shape`.
  fields: () => ({
    input: { kind: 'ints', key: 'shape', label: 'shape (input)', hint: '1-D int64: the output dims, each ≥ 0; empty gives a scalar' },
    value: { kind: 'value', label: 'value (attribute)', optional: true, hint: 'one element of the chosen type; empty leaves it out (float32 zeros)' },
  }),
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
  call: ({ node, type, params }) => {
    if (node) return undefined;
    const shape = params.shape as number[];
    const text = params.value as string;
    // The page has checked the value's text against the type already.
    const value = text.trim() === '' ? undefined : makeTensor(type, [1], [text]);
    return namedCall(() => tw.constantOfShape(shape, value), `tw.constantOfShape(${list(shape)}${value ? ', value' : ''})`,
      value ? [`const value = ${tensorCode(value)};`] : []);
  },
  // A value the page built can be faulted only for its type.
  fieldOf: () => ({ value: 'type' }),
};
