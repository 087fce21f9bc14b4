// ONNX DequantizeLinear: y = (x - x_zero_point) * x_scale, the difference and
// the product in float32 (as ONNX's reference computes), the result in the
// scale's type or `output_dtype`. float32 outputs from the integer and
// float8 types run in the kernel (kernel.ts); the loop below keeps the rest
// (float16 and bfloat16 outputs, float4e2m1 and 2-bit x).
import type { DataType } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { encodeOne } from '../../formats.js';
import { ResidentTensor, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { finishOutput } from '../indexing/index-kernels.js';
import { type OutOptions, READS_NOTHING, checkOut, opOptions } from '../out.js';
import { FLOAT8_V19, extend } from '../type-sets.js';
import { type Granularity, granularity, ownInput, scaleRuns, storeCodes, typeAttribute, valuesAsFloat32, valuesOf } from './common.js';
import { KERNEL_DEQUANTIZED, runQdqKernel } from './kernel.js';

const X_10 = ['int8', 'uint8', 'int32'] as const satisfies readonly DataType[];
const X_19 = /* @__PURE__ */ extend(X_10, FLOAT8_V19);
const X_21 = /* @__PURE__ */ extend(/* @__PURE__ */ extend(['int8', 'uint8', 'int16', 'uint16', 'int32'], FLOAT8_V19), ['uint4', 'int4']) satisfies readonly DataType[];
const X_23 = /* @__PURE__ */ extend(X_21, ['float4e2m1']);
const X_25 = /* @__PURE__ */ extend(X_23, ['uint2', 'int2']);
const SCALE_19 = ['float32', 'float16', 'bfloat16'] as const satisfies readonly DataType[];
const SCALE_24 = /* @__PURE__ */ extend(SCALE_19, ['float8e8m0']);
const IO = { inputs: ['x', 'x_scale', 'x_zero_point'], required: 2, outputs: ['y'] };
const ATTRIBUTES_23 = ['axis', 'block_size', 'output_dtype'];

/** DequantizeLinear's every version. */
export const DEQUANTIZE_LINEAR_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'DequantizeLinear',
  domain: 'ai.onnx',
  versioned: true,
  family: 'quantization',
  summary: '(x − zero point) × scale: quantized integers, float8 or float4 back to float32, float16 or bfloat16.',
  named: 'dequantizeLinear',
  versions: [
    { since: 10, ...IO, attributes: [], types: { T: X_10 } },
    { since: 13, ...IO, attributes: ['axis'], types: { T: X_10 } },
    { since: 19, ...IO, attributes: ['axis'], types: { T1: X_19, T2: SCALE_19 } },
    { since: 21, ...IO, attributes: ['axis', 'block_size'], types: { T1: X_21, T2: SCALE_19 } },
    { since: 23, ...IO, attributes: ATTRIBUTES_23, types: { T1: X_23, T2: SCALE_19, T3: SCALE_19 } },
    { since: 24, ...IO, attributes: ATTRIBUTES_23, types: { T1: X_23, T2: SCALE_24, T3: SCALE_19 } },
    { since: 25, ...IO, attributes: ATTRIBUTES_23, types: { T1: X_25, T2: SCALE_24, T3: SCALE_19 } },
  ],
  run: (v, [x, scale, zeroPoint], a) => runDequantizeLinear(v, x, scale, {
    zeroPoint, axis: a.axis, blockSize: a.block_size, outputDtype: typeAttribute(context(v), 'output_dtype', a.output_dtype),
  }),
}));

const context = (v: OpVersion): OpContext => ({ op: 'DequantizeLinear', version: v.since });

/** DequantizeLinear's options. */
export interface DequantizeLinearOptions extends OutOptions {
  /** The zero point, of x's type, with the scale's dims; default 0. */
  zeroPoint?: TensorLike | ResidentTensor;
  /** The axis of a per-axis or blocked scale; default 1. */
  axis?: number | bigint;
  /** The block size of a blocked scale along `axis`; default 0 (not blocked). */
  blockSize?: number | bigint;
  /** The output type (float32, float16 or bfloat16); default the scale's (float32 for a float8e8m0 scale). */
  outputDtype?: DataType;
}

