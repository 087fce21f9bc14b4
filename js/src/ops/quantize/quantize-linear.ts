// ONNX QuantizeLinear: y = saturate(round(x / y_scale) + y_zero_point), the
// division at the scale's precision (or `precision`), rounded half to even;
// integer outputs clamp to their range, float8 outputs convert as Cast does
// (by `saturate`), float4e2m1 always saturates. float32 x at float32
// precision to the 8-, 16- and 4-bit integers and float8 runs in the kernel
// (kernel.ts); the loops below keep the rest, with the same arithmetic.
import type { DataType } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { encodeOne, type NarrowType } from '../../formats.js';
import { roundHalfEven } from '../../convert.js';
import { ResidentTensor, asOperand } from '../../resident.js';
import { type Tensor, type TensorLike, tensorOf } from '../../tensor.js';
import { cast } from '../cast.js';
import { requireReady } from '../../wasm.js';
import { integerAttribute, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { finishOutput } from '../indexing/index-kernels.js';
import { type OutOptions, READS_NOTHING, checkOut, opOptions } from '../out.js';
import { FLOAT8_V19, extend } from '../type-sets.js';
import { type Granularity, forEachRow, granularity, integerRange, ownInput, rounderTo, scaleRuns, storeCodes, typeAttribute, valuesOf } from './common.js';
import { KERNEL_QUANTIZED, runQdqKernel } from './kernel.js';

const X_10 = ['float32', 'int32'] as const satisfies readonly DataType[];
const X_19 = ['float32', 'float16', 'bfloat16', 'int32'] as const satisfies readonly DataType[];
const Y_10 = ['int8', 'uint8'] as const satisfies readonly DataType[];
const Y_19 = /* @__PURE__ */ extend(Y_10, FLOAT8_V19);
const Y_21 = /* @__PURE__ */ extend(/* @__PURE__ */ extend(['int8', 'uint8', 'int16', 'uint16'], FLOAT8_V19), ['uint4', 'int4']) satisfies readonly DataType[];
const Y_23 = /* @__PURE__ */ extend(Y_21, ['float4e2m1']);
const Y_25 = /* @__PURE__ */ extend(Y_23, ['uint2', 'int2']);
const SCALE_24 = /* @__PURE__ */ extend(X_19, ['float8e8m0']);
const IO = { inputs: ['x', 'y_scale', 'y_zero_point'], required: 2, outputs: ['y'] };
const ATTRIBUTES_21 = ['axis', 'block_size', 'output_dtype', 'saturate'];
const ATTRIBUTES_23 = ['axis', 'block_size', 'output_dtype', 'precision', 'saturate'];

/** QuantizeLinear's every version. */
export const QUANTIZE_LINEAR_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'QuantizeLinear',
  domain: 'ai.onnx',
  versioned: true,
  family: 'quantization',
  summary: 'x / scale rounded half to even plus a zero point, saturated to an 8-bit, 16-bit, 4-bit, 2-bit or float8/float4 type.',
  named: 'quantizeLinear',
  versions: [
    { since: 10, ...IO, attributes: [], types: { T1: X_10, T2: Y_10 } },
    { since: 13, ...IO, attributes: ['axis'], types: { T1: X_10, T2: Y_10 } },
    { since: 19, ...IO, attributes: ['axis', 'saturate'], types: { T1: X_19, T2: Y_19 } },
    { since: 21, ...IO, attributes: ATTRIBUTES_21, types: { T1: X_19, T2: Y_21 } },
    { since: 23, ...IO, attributes: ATTRIBUTES_23, types: { T1: X_19, T2: X_19, T3: Y_23 } },
    { since: 24, ...IO, attributes: ATTRIBUTES_23, types: { T1: X_19, T2: SCALE_24, T3: Y_23 } },
    { since: 25, ...IO, attributes: ATTRIBUTES_23, types: { T1: X_19, T2: SCALE_24, T3: Y_25 } },
  ],
  run: (v, [x, scale, zeroPoint], a) => runQuantizeLinear(v, x, scale, {
    zeroPoint, axis: a.axis, blockSize: a.block_size, saturate: a.saturate === undefined ? undefined : integerAttribute(context(v), 'saturate', a.saturate, 1) !== 0,
    outputDtype: typeAttribute(context(v), 'output_dtype', a.output_dtype), precision: typeAttribute(context(v), 'precision', a.precision),
  }, false),
}));

const context = (v: OpVersion): OpContext => ({ op: 'QuantizeLinear', version: v.since });

/** QuantizeLinear's options. */
export interface QuantizeLinearOptions extends OutOptions {
  /** The zero point, of the output type, with the scale's dims; its type is the output type. Default 0 (of `outputDtype`, else uint8). */
  zeroPoint?: TensorLike | ResidentTensor;
  /** The axis of a per-axis or blocked scale; default 1. */
  axis?: number | bigint;
  /** The block size of a blocked scale along `axis`; default 0 (not blocked). */
  blockSize?: number | bigint;
  /** float8 outputs only: true (default) saturates out-of-range values to the largest finite value, false gives Inf or NaN. */
  saturate?: boolean;
  /** The output type where no zero point says it. */
  outputDtype?: DataType;
  /** The type whose precision the division takes; default the scale's. */
  precision?: DataType;
}

