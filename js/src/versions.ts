// The one table of ops and their versions: since_version, inputs, attributes
// and type constraints, straight from the ONNX operator schemas (Tile, Floor, ConstantOfShape) and Ascend ATB's AsStrided. runNode
// resolves an opset against it as ONNX does; every op reads its type sets here.
import { type DataType, deepFreeze } from './dtype.js';

export interface OpVersion {
  /** The ONNX since_version (1 for ATB ops, which have no versions). */
  readonly since: number;
  /** Input names in order; the first `required` of them must be given. */
  readonly inputs: readonly string[];
  readonly required: number;
  readonly attributes: readonly string[];
  /** Type constraint name -> the data types it allows. */
  readonly types: Readonly<Record<string, readonly DataType[]>>;
}

export interface OpSchema {
  readonly domain: 'ai.onnx' | 'atb';
  /** Whether errors carry a version number (ATB ops have none). */
  readonly versioned: boolean;
  /** Ascending since_version. */
  readonly versions: readonly OpVersion[];
}

const FLOATS = ['float16', 'float32', 'float64'] as const satisfies readonly DataType[];
const NUMERIC_AND_BOOL = [
  'bool', 'float16', 'float32', 'float64', 'int8', 'int16', 'int32', 'int64',
  'uint8', 'uint16', 'uint32', 'uint64',
] as const satisfies readonly DataType[];
const TILE_6 = [...NUMERIC_AND_BOOL, 'complex64', 'complex128', 'string'] as const satisfies readonly DataType[];

const COS_9 = NUMERIC_AND_BOOL;
const COS_20 = [...COS_9, 'bfloat16', 'float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz'] as const satisfies readonly DataType[];
const COS_21 = [...COS_20, 'int4', 'uint4'] as const satisfies readonly DataType[];
const COS_23 = [...COS_21, 'float4e2m1'] as const satisfies readonly DataType[];
const COS_24 = [...COS_23, 'float8e8m0'] as const satisfies readonly DataType[];
const COS_25 = [...COS_24, 'int2', 'uint2'] as const satisfies readonly DataType[];

function constantOfShape(since: number, T2: readonly DataType[]): OpVersion {
  return { since, inputs: ['input'], required: 1, attributes: ['value'], types: { T1: ['int64'], T2 } };
}

/**
 * Every op and its versions, as `runNode` resolves them: for each op its
 * domain and, per since_version, its inputs, attributes and the data types
 * each type constraint allows (e.g. `OPS.Floor.versions[1].types.T`).
 */
export const OPS = deepFreeze({
  Floor: {
    domain: 'ai.onnx',
    versioned: true,
    versions: [
      { since: 1, inputs: ['X'], required: 1, attributes: ['consumed_inputs'], types: { T: FLOATS } },
      { since: 6, inputs: ['X'], required: 1, attributes: [], types: { T: FLOATS } },
      { since: 13, inputs: ['X'], required: 1, attributes: [], types: { T: [...FLOATS, 'bfloat16'] } },
    ],
  },
  Tile: {
    domain: 'ai.onnx',
    versioned: true,
    versions: [
      // The schema types tiles and axis as T; its note says int64. Both are taken.
      { since: 1, inputs: ['input', 'tiles', 'axis'], required: 3, attributes: [], types: { T: FLOATS, T1: ['int64'] } },
      { since: 6, inputs: ['input', 'repeats'], required: 2, attributes: [], types: { T: TILE_6, T1: ['int64'] } },
      { since: 13, inputs: ['input', 'repeats'], required: 2, attributes: [], types: { T: [...TILE_6, 'bfloat16'], T1: ['int64'] } },
    ],
  },
  ConstantOfShape: {
    domain: 'ai.onnx',
    versioned: true,
    versions: [
      constantOfShape(9, COS_9), constantOfShape(20, COS_20), constantOfShape(21, COS_21),
      constantOfShape(23, COS_23), constantOfShape(24, COS_24), constantOfShape(25, COS_25),
    ],
  },
  AsStrided: {
    domain: 'atb',
    versioned: false,
    versions: [
      { since: 1, inputs: ['x'], required: 1, attributes: ['size', 'stride', 'offset'], types: { T: ['float16', 'int64'] } },
    ],
  },
} as const satisfies Record<string, OpSchema>);

export type OpType = keyof typeof OPS;

/** The newest version of an op. */
export function newest(op: OpType): OpVersion {
  const versions: readonly OpVersion[] = OPS[op].versions;
  return versions[versions.length - 1];
}

/** The version an opset selects: the newest since_version <= opset, or undefined below the first. */
export function resolve(op: OpType, opset: number): OpVersion | undefined {
  let chosen: OpVersion | undefined;
  for (const v of OPS[op].versions as readonly OpVersion[]) if (v.since <= opset) chosen = v;
  return chosen;
}
