// What an op is to the library: one definition per op, made in the op's own
// module and listed once in the registry (js/src/registry.ts). runNode, tw.OPS,
// the docs' op table, the demo's pages and every op-agnostic test suite read
// the registry; an op's named function reads only its own definition, so a
// page that imports one op carries no other.
import { type DataType, deepFreeze } from '../dtype.js';
import type { ResidentTensor } from '../resident.js';
import type { Tensor } from '../tensor.js';

/** One since_version of an op, as ONNX's schema states it. */
export interface OpVersion {
  /** The ONNX since_version (1 for ATB ops, which have no versions). */
  readonly since: number;
  /** Input names in order; the first `required` of them must be given, the rest may be omitted (undefined). */
  readonly inputs: readonly string[];
  /** How many of the inputs must be given (the rest are optional). */
  readonly required: number;
  /** The last input repeats (Concat, Sum): any count from `required` up. */
  readonly variadic?: boolean;
  /** Output names in order; a variadic output (Split's) gives as many as the node asks for. */
  readonly outputs: readonly string[];
  /** The last output repeats: the node decides how many (Split). */
  readonly variadicOutputs?: boolean;
  /** The attribute names this version takes; any other is refused. */
  readonly attributes: readonly string[];
  /** Type constraint name -> the data types it allows. */
  readonly types: Readonly<Record<string, readonly DataType[]>>;
}

/** The families ops are grouped by, in the docs and the demo's picker. */
export const FAMILIES = [
  'data movement', 'elementwise', 'reductions', 'conversion', 'quantization', 'generation', 'image and audio',
] as const;
/** The family an op belongs to: one of FAMILIES. */
export type OpFamily = (typeof FAMILIES)[number];

/** What an op gives back: one tensor, or (Split, TopK) several. */
export type OpOutput = Tensor | ResidentTensor;

/**
 * An op's runNode implementation: one version's checks and the run, over
 * inputs as given (an omitted optional input undefined), the node's own
 * attributes read once, and the node's output count where it gave one
 * (checked against the version's outputs).
 */
export type NodeRunner = (version: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>, outputs: number | undefined) => OpOutput | readonly OpOutput[];

/** An op: its schema (every version), where it sits, and how a node runs. */
export interface OpDefinition {
  /** The op type, as in an ONNX node: `'Tile'`. */
  readonly name: string;
  /** `'ai.onnx'` for ONNX ops, `'atb'` for Ascend ATB ops. */
  readonly domain: 'ai.onnx' | 'atb';
  /** Whether errors carry a version number (ATB ops have none). */
  readonly versioned: boolean;
  readonly family: OpFamily;
  /** One line for the op table and the demo's picker. */
  readonly summary: string;
  /** The named function's name: `tw.tile`. */
  readonly named: string;
  /** Ascending since_version. */
  readonly versions: readonly OpVersion[];
  readonly run: NodeRunner;
}

/**
 * An op's definition, its schema frozen (the registry hands it out as
 * tw.OPS). It is made by a function so that a bundle that never uses the op
 * drops it whole (`/* @__PURE__ *\/ defineOp(() => ({ ... }))`): built in
 * place, its type sets and helper calls would stay.
 */
export function defineOp<const D extends OpDefinition>(make: () => D): D {
  const definition = make();
  deepFreeze(definition.versions);
  return Object.freeze(definition);
}

/** The newest version of an op. */
export function newestOf(op: Pick<OpDefinition, 'versions'>): OpVersion {
  return op.versions[op.versions.length - 1];
}

/** The version an opset selects: the newest since_version <= opset, or undefined below the first. */
export function versionFor(op: Pick<OpDefinition, 'versions'>, opset: number): OpVersion | undefined {
  let chosen: OpVersion | undefined;
  for (const v of op.versions) if (v.since <= opset) chosen = v;
  return chosen;
}
