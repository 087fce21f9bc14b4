// Ascend ATB AsStrided: a strided view of the input's flat elements, copied out.
import { type DataType, elementBytes, moveBytes } from '../dtype.js';
import { type OpContext, describe, specError } from '../errors.js';
import { ResidentTensor, type ResidentType, asOperand } from '../resident.js';
import type { Tensor, TensorLike } from '../tensor.js';
import { type OpVersion, defineOp } from './definition.js';
import { LIMITS } from '../generated/limits.js';
import { requireReady } from '../wasm.js';
import { checkStringCount } from '../strings.js';
import { checkedLength, listLength, outputSize, ownValue, requireType, safeIntegers } from './check.js';
import { type MoveOps, type MovePlan, dispatch } from './dispatch.js';
import { type OutOf, type OutOptions, checkOut, opOptions } from './out.js';
import { hasStrideOneRows, paramList, stridedRows } from './twins.js';

/** AsStrided: an ATB op, one unversioned schema whose types are the ATB spec's (the named function takes every type). */
export const AS_STRIDED_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'AsStrided',
  domain: 'atb',
  versioned: false,
  family: 'data movement',
  summary: 'A strided view of the flat input, copied out (torch.as_strided).',
  named: 'asStrided',
  versions: [
    { since: 1, inputs: ['x'], required: 1, outputs: ['y'], attributes: ['size', 'stride', 'offset'], types: { T: ['float16', 'int64'] } },
  ],
  run: (version, [x], attributes) => runAsStrided(version, x, attributes),
}));

/** AsStrided's parameters: output dims, the input stride of each, and the starting element. */
export interface AsStridedParams {
  /** Output dims: at most 8 entries, each > 0. */
  size: ArrayLike<number | bigint>;
  /** One entry per `size` entry, each >= 0: how far apart in the flat input consecutive indices are. */
  stride: ArrayLike<number | bigint>;
  /** The flat input element the output starts at: `[k]` or `k`, >= 0. Default 0. */
  offset?: ArrayLike<number | bigint> | number | bigint;
}

/** The message a PyTorch-order call gets at compile time, as the type its third argument fails to match. */
export type PyTorchOrder = 'not PyTorch\'s order (x, size, stride): size and stride go in one object, tw.asStrided(x, { size: [...], stride: [...], offset })';

/**
 * Ascend ATB AsStrided: `out[i_0, ..., i_k] = flat(input)[offset + sum_j i_j * stride_j]`,
 * output dims = `size`, for every data type (the ATB op itself takes float16 and
 * int64 only: `runNode` holds that). Every index read must lie inside the input.
 *
 * @example // sliding windows of 3 over [1..5]: [[1,2,3],[2,3,4],[3,4,5]]
 * tw.asStrided(x, { size: [3, 3], stride: [1, 1] })
 * @example // transpose of a 2x3 matrix: dims [3, 2]
 * tw.asStrided(m, { size: [3, 2], stride: [1, 3] })
 */
export function asStrided<T extends ResidentType>(input: ResidentTensor<T>, params: AsStridedParams & { out?: undefined }): ResidentTensor<T>;
export function asStrided<T extends ResidentType>(input: ResidentTensor<T>, params: AsStridedParams & { out: OutOf<T> }): Tensor<T>;
export function asStrided<T extends DataType>(input: TensorLike<T>, params: AsStridedParams & OutOptions<T>): Tensor<T>;
/** PyTorch's order, `as_strided(x, size, stride)`, does not compile: the message says what to write. */
export function asStrided(input: TensorLike | ResidentTensor, size: ArrayLike<number | bigint>, stride: PyTorchOrder, offset?: unknown): never;
export function asStrided(input: TensorLike | ResidentTensor, params: AsStridedParams & OutOptions | ArrayLike<number | bigint>): Tensor | ResidentTensor {
  requireReady();
  const context: OpContext = { op: 'AsStrided' };
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    // PyTorch spells it as_strided(x, size, stride, offset): say how it is spelled here.
    const pytorch = Array.isArray(params) ? `; size and stride go in one object: tw.asStrided(x, { size: ${describe(params)}, stride: [...] })` : '';
    throw specError(context, 'params', `params must be an object { size, stride, offset? } (got ${describe(params)})${pytorch}`);
  }
  const own = opOptions(context, params, ['size', 'stride', 'offset']);
  // Every user getter (the lists' lengths and entries) runs before the input is taken: one may dispose it.
  const lists = readLists(context, own);
  return asStridedWith(context, asOperand(input, context, 'input'), lists, own.out);
}

/** AsStrided through runNode: attributes size, stride, offset; the ATB spec's input types. */
export function runAsStrided(version: OpVersion, input: unknown, attributes: Record<string, unknown>): Tensor | ResidentTensor {
  const context: OpContext = { op: 'AsStrided' };
  const lists = readLists(context, attributes);  // before the input is taken, as in asStrided
  const x = asOperand(input, context, 'x');
  requireType(context, 'x', x.type, version.types.T);
  return asStridedWith(context, x, lists);
}

interface Lists {
  readonly size: number[];
  readonly stride: number[];
  readonly offsetList: number[];
}

/** size, stride and offset read into plain arrays: own properties, each read once (an inherited `offset` from a polluted Object.prototype is not an argument). */
function readLists(context: OpContext, params: object): Lists {
  const size = integers(context, 'size', ownValue(params, 'size'));
  const stride = integers(context, 'stride', ownValue(params, 'stride'));
  const offsetValue = ownValue(params, 'offset');
  const offsetList = offsetValue === undefined ? [0]
    : typeof offsetValue === 'number' || typeof offsetValue === 'bigint' ? integers(context, 'offset', [offsetValue])
    : integers(context, 'offset', offsetValue);
  return { size, stride, offsetList };
}

