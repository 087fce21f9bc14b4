// One-node ONNX models for onnxruntime-web, written as ModelProto bytes here
// (no python, no protobuf dependency). Initializers are TensorProtos from
// tessera's own toTensorProto, with their name field appended (protobuf
// fields may come in any order).

const encoder = new TextEncoder();

function varint(value) {
  const out = [];
  let v = BigInt(value);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) byte |= 0x80;
    out.push(byte);
  } while (v !== 0n);
  return out;
}

function concat(parts) {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const key = (field, wireType) => Uint8Array.from(varint((field << 3) | wireType));
const intField = (field, value) => concat([key(field, 0), Uint8Array.from(varint(value))]);
const bytesField = (field, bytes) => concat([key(field, 2), Uint8Array.from(varint(bytes.length)), bytes]);
const stringField = (field, s) => bytesField(field, encoder.encode(s));

// onnx.proto field numbers.
const ATTRIBUTE = { TENSOR: 4, INTS: 7, INT: 2 };

/** A ValueInfoProto: name and element type, shape left unknown. */
function valueInfo(name, elemType) {
  const tensorType = intField(1, elemType);
  const typeProto = bytesField(1, tensorType);
  return concat([stringField(1, name), bytesField(2, typeProto)]);
}

function attribute(name, value) {
  if (value instanceof Uint8Array) {  // a TensorProto
    return concat([stringField(1, name), bytesField(5, value), intField(20, ATTRIBUTE.TENSOR)]);
  }
  if (Array.isArray(value)) {
    return concat([stringField(1, name), ...value.map((v) => intField(8, v)), intField(20, ATTRIBUTE.INTS)]);
  }
  return concat([stringField(1, name), intField(3, value), intField(20, ATTRIBUTE.INT)]);
}

/**
 * A ModelProto of one node.
 * @param op        op_type
 * @param inputs    [{name, elemType}] fed at run time
 * @param initializers [{name, proto}] constant inputs (TensorProto bytes)
 * @param outputElemType the output's ONNX element type
 * @param attributes {name: TensorProto bytes | int[] | int}
 */
export function oneNodeModel({ op, inputs, initializers = [], outputElemType, attributes = {}, opset = 21 }) {
  const inputNames = [...inputs.map((i) => i.name), ...initializers.map((i) => i.name)];
  const nodeInputs = op === 'Gather' || op === 'Tile' ? inputNames : inputNames;
  const node = concat([
    ...nodeInputs.map((n) => stringField(1, n)),
    stringField(2, 'y'),
    stringField(3, 'node'),
    stringField(4, op),
    ...Object.entries(attributes).map(([n, v]) => bytesField(5, attribute(n, v))),
  ]);
  const graph = concat([
    bytesField(1, node),
    stringField(2, `${op.toLowerCase()}-graph`),
    ...initializers.map((i) => bytesField(5, concat([i.proto, stringField(8, i.name)]))),
    ...inputs.map((i) => bytesField(11, valueInfo(i.name, i.elemType))),
    bytesField(12, valueInfo('y', outputElemType)),
  ]);
  const opsetImport = concat([stringField(1, ''), intField(2, opset)]);
  return concat([intField(1, 8), stringField(2, 'tessera-bench'), bytesField(7, graph), bytesField(8, opsetImport)]);
}

/** ONNX TensorProto.DataType numbers for the types the bench uses. */
export const ONNX_TYPE = { float32: 1, int32: 6, int64: 7, float16: 10, float64: 11, bfloat16: 16 };