/**
 * ONNX DequantizeLinear-25: `y = (x - zeroPoint) * scale` with a scalar
 * (per-tensor), 1-D (per-axis, on `axis`) or blocked scale (`blockSize` along `axis`).
 *
 * @example tw.dequantizeLinear(tw.tensor('uint8', [0, 2, 255]), tw.tensor('float32', [0.5], [])) // float32 [0, 1, 127.5]
 */
export function dequantizeLinear(x: ResidentTensor, scale: TensorLike | ResidentTensor, options?: DequantizeLinearOptions & { out?: undefined }): ResidentTensor;
export function dequantizeLinear(x: TensorLike | ResidentTensor, scale: TensorLike | ResidentTensor, options?: DequantizeLinearOptions): Tensor;
export function dequantizeLinear(x: TensorLike | ResidentTensor, scale: TensorLike | ResidentTensor, options?: DequantizeLinearOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(DEQUANTIZE_LINEAR_OP);
  const own = opOptions(context(v), options, ['zeroPoint', 'axis', 'blockSize', 'outputDtype']);
  if (own.outputDtype !== undefined && typeof own.outputDtype !== 'string') {
    throw specError(context(v), 'outputDtype', `outputDtype must be a data type name (got ${describe(own.outputDtype)})`);
  }
  return runDequantizeLinear(v, x, scale, own as DequantizeArgs, own.out);
}

interface DequantizeArgs {
  readonly zeroPoint?: unknown;
  readonly axis?: unknown;
  readonly blockSize?: unknown;
  readonly outputDtype?: DataType;
}

/** DequantizeLinear as one version defines it. */
export function runDequantizeLinear(v: OpVersion, xValue: unknown, scaleValue: unknown, args: DequantizeArgs, outValue?: unknown): Tensor | ResidentTensor {
  const ctx = context(v);
  const resident = ResidentTensor.isResident(xValue);
  const x = asOperand(xValue, ctx, 'x');
  const scale = ownInput(scaleValue, ctx, 'x_scale');
  const zero = args.zeroPoint === undefined ? undefined : ownInput(args.zeroPoint, ctx, 'x_zero_point');
  requireType(ctx, 'x', x.type, v.types.T ?? v.types.T1);
  requireType(ctx, 'x_scale', scale.type, v.types.T2 ?? ['float32']);
  if (zero !== undefined && zero.type !== x.type) throw specError(ctx, 'x_zero_point', `x_zero_point must have x's type ${x.type} (got ${zero.type})`);
  if (x.type === 'int32' && zero !== undefined && zero.size > 0 && valuesOf(zero).some((z) => z !== 0)) {
    throw specError(ctx, 'x_zero_point', 'x_zero_point of an int32 x must be 0 (int32 has no zero point)');
  }
  if (args.outputDtype !== undefined) {
    if (v.since < 23) throw specError(ctx, 'output_dtype', `output_dtype is an attribute of DequantizeLinear-23 and later (this is version ${v.since})`);
    requireType(ctx, 'output_dtype', args.outputDtype, v.types.T3);
  }
  if (v.since < 21 && args.blockSize !== undefined) throw specError(ctx, 'block_size', `block_size is an attribute of DequantizeLinear-21 and later (this is version ${v.since})`);
  if (v.since < 13 && scale.size !== 1) throw specError(ctx, 'x_scale', `DequantizeLinear-10 takes a scalar x_scale (got dims [${scale.dims.join(', ')}])`);
  const type: DataType = args.outputDtype ?? (scale.type === 'float8e8m0' ? 'float32' : scale.type);
  const g = granularity(ctx, x.dims, scale.dims, zero?.dims, args.axis, args.blockSize, 'x_scale', 'x_zero_point');
  // Float32 throughout, as the spec's reference computes: x, the zero point and the scale are each exactly a float32
  // (int32 x rounded once, as Math.fround would), the difference rounded once to float32, and the product rounded once
  // by the Float32Array store (the double product of two float32s is exact).
  const out = outValue === undefined ? undefined : checkOut(ctx, outValue, type, x.size, READS_NOTHING);
  if (type === 'float32' && KERNEL_DEQUANTIZED.includes(x.type)) return runQdqKernel(ctx, false, x, type, g, scale, zero, false, out);
  const scales = valuesAsFloat32(scale);
  const zeros = zero === undefined ? new Float32Array(scale.size) : valuesAsFloat32(zero);
  const xs = valuesAsFloat32(ownInput(x, ctx, 'x'));
  const ys = dequantizeRows(g, xs, zeros, scales);
  if (type === 'float32') return finishOutput(ctx, type, ys as Tensor['data'], x.dims, x.size, out, resident);
  // A NaN keeps its sign with the canonical payload (sign | 0x7e00, sign | 0x7fc0), as onnxruntime's float16
  // DequantizeLinear gives it (tests/e2e/quantize-ort.test.mjs); encodeOne reads a JS number, which has no sign to give.
  const codes = new Float64Array(x.size);
  const words = new Uint32Array(ys.buffer);
  const nan = type === 'float16' ? 0x7e00 : 0x7fc0;
  for (let i = 0; i < codes.length; i++) {
    codes[i] = ys[i] === ys[i] ? encodeOne(type as 'float16' | 'bfloat16', ys[i], false, 'nearest') : ((words[i] >>> 16) & 0x8000) | nan;
  }
  return finishOutput(ctx, type, storeCodes(type, codes), x.dims, x.size, out, resident);
}

