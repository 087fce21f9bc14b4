// What ScatterElements, Scatter and ScatterND share: the reduction
// attribute, the updates operand, and strings, which never enter
// WebAssembly: data and updates become uint32 indices into their strings
// joined (0..n-1 for data, n.. for updates), the numbers are scattered, and
// the strings follow.
import { DTYPES, type DataType } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { type ResidentTensor, asOperand } from '../../resident.js';
import { type Tensor, resultOf } from '../../tensor.js';
import type { OpVersion } from '../definition.js';

/** A scatter's reduction, as the kernels number it (tessera::Reduction). */
export const REDUCTIONS = ['none', 'add', 'mul', 'max', 'min'] as const;
/** ScatterElements' and ScatterND's reduction: how an update meets the element it lands on. */
export type Reduction = (typeof REDUCTIONS)[number];

/** The reductions a version allows: none before 16, add and mul from 16, max and min from 18. */
function allowedReductions(version: OpVersion): readonly Reduction[] {
  if (!version.attributes.includes('reduction')) return ['none'];
  return version.since >= 18 ? REDUCTIONS : ['none', 'add', 'mul'];
}

/** The reduction attribute or option, checked against the version and the data's type. */
export function readReduction(context: OpContext, version: OpVersion, value: unknown, type: DataType): Reduction {
  const allowed = allowedReductions(version);
  if (value === undefined) return 'none';
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw specError(context, 'reduction', `reduction must be one of ${allowed.join(', ')} (got ${describe(value)})`);
  }
  const reduction = value as Reduction;
  if (reduction !== 'none' && type === 'string') {
    throw specError(context, 'reduction', `reduction ${reduction} needs numbers: a string tensor takes reduction none only`);
  }
  if ((reduction === 'max' || reduction === 'min') && (type === 'complex64' || type === 'complex128')) {
    throw specError(context, 'reduction', `reduction ${reduction} needs an order: complex numbers (${type}) have none`);
  }
  return reduction;
}

/** The updates input: a tensor of the data's type. */
export function updatesOperand(context: OpContext, value: unknown, type: DataType): Tensor | ResidentTensor {
  const updates = asOperand(value, context, 'updates');
  if (updates.type !== type) throw specError(context, 'updates', `updates must have the data's type ${type} (got ${updates.type})`);
  return updates;
}

/** The ONNX type number the kernel's reducer reads. */
export const onnxNumber = (type: DataType) => DTYPES[type].onnx;

/**
 * A string scatter as a uint32 one: `run` scatters the index tensors made
 * here (data 0..n-1, updates n..n+m-1); the strings follow the result.
 */
export function scatterStrings(data: Tensor, updates: Tensor, run: (data: Tensor<'uint32'>, updates: Tensor<'uint32'>) => Tensor): Tensor {
  const strings = [...(data.data as string[]).slice(0, data.size), ...(updates.data as string[]).slice(0, updates.size)];
  const at = (from: number, n: number) => {
    const a = new Uint32Array(n);
    for (let i = 0; i < n; i++) a[i] = from + i;
    return a;
  };
  const moved = run(resultOf('uint32', at(0, data.size), data.dims, data.size), resultOf('uint32', at(data.size, updates.size), updates.dims, updates.size));
  const picks = moved.data as Uint32Array;
  const out = new Array<string>(moved.size);
  for (let i = 0; i < moved.size; i++) out[i] = strings[picks[i]];
  return resultOf('string', out, moved.dims, moved.size);
}

