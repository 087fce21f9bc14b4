// What the index ops' test modules share: random index tensors, the element
// keys of a tensor, and row-major index arithmetic, written from the specs
// with nothing of the library's own code.
import * as tw from 'tessera-wasm';
import { type Key, keysOf } from '../js/reference';
import { forEachIndex, stridesOf } from '../js/helpers';
import { between, pick, plain } from './support';

export { forEachIndex, stridesOf };

/** An int32 or int64 tensor of `dims` with values in [-extent, extent) (negative ones count from the end). */
export function randomIndices(random: () => number, dims: readonly number[], extent: number, types: readonly string[] = ['int32', 'int64']): tw.Tensor {
  const type = pick(random, types);
  const size = dims.reduce((a, b) => a * b, 1);
  const values = Array.from({ length: size }, () => between(random, -extent, extent - 1));
  return type === 'int32' ? new tw.Tensor('int32', Int32Array.from(values), [...dims]) : new tw.Tensor('int64', BigInt64Array.from(values, BigInt), [...dims]);
}

/** An index tensor's values as numbers. */
export const indexValues = (t: tw.Tensor): number[] => Array.from(t.data as ArrayLike<number | bigint>, Number);

/** The element keys of a tensor (its elements' bytes, or strings). */
export const keys = (t: tw.Tensor): Key[] => keysOf(plain(t));

/** The flat offset of a multi-index. */
export const flat = (index: readonly number[], dims: readonly number[]) => index.reduce((s, v, i) => s + v * stridesOf(dims)[i], 0);

/** An index counted from the end made non-negative. */
export const wrap = (v: number, extent: number) => (v < 0 ? v + extent : v);

/** A random integer attribute: a number or, now and then, a bigint (both are taken). */
export const intAttr = (random: () => number, n: number): number | bigint => (random() < 0.3 ? BigInt(n) : n);

/** The reductions' arithmetic as numpy does it, for the types the reduction cases use. */
export type ReductionName = 'none' | 'add' | 'mul' | 'max' | 'min';
export const REDUCED_TYPES = ['int32', 'int64', 'float32', 'float64'] as const;

export function reduce(type: string, reduction: ReductionName, a: number | bigint, b: number | bigint): number | bigint {
  if (reduction === 'none') return b;
  if (type === 'int64') {
    const x = a as bigint;
    const y = b as bigint;
    return reduction === 'add' ? BigInt.asIntN(64, x + y) : reduction === 'mul' ? BigInt.asIntN(64, x * y) : reduction === 'max' ? (x >= y ? x : y) : (x <= y ? x : y);
  }
  const x = a as number;
  const y = b as number;
  if (reduction === 'max') return x >= y || Number.isNaN(x) ? x : y;
  if (reduction === 'min') return x <= y || Number.isNaN(x) ? x : y;
  if (type === 'int32') return reduction === 'add' ? (x + y) | 0 : Math.imul(x, y);
  const r = reduction === 'add' ? x + y : x * y;
  return type === 'float32' ? Math.fround(r) : r;
}

/** A copy of a numeric tensor's storage of one of REDUCED_TYPES, as a typed array of its own class. */
export function storageCopy(t: tw.Tensor): Int32Array | BigInt64Array | Float32Array | Float64Array {
  return (t.data as Int32Array | BigInt64Array | Float32Array | Float64Array).slice();
}

/** Expected output from a typed array of the type's storage class. */
export function fromStorage(type: string, dims: readonly number[], data: ArrayBufferView) {
  return { type, dims, storage: new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice() };
}
