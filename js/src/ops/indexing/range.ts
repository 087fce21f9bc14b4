// ONNX Range: start, start + delta, ... up to limit (exclusive). Computed in
// JS into a typed array: one multiply-add per element is as fast in a JS loop
// as the copy out of WebAssembly alone would be, and Range's inputs are
// three scalars, so there is nothing to copy in.
import { type DataType, allocateData } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { decodeStorage, encodeOne } from '../../formats.js';
import { ResidentTensor, asPlainTensor } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { integerAttribute, outputSize } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOptions, READS_NOTHING, checkOut, opOptions } from '../out.js';
import { finishOutput } from './index-kernels.js';
import { extend } from '../type-sets.js';

const RANGE_11 = ['float32', 'float64', 'int16', 'int32', 'int64'] as const satisfies readonly DataType[];
const RANGE_27 = /* @__PURE__ */ extend(RANGE_11, ['float16', 'bfloat16']);

/** Range's every version. */
export const RANGE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Range',
  domain: 'ai.onnx',
  versioned: true,
  family: 'generation',
  summary: 'start, start + delta, ... up to limit, exclusive (np.arange).',
  named: 'range',
  versions: [
    { since: 11, inputs: ['start', 'limit', 'delta'], required: 3, outputs: ['output'], attributes: [], types: { T: RANGE_11 } },
    { since: 27, inputs: ['start', 'limit', 'delta'], required: 3, outputs: ['output'], attributes: ['stash_type'], types: { T: RANGE_27 } },
  ],
  run: (v, [start, limit, delta], attributes) => rangeWith(v, [start, limit, delta], attributes.stash_type),
}));

/** A Range bound: a scalar tensor of the range's type. */
export type RangeScalar = TensorLike<(typeof RANGE_27)[number]> | ResidentTensor<(typeof RANGE_27)[number]>;

/**
 * ONNX Range-27: `max(ceil((limit - start) / delta), 0)` elements,
 * `output[i] = start + i * delta`, of the scalars' type. Floats are computed
 * in float64 and rounded once to float32; float16 and bfloat16 go through
 * float32 (stash_type 1, the default) as the spec's pseudocode does. A delta
 * of 0 is a SpecError.
 *
 * @example tw.range(tw.tensor('int32', [10], []), tw.tensor('int32', [4], []), tw.tensor('int32', [-2], []))  // [10, 8, 6]
 */
export function range(start: RangeScalar & ResidentTensor, limit: RangeScalar & ResidentTensor, delta: RangeScalar & ResidentTensor, options?: { out?: undefined }): ResidentTensor;
export function range(start: RangeScalar, limit: RangeScalar, delta: RangeScalar, options?: OutOptions): Tensor;
export function range(start: RangeScalar, limit: RangeScalar, delta: RangeScalar, options?: OutOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(RANGE_OP);
  const own = opOptions({ op: 'Range', version: v.since }, options, []);
  return rangeWith(v, [start, limit, delta], undefined, own.out);
}

const NAMES = ['start', 'limit', 'delta'] as const;

function rangeWith(v: OpVersion, values: readonly unknown[], stashValue: unknown, outValue?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Range', version: v.since };
  const resident = values.every((t) => ResidentTensor.isResident(t));
  const scalars = values.map((t, i) => asPlainTensor(t, context, NAMES[i]));
  const type = scalars[0].type;
  if (!(v.types.T as readonly DataType[]).includes(type)) {
    throw specError(context, 'start', `start type must be one of ${v.types.T.join(', ')} (got ${type})`);
  }
  scalars.forEach((t, i) => {
    if (t.type !== type) throw specError(context, NAMES[i], `${NAMES[i]} must have start's type ${type} (got ${t.type})`);
    if (t.size !== 1 || t.dims.length > 1) throw specError(context, NAMES[i], `${NAMES[i]} must be a scalar (got dims [${t.dims.join(', ')}])`);
  });
  const stash = integerAttribute(context, 'stash_type', stashValue, 1);
  if (type === 'int64') return int64Range(context, scalars as Tensor<'int64'>[], outValue, resident);
  const [start, limit, delta] = scalars.map((t) => (type === 'float16' || type === 'bfloat16'
    ? decodeStorage(type, t.data as ArrayBufferView, 1)[0] : (t.data as ArrayLike<number>)[0]));
  if (delta === 0) throw specError(context, 'delta', 'delta must not be 0 (the range would never reach limit)');
  const count = Math.max(Math.ceil((limit - start) / delta), 0);
  if (!Number.isSafeInteger(count)) throw specError(context, 'delta', `the element count ceil((limit - start) / delta) must be a safe integer (start ${start}, limit ${limit}, delta ${delta} give ${count})`);
  const size = outputSize(context, 'delta', [count], type === 'float64' ? 8 : 4);
  const out = outValue === undefined ? undefined : checkOut(context, outValue, type, size, READS_NOTHING);
  const data = allocateData(type, size) as Float32Array | Float64Array | Int16Array | Int32Array | Uint16Array;
  if (type === 'float16' || type === 'bfloat16') {
    // stash_type 1: float32 arithmetic (start + i * delta rounded to float32), then the type; else rounded once to it.
    for (let i = 0; i < size; i++) {
      const value = stash === 1 ? Math.fround(start + Math.fround(i * delta)) : start + i * delta;
      data[i] = encodeOne(type, value, false, 'nearest');
    }
  } else {
    // float32: start + i * delta in float64 (exact for i * delta up to 2^29), rounded once on the store.
    for (let i = 0; i < size; i++) data[i] = start + i * delta;
  }
  return finishOutput(context, type, data, [size], size, out, resident);
}

// int64 in bigints: exact however large the bounds.
function int64Range(context: OpContext, scalars: Tensor<'int64'>[], outValue: unknown, resident: boolean): Tensor | ResidentTensor {
  const [start, limit, delta] = scalars.map((t) => (t.data as BigInt64Array)[0]);
  if (delta === 0n) throw specError(context, 'delta', 'delta must not be 0 (the range would never reach limit)');
  const span = limit - start;
  // ceil(span / delta) with bigint division, which truncates toward zero.
  let count = span / delta;
  if (count * delta !== span && (span > 0n) === (delta > 0n)) count += 1n;
  if (count < 0n) count = 0n;
  if (count > BigInt(Number.MAX_SAFE_INTEGER)) throw specError(context, 'delta', `the element count ceil((limit - start) / delta) = ${count} is too large`);
  const size = outputSize(context, 'delta', [Number(count)], 8);
  const out = outValue === undefined ? undefined : checkOut(context, outValue, 'int64', size, READS_NOTHING);
  const data = new BigInt64Array(size);
  let value = start;
  for (let i = 0; i < size; i++, value += delta) data[i] = value;
  return finishOutput(context, 'int64', data, [size], size, out, resident);
}
