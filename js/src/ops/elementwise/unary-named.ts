// The type of a unary op's named function: a resident input without `out`
// gives a resident result; `extra` is the op's own options (Clip's min and
// max, IsInf's flags). Types are checked when the call runs (the op's newest
// version lists them), as for a Tensor whose type is not known statically.
import type { DataType } from '../../dtype.js';
import type { ResidentTensor, ResidentType } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import type { OutOf, OutOptions } from '../out.js';

/** A map whose output has the input's type (Neg, Exp, Clip). */
export interface SameTypeMap<Extra = object> {
  <T extends ResidentType>(x: ResidentTensor<T>, options?: Extra & { out?: undefined }): ResidentTensor<T>;
  <T extends ResidentType>(x: ResidentTensor<T>, options: Extra & { out: OutOf<T> }): Tensor<T>;
  <T extends DataType>(x: TensorLike<T>, options?: Extra & OutOptions<T>): Tensor<T>;
}

/** A map whose output is bool (Not, IsNaN, IsInf). */
export interface BoolMap<Extra = object> {
  (x: ResidentTensor, options?: Extra & { out?: undefined }): ResidentTensor<'bool'>;
  (x: ResidentTensor, options: Extra & { out: OutOf<'bool'> }): Tensor<'bool'>;
  (x: TensorLike, options?: Extra & OutOptions<'bool'>): Tensor<'bool'>;
}
