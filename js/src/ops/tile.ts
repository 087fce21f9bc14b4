// ONNX Tile: the input repeated along each axis, numpy's np.tile without broadcast.
import { type DataType, type TensorData, allocateData, elementBytes, isPacked } from '../dtype.js';
import { type OpContext, describe, specError } from '../errors.js';
import { decode } from '../values.js';
import { ResidentTensor, type ResidentType, asOperand, asPlainTensor } from '../resident.js';
import { type Tensor, type TensorLike, tensorOf } from '../tensor.js';
import { type OpVersion, newest } from '../versions.js';
import { integerList, outputSize, requireType } from './check.js';
import { JS_MAX_SHORT_ROWS, JS_MIN_ROW_BYTES, moveElements, replicate } from './movement.js';
import { type CheckedOut, type OutOf, type OutOptions, checkOut, outOption, refuseOverlap } from './out.js';
import { checkedWords, requireReady } from '../wasm.js';
import type { WordArray } from '../typed-array.js';

/** Repeats for Tile: a 1-D int64 tensor with one entry per input axis, or a plain array of integers. */
export type Repeats = TensorLike<'int64'> | ArrayLike<number | bigint>;

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
  const version = newest('Tile');
  const context: OpContext = { op: 'Tile', version: version.since };
  const out = outOption(context, options);
  return tileWith(context, version, input, integerList(context, 'repeats', repeats, 'tensor-or-array'), out);
}

/** Tile as one version defines it (runNode resolves which). */
export function runTile(version: OpVersion, inputs: readonly unknown[]): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Tile', version: version.since };
  if (version.since >= 6) return tileWith(context, version, inputs[0], integerList(context, 'repeats', inputs[1], 'tensor-only'));

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
  const size = outputSize(context, repeatsParam, dims, input.type === 'string' ? 4 : elementBytes(input.type));
  const checkedOut = out === undefined ? undefined : checkOut(context, out, input.type, size);
  const axes = canonicalAxes(input.dims, repeats);
  if (!ResidentTensor.isResident(input)) {
    if (checkedOut) refuseOverlap(context, checkedOut, input.data, 'input');
    if (isSmallWordTile(input.type, size)) return tileSmall(context, input, axes, dims, size, checkedOut);
  }
  return moveElements(context, input, {
    dims, size,
    params: () => [...input.dims, ...repeats],
    kernel: (kernels, x, y, elementSize, params) => kernels.tile(x, y, elementSize, rank, params, params + 4 * rank),
    onJsSide: cheaperOnJsSide(axes, input.type) ? (x, y, elementSize) => tileBytes(x, y, axes, elementSize) : undefined,
  }, checkedOut);
}

// ---------------------------------------------------------------- Tile between JS arrays
// The plan of cpp/src/kernels/tile.cc, run with copyWithin alone (native
// memmove, and no typed array made per row): the input is first copied to
// the end of the output, and rows are taken from there. Rows go out in
// order, and the first copy of an element never lands past where it is read
// from, so no write reaches input that is still to be read.

/** An axis of the canonical form: extent and repeats (at least one of them 2 or more). */
interface Axis {
  dim: number;
  readonly repeats: number;
}

/** Axes of extent 1 repeated once are no axes; an axis repeated once continues its outer neighbour's contiguous run. */
export function canonicalAxes(dims: readonly number[], repeats: readonly number[]): Axis[] {
  const axes: Axis[] = [];
  for (let i = 0; i < dims.length; i++) {
    if (repeats[i] === 1 && (dims[i] === 1 || axes.length > 0)) {
      if (axes.length > 0) axes[axes.length - 1].dim *= dims[i];
      continue;
    }
    axes.push({ dim: dims[i], repeats: repeats[i] });
  }
  return axes;
}

function cheaperOnJsSide(axes: readonly Axis[], type: DataType): boolean {
  if (axes.length === 0 || type === 'string') return true;
  let rows = 1;
  for (let i = 0; i + 1 < axes.length; i++) rows *= axes[i].dim;
  return axes[axes.length - 1].dim * elementBytes(type) >= JS_MIN_ROW_BYTES || rows <= JS_MAX_SHORT_ROWS;
}