/**
 * y = f32(f32(x - z) * s) over each run of elements sharing a scale pattern.
 * The difference is rounded once to float32 by Math.fround; the product,
 * exact as a double (two float32s), once by the Float32Array store. A NaN's
 * bits are written by nanBits: engines differ in the NaN their arithmetic
 * gives (V8 keeps an operand's, SpiderMonkey and JavaScriptCore make their
 * own), and the op's is onnxruntime's, as the kernel writes it.
 */
function dequantizeRows(g: Granularity, xs: Float32Array, zeros: Float32Array, scales: Float32Array): Float32Array {
  const f = Math.fround;
  const ys = new Float32Array(xs.length);
  const [xw, zw, sw, yw] = [xs, zeros, scales, ys].map((a) => new Uint32Array(a.buffer, a.byteOffset, a.length));
  const runs = scaleRuns(g);
  for (let r = 0; r < runs.length; r += 4) {
    const start = runs[r], end = start + runs[r + 1], step = runs[r + 3];
    for (let i = start, j = runs[r + 2]; i < end; i++, j += step) {
      const d = f(xs[i] - zeros[j]);
      const y = d * scales[j];
      ys[i] = y;
      if (y !== y) yw[i] = nanBits(xw[i], zw[j], d !== d, sw[j]);
    }
  }
  return ys;
}

/**
 * A NaN result's float32 bits as x86 gives them, and so onnxruntime and the
 * kernel (cpp/src/kernels/quantize.cc): the first NaN operand of x - z, then
 * of the product, quieted; one the arithmetic makes (Inf - Inf, 0 * Inf) is
 * x86's default NaN, 0xffc00000.
 */
function nanBits(x: number, z: number, differenceIsNaN: boolean, s: number): number {
  const isNaN = (w: number) => (w & 0x7fffffff) > 0x7f800000;
  if (isNaN(x)) return (x | 0x400000) >>> 0;
  if (isNaN(z)) return (z | 0x400000) >>> 0;
  if (differenceIsNaN) return 0xffc00000;
  if (isNaN(s)) return (s | 0x400000) >>> 0;
  return 0xffc00000;
}