/**
 * ONNX QuantizeLinear-25: `y = saturate(round(x / scale) + zeroPoint)`, rounding
 * half to even, with a scalar (per-tensor), 1-D (per-axis, on `axis`) or
 * blocked scale (`blockSize` along `axis`).
 *
 * @example tw.quantizeLinear(tw.tensor('float32', [0, 1.5, 2.5, 300]), tw.tensor('float32', [1], [])) // uint8 [0, 2, 2, 255]
 */
export function quantizeLinear(x: ResidentTensor, scale: TensorLike | ResidentTensor, options?: QuantizeLinearOptions & { out?: undefined }): ResidentTensor;
export function quantizeLinear(x: TensorLike | ResidentTensor, scale: TensorLike | ResidentTensor, options?: QuantizeLinearOptions): Tensor;
export function quantizeLinear(x: TensorLike | ResidentTensor, scale: TensorLike | ResidentTensor, options?: QuantizeLinearOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(QUANTIZE_LINEAR_OP);
  const own = opOptions(context(v), options, ['zeroPoint', 'axis', 'blockSize', 'saturate', 'outputDtype', 'precision']);
  if (own.saturate !== undefined && typeof own.saturate !== 'boolean') {
    throw specError(context(v), 'saturate', `saturate must be a boolean (got ${describe(own.saturate)})`);
  }
  for (const key of ['outputDtype', 'precision'] as const) {
    if (own[key] !== undefined && typeof own[key] !== 'string') throw specError(context(v), key, `${key} must be a data type name (got ${describe(own[key])})`);
  }
  return runQuantizeLinear(v, x, scale, own as QuantizeArgs, true, own.out);
}

interface QuantizeArgs {
  readonly zeroPoint?: unknown;
  readonly axis?: unknown;
  readonly blockSize?: unknown;
  readonly saturate?: boolean;
  readonly outputDtype?: DataType;
  readonly precision?: DataType;
}

/** QuantizeLinear as one version defines it; `named` says options that do not apply are refused rather than ignored. */
export function runQuantizeLinear(v: OpVersion, xValue: unknown, scaleValue: unknown, args: QuantizeArgs, named: boolean, outValue?: unknown): Tensor | ResidentTensor {
  const ctx = context(v);
  const resident = ResidentTensor.isResident(xValue);
  const x = asOperand(xValue, ctx, 'x');
  const scale = ownInput(scaleValue, ctx, 'y_scale');
  const zero = args.zeroPoint === undefined ? undefined : ownInput(args.zeroPoint, ctx, 'y_zero_point');
  const modern = v.since >= 23;
  requireType(ctx, 'x', x.type, v.types.T1);
  if (v.since < 19) requireType(ctx, 'y_scale', scale.type, ['float32']);
  else if (!modern) {
    if (scale.type !== x.type) throw specError(ctx, 'y_scale', `y_scale must have x's type ${x.type} (got ${scale.type})`);
  } else requireType(ctx, 'y_scale', scale.type, v.types.T2);
  const yTypes = modern ? v.types.T3 : v.types.T2;
  if (args.outputDtype !== undefined) {
    if (v.since < 21) throw specError(ctx, 'output_dtype', `output_dtype is an attribute of QuantizeLinear-21 and later (this is version ${v.since})`);
    requireType(ctx, 'output_dtype', args.outputDtype, yTypes);
    if (zero !== undefined && zero.type !== args.outputDtype) {
      throw specError(ctx, 'output_dtype', `output_dtype ${args.outputDtype} must be y_zero_point's type ${zero.type}`);
    }
  }
  const type = zero?.type ?? args.outputDtype ?? 'uint8';
  requireType(ctx, zero === undefined ? 'output_dtype' : 'y_zero_point', type, yTypes);
  if (args.precision !== undefined) {
    if (!modern) throw specError(ctx, 'precision', `precision is an attribute of QuantizeLinear-23 and later (this is version ${v.since})`);
    requireType(ctx, 'precision', args.precision, ['float32', 'float16', 'bfloat16']);
  }
  const isFloat8 = (FLOAT8_V19 as readonly string[]).includes(type);
  if (named && args.saturate !== undefined && !isFloat8) {
    throw specError(ctx, 'saturate', `saturate does not apply to ${type} outputs: it applies to float8 outputs only (integer outputs always clamp, float4e2m1 always saturates)`);
  }
  if (v.since < 21 && args.blockSize !== undefined) throw specError(ctx, 'block_size', `block_size is an attribute of QuantizeLinear-21 and later (this is version ${v.since})`);
  if (v.since < 13 && scale.size !== 1) throw specError(ctx, 'y_scale', `QuantizeLinear-10 takes a scalar y_scale (got dims [${scale.dims.join(', ')}])`);
  const g = granularity(ctx, x.dims, scale.dims, zero?.dims, args.axis, args.blockSize, 'y_scale', 'y_zero_point');
  const out = outValue === undefined ? undefined : checkOut(ctx, outValue, type, x.size, READS_NOTHING);
  const round = rounderTo(args.precision ?? (scale.type === 'float8e8m0' || scale.type === 'int32' ? 'float32' : scale.type));
  if (x.type === 'float32' && round === Math.fround && scale.type !== 'int32' && KERNEL_QUANTIZED.includes(type)) {
    // The division in float32 of float32 values: the kernel's arithmetic, the scale and zero point exact as float32.
    return runQdqKernel(ctx, true, x, type, g, scale, zero, args.saturate ?? true, out);
  }
  const xs = valuesOf(ownInput(x, ctx, 'x'));
  const scales = valuesOf(scale);
  const zeros = zero === undefined ? new Float64Array(scale.size) : valuesOf(zero);
  const range = integerRange(type);
  if (range !== undefined) {
    return finishOutput(ctx, type, storeCodes(type, quantizeToIntegers(g, xs, scales, zeros, round, range)), x.dims, x.size, out, resident);
  }
  if (isFloat8 && round === Math.fround) {
    return finishOutput(ctx, type, float8ByCast(g, xs, scales, zeros, type, args.saturate ?? true), x.dims, x.size, out, resident);
  }
  const codes = new Float64Array(x.size);
  const saturate = args.saturate ?? true;
  const narrow = type as NarrowType;
  forEachRow(g, (start, count, at, step) => {
    for (let k = 0; k < count; k++) {
      const j = at + k * step;
      // A zero point of 0 is not added: -0 + 0 would be +0, where ONNX's reference and onnxruntime keep -0
      // (as a negative value too small for the type gives -0); tests/e2e/quantize-ort.test.mjs checks it.
      const q = round(xs[start + k] / scales[j]);
      const z = zeros[j];
      codes[start + k] = encodeOne(narrow, z === 0 ? q : Math.fround(q + z), saturate, 'nearest');
    }
  });
  return finishOutput(ctx, type, storeCodes(type, codes), x.dims, x.size, out, resident);
}

