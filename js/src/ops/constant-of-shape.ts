// ONNX ConstantOfShape: a tensor of the given shape, every element one value.
import { DTYPES, type DataType, type TensorData, allocateData, elementBytes, isPacked, storageBytes } from '../dtype.js';
import { type OpContext, specError } from '../errors.js';
import { leadingBytes } from '../typed-array.js';
import { checkedBytes, copyIn, requireReady, wasm, withScratch } from '../wasm.js';
import { ResidentTensor, type ResidentType, allocateResident, asPlainTensor } from '../resident.js';
import { Tensor, type TensorLike, tensorOf } from '../tensor.js';
import { type OpVersion, newest } from '../versions.js';
import { booleanOption } from '../options.js';
import { integerList, outputSize, requireType } from './check.js';
import { replicate } from './movement.js';
import { type OutOf, type OutOptions, checkOut, opOptions } from './out.js';

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
export function constantOfShape(shape: Shape, value?: undefined, options?: { resident?: false } & OutOptions<'float32'>): Tensor<'float32'>;
export function constantOfShape<T extends DataType>(shape: Shape, value: TensorLike<T>, options?: { resident?: false } & OutOptions<NoInfer<T>>): Tensor<T>;
// A value that may be undefined: the output is T or float32, so `out` must suit both.
export function constantOfShape<T extends DataType>(shape: Shape, value?: TensorLike<T>, options?: { resident?: false; out?: OutOf<NoInfer<T>> & OutOf<'float32'> }): Tensor<T | 'float32'>;
export function constantOfShape(shape: Shape, value?: TensorLike, options?: { resident?: boolean } & OutOptions): Tensor | ResidentTensor {
  requireReady();
  const version = newest('ConstantOfShape');
  const context: OpContext = { op: 'ConstantOfShape', version: version.since };
  const { out, resident: residentOption } = opOptions(context, options, ['resident']);
  const resident = booleanOption(context, 'resident', residentOption, false);
  if (resident && out !== undefined) throw specError(context, 'out', 'out and resident: true ask for two places: give one');
  return constantWith(context, version, 'shape', integerList(context, 'shape', shape, 'tensor-or-array'), value, resident, out);
}

/** ConstantOfShape as one version defines it (runNode resolves which); `value` is the attribute. */
export function runConstantOfShape(version: OpVersion, shape: unknown, value: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'ConstantOfShape', version: version.since };
  return constantWith(context, version, 'input', integerList(context, 'input', shape, 'tensor-only'), value, ResidentTensor.isResident(shape));
}

function constantWith(context: OpContext, version: OpVersion, shapeParam: string, dims: number[], valueArgument: unknown,
  resident: boolean, out?: unknown): Tensor | ResidentTensor {
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
  const pattern = checkedBytes(context, 'value', value.data as Exclude<TensorData, string[]>, patternBytes).slice();

  if (resident) {
    const y = allocateResident(context, type, dims, size);
    try {
      fill(context, type, pattern, y.offset, size);
    } catch (error) {
      y.dispose();  // a fill can throw (its scratch block, user code a patched built-in runs): no block left behind
      throw error;
    }
    return y;
  }
  const checkedOut = out === undefined ? undefined : checkOut(context, out, type, size);
  const output = (checkedOut?.array ?? allocateData(type, size)) as Exclude<TensorData, string[]>;
  // A fresh typed array is already zeros; `out` is filled whatever it held.
  if (checkedOut !== undefined || pattern.some((b) => b !== 0)) fillInPlace(type, leadingBytes(output, storageBytes(type, size))!, pattern, size);
  return tensorOf(type, output as never, dims, size);
}

/**
 * Fills the output where it already is: filling in WebAssembly and copying
 * out would move the bytes three times; this moves them once. Through an
 * unsigned integer view of the element's width, so every element gets the
 * value's exact bits (a float view could quiet a NaN's payload); packed
 * types byte by byte as the kernel does, the unused bits of a last partial
 * byte 0.
 */
function fillInPlace(type: ResidentType, bytes: Uint8Array, pattern: Uint8Array, size: number): void {
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
