// Reads one official ONNX node test (../shared/onnx-node-tests/<name>/): its
// one-node model.onnx and the tensors of test_data_set_0, ready for
// tw.runNode(test.node, test.inputs). Test-only: never shipped.
//
// The model is walked with the library's wire-format reader, reading only the
// fields below (onnx.proto numbers); the tensors go through tw.fromTensorProto.
//   ModelProto          graph=7, opset_import=8
//   OperatorSetIdProto  domain=1, version=2
//   GraphProto          node=1, input=11, output=12
//   NodeProto           input=1, output=2, op_type=4, attribute=5, domain=7
//   AttributeProto      name=1, f=2, i=3, s=4, t=5, floats=7, ints=8, type=20
//   ValueInfoProto      name=1, type=2 -> TypeProto tensor_type=1 -> elem_type=1,
//                       shape=2 -> dim=1 -> dim_value=1, dim_param=2
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as tw from 'tessera-wasm';
import { FIXED32, type FieldKey, LENGTH_DELIMITED, VARINT, WireReader } from '../../js/src/protobuf';
import { ONNX_TESTS } from './helpers';

/** A graph input or output as the model declares it: ONNX elem_type number and dims (a dim_param as its name, unknown as null). */
export interface ValueInfo {
  name: string;
  elemType: number | undefined;
  dims: (number | string | null)[] | undefined;
}

export interface OnnxNode {
  opType: string;
  domain: string;
  /** The model's opset import for the node's domain. */
  opset: number;
  attributes: Record<string, unknown>;
}

export interface OnnxTest {
  name: string;
  node: OnnxNode;
  /** test_data_set_0/input_N.pb and output_N.pb, in order. */
  inputs: tw.Tensor[];
  outputs: tw.Tensor[];
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

function readAttribute(bytes: Uint8Array): [string, unknown] {
  let name = '';
  let type = 0;
  let f: number | undefined;
  let i: number | undefined;
  let s: string | undefined;
  let t: tw.Tensor | undefined;
  const floats: number[] = [];
  const ints: number[] = [];
  walk(bytes, {
    1: (r, k) => { name = text(r, k); },
    2: (r, k) => { f = floatValue(r, k); },
    3: (r, k) => { i = int(r, k); },
    4: (r, k) => { s = text(r, k); },
    5: (r, k) => { t = tw.fromTensorProto(message(r, k)); },
    7: (r, k) => repeated(r, k, FIXED32, floatValue, floats),
    8: (r, k) => repeated(r, k, VARINT, int, ints),
    20: (r, k) => { type = int(r, k); },
  });
  const value = { 1: f, 2: i, 3: s, 4: t, 6: floats, 7: ints }[type];
  if (value === undefined) {
    throw new Error(`attribute ${name}: type ${ATTRIBUTE_TYPES[type] ?? type} is not read by this test reader, or its value is missing`);
  }
  return [name, value];
}

function readValueInfo(bytes: Uint8Array): ValueInfo {
  const info: ValueInfo = { name: '', elemType: undefined, dims: undefined };
  walk(bytes, {
    1: (r, k) => { info.name = text(r, k); },
    2: (r, k) => walk(message(r, k), {  // TypeProto
      1: (r2, k2) => walk(message(r2, k2), {  // tensor_type
        1: (r3, k3) => { info.elemType = int(r3, k3); },
        2: (r3, k3) => {  // shape
          info.dims = [];
          walk(message(r3, k3), {
            1: (r4, k4) => {  // dim
              let dim: number | string | null = null;
              walk(message(r4, k4), {
                1: (r5, k5) => { dim = int(r5, k5); },
                2: (r5, k5) => { dim = text(r5, k5); },
              });
              info.dims!.push(dim);
            },
          });
        },
      }),
    }),
  });
  return info;
}

interface NodeProto {
  opType: string;
  domain: string;
  inputs: string[];
  outputs: string[];
  attributes: Record<string, unknown>;
}

function readNode(bytes: Uint8Array): NodeProto {
  const node: NodeProto = { opType: '', domain: '', inputs: [], outputs: [], attributes: {} };
  walk(bytes, {
    1: (r, k) => { node.inputs.push(text(r, k)); },
    2: (r, k) => { node.outputs.push(text(r, k)); },
    4: (r, k) => { node.opType = text(r, k); },
    5: (r, k) => {
      const [name, value] = readAttribute(message(r, k));
      node.attributes[name] = value;
    },
    7: (r, k) => { node.domain = text(r, k); },
  });
  return node;
}

const sameDomain = (a: string, b: string) => (a === 'ai.onnx' ? '' : a) === (b === 'ai.onnx' ? '' : b);

/** Reads model.onnx and test_data_set_0 of one official node test. Throws if the test has not exactly one node. */
export function readOnnxTest(name: string): OnnxTest {
  const dir = path.join(ONNX_TESTS, name);
  const opsets: { domain: string; version: number }[] = [];
  const nodes: NodeProto[] = [];
  const graphInputs: ValueInfo[] = [];
  const graphOutputs: ValueInfo[] = [];
  walk(readFileSync(path.join(dir, 'model.onnx')), {
    7: (r, k) => walk(message(r, k), {  // graph
      1: (r2, k2) => { nodes.push(readNode(message(r2, k2))); },
      11: (r2, k2) => { graphInputs.push(readValueInfo(message(r2, k2))); },
      12: (r2, k2) => { graphOutputs.push(readValueInfo(message(r2, k2))); },
    }),
    8: (r, k) => {
      const opset = { domain: '', version: 0 };
      walk(message(r, k), {
        1: (r2, k2) => { opset.domain = text(r2, k2); },
        2: (r2, k2) => { opset.version = int(r2, k2); },
      });
      opsets.push(opset);
    },
  });
  if (nodes.length !== 1) throw new Error(`${name}: expected one node, the graph has ${nodes.length}`);
  const [node] = nodes;
  const opset = opsets.find((o) => sameDomain(o.domain, node.domain));
  if (!opset) throw new Error(`${name}: no opset import for domain ${JSON.stringify(node.domain)}`);

  const readAll = (prefix: string) => {
    const tensors: tw.Tensor[] = [];
    for (let i = 0; ; i++) {
      const file = path.join(dir, 'test_data_set_0', `${prefix}_${i}.pb`);
      if (!existsSync(file)) return tensors;
      tensors.push(tw.fromTensorProto(readFileSync(file)));
    }
  };
  return {
    name,
    node: { opType: node.opType, domain: node.domain, opset: opset.version, attributes: node.attributes },
    inputs: readAll('input'),
    outputs: readAll('output'),
    nodeInputs: node.inputs,
    nodeOutputs: node.outputs,
    graphInputs,
    graphOutputs,
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

/** The test directories present under ../shared/onnx-node-tests. */
export function onnxTestNames(): string[] {
  return readdirSync(ONNX_TESTS).filter((name) => existsSync(path.join(ONNX_TESTS, name, 'model.onnx'))).sort();
}
