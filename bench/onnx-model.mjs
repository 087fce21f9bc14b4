// One-node ONNX models for onnxruntime-web, written as ModelProto bytes with
// the library's own protobuf writer (build/esm/protobuf.js, the one
// toTensorProto uses) and element types from its data type table. Initializers
// are TensorProtos from tessera's toTensorProto, with their name field
// appended (protobuf fields may come in any order). Relative imports and no
// Node modules: the browsers build their models with it too.
import { WireWriter } from '../build/esm/protobuf.js';
import { DTYPES } from '../build/esm/dtype.js';

const encoder = new TextEncoder();
const message = (write) => write(new WireWriter()).finish();
const withName = (w, field, name) => w.bytesField(field, encoder.encode(name));

// onnx.proto's AttributeProto.AttributeType.
const ATTRIBUTE = { INT: 2, STRING: 3, TENSOR: 4, INTS: 7 };

/** A ValueInfoProto: name and element type, shape left unknown. */
function valueInfo(name, type) {
  const tensorType = message((w) => w.varintField(1, DTYPES[type].onnx));
  const typeProto = message((w) => w.bytesField(1, tensorType));
  return message((w) => withName(w, 1, name).bytesField(2, typeProto));
}

function attribute(name, value) {
  return message((w) => {
    withName(w, 1, name);
    if (value instanceof Uint8Array) return w.bytesField(5, value).varintField(20, ATTRIBUTE.TENSOR);  // a TensorProto
    if (typeof value === 'string') return w.bytesField(4, encoder.encode(value)).varintField(20, ATTRIBUTE.STRING);
    if (Array.isArray(value)) {
      for (const v of value) w.varintField(8, v);
      return w.varintField(20, ATTRIBUTE.INTS);
    }
    return w.varintField(3, value).varintField(20, ATTRIBUTE.INT);
  });
}

// A TensorProto with its name field (8) appended.
function appendName(proto, name) {
  const field = message((w) => withName(w, 8, name));
  const named = new Uint8Array(proto.length + field.length);
  named.set(proto);
  named.set(field, proto.length);
  return named;
}

/**
 * A ModelProto of one node.
 * @param op        op_type
 * @param inputs    [{name, type}] fed at run time (type: a tessera data type name)
 * @param initializers [{name, proto}] constant inputs (TensorProto bytes); { name: '' }: an optional input left out
 * @param outputType the output's data type name, when it is one output, named 'y'
 * @param outputs   [{name, type}] the outputs instead, when there are several (TopK's Values and Indices)
 * @param attributes {name: TensorProto bytes | int[] | int | string}
 * @param opset     the default domain's opset version
 */
export function oneNodeModel({ op, inputs, initializers = [], outputType, outputs = [{ name: 'y', type: outputType }], attributes = {}, opset = 21 }) {
  const node = message((w) => {
    for (const name of [...inputs.map((i) => i.name), ...initializers.map((i) => i.name)]) withName(w, 1, name);
    for (const o of outputs) withName(w, 2, o.name);
    withName(withName(w, 3, 'node'), 4, op);
    for (const [name, value] of Object.entries(attributes)) w.bytesField(5, attribute(name, value));
    return w;
  });
  const graph = message((w) => {
    withName(w.bytesField(1, node), 2, `${op.toLowerCase()}-graph`);
    for (const i of initializers) if (i.proto) w.bytesField(5, appendName(i.proto, i.name));
    for (const i of inputs) w.bytesField(11, valueInfo(i.name, i.type));
    for (const o of outputs) w.bytesField(12, valueInfo(o.name, o.type));
    return w;
  });
  const opsetImport = message((w) => withName(w, 1, '').varintField(2, opset));
  return message((w) => withName(w.varintField(1, 8), 2, 'tessera-bench').bytesField(7, graph).bytesField(8, opsetImport));
}
