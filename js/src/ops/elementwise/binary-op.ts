// One factory for the two-input elementwise ops (Add ... BitShift): each
// op's module lists its versions and kernel in a few lines, and this file
// makes the node runner, the legacy broadcast of opsets 1-6 and the named
// function's run.
import type { DataType } from '../../dtype.js';
import type { OpContext } from '../../errors.js';
import type { ResidentTensor, ResidentType } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import type { OpVersion } from '../definition.js';
import { intAttribute } from '../movement/read.js';
import type { OutOf } from '../out.js';
import { legacyStrides } from './broadcast.js';
import { type BinaryKernel, type Operand, type RunOptions, own, readOperands, runElementwise } from './engine.js';
import { isIntegerType } from './types.js';

/** One version of a two-input op: since, T's types, and whether it has the legacy broadcast/axis attributes (and consumed_inputs). */
export interface BinaryVersionSpec {
  readonly since: number;
  readonly T: readonly DataType[];
  readonly legacy?: 'broadcast' | 'broadcast+consumed';
  /** Attributes beyond the legacy ones (Mod's fmod, BitShift's direction). */
  readonly attributes?: readonly string[];
}

/** The OpVersion of a two-input op; a bool-output op names its output type T1. */
export function binaryVersion(spec: BinaryVersionSpec, inputs: readonly [string, string], output: string, boolOutput: boolean): OpVersion {
  // Optional fields read as own properties: a polluted Object.prototype must not add a legacy or attributes field.
  const legacy = own(spec, 'legacy');
  const attributes = legacy === 'broadcast+consumed' ? ['axis', 'broadcast', 'consumed_inputs'] : legacy === 'broadcast' ? ['axis', 'broadcast'] : [];
  return {
    since: spec.since, inputs, required: 2, outputs: [output], attributes: [...attributes, ...(own(spec, 'attributes') ?? [])],
    types: boolOutput ? { T: spec.T, T1: ['bool'] } : { T: spec.T },
  };
}

/** Whether a version has the legacy broadcast attributes (opsets 1 to 6). */
export const isLegacy = (version: OpVersion) => version.attributes.includes('broadcast');

/**
 * Runs a two-input op of one version: the operands checked (one type of T),
 * broadcast as the version says (legacy attributes, or numpy's), `kernel`
 * chosen from the type where the op needs (Mod, BitShift).
 */
export function runBinary(context: OpContext, version: OpVersion, values: readonly unknown[], attributes: Record<string, unknown>,
  kernel: BinaryKernel | ((type: DataType) => BinaryKernel), out?: unknown, divides = false, hint?: (type: DataType) => string): Tensor | ResidentTensor {
  const { operands, type } = readOperands(context, values, version.inputs, version.types.T, hint);
  const chosen = typeof kernel === 'string' ? kernel : kernel(type);
  const legacy = isLegacy(version) ? legacyBroadcast(context, operands, attributes) : undefined;
  // Integer division and modulus by 0 is a SpecError naming B's first zero (float division gives Inf or NaN).
  const divisor = divides && isIntegerType(type) ? 1 : undefined;
  return runElementwise(context, chosen, operands, out, { legacy, divisor });
}

function legacyBroadcast(context: OpContext, [[, a], [, b]]: readonly Operand[], attributes: Record<string, unknown>): RunOptions['legacy'] {
  const broadcast = intAttribute(context, 'broadcast', attributes.broadcast, 0);
  const axis = intAttribute(context, 'axis', attributes.axis);
  const bStrides = legacyStrides(context, a.dims, b.dims, broadcast, axis);
  const aStrides = legacyStrides(context, a.dims, a.dims, 0, undefined);
  return { dims: a.dims, strides: [aStrides, bStrides] };
}

/** The output type of a same-type op or a bool-output op. */
type OutType<T extends DataType, Bool extends boolean> = Bool extends true ? 'bool' : T;

/** A named two-input elementwise function: resident operands give a resident result; `out` receives it. */
export interface BinaryFunction<Bool extends boolean = false, Extra extends object = object> {
  <T extends ResidentType>(a: ResidentTensor<T>, b: ResidentTensor<T>, options?: Extra & { out?: undefined }): ResidentTensor<OutType<T, Bool>>;
  <T extends DataType>(a: TensorLike<T> | ResidentTensor<Extract<T, ResidentType>>, b: TensorLike<T> | ResidentTensor<Extract<T, ResidentType>>,
    options?: Extra & { out?: OutOf<OutType<T, Bool>> }): Tensor<OutType<T, Bool>>;
}

/** A named variadic elementwise function (Sum, Mean, Min, Max): an array of tensors. */
export interface VariadicFunction {
  <T extends ResidentType>(xs: readonly ResidentTensor<T>[], options?: { out?: undefined }): ResidentTensor<T>;
  <T extends DataType>(xs: readonly (TensorLike<T> | ResidentTensor<Extract<T, ResidentType>>)[], options?: { out?: OutOf<T> }): Tensor<T>;
}
