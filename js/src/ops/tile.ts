// ONNX Tile: the input repeated along each axis, numpy's np.tile without broadcast.
import { type DataType, moveBytes } from '../dtype.js';
import { type OpContext, describe, specError } from '../errors.js';
import { decode } from '../values.js';
import { ResidentTensor, type ResidentType, asOperand, asPlainTensor } from '../resident.js';
import type { Tensor, TensorLike } from '../tensor.js';
import { type OpVersion, defineOp, newestOf } from './definition.js';
import { ALL_TYPES_V13, ALL_TYPES_V6, FLOATS } from './type-sets.js';
import { integerList, outputSize, requireType } from './check.js';
import { type MoveOps, type MovePlan, dispatch } from './dispatch.js';
import { type OutOf, type OutOptions, checkOut, outOption } from './out.js';
import { type TileAxis, canonicalAxes, paramList, tileBytes, tileWords } from './twins.js';
import { requireReady } from '../wasm.js';
import { checkStringCount } from '../strings.js';

/** Repeats for Tile: a 1-D int64 tensor with one entry per input axis, or a plain array of integers. */
export type Repeats = TensorLike<'int64'> | ArrayLike<number | bigint>;

/** Tile's every version. */
export const TILE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Tile',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The input repeated along each axis (np.tile).',
  named: 'tile',
  versions: [
    // The schema types tiles and axis as T; its note says int64. Both are taken.
    { since: 1, inputs: ['input', 'tiles', 'axis'], required: 3, outputs: ['output'], attributes: [], types: { T: FLOATS, T1: ['int64'] } },
    { since: 6, inputs: ['input', 'repeats'], required: 2, outputs: ['output'], attributes: [], types: { T: ALL_TYPES_V6, T1: ['int64'] } },
    { since: 13, inputs: ['input', 'repeats'], required: 2, outputs: ['output'], attributes: [], types: { T: ALL_TYPES_V13, T1: ['int64'] } },
  ],
  run: (version, inputs) => runTile(version, inputs),
}));

/**
 * ONNX Tile-13: `output.dims[i] = input.dims[i] * repeats[i]`, the input
 * repeated along every axis (numpy's `np.tile` without broadcast), for every
 * type Tile-13 allows: the float, int and uint types, bool, complex and string.
 *
 * @example tw.tile(new tw.Tensor('float32', new Float32Array([1, 2, 3, 4]), [2, 2]), [1, 2])
 *          // dims [2, 4], data [1, 2, 1, 2, 3, 4, 3, 4]
 */
export function tile<T extends ResidentType>(input: ResidentTensor<T>, repeats: Repeats, options?: { out?: undefined }): ResidentTensor<T>;
export function tile<T extends ResidentType>(input: ResidentTensor<T>, repeats: Repeats, options: { out: OutOf<T> }): Tensor<T>;
export function tile<T extends DataType>(input: TensorLike<T>, repeats: Repeats, options?: OutOptions<T>): Tensor<T>;
export function tile(input: TensorLike | ResidentTensor, repeats: Repeats, options?: OutOptions): Tensor | ResidentTensor {
  requireReady();
  const version = newestOf(TILE_OP);
  const context: OpContext = { op: 'Tile', version: version.since };
  const out = outOption(context, options);
  return tileWith(context, version, input, integerList(context, 'repeats', repeats, 'tensor-or-array'), out);
}

/** Tile as one version defines it (runNode resolves which). */
export function runTile(version: OpVersion, inputs: readonly unknown[]): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Tile', version: version.since };
  if (version.since >= 6) return tileWith(context, version, inputs[0], integerList(context, 'repeats', inputs[1], 'tensor-only', 'tw.tile(input, repeats)'));

  // Tile-1: tile the whole input `tiles` times along `axis`.
  const input = asOperand(inputs[0], context, 'input');
  requireType(context, 'input', input.type, version.types.T);
  const tiles = integralScalar(context, 'tiles', inputs[1], version.types.T);
  const axis = integralScalar(context, 'axis', inputs[2], version.types.T);
  if (tiles < 0) throw specError(context, 'tiles', `tiles must be >= 0 (got ${tiles})`);
  if (axis < 0 || axis >= input.dims.length) {
    throw specError(context, 'axis', `axis must lie in [0, ${input.dims.length}) for an input of rank ${input.dims.length} (got ${axis})`);
  }
  // The repeats are Tile-1's tiles along axis: an output too large is the tiles' fault.
  return tileWith(context, version, input, input.dims.map((_, i) => (i === axis ? tiles : 1)), undefined, 'tiles');
}

