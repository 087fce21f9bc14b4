// Cast and CastLike: every 8- and 16-bit input pattern to every output type
// against the independent reference (cast-reference.ts), property tests for
// the 32- and 64-bit inputs, strings both ways, the JavaScript twin forced over
// the kernel pairs, resident and out, and each version's rules in runNode.
import fc from 'fast-check';
import * as tw from 'tessera-wasm';
import type * as Testing from 'tessera-wasm/testing';
import { CAST_KERNELS } from '../../js/src/generated/casts';
import { FLOAT_TYPES, elementsOf, expected, narrowNaNToNarrow, narrowedNaN, sameElement, widenedNaN } from './cast-reference';
import { expectSpecError } from './helpers';

beforeAll(() => tw.init());

const CAST_25 = tw.OPS.Cast.versions[tw.OPS.Cast.versions.length - 1].types.T2 as readonly string[];
const NUMERIC_OUT = CAST_25.filter((t) => t !== 'string');
const EIGHT_BIT = ['uint8', 'int8', 'bool', 'float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz', 'float8e8m0'];
const SIXTEEN_BIT = ['float16', 'bfloat16', 'int16', 'uint16'];

/** Every bit pattern of a type, as a Tensor, and its exact values. */
function everyPattern(type: string): { x: tw.Tensor; values: number[] } {
  const count = type === 'bool' ? 2 : (tw.DTYPES[type as tw.DataType].bits as number) === 16 ? 65536 : 256;  // a bool byte is 0 or 1
  const bits = Uint16Array.from({ length: count }, (_, i) => i);
  const storage = tw.DTYPES[type as 'uint8'].storage;
  const data = storage === 'Uint8Array' ? Uint8Array.from(bits) : storage === 'Int8Array' ? new Int8Array(Uint8Array.from(bits).buffer)
    : storage === 'Int16Array' ? new Int16Array(bits.buffer) : bits;
  const x = new tw.Tensor(type as 'uint8', data as Uint8Array, [count]);
  const values = FLOAT_TYPES.has(type) ? tw.decode(x) : Array.from(data as Uint8Array, (v) => (type === 'bool' ? (v !== 0 ? 1 : 0) : v));
  return { x, values };
}

function expectCast(x: tw.Tensor, values: readonly (number | bigint)[], to: string, options?: tw.CastOptions): void {
  const y = tw.cast(x, to as 'float32', options as never);
  expect(y.type).toBe(to);
  expect(y.dims).toEqual(x.dims);
  const got = elementsOf(to, y.data as ArrayLike<unknown>, values.length);
  if (x.type === to) {  // the same type: a copy, bits (NaN payloads, infinities) as they are
    expect(got).toEqual(elementsOf(to, x.data as ArrayLike<unknown>, values.length));
    return;
  }
  const fromFloat = FLOAT_TYPES.has(x.type);
  const wrong: string[] = [];
  for (let i = 0; i < values.length && wrong.length < 5; i++) {
    const nan = (x.type === 'float32' || x.type === 'float64') && (to === 'float16' || to === 'bfloat16' || to === 'float8e4m3fn' || to === 'float8e5m2')
      ? narrowedNaN(x.type, x.data as ArrayBufferView, i, to)
      : narrowNaNToNarrow(x.type, x.data as ArrayBufferView, i, to);
    const want = nan ?? expected(fromFloat, to, values[i], options?.saturate ?? true, options?.roundMode ?? 'up');
    if (!sameElement(got[i], want)) wrong.push(`${x.type} ${String(values[i])} -> ${to}: got ${String(got[i])}, expected ${String(want)}`);
    // A NaN widened to float32 or float64: bit for bit, as onnxruntime widens it.
    const widened = to === 'float32' || to === 'float64' ? widenedNaN(x.type, x.data as ArrayBufferView, i, to) : undefined;
    if (widened !== undefined) {
      const data = y.data as ArrayBufferView;
      const bits = to === 'float32' ? new Uint32Array(data.buffer, data.byteOffset)[i] : new BigUint64Array(data.buffer, data.byteOffset)[i];
      if (bits !== widened) wrong.push(`${x.type} NaN #${i} -> ${to}: got bits 0x${bits.toString(16)}, expected 0x${widened.toString(16)}`);
    }
  }
  expect(wrong).toEqual([]);
}

