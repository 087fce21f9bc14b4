// ONNX Floor: y = floor(x) elementwise, toward -infinity.
import { DTYPES, allocateData, elementBytes } from '../dtype.js';
import type { OpContext } from '../errors.js';
import { readBytes, withScratch, writeBytes } from '../heap.js';
import { wasm } from '../module.js';
import { ResidentTensor, allocateResident } from '../resident.js';
import { type Tensor, type TensorLike, asOperand, tensorOf } from '../tensor.js';
import { type OpVersion, newest } from '../versions.js';
import { requireType } from './check.js';

/**
 * ONNX Floor-13: each element rounded toward -infinity, for float16,
 * bfloat16, float32 and float64. -0, NaN, +/-Inf and integral values come back
 * unchanged; a negative subnormal floors to -1.
 *
 * @example tw.floor(new tw.Tensor('float32', new Float32Array([-1.5, 1.2, 2]), [3])) // data [-2, 1, 2]
 */
export function floor<T extends FloorType>(x: ResidentTensor<T>): ResidentTensor<T>;
export function floor<T extends FloorType>(x: TensorLike<T>): Tensor<T>;
export function floor(x: TensorLike | ResidentTensor): Tensor | ResidentTensor {
  return runFloor(newest('Floor'), x);
}

type FloorType = 'float16' | 'bfloat16' | 'float32' | 'float64';

/** Floor as one version defines it (runNode resolves which). */
export function runFloor(version: OpVersion, input: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Floor', version: version.since };
  const x = asOperand(input, context, 'X');
  requireType(context, 'X', x.type, version.types.T);
  const onnxType = DTYPES[x.type].onnx;

  if (x instanceof ResidentTensor) {
    const y = allocateResident(context, x.type, x.dims, x.size);
    if (x.size > 0) wasm().kernels.floor(onnxType, x.offset, y.offset, x.size);
    return y;
  }

  const y = allocateData(x.type, x.size) as Float32Array;
  const bytes = x.size * elementBytes(x.type);
  if (bytes > 0) {
    withScratch(context, [bytes], ([offset]) => {
      writeBytes(offset, x.data as Float32Array);
      wasm().kernels.floor(onnxType, offset, offset, x.size);  // in place
      readBytes(offset, y);
    });
  }
  return tensorOf(x.type, y as never, x.dims, x.size);
}
