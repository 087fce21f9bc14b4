// The error contract on a sample of bad inputs: each a tw.SpecError with op,
// version and param (docs/using-ops.md, "Errors"), a message that starts with the op,
// no memory held, and the input unchanged.
import { expectSpecError, expectUnchanged } from './checks.mjs';
import { storageBytes } from './reference.mjs';

export async function errorContract({ tw, checks }) {
  const f32 = (values, dims) => new tw.Tensor('float32', new Float32Array(values), dims);
  const x = f32([1, 2, 3, 4, 5, 6], [2, 3]);
  const TILE = { op: 'Tile', version: 13 };
  const COS = { op: 'ConstantOfShape', version: 25 };
  const STRIDED = { op: 'AsStrided', version: undefined };
  const cases = [
    ['tile: one repeat short', () => tw.tile(x, [2]), { ...TILE, param: 'repeats', message: /one entry per input dimension \(input rank 2, got 1\)/ }],
    ['tile: a negative repeat', () => tw.tile(x, [1, -1]), { ...TILE, param: 'repeats', message: /-1/ }],
    ['tile: repeats an int32 tensor', () => tw.tile(x, new tw.Tensor('int32', new Int32Array([1, 1]), [2])), { ...TILE, param: 'repeats', message: /int64/ }],
    ['tile: input not a tensor', () => tw.tile([1, 2], [1]), { ...TILE, param: 'input' }],
    ['floor: an int32 tensor', () => tw.floor(new tw.Tensor('int32', new Int32Array(2), [2])), { op: 'Floor', version: 13, param: 'X', message: /int32/ }],
    ['floor: data of the wrong length', () => tw.floor({ type: 'float32', data: new Float32Array(3), dims: [2] }), { op: 'Floor', version: 13, param: 'X', message: /length/ }],
    ['constantOfShape: a negative dim', () => tw.constantOfShape([2, -1]), { ...COS, param: 'shape', message: /-1/ }],
    ['constantOfShape: a value of two elements', () => tw.constantOfShape([2], f32([1, 2], [2])), { ...COS, param: 'value', message: /one element/ }],
    ['asStrided: stride shorter than size', () => tw.asStrided(x, { size: [2, 2], stride: [1] }), { ...STRIDED, param: 'stride' }],
    ['asStrided: a size of 0', () => tw.asStrided(x, { size: [0], stride: [1] }), { ...STRIDED, param: 'size' }],
    ['asStrided: a negative offset', () => tw.asStrided(x, { size: [2], stride: [1], offset: -1 }), { ...STRIDED, param: 'offset' }],
    ['runNode: an opset below the first version', () => tw.runNode({ opType: 'ConstantOfShape', opset: 8 }, [x]), { op: 'ConstantOfShape', version: undefined, param: 'opset' }],
    ['runNode: Tile-6 with bfloat16', () => tw.runNode({ opType: 'Tile', opset: 12 }, [new tw.Tensor('bfloat16', new Uint16Array(1), [1]), new tw.Tensor('int64', new BigInt64Array([2n]), [1])]), { op: 'Tile', version: 6, param: 'input', message: /bfloat16/ }],
    ['runNode: AsStrided with a float32 x', () => tw.runNode({ opType: 'AsStrided', domain: 'atb', attributes: { size: [1], stride: [1] } }, [x]), { ...STRIDED, param: 'x', message: /float32/ }],
    ['toResident: a string tensor', () => tw.toResident(new tw.Tensor('string', ['a'], [1])), { op: 'toResident', version: undefined, param: 'tensor' }],
  ];
  const before = storageBytes(x);
  for (const [name, call, expected] of cases) {
    await checks.run(`SpecError: ${name}`, () => {
      expectSpecError(tw, call, expected);
      expectUnchanged(x, before, 'input');
    });
  }
}
