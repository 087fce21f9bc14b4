// Tensors from and to plain numbers: tw.tensor (numbers in, the storage a
// type needs out) and tw.decode (a narrow type's storage back to numbers).
import { DTYPES, type DataOf, type DataType, float16Result, isDataType, storageConstructor } from './dtype.js';
import { type OpContext, describe, specError } from './errors.js';
import { encode } from './encode.js';
import { NARROW_TYPES, type NarrowType, decodeStorage, isNarrowType } from './formats.js';
import { asPlainTensor } from './resident.js';
import { Tensor, type TensorLike } from './tensor.js';
import { listLength } from './ops/check.js';
import { isIntegerType, toInteger } from './convert.js';
import { LIMITS } from './generated/limits.js';

const DECODE: OpContext = { op: 'decode' };
const TENSOR: OpContext = { op: 'tensor' };

/**
 * The storage of a narrow type back to numbers, exactly: one number per
 * element (packed types unpacked, padding bits ignored), NaN codes to NaN,
 * negative zero to -0, float16/bfloat16/float8e5m2 infinities to +/-Inf.
 * Takes a Tensor or any `{type, data, dims}`; a float16 Tensor may hold a
 * `Float16Array`.
 *
 * @example tw.decode(new tw.Tensor('float8e4m3fn', new Uint8Array([0x38, 0xfe]), [2])) // [1, -448]
 * @example tw.decode(new tw.Tensor('int4', new Uint8Array([0x87, 0x02]), [3]))          // [7, -8, 2]
 */
export function decode(t: TensorLike): number[] {
  const tensor = asPlainTensor(t, DECODE, 't');
  if (!isNarrowType(tensor.type)) {
    throw specError(DECODE, 't', `t type must be one of ${NARROW_TYPES.join(', ')} (got ${tensor.type})`);
  }
  return decodeStorage(tensor.type, tensor.data as ArrayBufferView, tensor.size);
}

/** What `tw.tensor` takes for each type's elements. */
export type ValuesOf<T extends DataType> =
  T extends 'string' ? readonly string[]
  : T extends 'bool' ? ArrayLike<boolean | number>
  : T extends 'int64' | 'uint64' ? ArrayLike<number | bigint>
  : ArrayLike<number>;

/**
 * A Tensor from plain values, whatever the type's storage: numbers are
 * encoded for float16, bfloat16, the float8 types and float4e2m1 (round to
 * nearest even, as `tw.encode`), packed for int4, uint4, int2 and uint2;
 * booleans (or 0/1) for bool, numbers or bigints for int64 and uint64,
 * re, im pairs flat for complex types. `dims` defaults to one axis.
 * Integer types take integers in their range, exactly (numpy 2's rule): NaN,
 * a fraction or a value out of range is a SpecError naming the index and the
 * value, never a wrapped number (`tw.encode` rounds and saturates instead).
 *
 * @example tw.tensor('float16', [1.5, -2, 0.1], [3])  // data: Uint16Array [0x3e00, 0xc000, 0x2e66]
 * @example tw.tensor('int4', [7, -8, 2])               // data: Uint8Array [0x87, 0x02]
 */
export function tensor<T extends DataType>(type: T, values: ValuesOf<T>, dims?: readonly number[]): Tensor<T> {
  if (!isDataType(type)) throw specError(TENSOR, 'type', `type must be one of ${Object.keys(DTYPES).join(', ')} (got ${describe(type)})`);
  const length = checkedValues(values);
  const slots = DTYPES[type].slots;
  if (length % slots !== 0) throw specError(TENSOR, 'values', `${type} takes ${slots} numbers per element (re, im): got ${length}`);
  const shape = dims ?? [length / slots];
  return new Tensor(type, float16Result(type, storageOf(type, values as ArrayLike<unknown>, length)) as DataOf<T>, shape);
}

function checkedValues(values: unknown): number {
  const length = listLength(values);
  if (length === undefined) throw specError(TENSOR, 'values', `values must be an array or typed array (got ${describe(values)})`);
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) {
    throw specError(TENSOR, 'values', `values must have a length (got ${describe(length)})`);
  }
  // More slots than memory has bytes is a list no op could take (and a typed array the engine may refuse to make).
  if (length > LIMITS.memoryBytes) throw specError(TENSOR, 'values', `values must have at most ${LIMITS.memoryBytes} entries (got length ${length})`);
  return length;
}

// Each value read once, checked, converted by the one converter (js/src/convert.ts): integers exactly, floats by the storage's rounding.
function storageOf(type: DataType, values: ArrayLike<unknown>, length: number): unknown {
  const read = (i: number): unknown => values[i];
  if (type === 'string') {
    return Array.from({ length }, (_, i) => {
      const s = read(i);
      if (typeof s !== 'string') throw specError(TENSOR, 'values', `values[${i}] must be a string (got ${describe(s)})`);
      return s;
    });
  }
  if (isNarrowType(type)) {
    const numbers = Array.from({ length }, (_, i) => (isIntegerType(type) ? toInteger(TENSOR, 'values', type, read(i), i, 'exact') as number : number(read(i), i)));
    return encode(type as NarrowType, numbers);
  }
  const out = allocated(type, length);
  for (let i = 0; i < length; i++) {
    const v = read(i);
    if (type === 'bool') {
      if (v !== true && v !== false && v !== 0 && v !== 1) throw specError(TENSOR, 'values', `values[${i}] must be a boolean or 0/1 (got ${describe(v)})`);
      out[i] = v ? 1 : 0;
    } else if (isIntegerType(type)) {
      out[i] = toInteger(TENSOR, 'values', type, v, i, 'exact');
    } else {
      out[i] = number(v, i);  // float32 and complex64 round to nearest even as the store does (Math.fround)
    }
  }
  return out;
}

/** A fresh storage array; one the engine cannot make is a SpecError with its size, not a RangeError. */
function allocated(type: Exclude<DataType, 'string'>, length: number): { [i: number]: number | bigint } {
  const Storage = storageConstructor(type);
  try {
    return new Storage(length) as unknown as { [i: number]: number | bigint };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw specError(TENSOR, 'values', `could not allocate a ${DTYPES[type].storage} of ${length} entries for ${type} (${error.message})`);
  }
}

function number(v: unknown, i: number): number {
  if (typeof v !== 'number') throw specError(TENSOR, 'values', `values[${i}] must be a number (got ${describe(v)})`);
  return v;
}
