import * as tw from 'tessera-wasm';
import { expectSpecError, slotsFor, values, zeros } from './helpers';

beforeAll(() => tw.init());

// Written from ../shared/spec/ConstantOfShape.txt, not read from tw.OPS: the library's table is under test here.
const VERSION_TYPES: Record<number, string[]> = {
  9: ['bool', 'float16', 'float32', 'float64', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'],
};
VERSION_TYPES[20] = [...VERSION_TYPES[9], 'bfloat16', 'float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz'];
VERSION_TYPES[21] = [...VERSION_TYPES[20], 'int4', 'uint4'];
VERSION_TYPES[23] = [...VERSION_TYPES[21], 'float4e2m1'];
VERSION_TYPES[24] = [...VERSION_TYPES[23], 'float8e8m0'];
VERSION_TYPES[25] = [...VERSION_TYPES[24], 'int2', 'uint2'];

const shape = (...dims: number[]) => new tw.Tensor('int64', BigInt64Array.from(dims.map(BigInt)), [dims.length]);

/** A one-element tensor of `type` whose storage is not all zero. */
function oneOf(type: string) {
  const t = zeros(type, [1]);
  const data = t.data as unknown as { [i: number]: unknown; length: number };
  if (type === 'int64' || type === 'uint64') data[0] = 0x0102030405060708n;
  else if (type === 'bool') data[0] = 1;
  else if (type === 'string') data[0] = 'x';
  else if (['int4', 'uint4', 'float4e2m1'].includes(type)) data[0] = 0x5;
  else if (['int2', 'uint2'].includes(type)) data[0] = 0x2;
  else if (type === 'float32' || type === 'float64') data[0] = -3.25;
  else if (type.startsWith('float8')) data[0] = 0x3a;
  else if (type === 'float16' || type === 'bfloat16') data[0] = 0x3e01;
  else data[0] = 0x5a;
  return t;
}

/** What the contract says `n` copies of a packed value look like. */
function packedExpected(type: string, bits: number, n: number): number[] {
  const bytes = new Array(slotsFor(type, n)).fill(0);
  const per = 8 / bits;
  for (let i = 0; i < n; i++) bytes[Math.floor(i / per)] |= (bits === 4 ? 0x5 : 0x2) << (bits * (i % per));
  return bytes;
}

describe('ConstantOfShape', () => {
  it('defaults to float32 zeros', () => {
    const y = tw.constantOfShape([2, 3]);
    expect(y.type).toBe('float32');
    expect(y.dims).toEqual([2, 3]);
    expect(Array.from(y.data)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('gives a scalar for an empty shape and an empty tensor for a 0 in it', () => {
    const scalar = tw.constantOfShape([], new tw.Tensor('int32', new Int32Array([9]), [1]));
    expect(scalar.dims).toEqual([]);
    expect(Array.from(scalar.data)).toEqual([9]);
    const empty = tw.constantOfShape(shape(3, 0, 2), new tw.Tensor('int32', new Int32Array([9]), [1]));
    expect(empty.dims).toEqual([3, 0, 2]);
    expect(empty.data.length).toBe(0);
  });

  it('fills every type of version 25 at many lengths, packed types with unused bits 0', () => {
    for (const type of VERSION_TYPES[25]) {
      const value = oneOf(type);
      for (const n of [1, 2, 3, 4, 5, 7, 8, 9, 31, 64, 67]) {
        const y = tw.constantOfShape([n], value);
        expect(y.type).toBe(type);
        expect(y.dims).toEqual([n]);
        if (['int4', 'uint4', 'float4e2m1'].includes(type)) expect(values(y)).toEqual(packedExpected(type, 4, n));
        else if (['int2', 'uint2'].includes(type)) expect(values(y)).toEqual(packedExpected(type, 2, n));
        else expect(values(y)).toEqual(new Array(n).fill((value.data as ArrayLike<unknown>)[0]));
      }
    }
  });

  it('applies each version\'s own type set through runNode', () => {
    const all = [...VERSION_TYPES[25], 'complex64', 'complex128', 'string'];
    for (const [opset, version] of [[9, 9], [19, 9], [20, 20], [22, 21], [23, 23], [24, 24], [25, 25], [30, 25]]) {
      for (const type of all) {
        const value = oneOf(type);
        const run = () => tw.runNode({ opType: 'ConstantOfShape', opset, attributes: { value } }, [shape(3)]);
        if (VERSION_TYPES[version].includes(type)) {
          const [y] = run();
          expect(y.type).toBe(type);
          expect(y.dims).toEqual([3]);
        } else {
          expectSpecError(run, 'ConstantOfShape', version, 'value type must be one of', `(got ${type})`);
        }
      }
    }
  });

  it('rejects bad shapes and values', () => {
    const v = new tw.Tensor('float32', new Float32Array([1]), [1]);
    expectSpecError(() => tw.constantOfShape([2, -1]), 'ConstantOfShape', 25, 'shape[1] must be >= 0 (got -1)');
    expectSpecError(() => tw.constantOfShape(new tw.Tensor('int32', new Int32Array([2]), [1]) as never), 'ConstantOfShape', 25, 'shape must be an int64 tensor (got int32)');
    expectSpecError(() => tw.constantOfShape(new tw.Tensor('int64', new BigInt64Array([2n]), [])), 'ConstantOfShape', 25, 'shape must be a 1-D tensor (got dims [])');
    expectSpecError(() => tw.constantOfShape([2], new tw.Tensor('float32', new Float32Array([1, 2]), [2])), 'ConstantOfShape', 25, 'value must hold exactly one element (got 2');
    expectSpecError(() => tw.constantOfShape([2], new tw.Tensor('float32', new Float32Array([]), [0])), 'ConstantOfShape', 25, 'exactly one element (got 0');
    expectSpecError(() => tw.runNode({ opType: 'ConstantOfShape', opset: 8 }, [shape(2)]), 'ConstantOfShape', undefined, 'opset 8 is below the op\'s first version 9');
    expectSpecError(() => tw.runNode({ opType: 'ConstantOfShape', attributes: { value: v } }, [[2] as never]), 'ConstantOfShape', 25, 'input must be a 1-D int64 tensor (got [2])');
    expectSpecError(() => tw.runNode({ opType: 'ConstantOfShape', attributes: { value: 3 } }, [shape(2)]), 'ConstantOfShape', 25, 'value must be a Tensor');
    expectSpecError(() => tw.constantOfShape([65536, 65536]), 'ConstantOfShape', 25, 'needs 17179869184 bytes');
  });

  it('keeps a one-element value of any rank', () => {
    const y = tw.constantOfShape([2], new tw.Tensor('int64', new BigInt64Array([-5n]), [1, 1, 1]));
    expect(Array.from(y.data)).toEqual([-5n, -5n]);
  });
});
