// Reads official ONNX node tests: a directory with model.onnx and
// test_data_set_N/{input,output}_K.pb, as ONNX's backend data lays them out
// (../shared/onnx-node-tests/<name>/, and Debian's libonnx-testdata under
// /usr/share/libonnx-testdata/data/node/<name>/), ready for
// tw.runNode(node, inputs). Test-only: never shipped.
//
// The model is walked with the library's wire-format reader, reading only the
// fields below (onnx.proto numbers); the tensors go through tw.fromTensorProto.
//   ModelProto          graph=7, opset_import=8
//   OperatorSetIdProto  domain=1, version=2
//   GraphProto          node=1, initializer=5, input=11, output=12
//   NodeProto           input=1, output=2, op_type=4, attribute=5, domain=7
//   AttributeProto      name=1, f=2, i=3, s=4, t=5, floats=7, ints=8, strings=9,
//                       tensors=10, type=20 (every type runNode takes; a graph,
//                       sparse tensor or type proto is recorded as unread)
//   ValueInfoProto      name=1, type=2 -> TypeProto tensor_type=1 -> elem_type=1,
//                       shape=2 -> dim=1 -> dim_value=1, dim_param=2; the
//                       other TypeProto kinds by name only (sequence_type=4,
//                       map_type=5, sparse_tensor_type=8, optional_type=9)
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as tw from 'tessera-wasm';
import { FIXED32, type FieldKey, LENGTH_DELIMITED, VARINT, WireReader } from '../../js/src/protobuf';
import { ONNX_TESTS } from './helpers';

/** A graph input or output as the model declares it: ONNX elem_type number and dims (a dim_param as its name, unknown as null). */
export interface ValueInfo {
  name: string;
  /** The TypeProto's kind: 'tensor', or a value runNode does not take ('sequence', 'map', 'sparse tensor', 'optional'). */
  kind: string | undefined;
  elemType: number | undefined;
  dims: (number | string | null)[] | undefined;
}

/** What runNode takes: the op, its domain, the model's opset import for it, the attributes. */
export interface OnnxNode {
  opType: string;
  domain: string;
  /** The model's opset import for the node's domain. */
  opset: number;
  attributes: Record<string, unknown>;
  /** The node's output count (Split without split divides into that many parts). */
  outputs: number;
}

/** A NodeProto as the model holds it. */
export interface NodeProto {
  opType: string;
  domain: string;
  /** Input and output names; '' is an omitted optional one. */
  inputs: string[];
  outputs: string[];
  attributes: Record<string, unknown>;
  /** Attributes of a type this reader does not read (a graph, a sparse tensor, a type proto): "name (GRAPH)". */
  unread: string[];
}

/** A model.onnx, every node of its graph. */
export interface OnnxModel {
  dir: string;
  nodes: NodeProto[];
  opsets: { domain: string; version: number }[];
  graphInputs: ValueInfo[];
  graphOutputs: ValueInfo[];
  /** Names of the graph's initializers (node tests have none; a node input fed by one is not run). */
  initializers: string[];
}

/** One test_data_set_N: input_K.pb and output_K.pb, in order, each read as the graph declares its type. */
export interface DataSet {
  name: string;
  inputs: tw.Tensor[];
  outputs: tw.Tensor[];
  /** Files whose stored type is not the declared one and were read as declared (ONNX 1.12 stored bfloat16 as uint16). */
  reinterpreted: string[];
}

export interface OnnxTest {
  name: string;
  node: OnnxNode;
  /** test_data_set_0/input_N.pb and output_N.pb, in order. */
  inputs: tw.Tensor[];
  outputs: tw.Tensor[];
  /** Every test_data_set_N, in order (the first is inputs and outputs above). */
  dataSets: DataSet[];
  /** The node's input and output names, and the graph's declared inputs and outputs. */
  nodeInputs: string[];
  nodeOutputs: string[];
  graphInputs: ValueInfo[];
  graphOutputs: ValueInfo[];
}

const CONTEXT = { op: 'onnx test reader' };
const utf8 = new TextDecoder('utf-8', { fatal: true });

type Handlers = Record<number, (r: WireReader, key: FieldKey) => void>;

/** Reads a message's fields, each with its handler; fields without one are skipped. */
function walk(bytes: Uint8Array, handlers: Handlers): void {
  const r = new WireReader(bytes, CONTEXT);
  while (!r.done) {
    const key = r.key();
    const handler = handlers[key.field];
    if (handler) handler(r, key);
    else r.skip(key);
  }
}

