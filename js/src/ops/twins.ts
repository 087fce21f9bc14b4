// The JS twins of the data-movement kernels: the same plans as
//   cpp/src/kernels/tile.cc        xx_tile        -> tileBytes, tileWords
//   cpp/src/kernels/as-strided.cc  xx_as_strided  -> stridedRows (stride-1 rows only)
//   cpp/src/kernels/fill.cc        xx_fill        -> fillBytes
//   cpp/src/kernels/floor.cc       xx_floor       -> floorFloat32, floorFloat64
// run directly between JS arrays, with no copies in or out of the module.
// Each twin takes exactly what its kernel takes (dims and repeats; size,
// stride and offset; one element's bytes), so a shape either runs the same
// walk on both sides or has no twin. Which one runs for a shape is decided in
// one place, dispatch.ts; the tests force every twin and the kernel over the
// same cases (tests/js/executors.test.ts).
import { DTYPES, isPacked } from '../dtype.js';
import type { ResidentType } from '../resident.js';
import { type NumberArray, bufferOf, byteOffsetOf } from '../typed-array.js';

/**
 * A kernel's uint32 parameter list: `a` then `b`, made with plain loops (a
 * spread would run a patched Array.prototype[Symbol.iterator] inside an op).
 */
export function paramList(a: readonly number[], b: readonly number[]): number[] {
  const list = new Array<number>(a.length + b.length);
  for (let i = 0; i < a.length; i++) list[i] = a[i];
  for (let i = 0; i < b.length; i++) list[a.length + i] = b[i];
  return list;
}

// ---------------------------------------------------------------- Tile (tile.cc)

/** An axis of Tile's canonical form: extent and repeats (at least one of them 2 or more), and its steps (tile.cc's). */
export interface TileAxis {
  dim: number;
  readonly repeats: number;
  /** Elements between two indices of this axis in the input, and in the output. */
  inStep: number;
  outStep: number;
}

/** tile.cc's canonical form: axes of extent 1 repeated once are no axes; an axis repeated once continues its outer neighbour's run. */
export function canonicalAxes(dims: readonly number[], repeats: readonly number[]): TileAxis[] {
  const axes: TileAxis[] = [];
  for (let i = 0; i < dims.length; i++) {
    if (repeats[i] === 1 && (dims[i] === 1 || axes.length > 0)) {
      if (axes.length > 0) axes[axes.length - 1].dim *= dims[i];
      continue;
    }
    axes.push({ dim: dims[i], repeats: repeats[i], inStep: 0, outStep: 0 });
  }
  // The steps, found once here: a twin's walk then allocates nothing (arrays made per call cost
  // SpiderMonkey more than a 4x4 tile's copying).
  let inner = 1;
  let outer = 1;
  for (let i = axes.length - 1; i >= 0; i--) {
    axes[i].inStep = inner;
    axes[i].outStep = outer;
    inner *= axes[i].dim;
    outer *= axes[i].dim * axes[i].repeats;
  }
  return axes;
}

/**
 * y = x tiled, with copyWithin alone (native memmove, no typed array made per
 * row): x is first copied to the end of y, and rows are taken from there.
 * Rows go out in order, and the first copy of an element never lands past
 * where it is read from, so no write reaches input still to be read.
 */
export function tileBytes(x: Uint8Array, y: Uint8Array, axes: readonly TileAxis[], elementSize: number): void {
  const source = y.length - x.length;
  y.set(x, source);
  if (axes.length === 0) {
    y.copyWithin(0, source, source + elementSize);
    return;
  }
  build({
    axes, unit: elementSize,
    copy: (yAt, xAt, n) => y.copyWithin(yAt, source + xAt, source + xAt + n),
    repeat: (start, filled, total) => replicate(y, start, filled, total),
  }, 0, 0, 0);
}

/**
 * y = x tiled by the same walk, with plain loops for its two moves; an
 * element is `lanes` slots (words, or values that copy exactly). No closures
 * and no plan object: this twin runs on small outputs only, where a call's
 * fixed cost is most of its time.
 */
export function tileWords(x: NumberArray, y: NumberArray, axes: readonly TileAxis[], lanes: number): void {
  if (axes.length === 0) {
    for (let j = 0; j < lanes; j++) y[j] = x[j];
    return;
  }
  wordsBlock(x, y, axes, lanes, 0, 0, 0);
}

