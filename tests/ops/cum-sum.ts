// CumSum's test module: every CumSum-14 type, random dims (rank 1 to 4,
// empty dims too), a random axis (negative too) as an int32 or int64 input,
// 0-D or of one element, exclusive and reverse; integers large enough to
// wrap, floats whose sums round, NaN, -0 and infinities among them; and
// CumSum-11 cases. The reference is the running sum written from the spec
// and the documented order: from each line's first element in the scan's
// order, float32 (Math.fround) for float32, float16 and bfloat16, float64
// for float64, BigInt wrapped for integers, each output rounded once.
import * as tw from 'tessera-wasm';
import type { Expected, OpCase, OpTest } from './op-test';
import { expectedOf, isFloat, tensorOf, valuesOf } from './reduce-support';
import { between, newestTypes, randomDims } from './support';

const BIG: Record<string, bigint> = { int32: 1n << 31n, uint32: 1n << 32n, int64: 1n << 63n, uint64: 1n << 64n };

function randomCase(random: () => number, type: string, opset: number | undefined): OpCase {
  let dims = randomDims(random, 4, 7);
  if (dims.length === 0) dims = [between(random, 1, 9)];
  const size = dims.reduce((a, b) => a * b, 1);
  const axis = between(random, 0, dims.length - 1);
  const axisGiven = random() < 0.3 ? axis - dims.length : axis;
  let x: tw.Tensor;
  if (isFloat(type)) {
    const values = Array.from({ length: size }, () => {
      if (random() < 0.05) return [NaN, Infinity, -Infinity, -0][between(random, 0, 3)];
      return between(random, -300, 300) / 7;
    });
    x = tensorOf(type, dims, values);
  } else {
    // Near the type's range, so that sums wrap.
    const range = BIG[type];
    const values = Array.from({ length: size }, () => BigInt(between(random, -1000, 1000)) * (range / 1024n));
    const wrapped = values.map((v) => (type.startsWith('u') ? BigInt.asUintN(type === 'uint32' ? 32 : 64, v) : BigInt.asIntN(type === 'int32' ? 32 : 64, v)));
    const data = type === 'int64' ? BigInt64Array.from(wrapped) : type === 'uint64' ? BigUint64Array.from(wrapped)
      : type === 'int32' ? Int32Array.from(wrapped, Number) : Uint32Array.from(wrapped, Number);
    x = new tw.Tensor(type as never, data as never, dims);
  }
  const axisType = random() < 0.5 ? 'int32' : 'int64';
  const axisDims = random() < 0.7 ? [] : [1];
  const axisTensor = new tw.Tensor(axisType, axisType === 'int32' ? Int32Array.of(axisGiven) : BigInt64Array.of(BigInt(axisGiven)), axisDims);
  const attributes = { exclusive: random() < 0.5 ? 1 : 0, reverse: random() < 0.5 ? 1 : 0 };
  return {
    label: `${type} [${dims}] axis ${axisGiven} (${axisType} [${axisDims}]) exclusive ${attributes.exclusive} reverse ${attributes.reverse}${opset ? ` opset ${opset}` : ''}`,
    opset, inputs: [x, axisTensor], attributes,
  };
}

function reference(c: OpCase): Expected[] {
  const [x, axisTensor] = c.inputs as tw.Tensor[];
  const given = Number((axisTensor.data as ArrayLike<number | bigint>)[0]);
  const axis = given < 0 ? given + x.dims.length : given;
  const n = x.dims[axis];
  const outer = x.dims.slice(0, axis).reduce((a, b) => a * b, 1);
  const inner = x.dims.slice(axis + 1).reduce((a, b) => a * b, 1);
  const { exclusive, reverse } = c.attributes as { exclusive: number; reverse: number };
  const vs = valuesOf(x);
  const float = isFloat(x.type);
  const add = x.type === 'float64' ? (a: number, b: number) => a + b : (a: number, b: number) => Math.fround(a + b);
  const out: (number | bigint)[] = new Array(x.size);
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      let acc: number | bigint = float ? 0 : 0n;
      for (let s = 0; s < n; s++) {
        const j = reverse ? n - 1 - s : s;
        const at = (o * n + j) * inner + i;
        const v = vs[at];
        const next = s === 0 ? v : float ? add(acc as number, v as number) : (acc as bigint) + (v as bigint);
        out[at] = exclusive ? (s === 0 ? (float ? 0 : 0n) : acc) : next;
        acc = next;
      }
    }
  }
  return [expectedOf(x.type, x.dims, out)];
}

export const CUM_SUM: OpTest = {
  op: 'CumSum',
  cases: (random) => [
    ...newestTypes('CumSum', 'T').map((type) => randomCase(random, type, undefined)),
    randomCase(random, 'float32', 11), randomCase(random, 'int64', 11), randomCase(random, 'uint32', 11),
  ],
  reference,
  named: ({ inputs: [x, axis], attributes }, options) => {
    const given = (axis!.data as ArrayLike<number | bigint>)[0];
    return tw.cumSum(x as never, Number(given) % 2 ? Number(given) : axis as never, {
      exclusive: attributes.exclusive === 1, reverse: attributes.reverse === 1, ...options,
    } as never);
  },
  tooLarge: 'the output has the input\'s type and dims, and the input exists',
  fuzz: ['cumsum'],
};