/**
 * Integer outputs: round(x / scale) half to even, a NaN quotient as 0 (it has
 * no integer: the element quantizes to the zero point), plus the zero point,
 * clamped to the type's range; a plain loop over each run (scaleRuns).
 */
function quantizeToIntegers(g: Granularity, xs: Float64Array, scales: Float64Array, zeros: Float64Array,
  round: (v: number) => number, [low, high]: readonly [number, number]): Int32Array {
  const codes = new Int32Array(xs.length);
  const runs = scaleRuns(g);
  for (let r = 0; r < runs.length; r += 4) {
    const start = runs[r], end = start + runs[r + 1], at = runs[r + 2], step = runs[r + 3];
    for (let i = start, j = at; i < end; i++, j += step) {
      const q = round(xs[i] / scales[j]);
      const v = (q === q ? roundHalfEven(q) : 0) + zeros[j];
      codes[i] = v < low ? low : v > high ? high : v;
    }
  }
  return codes;
}

/**
 * float8 outputs at float32 precision: the quotients (plus a zero point other
 * than 0, see below) into a Float32Array, then Cast's SIMD128 kernel, which
 * converts a float32 as encodeOne does (tests/js/cast.test.ts holds them to
 * the same bits): 500 ns an element in encodeOne became a few. A NaN is
 * written as the type's one canonical NaN, as encodeOne writes it: the sign a
 * division's NaN carries differs between engines (x86 makes negative ones).
 */
function float8ByCast(g: Granularity, xs: Float64Array, scales: Float64Array, zeros: Float64Array,
  type: DataType, saturate: boolean): Tensor['data'] {
  const qs = new Float32Array(xs.length);
  const runs = scaleRuns(g);
  for (let r = 0; r < runs.length; r += 4) {
    const start = runs[r], end = start + runs[r + 1], at = runs[r + 2], step = runs[r + 3];
    for (let i = start, j = at; i < end; i++, j += step) {
      const q = Math.fround(xs[i] / scales[j]);
      const z = zeros[j];
      qs[i] = z === 0 ? q : q + z;  // the zero point 0 is not added: -0 stays -0 (runQuantizeLinear's loop)
    }
  }
  const codes = cast(tensorOf('float32', qs, [qs.length], qs.length), type, { saturate }).data as Uint8Array;
  const nan = FLOAT8_NAN[type as (typeof FLOAT8_V19)[number]];
  for (let i = 0; i < qs.length; i++) if (qs[i] !== qs[i]) codes[i] = nan;
  return codes as Tensor['data'];
}

const FLOAT8_NAN = { float8e4m3fn: 0x7f, float8e4m3fnuz: 0x80, float8e5m2: 0x7f, float8e5m2fnuz: 0x80 } as const;