function expectWire(key: FieldKey, wireType: number): void {
  if (key.wireType !== wireType) throw new Error(`field ${key.field} at byte ${key.at}: wire type ${key.wireType}, expected ${wireType}`);
}

function message(r: WireReader, key: FieldKey): Uint8Array {
  expectWire(key, LENGTH_DELIMITED);
  return r.lengthDelimited();
}

const text = (r: WireReader, key: FieldKey) => utf8.decode(message(r, key));

function int(r: WireReader, key: FieldKey): number {
  expectWire(key, VARINT);
  const value = r.int64();
  if (value < BigInt(Number.MIN_SAFE_INTEGER) || value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`field ${key.field}: ${value} is not a safe integer`);
  return Number(value);
}

/** An attribute's int64: a number where it is a safe integer, else a bigint (INT64_MAX as "to the end", say). */
function int64(r: WireReader, key: FieldKey): number | bigint {
  expectWire(key, VARINT);
  const value = r.int64();
  return value < BigInt(Number.MIN_SAFE_INTEGER) || value > BigInt(Number.MAX_SAFE_INTEGER) ? value : Number(value);
}

function float32(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, 4).getFloat32(0, true);
}

/** A repeated field, packed or one value per occurrence. */
function repeated<T>(r: WireReader, key: FieldKey, wireType: number, read: (r: WireReader, key: FieldKey) => T, into: T[]): void {
  if (key.wireType !== LENGTH_DELIMITED) {
    into.push(read(r, key));
    return;
  }
  const packed = r.sub(r.lengthDelimited());
  const inner = { ...key, wireType };
  while (!packed.done) into.push(read(packed, inner));
}

function floatValue(r: WireReader, key: FieldKey): number {
  expectWire(key, FIXED32);
  return float32(r.take(4));
}

// AttributeProto.AttributeType
const ATTRIBUTE_TYPES: Record<number, string> = {
  1: 'FLOAT', 2: 'INT', 3: 'STRING', 4: 'TENSOR', 5: 'GRAPH', 6: 'FLOATS', 7: 'INTS', 8: 'STRINGS', 9: 'TENSORS',
  10: 'GRAPHS', 11: 'SPARSE_TENSOR', 12: 'SPARSE_TENSORS', 13: 'TYPE_PROTO', 14: 'TYPE_PROTOS',
};

/** Types runNode takes, by AttributeType; the rest are recorded as unread. */
const READ_TYPES = new Set([1, 2, 3, 4, 6, 7, 8, 9]);

/** An attribute's name and value: FLOAT a number, INT a number (a bigint past 2^53), STRING a string (UTF-8), TENSOR a tw.Tensor, and arrays of each. */
function readAttribute(bytes: Uint8Array): { name: string; type: number; value: unknown } {
  let name = '';
  let type = 0;
  let f: number | undefined;
  let i: number | bigint | undefined;
  let s: string | undefined;
  let t: tw.Tensor | undefined;
  const floats: number[] = [];
  const ints: (number | bigint)[] = [];
  const strings: string[] = [];
  const tensors: tw.Tensor[] = [];
  walk(bytes, {
    1: (r, k) => { name = text(r, k); },
    2: (r, k) => { f = floatValue(r, k); },
    3: (r, k) => { i = int64(r, k); },
    4: (r, k) => { s = text(r, k); },
    5: (r, k) => { t = tw.fromTensorProto(message(r, k)); },
    7: (r, k) => repeated(r, k, FIXED32, floatValue, floats),
    8: (r, k) => repeated(r, k, VARINT, int64, ints),
    9: (r, k) => { strings.push(text(r, k)); },
    10: (r, k) => { tensors.push(tw.fromTensorProto(message(r, k))); },
    20: (r, k) => { type = int(r, k); },
  });
  if (!READ_TYPES.has(type)) return { name, type, value: undefined };
  const value = { 1: f, 2: i, 3: s, 4: t, 6: floats, 7: ints, 8: strings, 9: tensors }[type as 1];
  if (value === undefined) throw new Error(`attribute ${name}: type ${ATTRIBUTE_TYPES[type]} without its value`);
  return { name, type, value };
}