/** build() with tileWords' two moves written in: the output block of one index of axis `level`. */
function wordsBlock(x: NumberArray, y: NumberArray, axes: readonly TileAxis[], lanes: number, level: number, xAt: number, yAt: number): void {
  const { dim, repeats, inStep, outStep } = axes[level];
  let filled: number;
  if (level + 1 === axes.length) {
    filled = dim * lanes;
    for (let j = 0; j < filled; j++) y[yAt + j] = x[xAt + j];
  } else if (level + 2 === axes.length) {
    // The innermost axis' rows written here, not a call each: most small tiles have two axes.
    const inner = axes[level + 1];
    const run = inner.dim * lanes;
    const total = run * inner.repeats;
    for (let i = 0; i < dim; i++) {
      const xRow = xAt + i * inStep * lanes;
      const yRow = yAt + i * outStep * lanes;
      for (let j = 0; j < run; j++) y[yRow + j] = x[xRow + j];
      for (let j = yRow + run, end = yRow + total; j < end; j++) y[j] = y[j - run];
    }
    filled = dim * outStep * lanes;
  } else {
    for (let i = 0; i < dim; i++) wordsBlock(x, y, axes, lanes, level + 1, xAt + i * inStep * lanes, yAt + i * outStep * lanes);
    filled = dim * outStep * lanes;
  }
  for (let j = yAt + filled, end = yAt + filled * repeats; j < end; j++) y[j] = y[j - filled];
}

/** The walk of a tile, in units (bytes or words) of the arrays its two moves work on. */
interface TilePlan {
  readonly axes: readonly TileAxis[];
  /** Units per element. */
  readonly unit: number;
  /** Copies n units of the input from xAt (relative to the input) to the output at yAt. */
  readonly copy: (yAt: number, xAt: number, n: number) => void;
  /** Fills the output from start + filled to start + total with copies of its first `filled` units from start. */
  readonly repeat: (start: number, filled: number, total: number) => void;
}

/** tile.cc's build(): the output block of one index of axis `level`, from x at xAt (relative to the input) to y at yAt. */
function build(plan: TilePlan, level: number, xAt: number, yAt: number): void {
  const { axes, unit } = plan;
  const { dim, repeats, inStep, outStep } = axes[level];
  if (level + 1 === axes.length) {
    const run = dim * unit;
    plan.copy(yAt, xAt, run);
    plan.repeat(yAt, run, run * repeats);
    return;
  }
  for (let i = 0; i < dim; i++) build(plan, level + 1, xAt + i * inStep * unit, yAt + i * outStep * unit);
  const block = dim * outStep * unit;
  plan.repeat(yAt, block, block * repeats);
}

/** Fills `total` bytes from `start` with copies of the first `filled`, doubling each time (bytes-v128.h's replicate). */
export function replicate(y: Uint8Array, start: number, filled: number, total: number): void {
  while (filled < total) {
    const n = Math.min(filled, total - filled);
    y.copyWithin(start + filled, start, start + n);
    filled += n;
  }
}

// ---------------------------------------------------------------- AsStrided (as-strided.cc)

/** The AsStrided shapes stridedRows takes: the innermost axis reads consecutive elements (or has extent 1). */
export function hasStrideOneRows(size: readonly number[], stride: readonly number[]): boolean {
  const rank = size.length;
  return rank === 0 || stride[rank - 1] === 1 || size[rank - 1] === 1;
}

/** y = AsStrided(x), one set of a subarray per output row (see hasStrideOneRows). */
export function stridedRows(x: Uint8Array, y: Uint8Array, size: readonly number[], stride: readonly number[], offset: number,
  elementSize: number): void {
  const rank = size.length;
  const run = (rank === 0 ? 1 : size[rank - 1]) * elementSize;
  const index = new Array<number>(Math.max(rank - 1, 0)).fill(0);
  let start = offset;  // the flat input element of the current row's first
  for (let at = 0; at < y.length; at += run) {
    y.set(x.subarray(start * elementSize, start * elementSize + run), at);
    // The odometer over the outer axes: the last one moves fastest.
    for (let axis = rank - 2; axis >= 0; axis--) {
      start += stride[axis];
      if (++index[axis] < size[axis]) break;
      start -= stride[axis] * size[axis];
      index[axis] = 0;
    }
  }
}

