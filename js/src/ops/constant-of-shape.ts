// ONNX ConstantOfShape: a tensor of the given shape, every element one value.
import { DTYPES, type DataType, type TensorData, allocateData, elementBytes, isPacked, storageBytes } from '../dtype.js';
import { type OpContext, specError } from '../errors.js';
import { bytesNow } from '../typed-array.js';
import { copyIn, copyOut, requireReady, wasm, withScratch } from '../wasm.js';
import { ResidentTensor, type ResidentType, allocateResident, asPlainTensor } from '../resident.js';
import { Tensor, type TensorLike, tensorOf } from '../tensor.js';
import { type OpVersion, newest } from '../versions.js';
import { integerList, outputSize, requireType } from './check.js';

/** A shape: a 1-D int64 tensor, or a plain array of integers. */
export type Shape = TensorLike<'int64'> | ArrayLike<number | bigint>;

// Without a value the result is float32: its own overload, since a defaulted
// type parameter would be inferred from where the result is assigned instead.
/**
 * ONNX ConstantOfShape (newest version, 25): a tensor of dims `shape` whose
 * every element is `value`'s one element, of `value`'s type (float32 zeros
 * without it). An empty shape gives a scalar; a 0 in it, an empty tensor.
 *
 * @example tw.constantOfShape([2, 3], new tw.Tensor('int32', new Int32Array([7]), [1]))
 *          // int32, dims [2, 3], data [7, 7, 7, 7, 7, 7]
 */
export function constantOfShape(shape: Shape, value: undefined, options: { resident: true }): ResidentTensor<'float32'>;
export function constantOfShape<T extends ResidentType>(shape: Shape, value: TensorLike<T>, options: { resident: true }): ResidentTensor<T>;
export function constantOfShape(shape: Shape, value?: undefined, options?: { resident?: false }): Tensor<'float32'>;
export function constantOfShape<T extends DataType>(shape: Shape, value: TensorLike<T>, options?: { resident?: false }): Tensor<T>;
export function constantOfShape<T extends DataType>(shape: Shape, value?: TensorLike<T>, options?: { resident?: false }): Tensor<T | 'float32'>;
export function constantOfShape(shape: Shape, value?: TensorLike, options?: { resident?: boolean }): Tensor | ResidentTensor {
  requireReady();
  const version = newest('ConstantOfShape');
  const context: OpContext = { op: 'ConstantOfShape', version: version.since };
  return constantWith(context, version, 'shape', integerList(context, 'shape', shape, 'tensor-or-array'), value, options?.resident === true);
}

/** ConstantOfShape as one version defines it (runNode resolves which); `value` is the attribute. */
export function runConstantOfShape(version: OpVersion, shape: unknown, value: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'ConstantOfShape', version: version.since };
  return constantWith(context, version, 'input', integerList(context, 'input', shape, 'tensor-only'), value, ResidentTensor.isResident(shape));
}

function constantWith(context: OpContext, version: OpVersion, shapeParam: string, dims: number[], valueArgument: unknown,
  resident: boolean): Tensor | ResidentTensor {
  dims.forEach((d, i) => {
    if (d < 0) throw specError(context, shapeParam, `${shapeParam}[${i}] must be >= 0 (got ${d})`);
  });
  const value = valueArgument === undefined
    ? new Tensor('float32', new Float32Array(1), [1])
    : asPlainTensor(valueArgument, context, 'value');
  requireType(context, 'value', value.type, version.types.T2);
  if (value.size !== 1) {
    throw specError(context, 'value', `value must hold exactly one element (got ${value.size}, dims [${value.dims.join(', ')}])`);
  }
  const size = outputSize(context, shapeParam, dims, elementBytes(value.type));
  const type = value.type as ResidentType;
  // The value's storage bytes, copied: one element (one byte for a packed type).
  const patternBytes = Math.ceil(elementBytes(type));
  const pattern = bytesNow(value.data as Exclude<TensorData, string[]>).slice(0, patternBytes);
  if (pattern.length < patternBytes) {
    throw specError(context, 'value', `value data shrank after it was checked (${patternBytes} bytes expected, ${pattern.length} now)`);
  }

  if (resident) {
    const y = allocateResident(context, type, dims, size);
    fill(context, type, pattern, y.offset, size);
    return y;
  }
  const output = allocateData(type, size) as Exclude<TensorData, string[]>;
  // A fresh typed array is already zeros: nothing to fill.
  if (size > 0 && pattern.some((b) => b !== 0) && !fillInPlace(type, output, pattern)) {
    const bytes = storageBytes(type, size);
    withScratch(context, [bytes], ([y]) => {
      fill(context, type, pattern, y, size);
      copyOut(y, output, bytes);
    });
  }
  return tensorOf(type, output as never, dims, size);
}

/**
 * Fills the output where it already is, through an unsigned integer view of
 * the element's width, so every element gets the value's exact bits (a float
 * view could quiet a NaN's payload). Filling in WebAssembly and copying out
 * would move the bytes three times; `fill` moves them once. False for packed
 * types and 16-byte elements, which the kernel fills.
 */
function fillInPlace(type: ResidentType, output: Exclude<TensorData, string[]>, pattern: Uint8Array): boolean {
  if (isPacked(type)) return false;
  const bits = pattern.slice().buffer;  // aligned for any view
  const { buffer, byteOffset, byteLength } = output;
  switch (pattern.byteLength) {
    case 1: new Uint8Array(buffer, byteOffset, byteLength).fill(pattern[0]); return true;
    case 2: new Uint16Array(buffer, byteOffset, byteLength / 2).fill(new Uint16Array(bits)[0]); return true;
    case 4: new Uint32Array(buffer, byteOffset, byteLength / 4).fill(new Uint32Array(bits)[0]); return true;
    case 8: new BigUint64Array(buffer, byteOffset, byteLength / 8).fill(new BigUint64Array(bits)[0]); return true;
    default: return false;
  }
}

/** Fills `size` elements at `y` with the one element whose storage bytes are `pattern`. */
function fill(context: OpContext, type: ResidentType, pattern: Uint8Array, y: number, size: number): void {
  if (size === 0) return;
  const { kernels } = wasm();
  if (isPacked(type)) {
    // Whole bytes and a tail: a 2-bit count may pass 2^32, more than the kernel's i32 holds.
    const bits = DTYPES[type].bits;
    const perByte = 8 / bits;
    kernels.fillPacked(y, Math.floor(size / perByte), size % perByte, bits, pattern[0] & ((1 << bits) - 1));
    return;
  }
  withScratch(context, [pattern.byteLength], ([valueOffset]) => {
    copyIn(context, 'value', valueOffset, pattern, pattern.byteLength);
    kernels.fill(y, size, elementBytes(type), valueOffset);
  });
}
