// Cast's and CastLike's test modules: random pairs of the numeric types Cast-25
// takes (strings have their own suite, tests/js/cast.test.ts), saturate both ways.
import * as tw from 'tessera-wasm';
import { FLOAT_TYPES, expected, narrowNaNToNarrow, narrowedNaN } from '../js/cast-reference';
import type { Expected, OpCase, OpTest } from './op-test';
import { newestTypes, pick, randomDims, randomInput } from './support';

const NUMERIC = newestTypes('Cast', 'T1').filter((t) => t !== 'string');

/** The input's elements as exact values: decoded floats, integers as they are, bool as 0 or 1. */
function valuesOf(x: tw.Tensor): (number | bigint)[] {
  if (x.type === 'float32' || x.type === 'float64') return Array.from(x.data as Float32Array);
  const bits: number = tw.DTYPES[x.type].bits;
  if (FLOAT_TYPES.has(x.type) || bits < 8) return tw.decode(x) as number[];
  return Array.from(x.data as ArrayLike<number | bigint>, (v) => (x.type === 'bool' ? (v ? 1 : 0) : v));
}

/** Storage of `type` holding the expected slots (bits or codes for the narrow types, packed from the low bits up). */
function storageOf(type: string, slots: (number | bigint)[]): Uint8Array {
  const { storage, bits } = tw.DTYPES[type as tw.DataType];
  if (bits < 8) {
    const bytes = new Uint8Array(Math.ceil((slots.length * bits) / 8));
    slots.forEach((s, i) => { bytes[(i * bits) >> 3] |= Number(s) << ((i * bits) & 7); });
    return bytes;
  }
  const Storage = (globalThis as unknown as Record<string, new (n: number) => ArrayBufferView & Record<number, unknown>>)[storage];
  const array = new Storage(slots.length);
  slots.forEach((s, i) => { array[i] = s; });
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

function castReference(x: tw.Tensor, to: string, saturate: boolean): Expected {
  if (x.type === to) {  // the same type: the bits as they are (NaN payloads included)
    const d = x.data as ArrayBufferView;
    return { type: to, dims: x.dims, storage: new Uint8Array(d.buffer, d.byteOffset, d.byteLength).slice() };
  }
  const fromFloat = FLOAT_TYPES.has(x.type);
  const slots = valuesOf(x).map((v) => expected(fromFloat, to, v, saturate));
  if ((x.type === 'float32' || x.type === 'float64') && (to === 'float16' || to === 'bfloat16')) keepNaNs(x, to, slots);
  const wide = x.type === 'float32' || x.type === 'float64';
  if (to === 'float8e4m3fn' || to === 'float8e5m2' || (!wide && (to === 'float16' || to === 'bfloat16'))) {
    // A NaN keeps its sign (docs/number-formats.md): from the input's bits.
    const d = x.data as ArrayBufferView;
    slots.forEach((_, i) => {
      const nan = wide ? narrowedNaN(x.type as 'float32', d, i, to) : narrowNaNToNarrow(x.type, d, i, to);
      if (nan !== undefined) slots[i] = nan;
    });
  }
  return { type: to, dims: x.dims, storage: storageOf(to, slots) };
}

/** float32/float64 -> float16/bfloat16: a NaN keeps its sign; float32 -> float16 its payload's top bits too, quieted (docs/number-formats.md); read from the bits as a bigint. */
function keepNaNs(x: tw.Tensor, to: 'float16' | 'bfloat16', slots: (number | bigint)[]): void {
  const d = x.data as ArrayBufferView;
  const view = new DataView(d.buffer, d.byteOffset, d.byteLength);
  const wide = x.type === 'float64';
  const fraction = wide ? 52n : 23n;
  const kept = to === 'float16' ? 10n : 7n;
  slots.forEach((_, i) => {
    const bits = wide ? view.getBigUint64(8 * i, true) : BigInt(view.getUint32(4 * i, true));
    const exponentOnes = wide ? 0x7ffn : 0xffn;
    const payload = bits & ((1n << fraction) - 1n);
    if (((bits >> fraction) & exponentOnes) !== exponentOnes || payload === 0n) return;
    const sign = (bits >> (wide ? 63n : 31n)) & 1n;
    const top = wide || to === 'bfloat16' ? 0n : payload >> (fraction - kept);
    const quiet = 1n << (kept - 1n);
    const exponent = to === 'float16' ? 0x1fn << 10n : 0xffn << 7n;
    slots[i] = Number((sign << 15n) | exponent | quiet | top);
  });
}

const saturateOf = (c: OpCase) => c.attributes.saturate === undefined || c.attributes.saturate === 1;
// The named functions take saturate for the float8 targets only (it applies to nothing else).
const saturateFor = (c: OpCase, to: string) => (to.startsWith('float8') ? { saturate: saturateOf(c) } : {});

function randomPair(random: () => number): { x: tw.Tensor; to: string; saturate: 0 | 1 } {
  const dims = randomDims(random, 3, 6);
  return { x: randomInput(random, pick(random, NUMERIC), dims), to: pick(random, NUMERIC), saturate: random() < 0.5 ? 0 : 1 };
}

export const CAST: OpTest = {
  op: 'Cast',
  cases: (random) => Array.from({ length: 12 }, () => {
    const { x, to, saturate } = randomPair(random);
    return { label: `${x.type} [${x.dims}] to ${to}, saturate ${saturate}`, inputs: [x], attributes: { to: tw.DTYPES[to as tw.DataType].onnx, saturate } };
  }),
  reference: (c) => {
    const to = (Object.keys(tw.DTYPES) as tw.DataType[]).find((t) => tw.DTYPES[t].onnx === c.attributes.to)!;
    return [castReference(c.inputs[0]!, to, saturateOf(c))];
  },
  named: (c, options) => {
    const to = (Object.keys(tw.DTYPES) as tw.DataType[]).find((t) => tw.DTYPES[t].onnx === c.attributes.to)!;
    return tw.cast(c.inputs[0] as never, to, { ...saturateFor(c, to), ...options } as never);
  },
  looseNaN: true,
  // An int2 input grows 32-fold into float64: 2^29 + 4 elements (a 128 MiB input) need more than the limit.
  tooLarge: (limit) => {
    const n = limit / 8 + 4 - ((limit / 8) % 4);
    return { label: `int2 [${n}] to float64`, inputs: [new tw.Tensor('int2', new Uint8Array(n / 4), [n])], attributes: { to: tw.DTYPES.float64.onnx } };
  },
  fuzz: ['cast'],  // every kernel of casts.inc against reference/cast.h
};

export const CAST_LIKE: OpTest = {
  op: 'CastLike',
  cases: (random) => Array.from({ length: 8 }, () => {
    const { x, to, saturate } = randomPair(random);
    return { label: `${x.type} [${x.dims}] like ${to}, saturate ${saturate}`, inputs: [x, randomInput(random, to, [1])], attributes: { saturate } };
  }),
  reference: (c) => [castReference(c.inputs[0]!, c.inputs[1]!.type, saturateOf(c))],
  named: (c, options) => tw.castLike(c.inputs[0] as never, c.inputs[1] as never, { ...saturateFor(c, c.inputs[1]!.type), ...options } as never),
  looseNaN: true,
  tooLarge: (limit) => {
    const n = limit / 8 + 4 - ((limit / 8) % 4);
    return { label: `int2 [${n}] like float64`, inputs: [new tw.Tensor('int2', new Uint8Array(n / 4), [n]), new tw.Tensor('float64', new Float64Array(1), [1])], attributes: {} };
  },
  fuzz: ['cast'],  // the same kernels as Cast
};