function tileWith(context: OpContext, version: OpVersion, value: unknown, repeats: number[], out?: unknown,
  repeatsParam = 'repeats'): Tensor | ResidentTensor {
  const input = asOperand(value, context, 'input');
  requireType(context, 'input', input.type, version.types.T);
  const rank = input.dims.length;
  if (repeats.length !== rank) {
    throw specError(context, 'repeats', `repeats must have one entry per input dimension (input rank ${rank}, got ${repeats.length})`);
  }
  // Plain loops: this runs on every call, and a small op's cost is mostly per call.
  const dims = new Array<number>(rank);
  for (let i = 0; i < rank; i++) {
    if (repeats[i] < 0) throw specError(context, 'repeats', `repeats[${i}] must be >= 0 (got ${repeats[i]})`);
    dims[i] = input.dims[i] * repeats[i];
  }
  for (let i = 0; i < rank; i++) {
    // An empty output may still have an axis too long to name (0 x 2^53 beside 2^53 x 2^53).
    if (!Number.isSafeInteger(dims[i])) {
      throw specError(context, repeatsParam, `output dims[${i}] = input dims[${i}] * repeats[${i}] must be a safe integer (${input.dims[i]} * ${repeats[i]} = ${dims[i]})`);
    }
  }
  const size = outputSize(context, repeatsParam, dims, moveBytes(input.type));
  if (input.type === 'string') checkStringCount(context, repeatsParam, size);
  const checkedOut = out === undefined ? undefined : checkOut(context, out, input.type, size, { inputs: [['input', input]], inPlace: false });
  const axes = canonicalAxes(input.dims, repeats);
  let rows = 1;
  for (let i = 0; i + 1 < axes.length; i++) rows *= axes[i].dim;
  const plan: MovePlan<TileArgs> = {
    kind: 'move', context, input, dims, size, ops: TILE, args: { inputDims: input.dims, repeats, axes }, builtinFits: true,
    rows, rowElements: axes.length === 0 ? 1 : axes[axes.length - 1].dim, callsPerRow: 1,
  };
  return dispatch(plan, checkedOut);
}

interface TileArgs {
  readonly inputDims: readonly number[];
  readonly repeats: readonly number[];
  readonly axes: readonly TileAxis[];
}

/** Tile's kernel (cpp/src/kernels/tile.cc) and its two JS twins (twins.ts). */
const TILE: MoveOps<TileArgs> = {
  params: ({ inputDims, repeats }) => paramList(inputDims, repeats),
  kernel: (kernels, x, y, elementSize, params, { inputDims }) =>
    kernels.tile(x, y, elementSize, inputDims.length, params, params + 4 * inputDims.length),
  loop: (x, y, lanes, { axes }) => tileWords(x, y, axes, lanes),
  builtin: (x, y, elementSize, { axes }) => tileBytes(x, y, axes, elementSize),
};

/**
 * Tile-1's tiles and axis: scalar tensors (dims [] or [1]) holding an integer.
 * The schema types them as the input's type T; its note says int64: both are taken.
 */
function integralScalar(context: OpContext, name: string, value: unknown, floatTypes: readonly DataType[]): number {
  const t = asPlainTensor(value, context, name);
  if (t.type !== 'int64' && !floatTypes.includes(t.type)) {
    throw specError(context, name, `${name} must be an int64 or ${floatTypes.join('/')} tensor (got ${t.type})`);
  }
  if (t.size !== 1 || t.dims.length > 1) {
    throw specError(context, name, `${name} must be a scalar tensor (got dims [${t.dims.join(', ')}])`);
  }
  const raw = t.type === 'float16' ? decode(t)[0] : (t.data as ArrayLike<number | bigint>)[0];
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || (typeof raw === 'bigint' && BigInt(n) !== raw)) {
    throw specError(context, name, `${name} must hold an integral value (got ${describe(raw)})`);
  }
  return n;
}