// ---------------------------------------------------------------- ConstantOfShape (fill.cc)

/**
 * Fills `size` elements of `bytes` with the one element whose storage bytes
 * are `pattern`, through an unsigned view of the element's width, so every
 * element gets the value's exact bits (a float view could quiet a NaN's
 * payload); packed types byte by byte as the kernel does, the unused bits
 * of a last partial byte 0.
 */
export function fillBytes(type: ResidentType, bytes: Uint8Array, pattern: Uint8Array, size: number): void {
  const { buffer, byteOffset, byteLength } = bytes;
  if (isPacked(type)) {
    const bits = DTYPES[type].bits;
    const perByte = 8 / bits;
    const full = (pattern[0] & ((1 << bits) - 1)) * (bits === 4 ? 0x11 : 0x55);
    const whole = Math.floor(size / perByte);
    bytes.fill(full, 0, whole);
    if (size % perByte !== 0) bytes[whole] = full & ((1 << ((size % perByte) * bits)) - 1);
    return;
  }
  const aligned = pattern.slice().buffer;  // the pattern's bits, aligned for any view
  switch (pattern.byteLength) {
    case 1: bytes.fill(pattern[0]); return;
    case 2: new Uint16Array(buffer, byteOffset, byteLength / 2).fill(new Uint16Array(aligned)[0]); return;
    case 4: new Uint32Array(buffer, byteOffset, byteLength / 4).fill(new Uint32Array(aligned)[0]); return;
    // BigInt64Array, not BigUint64Array: V8 fills the signed view 1.5x faster, with the same bits.
    case 8: new BigInt64Array(buffer, byteOffset, byteLength / 8).fill(new BigInt64Array(aligned)[0]); return;
    default:  // 16 bytes (complex128): one element, then doubling copies
      if (byteLength === 0) return;
      bytes.set(pattern);
      replicate(bytes, 0, pattern.byteLength, byteLength);
  }
}

// ---------------------------------------------------------------- Floor (floor.cc)

// Math.floor as it was when this module loaded: a patched one must not run inside an op.
const mathFloor = Math.floor;

/**
 * y = floor(x) for float32: Math.floor keeps -0, infinities and integral
 * values as floor.cc does, and a NaN's bits are copied as they are (a float
 * store may quiet its payload). x and y may overlap (one buffer, `backward`
 * when y starts past x): each element is read before it is written. One
 * function per type and direction: a loop that sees two array classes runs
 * at half speed in V8.
 */
export function floorFloat32(x: Float32Array, y: Float32Array, size: number, backward: boolean): void {
  if (backward) {
    for (let i = size - 1; i >= 0; i--) {
      const v = x[i];
      if (v === v) y[i] = mathFloor(v);
      else copyBits(x, y, i, 1);
    }
    return;
  }
  for (let i = 0; i < size; i++) {
    const v = x[i];
    if (v === v) y[i] = mathFloor(v);
    else copyBits(x, y, i, 1);
  }
}

/** floorFloat32 for float64. */
export function floorFloat64(x: Float64Array, y: Float64Array, size: number, backward: boolean): void {
  if (backward) {
    for (let i = size - 1; i >= 0; i--) {
      const v = x[i];
      if (v === v) y[i] = mathFloor(v);
      else copyBits(x, y, i, 2);
    }
    return;
  }
  for (let i = 0; i < size; i++) {
    const v = x[i];
    if (v === v) y[i] = mathFloor(v);
    else copyBits(x, y, i, 2);
  }
}

/** Copies element i's bits (`lanes` 32-bit words) from x to y: a NaN, rare enough to take its views on the spot. */
function copyBits(x: ArrayBufferView, y: ArrayBufferView, i: number, lanes: number): void {
  const from = new Uint32Array(bufferOf(x), byteOffsetOf(x) + i * lanes * 4, lanes);
  const to = new Uint32Array(bufferOf(y), byteOffsetOf(y) + i * lanes * 4, lanes);
  for (let j = 0; j < lanes; j++) to[j] = from[j];
}