function asStridedWith(context: OpContext, x: Tensor | ResidentTensor, lists: Lists, out?: unknown): Tensor | ResidentTensor {
  const { size, stride, offsetList } = lists;

  if (size.length > LIMITS.asStridedMaxRank) throw specError(context, 'size', `size must have at most ${LIMITS.asStridedMaxRank} entries (got ${size.length})`);
  size.forEach((s, i) => {
    if (s <= 0) throw specError(context, 'size', `size[${i}] must be > 0 (got ${s})`);
  });
  if (stride.length !== size.length) {
    throw specError(context, 'stride', `stride must have as many entries as size (${size.length}, got ${stride.length})`);
  }
  stride.forEach((s, i) => {
    if (s < 0) throw specError(context, 'stride', `stride[${i}] must be >= 0 (got ${s})`);
  });
  if (offsetList.length !== 1) throw specError(context, 'offset', `offset must have exactly one entry (got ${offsetList.length})`);
  const offset = offsetList[0];
  if (offset < 0) throw specError(context, 'offset', `offset[0] must be >= 0 (got ${offset})`);

  const largest = size.reduce((index, s, i) => index + (s - 1) * stride[i], offset);
  if (!Number.isSafeInteger(largest) || largest >= x.size) {
    // The offset alone out of range is the offset's fault; otherwise the strides carried the index out.
    const culprit = offset >= x.size ? 'offset' : 'stride';
    throw specError(context, culprit, `the largest index read, offset + sum((size[j] - 1) * stride[j]) = ${largest}, must be less than the input's element count ${x.size}${largestTerm(size, stride, offset)}${byteStrideHint(x, size, stride, offset)}`);
  }
  const count = outputSize(context, 'size', size, moveBytes(x.type));
  if (x.type === 'string') checkStringCount(context, 'size', count);
  const checkedOut = out === undefined ? undefined : checkOut(context, out, x.type, count, { inputs: [['input', x]], inPlace: false });
  // A stride along an extent-1 axis is never used; zero keeps it in uint32 range.
  const usedStride = stride.map((s, i) => (size[i] === 1 ? 0 : s));
  const rank = size.length;
  let rows = 1;
  for (let i = 0; i + 1 < rank; i++) rows *= size[i];
  const plan: MovePlan<StridedArgs> = {
    kind: 'move', context, input: x, dims: size, size: count, ops: AS_STRIDED, args: { size, stride: usedStride, offset },
    builtinFits: hasStrideOneRows(size, usedStride), rows, rowElements: rank === 0 ? 1 : size[rank - 1], callsPerRow: 2,  // a subarray and a set
  };
  return dispatch(plan, checkedOut);
}

interface StridedArgs {
  readonly size: readonly number[];
  readonly stride: readonly number[];
  readonly offset: number;
}

/** AsStrided's kernel (cpp/src/kernels/as-strided.cc) and its built-ins twin (twins.ts; stride-1 rows only). */
const AS_STRIDED: MoveOps<StridedArgs> = {
  params: ({ size, stride }) => paramList(size, stride),
  kernel: (kernels, x, y, elementSize, p, { size, offset }) => kernels.asStrided(x, y, elementSize, size.length, p, p + 4 * size.length, offset),
  builtin: (x, y, elementSize, { size, stride, offset }) => stridedRows(x, y, size, stride, offset, elementSize),
};

/** Which axis carried the index furthest: its term (size[j] - 1) * stride[j] and the values, beside the offset. */
function largestTerm(size: readonly number[], stride: readonly number[], offset: number): string {
  let axis = -1;
  let term = 0;
  for (let j = 0; j < size.length; j++) {
    const t = (size[j] - 1) * stride[j];
    if (t > term) {
      axis = j;
      term = t;
    }
  }
  if (axis < 0) return ` (offset ${offset}; every axis adds 0)`;
  return ` (offset ${offset}; the largest term is axis ${axis}'s: (size[${axis}] - 1) * stride[${axis}] = (${size[axis]} - 1) * ${stride[axis]} = ${term})`;
}

// numpy's strides count bytes; these count elements. Strides that all divide
// by the element size, and would fit once divided, were most likely bytes.
function byteStrideHint(x: { type: DataType; size: number }, size: readonly number[], stride: readonly number[], offset: number): string {
  const bytes = x.type === 'string' ? 1 : elementBytes(x.type);
  if (!Number.isInteger(bytes) || bytes < 2 || !stride.some((s) => s !== 0) || stride.some((s) => s % bytes !== 0)) return '';
  const elements = stride.map((s) => s / bytes);
  const largest = size.reduce((index, s, i) => index + (s - 1) * elements[i], offset);
  if (largest >= x.size) return '';
  return `. stride counts elements, not bytes (numpy's strides are bytes): for this ${x.type} input (${bytes} bytes an element) write stride: [${elements.join(', ')}]`;
}

function integers(context: OpContext, name: string, value: unknown): number[] {
  const length = listLength(value);
  if (length === undefined) throw specError(context, name, `${name} must be an array of integers (got ${describe(value)})`);
  return safeIntegers(context, name, value as ArrayLike<unknown>, checkedLength(context, name, length));
}
