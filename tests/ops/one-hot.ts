// OneHot's test module: every OneHot-11 value type, random index types
// (floats truncated), indices in and out of [-depth, depth), every axis.
import * as tw from 'tessera-wasm';
import type { OpTest } from './op-test';
import { between, fromKeys, newestTypes, pick, randomDims, randomInput } from './support';
import { keys } from './indexing-support';

const INDEX_TYPES = ['int32', 'int64', 'uint8', 'float32', 'float64'] as const;

export const ONE_HOT: OpTest = {
  op: 'OneHot',
  cases: (random) => newestTypes('OneHot', 'T3').map((type) => {
    const dims = randomDims(random, 3, 4);
    const depth = between(random, 1, 5);
    const indexType = pick(random, INDEX_TYPES);
    const size = dims.reduce((p, d) => p * d, 1);
    const raw = Array.from({ length: size }, () => between(random, indexType === 'uint8' ? 0 : -depth - 1, depth + 1) + (indexType.startsWith('float') ? 0.5 * Math.sign(random() - 0.5) * (random() < 0.5 ? 1 : 0) : 0));
    const indices = indexType === 'int64' ? new tw.Tensor('int64', BigInt64Array.from(raw, (v) => BigInt(Math.trunc(v))), dims) : tw.tensor(indexType as never, raw as never, dims);
    const axis = between(random, -dims.length - 1, dims.length);
    return { label: `${type} ${indexType} [${dims}] depth ${depth} axis ${axis}`, inputs: [indices, tw.tensor('int64', [depth], []), randomInput(random, type, [2])], attributes: { axis } };
  }),
  reference: ({ inputs: [indices, depthTensor, values], attributes }) => {
    const depth = Number((depthTensor!.data as BigInt64Array)[0]);
    const r = indices!.dims.length;
    const axis = Number(attributes.axis) < 0 ? Number(attributes.axis) + r + 1 : Number(attributes.axis);
    const dims = [...indices!.dims.slice(0, axis), depth, ...indices!.dims.slice(axis)];
    const [off, on] = keys(values!);
    const hs = Array.from(indices!.data as ArrayLike<number | bigint>, (v) => Math.trunc(Number(v)));
    const suffix = indices!.dims.slice(axis).reduce((p, d) => p * d, 1);
    const out = new Array(dims.reduce((p, d) => p * d, 1)).fill(off);
    hs.forEach((h, i) => {
      const wrapped = h < 0 ? h + depth : h;
      if (wrapped < 0 || wrapped >= depth) return;
      const prefix = Math.floor(i / suffix);
      out[(prefix * depth + wrapped) * suffix + (i % suffix)] = on;
    });
    return [fromKeys(values!.type, dims, out)];
  },
  named: ({ inputs: [indices, depth, values], attributes }, options) => tw.oneHot(indices as never, depth as never, values as never, { axis: attributes.axis as number, ...options } as never),
  dataInput: 2,
  tooLarge: (limit) => ({ label: 'int64 [2] indices, depth limit / 8 + 1 (float32 [2, depth])', inputs: [new tw.Tensor('int64', new BigInt64Array(2), [2]), new tw.Tensor('int64', BigInt64Array.of(BigInt(Math.floor(limit / 8) + 1)), []), new tw.Tensor('float32', new Float32Array([0, 1]), [2])], attributes: { axis: -1 } }),
  fuzz: [],
};
