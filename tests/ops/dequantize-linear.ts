// DequantizeLinear's test module: every x type of version 25 with per-tensor,
// per-axis and blocked scales of every scale type, zero points or none, and
// every code of each 8-bit-and-narrower x type (exhaustive), plus older
// versions. The reference: (x - zero point) * scale in float32, as ONNX's
// reference computes, scale index from coordinates.
import * as tw from 'tessera-wasm';
import type { OpCase, OpTest } from './op-test';
import { RANGE, floatCode, randomGranularity, randomScales, scaleIndices, sizeOf, storageOf, tensorOf, valuesOf } from './quantize-support';
import { between, newestTypes, pick, randomDims } from './support';

const BITS: Record<string, number> = { int4: 4, uint4: 4, float4e2m1: 4, int2: 2, uint2: 2 };

/** Every code of a type of 8 bits or fewer, as storage, in code order. */
function everyCode(type: string): tw.Tensor {
  const bits = BITS[type] ?? 8;
  const count = 2 ** bits;
  const bytes = new Uint8Array(Math.ceil((count * bits) / 8));
  for (let c = 0; c < count; c++) bytes[Math.floor((c * bits) / 8)] |= c << ((c * bits) % 8);
  const data = type === 'int8' ? new Int8Array(bytes.buffer) : bytes;
  return new tw.Tensor(type as 'uint8', data as Uint8Array, [count]);
}

/** Random valid x values of a type (representable, and zero points likewise). */
function randomValues(random: () => number, type: string, n: number): number[] {
  if (type in RANGE) { const [lo, hi] = RANGE[type]; return Array.from({ length: n }, () => between(random, lo, hi)); }
  if (type === 'int32') return Array.from({ length: n }, () => between(random, -(2 ** 31), 2 ** 31 - 1));
  return Array.from({ length: n }, () => pick(random, type === 'float4e2m1' ? [0, 0.5, -1, 6, -6, 1.5] : [0, 0.5, -1, 2, 448 / 4, -3.5]));
}

function dequantizeCase(random: () => number, xType: string, opset?: number, exhaustive = false): OpCase {
  const x = exhaustive ? everyCode(xType) : undefined;
  const dims = x ? [...x.dims] : randomDims(random, 4, 5);
  const g = opset === 10 || exhaustive ? { kind: 'tensor', axis: 0, written: 0, block: 0, scaleDims: [] as number[] } : randomGranularity(random, dims, opset === undefined || opset >= 21);
  const scaleType = opset !== undefined && opset < 19 ? 'float32' : pick(random, opset !== undefined && opset < 24 ? ['float32', 'float16', 'bfloat16'] : newestTypes('DequantizeLinear', 'T2'));
  const n = sizeOf(g.scaleDims);
  const scale = tensorOf(scaleType, randomScales(random, scaleType, n), g.scaleDims);
  const zero = xType !== 'int32' && random() < 0.6 ? tensorOf(xType, randomValues(random, xType, n), g.scaleDims) : undefined;
  const attributes: Record<string, unknown> = {};
  if (g.kind !== 'tensor') attributes.axis = g.written;
  if (g.kind === 'block') attributes.block_size = g.block;
  if ((opset === undefined || opset >= 23) && (scaleType === 'float8e8m0' || random() < 0.3)) {
    attributes.output_dtype = tw.DTYPES[pick(random, ['float32', 'float16', 'bfloat16'] as const)].onnx;
  }
  return { label: `${xType} [${dims}]${exhaustive ? ' every code' : ''} ${g.kind} axis ${g.written} block ${g.block} scale ${scaleType}${zero ? '' : ' no zero point'}${opset ? ` opset ${opset}` : ''}`,
    opset, inputs: [x ?? tensorOf(xType, randomValues(random, xType, sizeOf(dims)), dims), scale, zero], attributes };
}

