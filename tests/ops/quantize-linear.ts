// QuantizeLinear's test module: every x type and output type of version 25,
// per-tensor, per-axis and blocked scales, zero points or output_dtype, ties
// and saturation; a few older-version cases. The reference: the spec's
// formula element by element, scale index from coordinates, float outputs by
// the Cast reference's nearest-code search.
import * as tw from 'tessera-wasm';
import { nearestCode } from '../js/cast-reference';
import type { OpCase, OpTest } from './op-test';
import { RANGE, randomGranularity, randomScales, roundTo, scaleIndices, sizeOf, storageOf, tensorOf, valuesOf } from './quantize-support';
import { between, newestTypes, pick, randomDims, randomInput } from './support';

const FLOAT8 = ['float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz'];

function roundHalfEven(v: number): number {
  const f = Math.floor(v);
  const d = v - f;
  return d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
}

/** x values that land on ties and past the range as well as random bits. */
function xFor(random: () => number, type: string, dims: number[]): tw.Tensor {
  if (random() < 0.5) return randomInput(random, type, dims);
  const values = Array.from({ length: sizeOf(dims) }, () => pick(random, [0, 0.5, 1.5, 2.5, -0.5, -2.5, 3, 7.5, -8.5, 100, -300, 1e5, 127.5, 255.5]));
  return tensorOf(type, type === 'int32' ? values.map(Math.trunc) : values, dims);
}

function zeroPointFor(random: () => number, type: string, n: number): number[] {
  if (type in RANGE) { const [lo, hi] = RANGE[type]; return Array.from({ length: n }, () => between(random, lo, Math.min(hi, lo + 20))); }
  return Array.from({ length: n }, () => pick(random, type === 'float4e2m1' ? [0, 0.5, -1] : [0, 0.5, -1, 2]));
}

function quantizeCase(random: () => number, xType: string, yType: string, opset?: number): OpCase {
  const dims = randomDims(random, 4, 5);
  const g = opset === 10 ? { kind: 'tensor', axis: 0, written: 0, block: 0, scaleDims: [] as number[] } : randomGranularity(random, dims, opset === undefined || opset >= 21);
  const scaleType = opset !== undefined && opset < 19 ? 'float32' : opset !== undefined && opset < 23 ? xType : pick(random, newestTypes('QuantizeLinear', 'T2'));
  const n = sizeOf(g.scaleDims);
  const scale = tensorOf(scaleType, randomScales(random, scaleType, n), g.scaleDims);
  const withZero = yType === 'uint8' ? random() < 0.7 : opset !== undefined && opset < 21 ? true : random() < 0.6;
  const zero = withZero ? tensorOf(yType, zeroPointFor(random, yType, n), g.scaleDims) : undefined;
  const attributes: Record<string, unknown> = {};
  if (g.kind !== 'tensor' || (opset !== 10 && random() < 0.3)) attributes.axis = g.written;
  if (g.kind === 'block') attributes.block_size = g.block;
  if (!withZero && yType !== 'uint8') attributes.output_dtype = tw.DTYPES[yType as tw.DataType].onnx;
  if (FLOAT8.includes(yType) && random() < 0.5) attributes.saturate = random() < 0.5 ? 0 : 1;
  if ((opset === undefined || opset >= 23) && random() < 0.2) attributes.precision = tw.DTYPES.float32.onnx;
  return { label: `${xType} -> ${yType} [${dims}] ${g.kind} axis ${g.written} block ${g.block} scale ${scaleType}${zero ? '' : ' no zero point'}${opset ? ` opset ${opset}` : ''}`,
    opset, inputs: [xFor(random, xType, dims), scale, zero], attributes };
}

/** The spec's formula for one case. */
function quantizeReference(c: OpCase) {
  const [x, scale, zero] = c.inputs as [tw.Tensor, tw.Tensor, tw.Tensor | undefined];
  const a = c.attributes;
  const type = zero?.type ?? (a.output_dtype === undefined ? 'uint8'
    : Object.keys(tw.DTYPES).find((t) => tw.DTYPES[t as tw.DataType].onnx === a.output_dtype)!);
  const precision = a.precision === tw.DTYPES.float32.onnx ? 'float32' : scale.type;
  const xs = valuesOf(x);
  const ss = valuesOf(scale);
  const zs = zero ? valuesOf(zero) : new Array<number>(ss.length).fill(0);
  const index = scaleIndices(x.dims, scale.dims, Number(a.axis ?? 1), Number(a.block_size ?? 0));
  const saturate = a.saturate === undefined || a.saturate !== 0;
  const codes = xs.map((v, i) => {
    const j = index[i];
    const q = roundTo(precision, v / ss[j]);
    if (type in RANGE) {
      const [lo, hi] = RANGE[type];
      const r = (Number.isNaN(q) ? 0 : roundHalfEven(q)) + zs[j];
      return Math.min(hi, Math.max(lo, r));
    }
    // A float zero point of 0 adds nothing, not even -0 + 0 = +0: ONNX's reference casts x / scale itself.
    return nearestCode(type, zs[j] === 0 ? q : Math.fround(q + zs[j]), type === 'float4e2m1' || saturate);
  });
  return [{ type, dims: [...x.dims], storage: storageOf(type, codes) }];
}

const nameOf = (onnx: unknown) => Object.keys(tw.DTYPES).find((t) => tw.DTYPES[t as tw.DataType].onnx === onnx);

export const QUANTIZE_LINEAR: OpTest = {
  op: 'QuantizeLinear',
  cases: (random) => [
    ...newestTypes('QuantizeLinear', 'T3').map((y) => quantizeCase(random, pick(random, newestTypes('QuantizeLinear', 'T1')), y)),
    ...newestTypes('QuantizeLinear', 'T1').map((x) => quantizeCase(random, x, pick(random, ['int8', 'uint8', 'int4', 'float8e4m3fn']))),
    quantizeCase(random, 'float32', 'uint8', 10),
    quantizeCase(random, pick(random, ['float32', 'int32']), 'int8', 13),
    quantizeCase(random, pick(random, ['float32', 'float16', 'bfloat16']), pick(random, FLOAT8), 19),
    quantizeCase(random, 'float32', pick(random, ['int4', 'uint4', 'int16']), 21),
  ],
  reference: quantizeReference,
  named: ({ inputs: [x, scale, zeroPoint], attributes: a }, options) => tw.quantizeLinear(x!, scale!, {
    zeroPoint, axis: a.axis as number | undefined, blockSize: a.block_size as number | undefined,
    saturate: a.saturate === undefined ? undefined : a.saturate !== 0, outputDtype: nameOf(a.output_dtype) as tw.DataType | undefined,
    precision: nameOf(a.precision) as tw.DataType | undefined, ...(options as object),
  }),
  tooLarge: 'the output has no more bytes than x (no output element is wider than an x element); the kernel\'s x and y together past the limit are the dispatcher\'s SpecError, as DequantizeLinear\'s case shows',
  fuzz: ['quantize'],  // the kernel (quantize.cc) against reference/quantize.h
};
