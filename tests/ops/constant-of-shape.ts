// ConstantOfShape's test module: every value type of version 25, random shapes.
import * as tw from 'tessera-wasm';
import { constantReference } from '../js/reference';
import type { OpTest } from './op-test';
import { fromKeys, int64s, newestTypes, plain, randomDims, randomInput } from './support';

export const CONSTANT_OF_SHAPE: OpTest = {
  op: 'ConstantOfShape',
  cases: (random) => newestTypes('ConstantOfShape', 'T2').map((type) => {
    const shape = randomDims(random, 4, 6);
    return { label: `${type} of [${shape}]`, inputs: [int64s(shape)], attributes: { value: randomInput(random, type, [1]) } };
  }),
  reference: ({ inputs: [shape], attributes }) => {
    const dims = Array.from(shape!.data as BigInt64Array, Number);
    const value = attributes.value as tw.Tensor;
    return [fromKeys(value.type, dims, constantReference(plain(value), dims))];
  },
  named: ({ inputs: [shape], attributes }, options) => tw.constantOfShape(shape as never, attributes.value as never, options as never),
  dataInput: 0,
  tooLarge: (limit) => ({ label: 'uint8 of [limit + 1]', inputs: [int64s([limit + 1])], attributes: { value: new tw.Tensor('uint8', new Uint8Array([1]), [1]) } }),
  fuzz: ['fill'],
};