function dequantizeReference(c: OpCase) {
  const [x, scale, zero] = c.inputs as [tw.Tensor, tw.Tensor, tw.Tensor | undefined];
  const a = c.attributes;
  const named = Object.keys(tw.DTYPES).find((t) => tw.DTYPES[t as tw.DataType].onnx === a.output_dtype);
  const type = (named ?? (scale.type === 'float8e8m0' ? 'float32' : scale.type)) as 'float32' | 'float16' | 'bfloat16';
  const xs = valuesOf(x);
  const ss = valuesOf(scale);
  const zs = zero ? valuesOf(zero) : new Array<number>(ss.length).fill(0);
  const index = scaleIndices(x.dims, scale.dims, Number(a.axis ?? 1), Number(a.block_size ?? 0));
  const f = Math.fround;
  const codes = xs.map((v, i) => {
    const j = index[i];
    const d = f(f(v) - f(zs[j]));
    const y = f(d * f(ss[j]));
    if (!Number.isNaN(y)) return floatCode(type, y);
    // A NaN has the sign of the first NaN operand of x - z, then of the product (x86's rule, which onnxruntime's
    // results follow); one the arithmetic makes is negative (x86's default NaN). A float32 NaN's payload is loose.
    const negative = Number.isNaN(v) ? nanIsNegative(x, i) : zero && Number.isNaN(zs[j]) ? nanIsNegative(zero, j)
      : Number.isNaN(d) ? true : Number.isNaN(ss[j]) ? nanIsNegative(scale, j) : true;
    const sign = negative ? 1 : 0;
    return type === 'float32' ? ((sign << 31) | 0x7fc00000) >>> 0 : (sign << 15) | (type === 'float16' ? 0x7e00 : 0x7fc0);
  });
  return [{ type, dims: [...x.dims], storage: storageOf(type, codes) }];
}

/** Whether element i of t (a NaN) has its sign bit set: the top bit of its code (float8e8m0's one NaN has none). */
function nanIsNegative(t: tw.Tensor, i: number): boolean {
  if (t.type === 'float8e8m0') return false;
  const d = t.data as ArrayBufferView;
  const width = d instanceof Float32Array ? 4 : d instanceof Uint16Array ? 2 : 1;
  const bytes = new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
  return (bytes[i * width + width - 1] & 0x80) !== 0;  // little-endian: the sign in the last byte
}

const EIGHT_BIT_OR_NARROWER = ['int8', 'uint8', 'float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz', 'uint4', 'int4', 'float4e2m1', 'uint2', 'int2'];

export const DEQUANTIZE_LINEAR: OpTest = {
  op: 'DequantizeLinear',
  cases: (random) => [
    ...newestTypes('DequantizeLinear', 'T1').map((x) => dequantizeCase(random, x)),
    ...EIGHT_BIT_OR_NARROWER.map((x) => dequantizeCase(random, x, undefined, true)),
    dequantizeCase(random, pick(random, ['int8', 'uint8', 'int32']), 10),
    dequantizeCase(random, pick(random, ['int8', 'uint8']), 13),
    dequantizeCase(random, pick(random, ['float8e4m3fn', 'float8e5m2', 'uint8']), 19),
    dequantizeCase(random, pick(random, ['int4', 'uint4', 'int16']), 21),
  ],
  reference: dequantizeReference,
  named: ({ inputs: [x, scale, zeroPoint], attributes: a }, options) => tw.dequantizeLinear(x!, scale!, {
    zeroPoint, axis: a.axis as number | undefined, blockSize: a.block_size as number | undefined,
    outputDtype: Object.keys(tw.DTYPES).find((t) => tw.DTYPES[t as tw.DataType].onnx === a.output_dtype) as tw.DataType | undefined, ...(options as object),
  }),
  looseNaN: true,
  // int4 to float32, the kernel's path: 8 output bytes for each input byte, the output past the limit.
  tooLarge: (limit) => {
    const n = 2 * Math.ceil(limit / 8) + 2;
    return { label: `int4 [${n}] to float32`, inputs: [new tw.Tensor('int4', new Uint8Array(n / 2), [n]), new tw.Tensor('float32', new Float32Array([1]), [])], attributes: {} };
  },
  fuzz: ['quantize'],  // the kernel (quantize.cc) against reference/quantize.h
};