describe('Cast-25, exhaustively over 8- and 16-bit inputs', () => {
  for (const from of [...EIGHT_BIT, ...SIXTEEN_BIT]) {
    it(`every ${from} pattern to every numeric type`, () => {
      const { x, values } = everyPattern(from);
      for (const to of NUMERIC_OUT) expectCast(x, values, to);
    });
  }

  it('saturate false and every roundMode, for the float8 outputs, from every float16 and bfloat16 pattern', () => {
    for (const from of ['float16', 'bfloat16']) {
      const { x, values } = everyPattern(from);
      for (const to of ['float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz']) expectCast(x, values, to, { saturate: false });
      for (const roundMode of ['up', 'down', 'nearest'] as const) {
        for (const saturate of [true, false]) expectCast(x, values, 'float8e8m0', { saturate, roundMode });
      }
    }
  });
});

describe('Cast-25, property tests over 32- and 64-bit inputs', () => {
  const float32Bits = fc.array(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 70 });
  const edges = [0, -0, 0.5, -0.5, 1.5, -1.5, 2.5, 255.5, 256, -1, 2 ** 31, -(2 ** 31), 2 ** 32, 2 ** 63, 2 ** 64, 65520, 65504,
    448, 464, 480, 57344, 61440, 1e-45, 2 ** -24, 2 ** -25, 3 * 2 ** -26, NaN, Infinity, -Infinity];

  it('float32 (random bits and edge values) to every numeric type', () => {
    fc.assert(fc.property(float32Bits, (bits) => {
      const x = new Float32Array(new Uint32Array(bits).buffer);
      const values = [...Array.from(x), ...edges.map(Math.fround)];
      const t = tw.tensor('float32', values);
      for (const to of NUMERIC_OUT) expectCast(t, Array.from(t.data), to);
    }), { numRuns: 40 });
  });

  it('float64 to every numeric type', () => {
    fc.assert(fc.property(fc.array(fc.double(), { maxLength: 70 }), (doubles) => {
      const t = tw.tensor('float64', [...doubles, ...edges]);
      for (const to of NUMERIC_OUT) expectCast(t, Array.from(t.data), to);
    }), { numRuns: 40 });
  });

  for (const from of ['int32', 'uint32'] as const) {
    it(`${from} to every numeric type`, () => {
      const range = from === 'int32' ? { min: -(2 ** 31), max: 2 ** 31 - 1 } : { min: 0, max: 2 ** 32 - 1 };
      fc.assert(fc.property(fc.array(fc.integer(range), { maxLength: 70 }), (ints) => {
        const t = tw.tensor(from, [...ints, range.min, range.max, 0, 16777217, 255, 256, 7, 8, 1, 2]);
        for (const to of NUMERIC_OUT) expectCast(t, Array.from(t.data), to);
      }), { numRuns: 30 });
    });
  }

  for (const from of ['int64', 'uint64'] as const) {
    it(`${from} to every integer type, bool, float32 and float64, exactly (no double rounding)`, () => {
      const big = from === 'int64' ? fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }) : fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
      fc.assert(fc.property(fc.array(big, { maxLength: 70 }), (bigs) => {
        // 2^53 + 1 and 2^24 + 1 plus a sticky bit: double rounding would land on the wrong side of a float32 tie.
        const t = tw.tensor(from, [...bigs, 0n, 1n, (1n << 53n) + 1n, (1n << 60n) + (1n << 36n) + 1n, (1n << 60n) + (1n << 36n)]);
        for (const to of ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'bool', 'float32', 'float64']) {
          expectCast(t, Array.from(t.data as BigInt64Array), to);
        }
      }), { numRuns: 30 });
    });
  }

  it('int64 to the narrow types rounds once', () => {
    const y = tw.cast(tw.tensor('int64', [(1n << 60n) + (1n << 49n) + 1n, -(1n << 62n), 9n, -9n]), 'float16');
    expect(Array.from(y.data)).toEqual([0x7c00, 0xfc00, 0x4880, 0xc880]);
    expect(tw.decode(tw.cast(tw.tensor('int64', [(1n << 40n) + (1n << 32n) + 1n]), 'bfloat16'))).toEqual([2 ** 40 + 2 ** 33]);
    expect(tw.decode(tw.cast(tw.tensor('uint64', [100n, 2n ** 64n - 1n]), 'int4'))).toEqual([7, 7]);
  });
});

