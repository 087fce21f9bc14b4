// The official ONNX node tests (../shared/onnx-node-tests), read from the files
// themselves: each listed test runs through tw.runNode and must reproduce the
// expected outputs bit for bit.
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as tw from 'tessera-wasm';
import { ONNX_TESTS, itWithShared } from './helpers';
import { onnxTestNames, readOnnxTest, withoutField } from './onnx';

beforeAll(() => tw.init());

/** The official tests run bit for bit, one line each. */
const RUN = [
  'test_floor',
  'test_floor_example',
  'test_tile',
  'test_tile_precomputed',
  'test_constantofshape_float_ones',
  'test_constantofshape_int_shape_zero',
  'test_constantofshape_int_zeros',
];

/** '' when `actual` has `expected`'s type, dims and data bits; otherwise where they first differ. */
function difference(actual: tw.Tensor, expected: tw.Tensor): string {
  if (actual.type !== expected.type) return `type ${actual.type}, expected ${expected.type}`;
  if (actual.dims.join() !== expected.dims.join()) return `dims [${actual.dims}], expected [${expected.dims}]`;
  if (expected.type === 'string') {
    const [a, e] = [actual.data as string[], expected.data as string[]];
    const i = e.findIndex((s, k) => s !== a[k]);
    return a.length !== e.length ? `${a.length} strings, expected ${e.length}` : i < 0 ? '' : `string ${i}: ${JSON.stringify(a[i])}, expected ${JSON.stringify(e[i])}`;
  }
  const bytes = (t: tw.Tensor) => Buffer.from((t.data as ArrayBufferView).buffer, (t.data as ArrayBufferView).byteOffset, (t.data as ArrayBufferView).byteLength);
  const [a, e] = [bytes(actual), bytes(expected)];
  if (a.length !== e.length) return `${a.length} data bytes, expected ${e.length}`;
  if (a.equals(e)) return '';
  const i = a.findIndex((b, k) => b !== e[k]);
  return `data byte ${i} is 0x${a[i].toString(16)}, expected 0x${e[i].toString(16)}`;
}

describe('official ONNX node tests, run bit for bit', () => {
  for (const name of RUN) {
    itWithShared(name, async () => {
      const test = readOnnxTest(name);
      expect(test.outputs.length).toBeGreaterThan(0);
      const outputs = tw.runNode(test.node, test.inputs);
      expect(outputs).toHaveLength(test.outputs.length);
      outputs.forEach((output, i) => expect(difference(output, test.outputs[i])).toBe(''));
    });
  }

  it('finds a difference of one bit (the comparison can fail)', () => {
    const a = new tw.Tensor('float32', new Float32Array([1, 2]), [2]);
    expect(difference(a, new tw.Tensor('float32', new Float32Array([1, 2]), [2]))).toBe('');
    expect(difference(a, new tw.Tensor('float32', new Float32Array([1, 2.0000002]), [2]))).toBe('data byte 4 is 0x0, expected 0x1');
    expect(difference(a, new tw.Tensor('float32', new Float32Array([1, 2]), [1, 2]))).toMatch(/^dims/);
    expect(difference(a, new tw.Tensor('int32', new Int32Array([1, 2]), [2]))).toMatch(/^type/);
  });
});

type Shape = [type: tw.DataType, dims: number[]];

interface Expected {
  opType: string;
  opset: number;
  inputs: Shape[];
  outputs: Shape[];
  /** Checks of values small enough to write here. */
  check?: (test: ReturnType<typeof readOnnxTest>) => void;
}

const values = (t: { data: unknown }) => Array.from(t.data as ArrayLike<number | bigint>);

