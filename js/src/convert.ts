// JS numbers and bigints into an integer type's values: the one converter
// every path that fills a type's storage from plain values goes through
// (tw.tensor, tw.encode, and through tw.tensor the values users build for
// ConstantOfShape and the interop helpers). It never wraps: a typed array
// store would turn int32 NaN into 0, 2^40 into 0 and uint8 -1 into 255
// without a word. Two rules, named by what they follow:
//   'exact' (numpy 2, tw.tensor): the value must already be an integer in
//     the type's range; NaN, fractions and out-of-range values are refused.
//   'cast' (ONNX Cast, tw.encode): round to nearest even, then saturate to
//     the range; NaN is refused (an integer type has none).
// Either way a refusal names the index and the value.
import { DTYPES, type DataType } from './dtype.js';
import { type OpContext, describe, specError } from './errors.js';

/** The integer types, narrow ones included. */
export type IntegerType = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'int64' | 'uint64' | 'int4' | 'uint4' | 'int2' | 'uint2';

export function isIntegerType(type: DataType): type is IntegerType {
  const kind = DTYPES[type].kind;
  return kind === 'int' || kind === 'uint';
}

/** How a value becomes an integer: refused unless already one in range, or rounded and saturated (see the top). */
export type IntegerRule = 'exact' | 'cast';

/** The smallest and largest value of an integer type, from the data type table's bits. */
export function integerRange(type: IntegerType): readonly [bigint, bigint] {
  const bits = BigInt(DTYPES[type].bits);
  return DTYPES[type].kind === 'uint' ? [0n, (1n << bits) - 1n] : [-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n];
}

/**
 * `values[index]` as a value of an integer type: a bigint for int64 and
 * uint64, a number otherwise. Numbers and bigints are taken; 64-bit types
 * take numbers only as safe integers (a larger one has already lost digits).
 */
export function toInteger(context: OpContext, param: string, type: IntegerType, value: unknown, index: number, rule: IntegerRule): number | bigint {
  const wide = type === 'int64' || type === 'uint64';
  const [min, max] = integerRange(type);
  const at = `${param}[${index}]`;
  let n: bigint;
  if (typeof value === 'bigint') {
    n = value;
  } else if (typeof value === 'number') {
    if (Number.isNaN(value)) throw specError(context, param, `${type} has no NaN: ${at} is NaN`);
    if (rule === 'cast') return castNumber(value, min, max, wide);
    // A 64-bit value past 2^53 as a number has already lost digits: it must come as a bigint.
    if (wide && !Number.isSafeInteger(value)) throw specError(context, param, `${at} must be a bigint or a safe integer (got ${describe(value)})`);
    if (!Number.isInteger(value)) throw specError(context, param, `${at} = ${describe(value)} is not an integer, which ${type} needs (round it first)`);
    n = BigInt(value);
  } else {
    throw specError(context, param, `${at} must be a number${wide ? ' or a bigint' : ''} for ${type} (got ${describe(value)})`);
  }
  if (n < min || n > max) {
    if (rule === 'cast') return wide ? (n < min ? min : max) : Number(n < min ? min : max);
    throw specError(context, param, `${at} = ${describe(value)} is out of range for ${type} (${min} to ${max})`);
  }
  return wide ? n : Number(n);
}

/** ONNX Cast of a number (not NaN) to an integer range: nearest, ties to even, then saturated. */
function castNumber(x: number, min: bigint, max: bigint, wide: boolean): number | bigint {
  const rounded = x === Infinity ? max : x === -Infinity ? min : BigInt(Math.sign(x) * roundHalfEven(Math.abs(x)));
  const clamped = rounded < min ? min : rounded > max ? max : rounded;
  return wide ? clamped : Number(clamped);
}

/** The integer nearest n >= 0, ties to even. Exact: below 2^53 n - floor(n) is exact, above it n is whole. */
export function roundHalfEven(n: number): number {
  const floor = Math.floor(n);
  const fraction = n - floor;
  return fraction > 0.5 || (fraction === 0.5 && floor % 2 !== 0) ? floor + 1 : floor;
}
