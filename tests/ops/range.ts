// Range's test module: every Range-27 type, rising and falling, empty ranges.
import * as tw from 'tessera-wasm';
import type { OpTest } from './op-test';
import { between, newestTypes } from './support';

const scalar = (type: string, v: number) => {
  if (type === 'int64') return new tw.Tensor('int64', BigInt64Array.of(BigInt(v)), []);
  if (type === 'float16' || type === 'bfloat16') return new tw.Tensor(type as never, tw.encode(type, [v]) as never, []);
  return tw.tensor(type as never, [v] as never, []);
};

export const RANGE: OpTest = {
  op: 'Range',
  cases: (random) => newestTypes('Range', 'T').map((type) => {
    const start = between(random, -20, 20);
    const delta = (random() < 0.5 ? -1 : 1) * between(random, 1, 4) * (type.startsWith('float') || type === 'bfloat16' ? 0.5 : 1);
    const limit = start + between(random, -8, 24) * (random() < 0.5 ? 1 : -1);
    return { label: `${type} ${start}, ${limit}, ${delta}`, inputs: [scalar(type, start), scalar(type, limit), scalar(type, delta)], attributes: {} };
  }),
  // All values here are small multiples of 0.5: exact in every type, so the spec's start + i * delta needs no rounding.
  reference: ({ inputs: [s, l, d] }) => {
    const type = s!.type;
    const value = (t: tw.Tensor) => (type === 'float16' || type === 'bfloat16' ? tw.decode(t)[0] : Number((t.data as ArrayLike<number | bigint>)[0]));
    const [start, limit, delta] = [value(s!), value(l!), value(d!)];
    const n = Math.max(Math.ceil((limit - start) / delta), 0);
    const values = Array.from({ length: n }, (_, i) => start + i * delta);
    const t = type === 'int64' ? new tw.Tensor('int64', BigInt64Array.from(values, BigInt), [n])
      : type === 'float16' || type === 'bfloat16' ? new tw.Tensor(type as never, tw.encode(type, values) as never, [n])
      : tw.tensor(type as never, values as never, [n]);
    const data = t.data as ArrayBufferView;
    return [{ type, dims: [n], storage: new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice() }];
  },
  named: ({ inputs: [s, l, d] }, options) => tw.range(s as never, l as never, d as never, options as never),
  dataInput: 0,
  tooLarge: (limit) => ({ label: 'int64 0 to limit / 8 + 1', inputs: [new tw.Tensor('int64', BigInt64Array.of(0n), []), new tw.Tensor('int64', BigInt64Array.of(BigInt(Math.floor(limit / 8) + 1)), []), new tw.Tensor('int64', BigInt64Array.of(1n), [])], attributes: {} }),
  fuzz: [],
};