/** What each of the seven directories holds, written down from the ONNX test generators' cases. */
const STRUCTURE: Record<string, Expected> = {
  test_floor: { opType: 'Floor', opset: 13, inputs: [['float32', [3, 4, 5]]], outputs: [['float32', [3, 4, 5]]] },
  test_floor_example: {
    opType: 'Floor', opset: 13, inputs: [['float32', [3]]], outputs: [['float32', [3]]],
    check: ({ inputs, outputs }) => {
      expect(values(inputs[0])).toEqual([-1.5, Math.fround(1.2), 2]);
      expect(values(outputs[0])).toEqual([-2, 1, 2]);
    },
  },
  test_tile: {
    opType: 'Tile', opset: 13, inputs: [['float32', [2, 3, 4, 5]], ['int64', [4]]], outputs: [['float32', [14, 18, 16, 10]]],
    check: ({ inputs }) => expect(values(inputs[1])).toEqual([7n, 6n, 4n, 2n]),
  },
  test_tile_precomputed: {
    opType: 'Tile', opset: 13, inputs: [['float32', [2, 2]], ['int64', [2]]], outputs: [['float32', [4, 4]]],
    check: ({ inputs, outputs }) => {
      expect(values(inputs[0])).toEqual([0, 1, 2, 3]);
      expect(values(inputs[1])).toEqual([2n, 2n]);
      expect(values(outputs[0])).toEqual([0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 2, 3, 2, 3]);
    },
  },
  test_constantofshape_float_ones: {
    opType: 'ConstantOfShape', opset: 25, inputs: [['int64', [3]]], outputs: [['float32', [4, 3, 2]]],
    check: ({ node, inputs, outputs }) => {
      const value = node.attributes.value as tw.Tensor;  // stored in float_data
      expect([value.type, value.dims, values(value)]).toEqual(['float32', [1], [1]]);
      expect(values(inputs[0])).toEqual([4n, 3n, 2n]);
      expect(values(outputs[0])).toEqual(new Array(24).fill(1));
    },
  },
  test_constantofshape_int_shape_zero: {
    opType: 'ConstantOfShape', opset: 25, inputs: [['int64', [1]]], outputs: [['int32', [0]]],
    check: ({ node, inputs }) => {
      const value = node.attributes.value as tw.Tensor;  // stored in int32_data
      expect([value.type, value.dims, values(value)]).toEqual(['int32', [1], [0]]);
      expect(values(inputs[0])).toEqual([0n]);
    },
  },
  test_constantofshape_int_zeros: {
    opType: 'ConstantOfShape', opset: 25, inputs: [['int64', [2]]], outputs: [['int32', [10, 6]]],
    check: ({ node, inputs, outputs }) => {
      const value = node.attributes.value as tw.Tensor;
      expect([value.type, value.dims, values(value)]).toEqual(['int32', [1], [0]]);
      expect(values(inputs[0])).toEqual([10n, 6n]);
      expect(values(outputs[0])).toEqual(new Array(60).fill(0));
    },
  },
};

describe('the official test reader (tests/js/onnx.ts)', () => {
  itWithShared('finds exactly the seven directories described here', async () => {
    expect(onnxTestNames()).toEqual(Object.keys(STRUCTURE).sort());
  });

  for (const [name, expected] of Object.entries(STRUCTURE)) {
    itWithShared(`reads ${name}: model and test_data_set_0`, async () => {
      const test = readOnnxTest(name);
      expect(test.node.opType).toBe(expected.opType);
      expect(test.node.domain).toBe('');
      expect(test.node.opset).toBe(expected.opset);
      const shapes = (tensors: tw.Tensor[]) => tensors.map((t): Shape => [t.type, [...t.dims]]);
      expect(shapes(test.inputs)).toEqual(expected.inputs);
      expect(shapes(test.outputs)).toEqual(expected.outputs);
      // The model's graph declares the same names, types and shapes as the data files hold.
      expect(test.nodeInputs).toEqual(test.graphInputs.map((v) => v.name));
      expect(test.nodeOutputs).toEqual(test.graphOutputs.map((v) => v.name));
      const declared = (infos: typeof test.graphInputs) => infos.map((v) => [v.elemType, v.dims]);
      expect(declared(test.graphInputs)).toEqual(test.inputs.map((t) => [tw.DTYPES[t.type].onnx, [...t.dims]]));
      expect(declared(test.graphOutputs)).toEqual(test.outputs.map((t) => [tw.DTYPES[t.type].onnx, [...t.dims]]));
      expect(Object.keys(test.node.attributes)).toEqual(expected.opType === 'ConstantOfShape' ? ['value'] : []);
      expected.check?.(test);
    });
  }

  itWithShared('a data file read with its name and written back is the same bytes; without the name, less its name field', async () => {
    let files = 0;
    for (const name of Object.keys(STRUCTURE)) {
      const dir = path.join(ONNX_TESTS, name, 'test_data_set_0');
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.pb'))) {
        const bytes = readFileSync(path.join(dir, file));
        const read = tw.fromTensorProto(bytes, { withName: true });
        expect(read.name).toMatch(/^[a-z]$/);  // the node's input and output names: x, y, z
        expect(Buffer.from(tw.toTensorProto(read.tensor, { name: read.name })).equals(bytes)).toBe(true);
        const nameless = tw.toTensorProto(tw.fromTensorProto(bytes));
        expect(Buffer.from(nameless).equals(Buffer.from(withoutField(bytes, 8)))).toBe(true);
        files++;
      }
    }
    expect(files).toBe(16);
  });
});

