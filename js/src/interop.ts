// Hand-offs to onnxruntime-web and TensorFlow.js, with no dependency on
// either: each helper takes the caller's own module. The other direction
// needs no helper: an onnxruntime-web Tensor is a {type, data, dims}, and a
// tfjs tensor ({dtype, shape, dataSync()}) is taken wherever a Tensor is
// (foreign.ts reads it).
import type { DataType } from './dtype.js';
import { type OpContext, specError } from './errors.js';
import { asPlainTensor, type ResidentTensor } from './resident.js';
import type { Tensor, TensorLike } from './tensor.js';
import { isNarrowType } from './formats.js';
import { ownValue } from './options.js';
import { decode } from './values.js';

/** What `toOrt` needs of onnxruntime-web (or onnxruntime-node, onnxruntime-common): its Tensor class. */
export interface OrtModule<OrtTensor> {
  /** The module's `Tensor` class. */
  Tensor: {
    /** `new ort.Tensor(type, data, dims)`. */
    new (type: never, data: never, dims: readonly number[]): OrtTensor;
  };
}

/**
 * A tessera tensor as an `ort.Tensor` of the caller's onnxruntime module
 * (same type, data and dims; the data is shared, not copied; a resident
 * tensor is copied out). A tessera Tensor also works directly as a feed of
 * `session.run`: this helper is for code that wants the ort class itself.
 *
 * @example
 * import * as ort from 'onnxruntime-web';
 * const feeds = { x: tw.toOrt(ort, tw.floor(x)) };
 */
export function toOrt<OrtTensor>(ort: OrtModule<OrtTensor>, t: TensorLike | ResidentTensor): OrtTensor {
  const context: OpContext = { op: 'toOrt' };
  const tensor = asPlainTensor(t, context, 't');
  const TensorClass = moduleExport(ort, 'Tensor') as OrtModule<OrtTensor>['Tensor'] | undefined;
  if (typeof TensorClass !== 'function') throw specError(context, 'ort', 'ort must be the onnxruntime module (import * as ort from \'onnxruntime-web\')');
  return new TensorClass(tensor.type as never, tensor.data as never, tensor.dims);
}

/** What `toTfjs` needs of TensorFlow.js: `tf.tensor`. */
export interface TfjsModule<TfTensor> {
  /** `tf.tensor(values, shape, dtype)`. */
  tensor: (values: never, shape: number[], dtype: 'float32' | 'int32' | 'bool' | 'complex64' | 'string') => TfTensor;
}

// tfjs has float32, int32, bool, complex64 and string. These convert to one
// of them exactly; the rest (float64, int64, uint32, uint64) would lose
// values, and are refused, as are the complex types (tfjs makes those with
// tf.complex(real, imag), from two tensors).
const TFJS_EXACT: Partial<Record<DataType, 'float32' | 'int32' | 'bool' | 'string'>> = {
  float32: 'float32', int32: 'int32', bool: 'bool', string: 'string',
  int8: 'int32', uint8: 'int32', int16: 'int32', uint16: 'int32', int4: 'int32', uint4: 'int32', int2: 'int32', uint2: 'int32',
  float16: 'float32', bfloat16: 'float32', float8e4m3fn: 'float32', float8e4m3fnuz: 'float32', float8e5m2: 'float32',
  float8e5m2fnuz: 'float32', float8e8m0: 'float32', float4e2m1: 'float32',
};

/**
 * A tessera tensor as a tensor of the caller's TensorFlow.js, converted
 * exactly: small integer types to int32, float16, bfloat16, the float8 and
 * float4 types to float32 (decoded), the rest as they are. Types tfjs cannot
 * hold without loss (float64, int64, uint32, uint64, and the complex types) are a
 * SpecError.
 *
 * @example
 * import * as tf from '@tensorflow/tfjs';
 * const y = tw.toTfjs(tf, tw.tile(x, [2, 2]));
 */
export function toTfjs<TfTensor>(tf: TfjsModule<TfTensor>, t: TensorLike | ResidentTensor | Tensor): TfTensor {
  const context: OpContext = { op: 'toTfjs' };
  const tensor = asPlainTensor(t, context, 't');
  const tfTensor = moduleExport(tf, 'tensor') as TfjsModule<TfTensor>['tensor'] | undefined;
  if (typeof tfTensor !== 'function') throw specError(context, 'tf', 'tf must be the TensorFlow.js module (import * as tf from \'@tensorflow/tfjs\')');
  const dtype = TFJS_EXACT[tensor.type];
  if (dtype === undefined) {
    throw specError(context, 't', `tfjs cannot hold ${tensor.type} exactly (float32, int32, bool and string only; complex through tf.complex): convert it yourself if a loss is fine`);
  }
  const values = tensor.type === dtype ? tensor.data
    : dtype === 'int32' && !isNarrowType(tensor.type) ? Int32Array.from(tensor.data as ArrayLike<number>)
    : dtype === 'int32' ? Int32Array.from(decode(tensor))
    : Float32Array.from(decode(tensor));
  return tfTensor.call(tf, values as never, [...tensor.dims], dtype);
}

// A module's export, an own property read once (a module namespace's, or a
// CommonJS exports object's): an inherited `Tensor` on a polluted
// Object.prototype is not the caller's module.
function moduleExport(module: unknown, name: string): unknown {
  return typeof module === 'object' && module !== null ? ownValue(module, name) : undefined;
}
