// ONNX Floor: y = floor(x) elementwise, toward -infinity.
import { DTYPES, allocateData, elementBytes } from '../dtype.js';
import type { OpContext } from '../errors.js';
import { readBytes, withScratch, writeBytes } from '../heap.js';
import { wasm } from '../module.js';
import { Tensor, type TensorLike, asTensor } from '../tensor.js';
import { type OpVersion, newest } from '../versions.js';
import { requireType } from './check.js';

/**
 * ONNX Floor-13: each element rounded toward -infinity, for float16,
 * bfloat16, float32 and float64. -0, NaN, +/-Inf and integral values come back
 * unchanged; a negative subnormal floors to -1.
 *
 * @example tw.floor(new tw.Tensor('float32', new Float32Array([-1.5, 1.2, 2]), [3])) // data [-2, 1, 2]
 */
export function floor<T extends 'float16' | 'bfloat16' | 'float32' | 'float64'>(x: TensorLike<T>): Tensor<T> {
  return runFloor(newest('Floor'), x) as Tensor<T>;
}

/** Floor as one version defines it (runNode resolves which). */
export function runFloor(version: OpVersion, input: unknown): Tensor {
  const context: OpContext = { op: 'Floor', version: version.since };
  const x = asTensor(input, context, 'X');
  requireType(context, 'X', x.type, version.types.T);

  const y = allocateData(x.type, x.size) as Float32Array;
  const bytes = x.size * elementBytes(x.type);
  if (bytes > 0) {
    withScratch(context, [bytes], ([offset]) => {
      writeBytes(offset, x.data as Float32Array);
      wasm().kernels.floor(DTYPES[x.type].onnx, offset, offset, x.size);  // in place
      readBytes(offset, y);
    });
  }
  return new Tensor(x.type, y as never, x.dims);
}