describe('the dispatcher: the kernel and its JavaScript twin give the same bits', () => {
  // The test-only entry (build/testing) forces an executor; its own instance, on the build this project runs.
  let tt: typeof Testing;
  beforeAll(async () => {
    jest.isolateModules(() => { tt = require('tessera-wasm/testing'); });
    await tt.init({ backend: tw.backendInfo().simd ? 'simd' : 'scalar' });
  });

  const inputFor = (from: string): tw.Tensor => {
    // int4, uint4: every byte, so every pair of codes, in every position of a 16-byte block.
    if ((tw.DTYPES[from as tw.DataType].bits as number) === 4) return new tw.Tensor(from as 'int4', Uint8Array.from({ length: 4099 }, (_, i) => (i * 37) & 255), [8198]);
    if ((tw.DTYPES[from as tw.DataType].bits as number) <= 16) return everyPattern(from).x;
    if (from === 'float32') return tw.tensor('float32', Array.from(new Float32Array(Uint32Array.from({ length: 5000 }, (_, i) => Math.imul(i, 2654435761) >>> 0).buffer)));
    if (from === 'int32') return tw.tensor('int32', Array.from({ length: 5000 }, (_, i) => Math.imul(i, 2654435761)));
    return tw.tensor('int64', Array.from({ length: 5000 }, (_, i) => BigInt.asIntN(64, BigInt(Math.imul(i, 2654435761)) * 4294967311n - (1n << 62n))));
  };

  // Every kernel pair; a float8 output saturating (the default) and not (the kernel's unsaturated twin).
  const cases = Object.keys(CAST_KERNELS).flatMap((pair) => (pair.startsWith('float32>float8') ? [[pair, true], [pair, false]] as const : [[pair, true]] as const));
  for (const [pair, saturate] of cases) {
    const [from, to] = pair.split('>');
    it(`${pair} (${CAST_KERNELS[pair]}${saturate ? '' : ', saturate: false'}), fresh, into out and resident`, () => {
      const x = inputFor(from);
      const options = to.startsWith('float8') ? { saturate } : {};  // saturate applies to float8 outputs only
      const results = (['kernel', 'loop'] as const).map((executor) => {
        const fresh = tt.withExecutor(executor, () => tt.cast(x as Testing.Tensor, to as 'float32', options));
        expect(fresh.ran).toBe(executor);
        const slots = (tw.DTYPES[to as tw.DataType].bits as number) === 4 ? Math.ceil(x.size / 2) : x.size;  // int4, uint4: two a byte
        const out = new (globalThis as never as Record<string, new (n: number) => ArrayLike<number>>)[tw.DTYPES[to as 'float32'].storage](slots);
        const into = tt.withExecutor(executor, () => tt.cast(x as never, to as 'float32', { ...options, out: out as Float32Array }));
        expect(into.value.data).toBe(out);
        const r = tt.toResident(x as never);
        const resident = tt.withExecutor(executor, () => tt.cast(r, to as 'float32', options));
        expect(tt.ResidentTensor.isResident(resident.value)).toBe(true);
        const back = (resident.value as Testing.ResidentTensor).toTensor();
        for (const t of [r, resident.value as Testing.ResidentTensor]) t.dispose();
        return [fresh.value.data, out, back.data].map((d) => elementsOf(to, d as ArrayLike<unknown>, x.size));
      });
      const [kernel, twin] = results;
      for (let k = 0; k < 3; k++) {
        expect(kernel[k].findIndex((v, i) => !sameElement(v, kernel[0][i]))).toBe(-1);
        expect(twin[k].findIndex((v, i) => !sameElement(v, kernel[0][i]))).toBe(-1);
      }
    });
  }

  it('routes a pair with no kernel to the twin, resident inputs too', () => {
    const probed = tt.withExecutor(undefined, () => tt.cast(tt.tensor('float32', [1]), 'float4e2m1'));
    expect([probed.rule, probed.ran]).toEqual(['convert without a kernel', 'loop']);
    const kernel = tt.withExecutor(undefined, () => tt.cast(tt.tensor('uint8', [1]), 'float32'));
    expect([kernel.rule, kernel.ran]).toEqual(['convert', 'kernel']);
  });
});

