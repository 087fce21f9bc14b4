// The official ONNX node tests (../shared/onnx-node-tests/<name>/), read in
// plain JS: the one-node model.onnx and test_data_set_0's tensors, ready for
// tw.runNode. The host hands in `read(path)`, which gives a file's bytes (from
// disk, or fetched from the test server) or undefined when it is absent.
// Only these fields of onnx.proto are read:
//   ModelProto graph=7, opset_import=8     OperatorSetIdProto domain=1, version=2
//   GraphProto node=1                      NodeProto op_type=4, attribute=5, domain=7
//   AttributeProto name=1, f=2, i=3, s=4, t=5, floats=7, ints=8, type=20

/** The tests run bit for bit: every one in the shared folder. */
export const VECTORS = [
  'test_floor', 'test_floor_example', 'test_tile', 'test_tile_precomputed',
  'test_constantofshape_float_ones', 'test_constantofshape_int_shape_zero', 'test_constantofshape_int_zeros',
];

/** The top-level fields of a protobuf message: {field, value} for varints (a BigInt), {field, bytes} otherwise. */
function fields(bytes) {
  const out = [];
  let at = 0;
  const varint = () => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= bytes.length) throw new Error('truncated varint');
      const b = bytes[at++];
      value |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return value;
    }
  };
  const take = (n) => {
    if (at + n > bytes.length) throw new Error('truncated field');
    at += n;
    return bytes.subarray(at - n, at);
  };
  while (at < bytes.length) {
    const key = Number(varint());
    const field = key >>> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ field, value: BigInt.asIntN(64, varint()) });
    else if (wire === 2) out.push({ field, bytes: take(Number(varint())) });
    else if (wire === 5) out.push({ field, bytes: take(4) });
    else if (wire === 1) out.push({ field, bytes: take(8) });
    else throw new Error(`wire type ${wire} of field ${field}`);
  }
  return out;
}

const utf8 = new TextDecoder();
const float32 = (b) => new DataView(b.buffer, b.byteOffset, 4).getFloat32(0, true);

/** A repeated varint field: packed (one length-delimited run) or one entry per occurrence. */
const varints = (f) => (f.value !== undefined ? [Number(f.value)] : packedVarints(f.bytes));
function packedVarints(bytes) {
  const values = [];
  let value = 0n;
  let shift = 0n;
  for (const b of bytes) {
    value |= BigInt(b & 0x7f) << shift;
    shift += 7n;
    if (!(b & 0x80)) {
      values.push(Number(BigInt.asIntN(64, value)));
      value = 0n;
      shift = 0n;
    }
  }
  return values;
}

function attribute(tw, bytes) {
  let name = '';
  let type = 0;
  const one = {};
  const floats = [];
  const ints = [];
  for (const f of fields(bytes)) {
    if (f.field === 1) name = utf8.decode(f.bytes);
    else if (f.field === 2) one[1] = float32(f.bytes);
    else if (f.field === 3) one[2] = Number(f.value);
    else if (f.field === 4) one[3] = utf8.decode(f.bytes);
    else if (f.field === 5) one[4] = tw.fromTensorProto(f.bytes.slice());
    else if (f.field === 7) {
      if (f.bytes.length === 4) floats.push(float32(f.bytes));
      else for (let i = 0; i < f.bytes.length; i += 4) floats.push(float32(f.bytes.subarray(i)));
    } else if (f.field === 8) ints.push(...varints(f));
    else if (f.field === 20) type = Number(f.value);
  }
  const value = { ...one, 6: floats, 7: ints }[type];
  if (value === undefined) throw new Error(`attribute ${name}: type ${type} is not read here, or its value is missing`);
  return [name, value];
}

/** One official test: {node, inputs, outputs}, or throws saying what is missing. */
export async function readVector(tw, name, read) {
  const model = await read(`${name}/model.onnx`);
  if (!model) throw new Error(`${name}/model.onnx is missing`);
  const opsets = [];
  const nodes = [];
  for (const f of fields(model)) {
    if (f.field === 8) {
      const opset = { domain: '', version: 0 };
      for (const g of fields(f.bytes)) {
        if (g.field === 1) opset.domain = utf8.decode(g.bytes);
        if (g.field === 2) opset.version = Number(g.value);
      }
      opsets.push(opset);
    }
    if (f.field === 7) {
      for (const g of fields(f.bytes)) {
        if (g.field !== 1) continue;
        const node = { opType: '', domain: '', attributes: {} };
        for (const h of fields(g.bytes)) {
          if (h.field === 4) node.opType = utf8.decode(h.bytes);
          if (h.field === 7) node.domain = utf8.decode(h.bytes);
          if (h.field === 5) {
            const [key, value] = attribute(tw, h.bytes);
            node.attributes[key] = value;
          }
        }
        nodes.push(node);
      }
    }
  }
  if (nodes.length !== 1) throw new Error(`${name}: expected one node, the graph has ${nodes.length}`);
  const [node] = nodes;
  const plain = (d) => (d === 'ai.onnx' ? '' : d);
  const opset = opsets.find((o) => plain(o.domain) === plain(node.domain));
  if (!opset) throw new Error(`${name}: no opset import for domain ${JSON.stringify(node.domain)}`);
  const tensors = async (prefix) => {
    const out = [];
    for (let i = 0; ; i++) {
      const bytes = await read(`${name}/test_data_set_0/${prefix}_${i}.pb`);
      if (!bytes) return out;
      out.push(tw.fromTensorProto(bytes));
    }
  };
  const outputs = await tensors('output');
  if (outputs.length === 0) throw new Error(`${name}: test_data_set_0 has no output_0.pb`);
  return { node: { ...node, opset: opset.version }, inputs: await tensors('input'), outputs };
}
