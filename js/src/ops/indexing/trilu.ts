// ONNX Trilu: the upper (or lower) triangle of each matrix of the last two
// axes, the rest zero: a row-run kernel (cpp/src/kernels/gather.cc,
// xx_trilu) through the dispatcher; strings (zero is '') in JS, where they live.
import type { DataType } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand, asPlainTensor } from '../../resident.js';
import { type Tensor, type TensorLike, resultOf } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { integerAttribute, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type MoveOps, type MovePlan, dispatch } from '../dispatch.js';
import { type OutOf, type OutOptions, checkOut, opOptions } from '../out.js';
import { ALL_TYPES_V13 } from '../type-sets.js';

/** Trilu's one version. */
export const TRILU_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Trilu',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The upper or lower triangle of each matrix, the rest zero (np.triu, np.tril).',
  named: 'trilu',
  versions: [{ since: 14, inputs: ['input', 'k'], required: 1, outputs: ['output'], attributes: ['upper'], types: { T: ALL_TYPES_V13 } }],
  run: (v, [input, k], attributes) => triluWith(v, input, nodeK(v, k), attributes.upper),
}));

/** Trilu's options: `upper` (default true), the diagonal offset `k` (default 0), and `out`. */
export interface TriluOptions<T extends DataType = DataType> extends OutOptions<T> {
  /** true (the default): keep the upper triangle; false: the lower. */
  upper?: boolean;
  /** The diagonal that bounds the triangle: 0 the main one (default), positive above it, negative below. */
  k?: number | bigint;
}

/**
 * ONNX Trilu-14: each matrix of the last two axes keeps the elements on and
 * above (upper) or on and below (lower) diagonal `k` (`j - i >= k`, or
 * `<= k`); the others are zero ('' for strings).
 *
 * @example tw.trilu(m, { upper: false, k: -1 })  // below the main diagonal only
 */
export function trilu<T extends ResidentType>(input: ResidentTensor<T>, options?: TriluOptions<T> & { out?: undefined }): ResidentTensor<T>;
export function trilu<T extends ResidentType>(input: ResidentTensor<T>, options: TriluOptions<T> & { out: OutOf<T> }): Tensor<T>;
export function trilu<T extends DataType>(input: TensorLike<T>, options?: TriluOptions<T>): Tensor<T>;
export function trilu(input: TensorLike | ResidentTensor, options?: TriluOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(TRILU_OP);
  const context: OpContext = { op: 'Trilu', version: v.since };
  const own = opOptions(context, options, ['upper', 'k']);
  if (own.upper !== undefined && typeof own.upper !== 'boolean') throw specError(context, 'upper', `upper must be a boolean (got ${String(own.upper)})`);
  return triluWith(v, input, integerAttribute(context, 'k', own.k, 0), own.upper === undefined ? 1 : own.upper ? 1 : 0, own.out);
}

// runNode's k: an optional int64 scalar tensor (dims [] or [1]).
function nodeK(v: OpVersion, value: unknown): number {
  const context: OpContext = { op: 'Trilu', version: v.since };
  if (value === undefined) return 0;
  const k = asPlainTensor(value, context, 'k');
  if (k.type !== 'int64') throw specError(context, 'k', `k must be an int64 tensor (got ${k.type})`);
  if (k.size !== 1 || k.dims.length > 1) throw specError(context, 'k', `k must be a scalar tensor (got dims [${k.dims.join(', ')}])`);
  // Any k beyond the int32 range keeps everything or nothing, as the clamp below does.
  const raw = (k.data as BigInt64Array)[0];
  return raw > 0x7fffffffn ? 0x7fffffff : raw < -0x7fffffffn ? -0x7fffffff : Number(raw);
}

function triluWith(v: OpVersion, value: unknown, k: number, upperValue: unknown, outValue?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Trilu', version: v.since };
  const input = asOperand(value, context, 'input');
  requireType(context, 'input', input.type, v.types.T);
  const upper = integerAttribute(context, 'upper', upperValue, 1) !== 0;
  const rank = input.dims.length;
  if (rank < 2) throw specError(context, 'input', `input must have rank >= 2 (got dims [${input.dims.join(', ')}])`);
  const rows = input.dims[rank - 2];
  const cols = input.dims[rank - 1];
  const matrices = rows * cols === 0 ? 0 : input.size / (rows * cols);
  // Past the matrix either way every row is all kept or all zero: the kernel's int32 k stays in range.
  const clamped = Math.max(-(rows + 1), Math.min(cols + 1, k));
  if (input.type === 'string') return triluStrings(input as Tensor, matrices, rows, cols, clamped, upper);
  const out = outValue === undefined ? undefined : checkOut(context, outValue, input.type, input.size, { inputs: [['input', input]], inPlace: false });
  const plan: MovePlan<TriluArgs> = {
    kind: 'move', context, input, dims: input.dims, size: input.size, ops: TRILU, builtinFits: false,
    rows: matrices * rows, rowElements: cols, callsPerRow: 2, args: { matrices, rows, cols, k: clamped, upper },
  };
  return dispatch(plan, out);
}

interface TriluArgs {
  readonly matrices: number;
  readonly rows: number;
  readonly cols: number;
  readonly k: number;
  readonly upper: boolean;
}

const TRILU: MoveOps<TriluArgs> = {
  params: () => [],
  kernel: (kernels, x, y, elementSize, _params, a) => kernels.trilu(x, y, elementSize, a.matrices, a.rows, a.cols, a.k, a.upper ? 1 : 0),
};

// Strings live in JS: one pass over them, each kept or ''.
function triluStrings(x: Tensor, matrices: number, rows: number, cols: number, k: number, upper: boolean): Tensor {
  const from = x.data as string[];
  const out = new Array<string>(x.size);
  for (let m = 0, at = 0; m < matrices; m++) {
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++, at++) out[at] = (upper ? j - i >= k : j - i <= k) ? from[at] : '';
    }
  }
  return resultOf('string', out, x.dims, x.size);
}

