// What the quantization test modules share: an independent reference of the
// scale's granularity (each element's scale index from its coordinates, not
// the library's row walk), values of every element, codes to storage, and
// random scales and zero points. Narrow float codes come from the Cast
// reference's table search (tests/js/cast-reference.ts).
import * as tw from 'tessera-wasm';
import { nearestCode } from '../js/cast-reference';
import { between, pick } from './support';

export const sizeOf = (dims: readonly number[]) => dims.reduce((a, b) => a * b, 1);

/** Every element's value as a number (tw.decode: narrow types decoded by their tables). */
export function valuesOf(t: tw.Tensor): number[] {
  if (!(tw.NARROW_TYPES as readonly string[]).includes(t.type)) return Array.from(t.data as ArrayLike<number>, Number);
  return tw.decode(t).map(Number);
}

/** Each element's scale index: per tensor (scale of one element), per axis (1-D), blocked (x's rank). */
export function scaleIndices(xDims: readonly number[], scaleDims: readonly number[], axisValue: number, block: number): number[] {
  const n = sizeOf(xDims);
  const scaleSize = sizeOf(scaleDims);
  if (block === 0 && scaleSize === 1 && scaleDims.length <= 1) return new Array<number>(n).fill(0);
  const axis = axisValue < 0 ? axisValue + xDims.length : axisValue;
  return Array.from({ length: n }, (_, i) => {
    // The coordinates of element i, last axis fastest.
    const coords: number[] = [];
    let rest = i;
    for (let d = xDims.length - 1; d >= 0; d--) { coords[d] = rest % xDims[d]; rest = Math.floor(rest / xDims[d]); }
    if (block === 0) return coords[axis];
    let index = 0;
    for (let d = 0; d < xDims.length; d++) index = index * scaleDims[d] + (d === axis ? Math.floor(coords[d] / block) : coords[d]);
    return index;
  });
}

const BITS: Record<string, number> = {
  int8: 8, uint8: 8, int16: 16, uint16: 16, int32: 32, float32: 32, float16: 16, bfloat16: 16,
  float8e4m3fn: 8, float8e4m3fnuz: 8, float8e5m2: 8, float8e5m2fnuz: 8, float8e8m0: 8,
  float4e2m1: 4, int4: 4, uint4: 4, int2: 2, uint2: 2,
};
export const RANGE: Record<string, [number, number]> = {
  int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535], int4: [-8, 7], uint4: [0, 15], int2: [-2, 1], uint2: [0, 3],
};

/** Codes (integer outputs: their values; float outputs: their bit patterns) as little-endian storage bytes, packed types low bits first. */
export function storageOf(type: string, codes: readonly number[]): Uint8Array {
  const bits = BITS[type];
  const bytes = new Uint8Array(Math.ceil((codes.length * bits) / 8));
  codes.forEach((c, i) => {
    if (bits < 8) bytes[Math.floor((i * bits) / 8)] |= (c & ((1 << bits) - 1)) << ((i * bits) % 8);
    else for (let b = 0; b < bits / 8; b++) bytes[(i * bits) / 8 + b] = Number((BigInt(c) >> BigInt(8 * b)) & 0xffn);
  });
  return bytes;
}

/** A float32 value's bits; float16/bfloat16: the nearest code (the Cast reference). */
export function floatCode(type: 'float32' | 'float16' | 'bfloat16', v: number): number {
  if (type === 'float32') return new Uint32Array(new Float32Array([v]).buffer)[0];
  return nearestCode(type, v, false);
}

/** v rounded to a float type's precision (float16, bfloat16 by the nearest code read back). */
export function roundTo(type: string, v: number): number {
  if (type === 'float32' || type === 'int32' || type === 'float8e8m0') return Math.fround(v);
  if (type !== 'float16' && type !== 'bfloat16') return v;
  const storage = new Uint16Array([nearestCode(type, v, false)]);
  return tw.decode(new tw.Tensor(type as 'float16', storage, [1]))[0] as number;
}

/** A tensor of `type` holding these values (narrow types encoded exactly: the values are representable). */
export function tensorOf(type: string, values: readonly number[], dims: readonly number[]): tw.Tensor {
  return tw.tensor(type as 'float32', values as number[], [...dims]) as tw.Tensor;
}

/** Scale dims for a granularity: 'tensor' (scalar), 'axis' (1-D), 'block' (x's dims, ceil(D/B) on the axis). */
export function scaleDimsFor(xDims: readonly number[], kind: 'tensor' | 'axis' | 'block', axis: number, block: number): number[] {
  if (kind === 'tensor') return [];
  if (kind === 'axis') return [xDims[axis]];
  return xDims.map((d, i) => (i === axis ? Math.ceil(d / block) : d));
}

/** A random granularity for x's dims: its kind, axis (sometimes negative), block size. */
export function randomGranularity(random: () => number, xDims: readonly number[], blocks: boolean) {
  const kinds: ('tensor' | 'axis' | 'block')[] = xDims.length === 0 ? ['tensor'] : blocks ? ['tensor', 'axis', 'block'] : ['tensor', 'axis'];
  const kind = pick(random, kinds);
  const axis = xDims.length === 0 ? 0 : between(random, 0, xDims.length - 1);
  const block = kind === 'block' ? between(random, 1, 4) : 0;
  const written = random() < 0.3 ? axis - xDims.length : axis;
  return { kind, axis, written, block, scaleDims: kind === 'tensor' ? [] : scaleDimsFor(xDims, kind, axis, Math.max(block, 1)) };
}

/** Scales that divide exactly often and produce ties: powers of two and a few others, in the scale's type. */
export function randomScales(random: () => number, type: string, n: number): number[] {
  const choices = type === 'int32' ? [1, 2, 3, 4] : type === 'float8e8m0' ? [0.25, 0.5, 1, 2, 4] : [0.5, 1, 2, 0.25, 3, 0.1, 1.5, 1e-3];
  return Array.from({ length: n }, () => roundTo(type, pick(random, choices)));
}
