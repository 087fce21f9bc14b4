// AsStrided's test module: the ATB types (float16, int64), strides inside the input.
import * as tw from 'tessera-wasm';
import { asStridedReference } from '../js/reference';
import type { OpTest } from './op-test';
import { between, fromKeys, newestTypes, pick, plain, randomInput } from './support';

export const AS_STRIDED: OpTest = {
  op: 'AsStrided',
  cases: (random) => newestTypes('AsStrided', 'T').map((type) => {
    const length = between(random, 1, 40);
    const rank = between(random, 0, 4);
    const size = Array.from({ length: rank }, () => between(random, 1, 4));
    const stride = size.map(() => pick(random, [0, 1, 2, 3, 5]));
    const span = size.reduce((s, n, i) => s + (n - 1) * stride[i], 0);
    const grown = Math.max(length, span + 1);
    const offset = between(random, 0, grown - span - 1);
    const x = randomInput(random, type, [grown]);
    return { label: `${type} [${grown}] size [${size}] stride [${stride}] offset ${offset}`, inputs: [x], attributes: { size, stride, offset: [offset] } };
  }),
  reference: ({ inputs: [x], attributes }) => {
    const { size, stride, offset } = attributes as { size: number[]; stride: number[]; offset: number[] };
    return [fromKeys(x!.type, size, asStridedReference(plain(x!), size, stride, offset[0]))];
  },
  named: ({ inputs: [x], attributes }, options) => tw.asStrided(x as never, { ...(attributes as { size: number[]; stride: number[] }), ...options } as never),
  tooLarge: (limit) => ({ label: 'int64 [1], size [limit / 8 + 1], stride [0]', inputs: [new tw.Tensor('int64', new BigInt64Array(1), [1])], attributes: { size: [limit / 8 + 1], stride: [0], offset: [0] } }),
  fuzz: ['as-strided'],
};
