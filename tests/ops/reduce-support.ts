// Numbers for the reductions' test modules, written from the IEEE formats
// (no code of the library's): element values as float64 or BigInt, and
// float64 results rounded once, to nearest even, into each output type.
import * as tw from 'tessera-wasm';
import type { Expected } from './op-test';

export const FLOAT_TYPES = ['float16', 'bfloat16', 'float32', 'float64'];
const INT_BITS: Record<string, [bits: number, signed: boolean]> = {
  int8: [8, true], uint8: [8, false], int16: [16, true], uint16: [16, false], int32: [32, true], uint32: [32, false],
  int64: [64, true], uint64: [64, false], bool: [8, false],
};
export const isFloat = (type: string) => FLOAT_TYPES.includes(type);

function halfValue(h: number): number {
  const e = (h >> 10) & 0x1f, f = h & 0x3ff, s = h & 0x8000 ? -1 : 1;
  if (e === 0) return s * f * 2 ** -24;
  if (e === 31) return f ? NaN : s * Infinity;
  return s * (1024 + f) * 2 ** (e - 25);
}

/** The values of a tensor: numbers for floats, BigInts for integers and bool. */
export function valuesOf(t: tw.Tensor): (number | bigint)[] {
  const d = t.data as ArrayLike<number | bigint>;
  const out: (number | bigint)[] = [];
  for (let i = 0; i < t.size; i++) {
    const v = d[i];
    if (t.type === 'float16') out.push(halfValue(Number(v)));
    else if (t.type === 'bfloat16') out.push(new Float32Array(new Uint32Array([Number(v) << 16]).buffer)[0]);
    else if (isFloat(t.type)) out.push(Number(v));
    else out.push(BigInt(v));
  }
  return out;
}

/** x rounded to nearest even with p significant bits, normal exponents from emin, Infinity past emax. */
function roundTo(x: number, p: number, emin: number, emax: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  let e = Math.floor(Math.log2(Math.abs(x)));
  if (2 ** e > Math.abs(x)) e--;
  if (2 ** (e + 1) <= Math.abs(x)) e++;
  const ulp = 2 ** (Math.max(e, emin) - p + 1);
  const q = x / ulp;
  let r = Math.round(q);
  if (Math.abs(q - Math.trunc(q)) === 0.5) r = 2 * Math.round(q / 2);
  const v = r * ulp;
  return Math.abs(v) >= 2 ** (emax + 1) ? Math.sign(v) * Infinity : (v === 0 ? (x < 0 ? -0 : 0) : v);
}

function halfBits(x: number): number {
  if (Number.isNaN(x)) return 0x7e00;
  const s = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(roundTo(x, 11, -14, 15));
  if (a === Infinity) return s | 0x7c00;
  if (a < 2 ** -14) return s | (a / 2 ** -24);
  const e = Math.floor(Math.log2(a));
  return s | ((e + 15) << 10) | (a / 2 ** e - 1) * 1024;
}

function bfloatBits(x: number): number {
  if (Number.isNaN(x)) return 0x7fc0;
  const v = roundTo(x, 8, -126, 127);
  return new Uint32Array(new Float32Array([v]).buffer)[0] >>> 16;
}

/** The expected storage of float64 results (or BigInts for integers, wrapped to the type) in `type`. */
export function expectedOf(type: string, dims: readonly number[], values: readonly (number | bigint)[]): Expected {
  let data: ArrayBufferView;
  if (type === 'float32') data = Float32Array.from(values as number[], (v) => (Number.isNaN(v) ? NaN : v));
  else if (type === 'float64') data = Float64Array.from(values as number[], (v) => (Number.isNaN(v) ? NaN : v));
  else if (type === 'float16') data = Uint16Array.from(values as number[], halfBits);
  else if (type === 'bfloat16') data = Uint16Array.from(values as number[], bfloatBits);
  else {
    const [bits, signed] = INT_BITS[type];
    const wrapped = (values as bigint[]).map((v) => (signed ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v)));
    const Ctor = { 8: signed ? Int8Array : Uint8Array, 16: signed ? Int16Array : Uint16Array, 32: signed ? Int32Array : Uint32Array }[bits as 8 | 16 | 32];
    data = bits === 64 ? (signed ? BigInt64Array.from(wrapped) : BigUint64Array.from(wrapped)) : (Ctor as unknown as { from(v: bigint[], f: (b: bigint) => number): ArrayBufferView }).from(wrapped, Number);
  }
  return { type, dims, storage: new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice() };
}

/** A tensor of `type` from numbers (floats rounded to the type; integers as given). */
export function tensorOf(type: string, dims: readonly number[], values: readonly number[]): tw.Tensor {
  const e = expectedOf(type, dims, isFloat(type) ? values : values.map((v) => BigInt(v)));
  const storage = e.storage as Uint8Array;
  const Ctor = ({ float32: Float32Array, float64: Float64Array, float16: Uint16Array, bfloat16: Uint16Array, int8: Int8Array, uint8: Uint8Array,
    int16: Int16Array, uint16: Uint16Array, int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array, bool: Uint8Array } as
    Record<string, new (b: ArrayBuffer) => ArrayBufferView>)[type];
  return new tw.Tensor(type as never, new Ctor(storage.slice().buffer) as never, [...dims]);
}

/**
 * For each output element, the input values it reduces, in index order:
 * `reduced` marks the input axes reduced; the output is row-major over the
 * kept axes.
 */
export function groups<V>(values: readonly V[], dims: readonly number[], reduced: readonly boolean[]): V[][] {
  const outSize = dims.reduce((p, d, a) => (reduced[a] ? p : p * d), 1);
  const result: V[][] = Array.from({ length: outSize }, () => []);
  const index = new Array<number>(dims.length).fill(0);
  for (let i = 0; i < values.length; i++) {
    let o = 0;
    for (let a = 0; a < dims.length; a++) if (!reduced[a]) o = o * dims[a] + index[a];
    result[o].push(values[i]);
    for (let a = dims.length - 1; a >= 0; a--) {
      if (++index[a] < dims[a]) break;
      index[a] = 0;
    }
  }
  return result;
}
