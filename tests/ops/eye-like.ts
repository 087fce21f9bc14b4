// EyeLike's test module: every EyeLike-22 type, with and without dtype, k from far below to far above.
import * as tw from 'tessera-wasm';
import type { OpTest } from './op-test';
import { between, newestTypes, pick, randomInput } from './support';

const ONE: Record<string, number[]> = { float16: [0x00, 0x3c], bfloat16: [0x80, 0x3f], float32: [0, 0, 0x80, 0x3f], float64: [0, 0, 0, 0, 0, 0, 0xf0, 0x3f] };

export const EYE_LIKE: OpTest = {
  op: 'EyeLike',
  cases: (random) => newestTypes('EyeLike', 'T1').map((type) => {
    const dims = [between(random, 0, 5), between(random, 0, 5)];
    const attributes: Record<string, unknown> = { k: between(random, -6, 6) };
    if (random() < 0.5) attributes.dtype = tw.DTYPES[pick(random, newestTypes('EyeLike', 'T2')) as tw.DataType].onnx;
    return { label: `${type} [${dims}] ${JSON.stringify(attributes)}`, inputs: [randomInput(random, type, dims)], attributes };
  }),
  reference: ({ inputs: [x], attributes }) => {
    const type = attributes.dtype === undefined ? x!.type : Object.keys(tw.DTYPES).find((t) => tw.DTYPES[t as tw.DataType].onnx === attributes.dtype)!;
    const width = tw.DTYPES[type as tw.DataType].bits / 8;
    const [rows, cols] = x!.dims;
    const k = Number(attributes.k);
    const storage = new Uint8Array(rows * cols * width);
    const one = ONE[type] ?? [1];
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) if (j - i === k) storage.set(one, (i * cols + j) * width);
    return [{ type, dims: [rows, cols], storage }];
  },
  named: ({ inputs: [x], attributes }, options) => {
    const dtype = attributes.dtype === undefined ? undefined : Object.keys(tw.DTYPES).find((t) => tw.DTYPES[t as tw.DataType].onnx === attributes.dtype);
    return tw.eyeLike(x as never, { dtype: dtype as never, k: attributes.k as number, ...options } as never);
  },
  tooLarge: 'the output has the input\'s dims, and the input exists',
  fuzz: [],
};
