// The one table of ops and their versions: since_version, inputs, attributes
// and type constraints, straight from the ONNX operator schemas (Tile, Floor, ConstantOfShape, Cast, CastLike) and Ascend ATB's AsStrided. runNode
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

const CAST_1 = NUMERIC_AND_BOOL;
const CAST_9 = [...CAST_1, 'string'] as const satisfies readonly DataType[];
const CAST_13 = [...CAST_9, 'bfloat16'] as const satisfies readonly DataType[];
const CAST_19 = [...CAST_13, 'float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz'] as const satisfies readonly DataType[];
const CAST_21 = [...CAST_19, 'uint4', 'int4'] as const satisfies readonly DataType[];
const CAST_23 = [...CAST_21, 'float4e2m1'] as const satisfies readonly DataType[];
const CAST_24 = [...CAST_23, 'float8e8m0'] as const satisfies readonly DataType[];
const CAST_25 = [...CAST_24, 'uint2', 'int2'] as const satisfies readonly DataType[];

// Cast-1 takes `to` as a DataType enum name, later versions as its number;
// saturate arrives in 19, round_mode in 24. T1 and T2 are the same set in every version.
function cast(since: number, attributes: readonly string[], types: readonly DataType[]): OpVersion {
  return { since, inputs: ['input'], required: 1, attributes, types: { T1: types, T2: types } };
}

function castLike(since: number, attributes: readonly string[], types: readonly DataType[]): OpVersion {
  return { since, inputs: ['input', 'target_type'], required: 2, attributes, types: { T1: types, T2: types } };
}

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
  Cast: {
    domain: 'ai.onnx',
    versioned: true,
    versions: [
      cast(1, ['to'], CAST_1), cast(6, ['to'], CAST_1), cast(9, ['to'], CAST_9), cast(13, ['to'], CAST_13),
      cast(19, ['saturate', 'to'], CAST_19), cast(21, ['saturate', 'to'], CAST_21), cast(23, ['saturate', 'to'], CAST_23),
      cast(24, ['round_mode', 'saturate', 'to'], CAST_24), cast(25, ['round_mode', 'saturate', 'to'], CAST_25),
    ],
  },
  CastLike: {
    domain: 'ai.onnx',
    versioned: true,
    versions: [
      castLike(15, [], CAST_13), castLike(19, ['saturate'], CAST_19), castLike(21, ['saturate'], CAST_21),
      castLike(23, ['saturate'], CAST_23), castLike(24, ['round_mode', 'saturate'], CAST_24),
      castLike(25, ['round_mode', 'saturate'], CAST_25),
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
