// Other libraries' tensors, taken wherever an op takes a Tensor. An
// onnxruntime Tensor is already a {type, data, dims} and needs nothing; a
// TensorFlow.js tensor ({dtype, shape, dataSync()}) is read here. The other
// direction, tessera tensors handed to those libraries, is interop.ts.
// (This is not interop.ts itself: that module takes resident tensors, whose
// module takes operands through tensor.ts, which reads foreign tensors here.)
import { type CheckedTensor, checkTensor } from './check-tensor.js';
import { type OpContext, describe, specError } from './errors.js';

/** The tfjs dtypes that are also tessera types of the same name and meaning. */
const TFJS_TYPES: readonly string[] = ['float32', 'int32', 'bool', 'complex64'];

/**
 * A TensorFlow.js tensor ({dtype, shape, dataSync()}; float32, int32, bool
 * and complex64 map to the types of the same name), each part read once and
 * checked; anything else without a `type` and `dims` is the op's SpecError.
 */
export function fromTfjs(value: object, context: OpContext, name: string): CheckedTensor {
  const { dtype, shape, dataSync } = value as Record<string, unknown>;
  if (typeof dataSync !== 'function' || typeof dtype !== 'string') {
    throw specError(context, name, `${name} must be a Tensor, a {type, data, dims} or a tfjs tensor (got ${describe(value)})`);
  }
  if (!TFJS_TYPES.includes(dtype)) {
    throw specError(context, name, `${name} is a tfjs ${dtype} tensor: take its values with dataSync() and build a tw.Tensor of the type you mean`);
  }
  return checkTensor(context, name, dtype, dataSync.call(value), shape);
}
