// runNode: one ONNX-style node, resolved against its opset as ONNX does.
import { type OpContext, SpecError, describe, specError } from './errors.js';
import { readOptions } from './options.js';
import type { OpDefinition, OpOutput, OpVersion } from './ops/definition.js';
import { versionFor } from './ops/definition.js';
import { REGISTRY, registered } from './registry.js';
import type { ResidentTensor } from './resident.js';
import { requireReady } from './wasm.js';
import type { Tensor, TensorLike } from './tensor.js';

/** A node to run: the op, its domain, the model's opset import and the node's attributes. */
export interface NodeSpec {
  /** The op: any op of `tw.OPS`, such as `'Tile'` (domain ai.onnx) or `'AsStrided'` (domain atb). */
  opType: string;
  /** `''` or `'ai.onnx'` (default) for ONNX ops, `'atb'` for Ascend ATB ops. */
  domain?: string;
  /** The model's opset import for the domain; default: the newest version. */
  opset?: number;
  /** The node's attributes by name, e.g. `{ size, stride, offset }` for AsStrided or `{ value }` for ConstantOfShape. Integers may be numbers or bigints. */
  attributes?: Record<string, unknown>;
  /** The node's output count, for the ops whose count the node decides (Split without `split` before version 18). */
  outputs?: number;
}

/**
 * Runs one node as the version its opset selects would: that version's
 * inputs, attributes and type constraints hold, and a breach is a SpecError.
 * Outputs are resident when every tensor input is (see `toResident`).
 *
 * @example tw.runNode({ opType: 'Floor', opset: 6 }, [x]) // Floor-6: no bfloat16
 */
export function runNode(node: NodeSpec, inputs: readonly TensorLike[]): Tensor[];
export function runNode(node: NodeSpec, inputs: readonly (TensorLike | ResidentTensor)[]): (Tensor | ResidentTensor)[];
export function runNode(node: NodeSpec, inputs: readonly unknown[]): (Tensor | ResidentTensor)[] {
  requireReady();
  if (node === undefined) throw specError({ op: 'runNode' }, 'node', 'node must be an object (got undefined)');
  // The node's own fields, each read once: an inherited `opset` (a polluted Object.prototype) is not the caller's.
  const { opType, opset, domain: domainField, attributes, outputs } = readOptions({ op: 'runNode' }, 'node', node, NODE_FIELDS, 'field');
  const domain = domainField === undefined || domainField === '' ? 'ai.onnx' : domainField;
  if (typeof opType !== 'string') throw specError({ op: 'runNode' }, 'opType', `node.opType must be a string (got ${describe(opType)})`);
  const op = typeof domain === 'string' ? registered(opType, domain) : undefined;
  if (op === undefined) {
    throw specError({ op: opType }, 'opType', `no op ${describe(opType)} in domain ${describe(domain)} (known: ${knownOps()})`);
  }
  const versions = op.versions;
  const requested = opset ?? versions[versions.length - 1].since;
  if (typeof requested !== 'number' || !Number.isSafeInteger(requested) || requested < 1) {
    throw specError({ op: opType }, 'opset', `opset must be a positive integer (got ${describe(opset)})`);
  }
  const version = versionFor(op, requested);
  if (!version) {
    throw specError({ op: opType }, 'opset', `opset ${requested} is below the op's first version ${versions[0].since}`);
  }
  const context: OpContext = { op: opType, version: op.versioned ? version.since : undefined };
  try {
    return runVersion(context, op, version, attributes, inputs, outputCount(context, version, outputs));
  } catch (error) {
    throw opset === undefined || requested === version.since || !op.versioned ? error : withOpset(error, requested);
  }
}

// An error of Tile-6 from a model of opset 12: say which opset chose the version.
function withOpset(error: unknown, opset: number): unknown {
  if (!(error instanceof SpecError) || error.version === undefined) return error;
  const name = `${error.op}-${error.version}`;
  const message = error.message.startsWith(`${name}: `) ? error.message.slice(name.length + 2) : error.message;
  return new SpecError(error.op, error.version, `${message} (opset ${opset} resolves to ${name}, the newest version <= ${opset})`, error.param);
}

function runVersion(context: OpContext, op: OpDefinition, version: OpVersion, attributes: unknown, inputs: readonly unknown[],
  outputs: number | undefined): OpOutput[] {
  if (!Array.isArray(inputs)) throw specError(context, 'inputs', `inputs must be an array of tensors (got ${describe(inputs)})`);
  const count: number = inputs.length;
  if (count < version.required || (count > version.inputs.length && !version.variadic)) {
    const most = version.variadic ? 'or more' : version.required === version.inputs.length ? '' : `to ${version.inputs.length}`;
    const expected = most === '' ? `${version.required}` : `${version.required} ${most}`;
    throw specError(context, 'inputs', `takes ${expected} inputs (${version.inputs.join(', ')}${version.variadic ? ', ...' : ''}), got ${count}`);
  }
  // Each entry read once; an optional input may be omitted as undefined or null (a model's '' input).
  const given = new Array<unknown>(count);
  for (let i = 0; i < count; i++) {
    const input: unknown = inputs[i];
    given[i] = input === null && i >= version.required ? undefined : input;
  }
  const results = op.run(version, given, ownAttributes(context, version, attributes), outputs);
  return Array.isArray(results) ? [...results as readonly OpOutput[]] : [results as OpOutput];
}

/** node.outputs: a count from 1 up, at most the version's outputs unless they are variadic. */
function outputCount(context: OpContext, version: OpVersion, outputs: unknown): number | undefined {
  if (outputs === undefined) return undefined;
  const most = version.variadicOutputs ? Number.MAX_SAFE_INTEGER : version.outputs.length;
  if (typeof outputs !== 'number' || !Number.isSafeInteger(outputs) || outputs < 1 || outputs > most) {
    const range = version.variadicOutputs ? 'a positive integer' : `an integer from 1 to ${most} (${version.outputs.join(', ')})`;
    throw specError(context, 'outputs', `node.outputs must be ${range} (got ${describe(outputs)})`);
  }
  return outputs;
}

const NODE_FIELDS = ['opType', 'domain', 'opset', 'attributes', 'outputs'] as const;

/** The node's attributes, own ones only, each read once into a record with no prototype; unknown names refused. */
function ownAttributes(context: OpContext, version: OpVersion, attributes: unknown): Record<string, unknown> {
  return readOptions(context, 'attributes', attributes, version.attributes, 'attribute') as Record<string, unknown>;
}

function knownOps(): string {
  return (REGISTRY as readonly OpDefinition[]).map((op) => `${op.name} (${op.domain})`).join(', ');
}
