// ONNX Identity: the input itself, as a fresh copy (results never share an input's data).
import type { DataType } from '../../dtype.js';
import type { OpContext } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, outOption } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V19, ALL_TYPES_V21, ALL_TYPES_V23, ALL_TYPES_V24, ALL_TYPES_V25, ALL_TYPES_V6 } from '../type-sets.js';
import { relabel } from './relabel.js';

// From 14 the schema's V also takes sequences and optionals; tensors are what this library has.
const version = (since: number, T: readonly DataType[]): OpVersion =>
  ({ since, inputs: ['input'], required: 1, outputs: ['output'], attributes: [], types: since >= 14 ? { V: T } : { T } });

/** Identity's every version. */
export const IDENTITY_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Identity',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The input, copied (tensors; sequences and optionals are not tensors).',
  named: 'identity',
  versions: [
    version(1, ALL_TYPES_V6), version(13, ALL_TYPES_V13), version(14, ALL_TYPES_V13), version(16, ALL_TYPES_V13),
    version(19, ALL_TYPES_V19), version(21, ALL_TYPES_V21), version(23, ALL_TYPES_V23), version(24, ALL_TYPES_V24), version(25, ALL_TYPES_V25),
  ],
  run: (v, [input]) => identityWith({ op: 'Identity', version: v.since }, v, input),
}));

/**
 * ONNX Identity-25: a copy of the input (a resident one stays resident). Every type.
 *
 * @example tw.identity(x, { out })  // x's elements into out
 */
export function identity<T extends ResidentType>(input: ResidentTensor<T>, options?: { out?: undefined }): ResidentTensor<T>;
export function identity<T extends ResidentType>(input: ResidentTensor<T>, options: { out: OutOf<T> }): Tensor<T>;
export function identity<T extends DataType>(input: TensorLike<T>, options?: OutOptions<T>): Tensor<T>;
export function identity(input: TensorLike | ResidentTensor, options?: OutOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(IDENTITY_OP);
  const context: OpContext = { op: 'Identity', version: v.since };
  return identityWith(context, v, input, outOption(context, options));
}

function identityWith(context: OpContext, v: OpVersion, value: unknown, out?: unknown): Tensor | ResidentTensor {
  const x = asOperand(value, context, 'input');
  requireType(context, 'input', x.type, (v.types.V ?? v.types.T)!);
  return relabel(context, x, x.dims, out, 'input');
}
