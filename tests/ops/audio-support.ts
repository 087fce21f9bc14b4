// What the image and audio op tests share: float inputs of modest values
// (no NaN or Inf: a transform spreads them over every bin), integer scalars,
// float values read out of any float type, and expected outputs rounded from
// float64 by Cast's rules (tests/js/cast-reference.ts, not the library's).
import * as tw from 'tessera-wasm';
import { expected } from '../js/cast-reference';
import type { Expected } from './op-test';

const STORAGE: Record<string, new (n: number) => { [i: number]: number | bigint; buffer: ArrayBufferLike; byteOffset: number; byteLength: number }> = {
  float32: Float32Array, float64: Float64Array, float16: Uint16Array, bfloat16: Uint16Array, int8: Int8Array, uint8: Uint8Array,
  int16: Int16Array, uint16: Uint16Array, int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array,
};

/** float64 values rounded once into `type` (float to float: nearest even; to integers: toward zero, saturating, NaN 0). */
export function expectedOf(type: string, dims: readonly number[], values: readonly number[]): Expected {
  const storage = new STORAGE[type](values.length);
  values.forEach((v, i) => { storage[i] = expected(true, type, v) as never; });
  return { type, dims, storage: new Uint8Array(storage.buffer, storage.byteOffset, storage.byteLength).slice() };
}

function half(h: number, type: string): number {
  if (type === 'bfloat16') return new Float32Array(new Uint32Array([h << 16]).buffer)[0];
  const exponent = (h >> 10) & 0x1f;
  const m = h & 0x3ff;
  const v = exponent === 0 ? m * 2 ** -24 : exponent === 31 ? (m ? NaN : Infinity) : (1 + m / 1024) * 2 ** (exponent - 15);
  return h & 0x8000 ? -v : v;
}

/** A float tensor's values as numbers. */
export function floatsOf(t: tw.Tensor): number[] {
  if (t.type === 'float16' || t.type === 'bfloat16') return Array.from(t.data as Uint16Array, (h) => half(h, t.type));
  return Array.from(t.data as Float32Array);
}

/** A float tensor of `dims` whose values are multiples of 1/8 in [-4, 4) (exact in every float type). */
export function randomFloats(random: () => number, type: string, dims: readonly number[]): tw.Tensor {
  const size = dims.reduce((a, b) => a * b, 1);
  return tw.tensor(type as 'float32', Array.from({ length: size }, () => Math.floor(random() * 64 - 32) / 8), dims);
}

/** A scalar int32 or int64 tensor (dims []). */
export const scalarOf = (type: 'int32' | 'int64', n: number) =>
  (type === 'int64' ? new tw.Tensor('int64', BigInt64Array.of(BigInt(n)), []) : new tw.Tensor('int32', Int32Array.of(n), []));

/** A scalar float tensor (dims []). */
export const floatScalar = (type: string, v: number) => tw.tensor(type as 'float32', [v], []);
