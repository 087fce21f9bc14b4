// The unary elementwise ops' one engine: each op (unary-ops.ts) is a schema
// and a UNARY_OPS code; this module checks the input, makes the map plan
// over the unary kernel (cpp/src/kernels/unary.cc) and hands it to the
// dispatcher, which gives `out`, resident results and in-place runs as it
// does Floor's. The float8 kinds IsNaN-20 and IsInf-20 take have no kernel:
// a 256-entry table per type and op, read in JS (float8.ts).
import { DTYPES, type DataType } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { UNARY_OPS } from '../../generated/elementwise.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { writeParams } from '../../wasm.js';
import { requireType } from '../check.js';
import { type OpDefinition, type OpVersion, newestOf } from '../definition.js';
import { type MapLoop, type MapOps, type MapPlan, dispatch } from '../dispatch.js';
import { type OwnOptions, readOptions } from '../../options.js';
import { checkOut } from '../out.js';
import { float8Kernel, float8Loop } from './float8.js';

export type UnaryCode = keyof typeof UNARY_OPS;

/** What one call maps with: the kernel's type number, op code and parameter words, or a float8 table. */
interface UnaryArgs {
  readonly onnxType: number;
  readonly code: number;
  /** The kernel's params as uint32 words (Clip's bounds, IsInf's flags), [] for none. */
  readonly params: readonly number[];
  /** A float8 input's table (IsNaN, IsInf): output byte for each input byte. */
  readonly table?: Uint8Array;
}

const UNARY: MapOps<UnaryArgs> = {
  kernel: (kernels, x, y, size, args) => {
    if (args.table !== undefined) float8Kernel(x, y, size, args.table);
    // The params block is written just before the call: the next call's go there too.
    else kernels.unary(x, y, size, args.onnxType, args.code, args.params.length === 0 ? 0 : writeParams(args.params));
  },
  loopFor: (args) => (args.table === undefined ? undefined : float8Loop(args.table) as MapLoop),
};

/** What an op with arguments of its own (Clip's bounds, IsInf's flags) gives the map once the input's type is checked. */
export interface UnaryExtras {
  /** The kernel's params as uint32 words. */
  readonly params?: readonly number[];
  /** A float8 input's table (IsNaN, IsInf). */
  readonly table?: Uint8Array;
}

/** Reads an op's own arguments for an input of `type` (checked against the version), before anything is written. */
export type ExtrasFor = (type: DataType, context: OpContext) => UnaryExtras;

/**
 * Runs unary op `code` of `op` at `version` on `input` (its schema name
 * `inputName`), into `out` when given: the output has the input's type, or
 * bool for Not, IsNaN and IsInf.
 */
export function runUnary(op: string, version: OpVersion, code: UnaryCode, inputName: string, input: unknown, out: unknown,
  extrasFor?: ExtrasFor): Tensor | ResidentTensor {
  const context: OpContext = { op, version: version.since };
  const x = asOperand(input, context, inputName);
  const types = version.types.T ?? version.types.T1;
  requireType(context, inputName, x.type, types, integerHint(op));
  const entry = UNARY_OPS[code];
  const extras = extrasFor?.(x.type, context) ?? {};
  const outType: ResidentType = entry.output === 'bool' ? 'bool' : x.type as ResidentType;
  // Any overlap with the input is fine: it is copied into the module before anything is written, or the loop reads first.
  const checkedOut = out === undefined ? undefined : checkOut(context, out, outType, x.size, { inputs: [[inputName, x]], inPlace: true });
  const args: UnaryArgs = { onnxType: DTYPES[x.type as ResidentType].onnx, code: entry.code, params: extras.params ?? [], table: extras.table };
  const plan: MapPlan<UnaryArgs> = { kind: 'map', context, input: x, inputName, outType, ops: UNARY, args };
  return dispatch(plan, checkedOut);
}

// Ceil, Round and the float-only ops of an integer tensor: say what the integer already is.
function integerHint(op: string): ((type: DataType) => string) | undefined {
  if (op !== 'Ceil' && op !== 'Round') return undefined;
  return (type) => (/^u?int\d+$/.test(type) ? '; integers are already whole: use the tensor as it is' : '');
}

/** A unary op's node runner where the op has no attributes of its own (consumed_inputs is accepted and ignored). */
export function plainRunner(op: string, code: UnaryCode, inputName: string): OpDefinition['run'] {
  return (version, [x]) => runUnary(op, version, code, inputName, x, undefined);
}

/** A named unary function's options: `out` and the op's own keys, read once. */
export function namedOptions<K extends string>(op: Pick<OpDefinition, 'name' | 'versions'>, options: unknown, keys: readonly K[]):
  { version: OpVersion; context: OpContext; options: OwnOptions<'out' | K> } {
  const version = newestOf(op);
  const context: OpContext = { op: op.name, version: version.since };
  return { version, context, options: readOptions(context, 'options', options, ['out', ...keys]) };
}

/** A 0/1 flag: an int attribute (number or bigint) or, in the named functions, a boolean; `fallback` when absent. */
export function flag(context: OpContext, name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1 || value === 0n || value === 1n) return value === 1 || value === 1n;
  throw specError(context, name, `${name} must be 0 or 1 (got ${describe(value)})`);
}