function readValueInfo(bytes: Uint8Array): ValueInfo {
  const info: ValueInfo = { name: '', kind: undefined, elemType: undefined, dims: undefined };
  const kind = (name: string, read?: (payload: Uint8Array) => void) => (r: WireReader, k: FieldKey) => {
    info.kind = name;
    const payload = message(r, k);
    read?.(payload);
  };
  const tensorType = (payload: Uint8Array) => walk(payload, {
    1: (r, k) => { info.elemType = int(r, k); },
    2: (r, k) => {  // shape
      info.dims = [];
      walk(message(r, k), {
        1: (r2, k2) => {  // dim
          let dim: number | string | null = null;
          walk(message(r2, k2), {
            1: (r3, k3) => { dim = int(r3, k3); },
            2: (r3, k3) => { dim = text(r3, k3); },
          });
          info.dims!.push(dim);
        },
      });
    },
  });
  walk(bytes, {
    1: (r, k) => { info.name = text(r, k); },
    2: (r, k) => walk(message(r, k), {  // TypeProto
      1: kind('tensor', tensorType), 4: kind('sequence'), 5: kind('map'), 8: kind('sparse tensor'), 9: kind('optional'),
    }),
  });
  return info;
}

function readNode(bytes: Uint8Array): NodeProto {
  const node: NodeProto = { opType: '', domain: '', inputs: [], outputs: [], attributes: {}, unread: [] };
  walk(bytes, {
    1: (r, k) => { node.inputs.push(text(r, k)); },
    2: (r, k) => { node.outputs.push(text(r, k)); },
    4: (r, k) => { node.opType = text(r, k); },
    5: (r, k) => {
      const bytes = message(r, k);
      try {
        const { name, type, value } = readAttribute(bytes);
        if (value === undefined) node.unread.push(`${name} (${ATTRIBUTE_TYPES[type] ?? `type ${type}`})`);
        else node.attributes[name] = value;
      } catch (error) {
        // A model of an op not run here must still be counted: the node keeps the reason, onlyNode() throws it.
        node.unread.push(`${Object.keys(node.attributes).length + node.unread.length + 1}, unreadable: ${(error as Error).message}`);
      }
    },
    7: (r, k) => { node.domain = text(r, k); },
  });
  return node;
}

/** '' and 'ai.onnx' name the same domain. */
export const sameDomain = (a: string, b: string) => (a === 'ai.onnx' ? '' : a) === (b === 'ai.onnx' ? '' : b);

/** Reads <dir>/model.onnx: its opset imports and its graph's nodes, inputs, outputs and initializer names. */
export function readOnnxModel(dir: string): OnnxModel {
  const model: OnnxModel = { dir, nodes: [], opsets: [], graphInputs: [], graphOutputs: [], initializers: [] };
  walk(readFileSync(path.join(dir, 'model.onnx')), {
    7: (r, k) => walk(message(r, k), {  // graph
      1: (r2, k2) => { model.nodes.push(readNode(message(r2, k2))); },
      5: (r2, k2) => walk(message(r2, k2), { 8: (r3, k3) => { model.initializers.push(text(r3, k3)); } }),  // TensorProto name
      11: (r2, k2) => { model.graphInputs.push(readValueInfo(message(r2, k2))); },
      12: (r2, k2) => { model.graphOutputs.push(readValueInfo(message(r2, k2))); },
    }),
    8: (r, k) => {
      const opset = { domain: '', version: 0 };
      walk(message(r, k), {
        1: (r2, k2) => { opset.domain = text(r2, k2); },
        2: (r2, k2) => { opset.version = int(r2, k2); },
      });
      model.opsets.push(opset);
    },
  });
  return model;
}

/** The one node of a one-node model as runNode takes it; throws for any other model, or a node with an attribute left unread. */
export function onlyNode(model: OnnxModel): OnnxNode {
  if (model.nodes.length !== 1) throw new Error(`${model.dir}: expected one node, the graph has ${model.nodes.length}`);
  const [node] = model.nodes;
  if (node.unread.length) throw new Error(`${node.opType}: attribute ${node.unread.join(', ')} is not read by this test reader`);
  const opset = model.opsets.find((o) => sameDomain(o.domain, node.domain));
  if (!opset) throw new Error(`${model.dir}: no opset import for domain ${JSON.stringify(node.domain)}`);
  return { opType: node.opType, domain: node.domain, opset: opset.version, attributes: node.attributes, outputs: node.outputs.length };
}

const DTYPE_OF_ONNX = new Map(Object.entries(tw.DTYPES).map(([name, row]) => [row.onnx as number, name as tw.DataType]));

