// TopK's test module: every TopK-24 type, random dims (rank 1 to 4, empty
// dims off the axis), a random axis (negative too), k from 0 to the axis'
// extent, largest and sorted; values from a small set so ties are common,
// NaN, -0 and infinities among the floats; and a case for each older
// version (k an attribute in 1, float types only in 1 and 10). The
// reference sorts each line's (value, index) pairs by the spec's rule
// (a NaN above every number, ties by the lower index) and takes k: the
// values are the input elements' own bytes.
import * as tw from 'tessera-wasm';
import type { Expected, OpCase, OpTest } from './op-test';
import { expectedOf, isFloat, tensorOf, valuesOf } from './reduce-support';
import { between, int64s, newestTypes, randomDims } from './support';

const BYTES: Record<string, number> = {
  float16: 2, bfloat16: 2, float32: 4, float64: 8, int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, int64: 8, uint64: 8,
};

function randomCase(random: () => number, type: string, opset: number | undefined): OpCase {
  let dims = randomDims(random, 4, 6);
  if (dims.length === 0) dims = [between(random, 1, 9)];
  const axis = between(random, 0, dims.length - 1);
  if (dims[axis] === 0 && random() < 0.7) dims[axis] = between(random, 1, 12);
  const size = dims.reduce((a, b) => a * b, 1);
  const values = Array.from({ length: size }, () => {
    if (isFloat(type) && random() < 0.12) return [NaN, Infinity, -Infinity, -0][between(random, 0, 3)];
    return type.startsWith('u') ? between(random, 0, 5) : between(random, -3, 3);
  });
  const k = between(random, 0, dims[axis]);
  const axisGiven = random() < 0.3 ? axis - dims.length : axis;
  const x = tensorOf(type, dims, values);
  const since = opset ?? 24;
  const attributes: Record<string, unknown> = { axis: axisGiven };
  if (since >= 11) { attributes.largest = random() < 0.6 ? 1 : 0; attributes.sorted = random() < 0.8 ? 1 : 0; }
  if (since === 1) attributes.k = k;
  return {
    label: `${type} [${dims}] axis ${axisGiven} k ${k} largest ${attributes.largest ?? 1}${opset ? ` opset ${opset}` : ''}`,
    opset, inputs: since === 1 ? [x] : [x, int64s([k])], attributes,
  };
}

/** The spec's order: a before b (NaN above every number, ties by the lower index). */
function before(a: [number | bigint, number], b: [number | bigint, number], largest: boolean): number {
  const nan = (v: number | bigint) => typeof v === 'number' && Number.isNaN(v);
  const [va, ia] = a, [vb, ib] = b;
  let order = 0;
  if (nan(va) || nan(vb)) order = nan(va) && nan(vb) ? 0 : nan(va) ? 1 : -1;
  else order = va < vb ? -1 : va > vb ? 1 : 0;
  if (largest) order = -order;
  return order !== 0 ? order : ia - ib;
}

function reference(c: OpCase): Expected[] {
  const x = c.inputs[0]!;
  const rank = x.dims.length;
  const given = c.attributes.axis as number;
  const axis = given < 0 ? given + rank : given;
  const k = c.inputs.length > 1 ? Number((c.inputs[1]!.data as BigInt64Array)[0]) : c.attributes.k as number;
  const largest = c.attributes.largest === undefined || c.attributes.largest === 1;
  const n = x.dims[axis];
  const outer = x.dims.slice(0, axis).reduce((a, b) => a * b, 1);
  const inner = x.dims.slice(axis + 1).reduce((a, b) => a * b, 1);
  const vs = valuesOf(x);
  const width = BYTES[x.type];
  const data = x.data as ArrayBufferView;
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const dims = x.dims.map((d, a) => (a === axis ? k : d));
  const values = new Uint8Array(outer * k * inner * width);
  const indices: bigint[] = new Array(outer * k * inner);
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const line: [number | bigint, number][] = [];
      for (let j = 0; j < n; j++) line.push([vs[(o * n + j) * inner + i], j]);
      line.sort((a, b) => before(a, b, largest));
      for (let r = 0; r < k; r++) {
        const from = ((o * n + line[r][1]) * inner + i) * width;
        const to = (o * k + r) * inner + i;
        values.set(bytes.subarray(from, from + width), to * width);
        indices[to] = BigInt(line[r][1]);
      }
    }
  }
  return [{ type: x.type, dims, storage: values }, expectedOf('int64', dims, indices)];
}

export const TOP_K: OpTest = {
  op: 'TopK',
  cases: (random) => [
    ...newestTypes('TopK', 'T').map((type) => randomCase(random, type, undefined)),
    randomCase(random, 'float32', 1), randomCase(random, 'float16', 10), randomCase(random, 'int32', 11), randomCase(random, 'float64', 11),
  ],
  reference,
  named: ({ inputs: [x, k], attributes }, options) => {
    const count = Number((k!.data as BigInt64Array)[0]);
    const { values, indices } = tw.topK(x as never, count % 2 ? count : k as never, {
      axis: attributes.axis as number, largest: attributes.largest === 1, sorted: attributes.sorted === 1, ...options,
    } as never);
    return [values, indices];
  },
  tooLarge: 'the outputs are at most the input\'s elements (k <= the axis\' extent), their int64 indices 8 bytes each: runCompute\'s scratch allocation refuses what memory cannot hold',
  fuzz: ['topk'],
};