export function tileBytes(x: Uint8Array, y: Uint8Array, axes: readonly Axis[], elementSize: number): void {
  const source = y.length - x.length;
  y.set(x, source);
  if (axes.length === 0) {
    y.copyWithin(0, source, source + elementSize);
    return;
  }
  build(tilePlan(axes, elementSize,
    (yAt, xAt, n) => y.copyWithin(yAt, source + xAt, source + xAt + n),
    (start, filled, total) => replicate(y, start, filled, total)), 0, 0, 0);
}

/** The walk of a tile, in units (bytes or words) of the arrays its two moves work on. */
interface TilePlan {
  readonly axes: readonly Axis[];
  readonly inStep: readonly number[];
  readonly outStep: readonly number[];
  /** Units per element. */
  readonly unit: number;
  /** Copies n units of the input from xAt (relative to the input) to the output at yAt. */
  readonly copy: (yAt: number, xAt: number, n: number) => void;
  /** Fills the output from start + filled to start + total with copies of its first `filled` units from start. */
  readonly repeat: (start: number, filled: number, total: number) => void;
}

function tilePlan(axes: readonly Axis[], unit: number, copy: TilePlan['copy'], repeat: TilePlan['repeat']): TilePlan {
  const inStep = new Array<number>(axes.length);
  const outStep = new Array<number>(axes.length);
  let inner = unit;
  let outer = unit;
  for (let i = axes.length - 1; i >= 0; i--) {
    inStep[i] = inner;
    outStep[i] = outer;
    inner *= axes[i].dim;
    outer *= axes[i].dim * axes[i].repeats;
  }
  return { axes, inStep, outStep, unit, copy, repeat };  // a literal, not a spread: V8 spends about 1 us on a spread here
}

/** Writes the output block of one index of axis `level`, from x at xAt (relative to the input) to y at yAt. */
function build(plan: TilePlan, level: number, xAt: number, yAt: number): void {
  const { axes, inStep, outStep } = plan;
  const { dim, repeats } = axes[level];
  if (level + 1 === axes.length) {
    const run = dim * plan.unit;
    plan.copy(yAt, xAt, run);
    plan.repeat(yAt, run, run * repeats);
    return;
  }
  for (let i = 0; i < dim; i++) build(plan, level + 1, xAt + i * inStep[level], yAt + i * outStep[level]);
  const block = dim * outStep[level];
  plan.repeat(yAt, block, block * repeats);
}

// ---------------------------------------------------------------- small tiles
// Up to this many output bytes, Tile runs as one loop over 1, 2 or 4-byte
// words (an element is 1, 2 or 4 of them) with no call per row: a 4x4
// float32 tile made ten copyWithin calls of 16-64 bytes, and the calls, not
// the bytes, were its cost.
const SMALL_TILE_BYTES = 1024;

function isSmallWordTile(type: DataType, size: number): boolean {
  return type !== 'string' && !isPacked(type) && size * elementBytes(type) <= SMALL_TILE_BYTES;
}

function tileSmall(context: OpContext, input: Tensor, axes: readonly Axis[], dims: readonly number[], size: number,
  out: CheckedOut | undefined): Tensor {
  const type = input.type as ResidentType;
  const elementSize = elementBytes(type);
  const word = elementSize >= 4 ? 4 : (elementSize as 1 | 2);
  const output = (out?.array ?? allocateData(type, size)) as Exclude<TensorData, string[]>;
  if (size > 0) {
    const x = checkedWords(context, 'input', input.data as ArrayBufferView, input.size * elementSize, word);
    const y = checkedWords(context, 'out', output, size * elementSize, word);
    tileWords(x, y, axes, elementSize / word);
  }
  return tensorOf(type, output as never, dims, size);
}

/** y = x tiled by the canonical axes, the same walk as tileBytes with plain loops for its moves; an element is `lanes` words. */
export function tileWords(x: WordArray, y: WordArray, axes: readonly Axis[], lanes: number): void {
  if (axes.length === 0) {
    for (let j = 0; j < lanes; j++) y[j] = x[j];
    return;
  }
  build(tilePlan(axes, lanes,
    (yAt, xAt, n) => {
      for (let j = 0; j < n; j++) y[yAt + j] = x[xAt + j];
    },
    (start, filled, total) => {
      for (let j = start + filled; j < start + total; j++) y[j] = y[j - filled];
    }), 0, 0, 0);
}

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