/**
 * A data file's tensor as the graph declares it. ONNX 1.12 stored bfloat16
 * tensors as uint16 TensorProtos (the same bits): where the graph declares
 * bfloat16 and the file holds uint16, the bits are read as bfloat16. Any
 * other disagreement, or a name other than the declared one, is an error.
 */
export function asDeclared(bytes: Uint8Array, info: ValueInfo, file: string, reinterpreted: string[]): tw.Tensor {
  if (info.kind !== 'tensor') throw new Error(`${file}: the graph declares ${info.name} as ${info.kind ?? 'no type'}, not a tensor`);
  const declared = info.elemType === undefined ? undefined : DTYPE_OF_ONNX.get(info.elemType);
  if (declared === undefined) throw new Error(`${file}: the graph declares ${info.name} as elem_type ${info.elemType}, no type this reader knows`);
  const { tensor, name } = tw.fromTensorProto(bytes, { withName: true });
  if (name !== undefined && name !== info.name) throw new Error(`${file} is named ${JSON.stringify(name)}, the graph's ${JSON.stringify(info.name)}`);
  if (tensor.type === declared) return tensor;
  if (declared === 'bfloat16' && tensor.type === 'uint16') {
    reinterpreted.push(`${file}: uint16 bits read as the declared bfloat16`);
    return new tw.Tensor('bfloat16', tensor.data as Uint16Array, tensor.dims);
  }
  throw new Error(`${file} holds ${tensor.type}, the graph declares ${info.name} as ${declared}`);
}

/** Graph inputs and outputs runNode cannot take or give: the values ONNX has and tensors do not (sequences, maps, optionals). */
export function nonTensorValues(model: OnnxModel): ValueInfo[] {
  return [...model.graphInputs, ...model.graphOutputs].filter((v) => v.kind !== 'tensor');
}

/** Every test_data_set_N of the model's directory, by N: input_K.pb for graph input K, output_K.pb for graph output K (each file there, none more). */
export function readDataSets(model: OnnxModel): DataSet[] {
  const sets = readdirSync(model.dir).filter((d) => /^test_data_set_\d+$/.test(d)).sort((a, b) => Number(a.slice(14)) - Number(b.slice(14)));
  return sets.map((name) => {
    const reinterpreted: string[] = [];
    const readAll = (prefix: string, infos: ValueInfo[]) => {
      const files = readdirSync(path.join(model.dir, name)).filter((f) => f.startsWith(`${prefix}_`) && f.endsWith('.pb'));
      if (files.length !== infos.length) throw new Error(`${name} has ${files.length} ${prefix} files, the graph declares ${infos.length} ${prefix}s`);
      return files.map((_, k) => {
        const file = `${name}/${prefix}_${k}.pb`;
        if (!existsSync(path.join(model.dir, file))) throw new Error(`${file} is missing`);
        return asDeclared(readFileSync(path.join(model.dir, file)), infos[k], file, reinterpreted);
      });
    };
    return { name, inputs: readAll('input', model.graphInputs), outputs: readAll('output', model.graphOutputs), reinterpreted };
  });
}

/** Reads a one-node test: model.onnx and every test_data_set_N (by default under ../shared/onnx-node-tests). */
export function readOnnxTest(name: string, root = ONNX_TESTS): OnnxTest {
  const model = readOnnxModel(path.join(root, name));
  const node = onlyNode(model);
  const dataSets = readDataSets(model);
  if (dataSets.length === 0) throw new Error(`${name}: no test_data_set_N`);
  return {
    name,
    node,
    inputs: dataSets[0].inputs,
    outputs: dataSets[0].outputs,
    dataSets,
    nodeInputs: model.nodes[0].inputs,
    nodeOutputs: model.nodes[0].outputs,
    graphInputs: model.graphInputs,
    graphOutputs: model.graphOutputs,
  };
}

/** A message's bytes without its top-level occurrences of `field` (to compare with what a writer leaves out). */
export function withoutField(bytes: Uint8Array, field: number): Uint8Array {
  const kept: Uint8Array[] = [];
  const r = new WireReader(bytes, CONTEXT);
  while (!r.done) {
    const start = r.offset;
    const key = r.key();
    r.skip(key);
    if (key.field !== field) kept.push(bytes.subarray(start, r.offset));
  }
  return Uint8Array.from(Buffer.concat(kept));
}

/** The test directories (those with a model.onnx) under root, by default ../shared/onnx-node-tests. */
export function onnxTestNames(root = ONNX_TESTS): string[] {
  return readdirSync(root).filter((name) => existsSync(path.join(root, name, 'model.onnx'))).sort();
}
