// Numbers <-> the bit patterns of float16 and bfloat16, round to nearest even.
// Stand-in until tw.encode / tw.decode land.
import type * as tw from 'tessera-wasm';

const FORMATS = {
  float16: { exponent: 5, mantissa: 10, nan: 0x7e00 },
  bfloat16: { exponent: 8, mantissa: 7, nan: 0x7fc0 },
} as const;

type Narrow = keyof typeof FORMATS;

function roundEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  return d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
}

function toBits(type: Narrow, v: number): number {
  const { exponent, mantissa, nan } = FORMATS[type];
  if (Number.isNaN(v)) return nan;
  const bias = 2 ** (exponent - 1) - 1;
  const sign = v < 0 || Object.is(v, -0) ? 1 << (exponent + mantissa) : 0;
  const infinity = sign | (((1 << exponent) - 1) << mantissa);
  const a = Math.abs(v);
  if (a === Infinity) return infinity;
  const minNormal = 2 ** (1 - bias);
  if (a < minNormal) return sign | roundEven(a / 2 ** (1 - bias - mantissa));  // 2^mantissa lands on the first normal
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  let m = roundEven((a / 2 ** e) * 2 ** mantissa) - 2 ** mantissa;
  if (m === 2 ** mantissa) {
    m = 0;
    e++;
  }
  if (e > bias) return infinity;
  return sign | ((e + bias) << mantissa) | m;
}

function fromBits(type: Narrow, bits: number): number {
  const { exponent, mantissa } = FORMATS[type];
  const bias = 2 ** (exponent - 1) - 1;
  const sign = bits >> (exponent + mantissa) ? -1 : 1;
  const e = (bits >> mantissa) & ((1 << exponent) - 1);
  const m = bits & ((1 << mantissa) - 1);
  if (e === (1 << exponent) - 1) return m ? NaN : sign * Infinity;
  if (e === 0) return sign * m * 2 ** (1 - bias - mantissa);
  return sign * (1 + m / 2 ** mantissa) * 2 ** (e - bias);
}

export const ENCODED_TYPES: readonly tw.DataType[] = Object.keys(FORMATS) as Narrow[];

export function encode(type: tw.DataType, values: ArrayLike<number>): Uint16Array {
  if (!(type in FORMATS)) throw new Error(`this page cannot encode ${type} yet`);
  return Uint16Array.from(Array.from(values, (v) => toBits(type as Narrow, v)));
}

export function decode(t: tw.Tensor): number[] {
  if (!(t.type in FORMATS)) throw new Error(`this page cannot decode ${t.type} yet`);
  return Array.from(t.data as Uint16Array, (bits) => fromBits(t.type as Narrow, bits));
}