describe('strings', () => {
  it('parses the spec literals in any case, plain and scientific notation, and truncates to integers', () => {
    const x = tw.tensor('string', ['NaN', 'nan', 'INF', '+INF', 'inf', '-INF', '-Inf', '3.14', '1000', '1e-5', '1E8', '100.5', '-100.5', '.5', '7.']);
    expect(Array.from(tw.cast(x, 'float64').data)).toEqual([NaN, NaN, Infinity, Infinity, Infinity, -Infinity, -Infinity, 3.14, 1000, 1e-5, 1e8, 100.5, -100.5, 0.5, 7]);
    expect(Array.from(tw.cast(x, 'int32').data)).toEqual([0, 0, 2147483647, 2147483647, 2147483647, -2147483648, -2147483648, 3, 1000, 0, 100000000, 100, -100, 0, 7]);
    expect(Array.from(tw.cast(x, 'int64').data)).toEqual([0n, 0n, 2n ** 63n - 1n, 2n ** 63n - 1n, 2n ** 63n - 1n, -(2n ** 63n), -(2n ** 63n), 3n, 1000n, 0n, 100000000n, 100n, -100n, 0n, 7n]);
    expect(Array.from(tw.cast(x, 'bool').data)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(Array.from(tw.cast(tw.tensor('string', ['0', '-0.0', '0e9', '1e-400']), 'bool').data)).toEqual([0, 0, 0, 1]);
    expect(Array.from(tw.cast(tw.tensor('string', ['9007199254740993', '18446744073709551615']), 'uint64').data)).toEqual([9007199254740993n, 18446744073709551615n]);
  });

  it('rounds a decimal once into float32 and the narrow types (the double in between would tie)', () => {
    // 1 + 2^-24 is a float32 tie (to 1); a decimal a hair above it must go up, one a hair below down.
    expect(Array.from(tw.cast(tw.tensor('string', ['1.00000005960464477539062500001', '1.0000000596046447753906249999']), 'float32').data))
      .toEqual([Math.fround(1 + 2 ** -23), 1]);
    expect(tw.decode(tw.cast(tw.tensor('string', ['1.00048828125000000000001', '1.00048828125']), 'float16'))).toEqual([1 + 2 ** -10, 1]);
  });

  it('refuses what is not a number literal', () => {
    for (const bad of ['Hello World!', '', ' 3', '0x10', 'infinity', '+NaN', '1e', '--1']) {
      expectSpecError(() => tw.cast(tw.tensor('string', ['1', bad]), 'float32'), 'Cast', 25, 'input[1]', 'number literal');
    }
  });

  it('writes the shortest decimal that reads back as the same value, and NaN, INF, -INF', () => {
    const y = tw.cast(tw.tensor('float32', [0.1, 1e-5, 123456789, -0, NaN, Infinity, -Infinity, 3.4028234663852886e38]), 'string');
    expect(y.data).toEqual(['0.1', '0.00001', '123456790', '-0', 'NaN', 'INF', '-INF', '3.4028235e+38']);
    expect(tw.cast(tw.tensor('float16', [0.1, 65504]), 'string').data).toEqual(['0.1', '65500']);
    expect(tw.cast(tw.tensor('int64', [-(2n ** 63n)]), 'string').data).toEqual(['-9223372036854775808']);
    expect(tw.cast(tw.tensor('bool', [true, false]), 'string').data).toEqual(['1', '0']);
  });

  it('reads back what it writes, for every float16 and every float8e4m3fn value', () => {
    for (const type of ['float16', 'float8e4m3fn'] as const) {
      const { x } = everyPattern(type);
      const original = tw.decode(x);
      const back = tw.decode(tw.cast(tw.cast(x, 'string'), type));
      const same = back.every((v, i) => Object.is(v, original[i]) || (Number.isNaN(v) && Number.isNaN(original[i])));
      expect(same).toBe(true);
    }
  });
});

describe('out, resident inputs, CastLike', () => {
  it('writes into out (a Float16Array-free Uint16Array for float16) and returns it', () => {
    const out = new Float32Array(3);
    const y = tw.cast(tw.tensor('uint8', [1, 2, 255]), 'float32', { out });
    expect(y.data).toBe(out);
    expect(Array.from(out)).toEqual([1, 2, 255]);
    const half = new Uint16Array(2);
    tw.cast(tw.tensor('int64', [1n, -2n]), 'float16', { out: half });
    expect(Array.from(half)).toEqual([0x3c00, 0xc000]);
    expectSpecError(() => tw.cast(tw.tensor('uint8', [1]), 'float32', { out: new Float32Array(2) }), 'Cast', 25, 'out');
  });

  it('gives a resident result for a resident input, by kernel or by the JavaScript converter', () => {
    const x = tw.toResident(tw.tensor('uint8', [0, 7, 255]));
    const kernel = tw.cast(x, 'float32');
    const js = tw.cast(x, 'float8e4m3fn');
    expect(tw.ResidentTensor.isResident(kernel) && tw.ResidentTensor.isResident(js)).toBe(true);
    expect(Array.from(kernel.toTensor().data)).toEqual([0, 7, 255]);
    expect(tw.decode(js.toTensor())).toEqual([0, 7, 256]);
    expect(tw.cast(x, 'string').data).toEqual(['0', '7', '255']);  // strings cannot be resident
    const out = new Float32Array(3);
    expect(tw.cast(x, 'float32', { out }).data).toBe(out);
    for (const t of [x, kernel, js]) t.dispose();
  });

  it('casts to the same type as a copy, and never changes its input', () => {
    const data = new Float32Array([NaN, -0, 1.5]);
    const y = tw.cast(tw.tensor('float32', data), 'float32');
    expect(y.data).not.toBe(data);
    expect(new Uint32Array(y.data.buffer)).toEqual(new Uint32Array(data.buffer));
  });

  it('CastLike takes the second input\'s type, not its values', () => {
    const y = tw.castLike(tw.tensor('int32', [1, 2]), tw.tensor('float16', [9]));
    expect(y.type).toBe('float16');
    expect(tw.decode(y as tw.Tensor)).toEqual([1, 2]);
  });
});

describe('runNode: every version\'s types and attributes', () => {
  const f = tw.tensor('float32', [1.5, -2]);
  it('Cast-1 takes `to` as a DataType name; later versions as its number', () => {
    expect(tw.runNode({ opType: 'Cast', opset: 1, attributes: { to: 'DOUBLE' } }, [f])[0].type).toBe('float64');
    expect(tw.runNode({ opType: 'Cast', opset: 6, attributes: { to: 6 } }, [f])[0].data).toEqual(new Int32Array([1, -2]));
    expect(tw.runNode({ opType: 'Cast', opset: 19, attributes: { to: 17n, saturate: 0 } }, [tw.tensor('float32', [1000])])[0].data).toEqual(new Uint8Array([0x7f]));
    expectSpecError(() => tw.runNode({ opType: 'Cast', opset: 1, attributes: { to: 1 } }, [f]), 'Cast', 1, 'DataType enum name');
    expectSpecError(() => tw.runNode({ opType: 'Cast', opset: 6, attributes: { to: 'FLOAT' } }, [f]), 'Cast', 6, 'number');
    expectSpecError(() => tw.runNode({ opType: 'Cast', opset: 13, attributes: {} }, [f]), 'Cast', 13, 'required');
  });

  it('each version allows its own types and no others', () => {
    const cases: [number, string, boolean][] = [
      [6, 'string', false], [9, 'string', true], [9, 'bfloat16', false], [13, 'bfloat16', true], [13, 'float8e4m3fn', false],
      [19, 'float8e5m2fnuz', true], [19, 'int4', false], [21, 'uint4', true], [21, 'float4e2m1', false], [23, 'float4e2m1', true],
      [23, 'float8e8m0', false], [24, 'float8e8m0', true], [24, 'int2', false], [25, 'uint2', true], [25, 'complex64', false],
    ];
    for (const [opset, type, allowed] of cases) {
      const run = () => tw.runNode({ opType: 'Cast', opset, attributes: { to: tw.DTYPES[type as 'float32'].onnx } }, [f]);
      if (allowed) expect(run()[0].type).toBe(type);
      else expectSpecError(run, 'Cast', tw.OPS.Cast.versions.filter((v) => v.since <= opset).pop()!.since, 'output type must be one of', type);
    }
    expectSpecError(() => tw.runNode({ opType: 'Cast', opset: 8, attributes: { to: 1 } }, [tw.tensor('string', ['1'])]), 'Cast', 6, 'input type');
  });

  it('saturate from 19, round_mode from 24; CastLike from 15', () => {
    expectSpecError(() => tw.runNode({ opType: 'Cast', opset: 13, attributes: { to: 1, saturate: 1 } }, [f]), 'Cast', 13, 'unknown attribute');
    expectSpecError(() => tw.runNode({ opType: 'Cast', opset: 23, attributes: { to: 24, round_mode: 'up' } }, [f]), 'Cast', 23, 'unknown attribute');
    expectSpecError(() => tw.runNode({ opType: 'Cast', opset: 25, attributes: { to: 24, round_mode: 'sideways' } }, [f]), 'Cast', 25, 'round_mode');
    expectSpecError(() => tw.runNode({ opType: 'Cast', opset: 25, attributes: { to: 17, saturate: 2 } }, [f]), 'Cast', 25, 'saturate must be 0 or 1');
    const e8m0 = tw.runNode({ opType: 'Cast', opset: 25, attributes: { to: 24, round_mode: 'down' } }, [tw.tensor('float32', [3])])[0];
    expect(Array.from(e8m0.data as Uint8Array)).toEqual([128]);
    expectSpecError(() => tw.runNode({ opType: 'CastLike', opset: 14 }, [f, f]), 'CastLike', undefined, 'below');
    expect(tw.runNode({ opType: 'CastLike', opset: 15 }, [f, tw.tensor('int8', [0])])[0].data).toEqual(new Int8Array([1, -2]));
    expectSpecError(() => tw.runNode({ opType: 'CastLike', opset: 15, attributes: { saturate: 1 } }, [f, f]), 'CastLike', 15, 'unknown attribute');
    expectSpecError(() => tw.runNode({ opType: 'CastLike', opset: 19 }, [f, tw.tensor('int4', [0])]), 'CastLike', 19, 'int4');
  });

  it('the named ops check their options', () => {
    expectSpecError(() => tw.cast(f, 'float99' as never), 'Cast', 25, 'data type name');
    expectSpecError(() => tw.cast(f, 'float8e8m0', { roundMode: 'left' as never }), 'Cast', 25, 'roundMode');
    expectSpecError(() => tw.cast(f, 'float8e4m3fn', { saturate: 1 as never }), 'Cast', 25, 'saturate must be a boolean');
    expectSpecError(() => tw.cast(tw.tensor('complex64', [1, 2]), 'float32'), 'Cast', 25, 'input type');
  });

  it('the named ops say an option that does not apply to the pair; runNode ignores it, as the spec says (issue 38)', () => {
    for (const to of ['float16', 'bfloat16', 'float4e2m1', 'int8', 'uint4', 'string'] as const) {
      expectSpecError(() => tw.cast(f, to, { saturate: true }), 'Cast', 25, `saturate does not apply to a cast to ${to}`);
      expectSpecError(() => tw.castLike(f, tw.tensor(to, to === 'string' ? ['0'] : [0]), { saturate: false }), 'CastLike', 25, `saturate does not apply to a cast to ${to}`);
    }
    for (const to of ['float8e4m3fn', 'float8e5m2fnuz', 'float16', 'int32'] as const) {
      expectSpecError(() => tw.cast(f, to, { roundMode: 'down' }), 'Cast', 25, `roundMode does not apply to a cast to ${to}`);
    }
    expectSpecError(() => tw.cast(tw.tensor('float8e4m3fn', [1]), 'string', { roundMode: 'up' }), 'Cast', 25, 'roundMode does not apply to a cast to string');
    // Where they apply: every float8 kind takes saturate, float8e8m0 (and float8e8m0 to string) roundMode.
    for (const to of ['float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz', 'float8e8m0'] as const) {
      expect(tw.cast(tw.tensor('float32', [1e6]), to, { saturate: true }).type).toBe(to);
    }
    expect(Array.from(tw.cast(tw.tensor('float32', [3]), 'float8e8m0', { roundMode: 'down' }).data as Uint8Array)).toEqual([128]);
    const smallest = new tw.Tensor('float8e8m0', new Uint8Array([0]), [1]);  // 2^-127: '5e-39' reads back to it rounding up, '6e-39' rounding down
    expect(tw.cast(smallest, 'string', { roundMode: 'down' }).data).toEqual(['6e-39']);
    // runNode: Cast-25's attributes, ignored where they do not apply.
    const node = (to: tw.DataType, attributes: object) => tw.runNode({ opType: 'Cast', opset: 25, attributes: { to: tw.DTYPES[to].onnx, ...attributes } }, [f])[0];
    expect(Array.from(node('int8', { saturate: 0, round_mode: 'down' }).data as Int8Array)).toEqual([1, -2]);
    expect(node('float16', { saturate: 1 }).data).toEqual(tw.cast(f, 'float16').data);
    const like = tw.runNode({ opType: 'CastLike', opset: 25, attributes: { saturate: 0, round_mode: 'nearest' } }, [f, tw.tensor('int16', [0])])[0];
    expect(Array.from(like.data as Int16Array)).toEqual([1, -2]);
  });
});
