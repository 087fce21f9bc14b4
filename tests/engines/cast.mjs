// Cast in every engine of the matrix: a table of conversions whose results are
// written out by hand from the rules (docs/using-ops.md, "Cast and CastLike"), each run fresh,
// resident and into `out`, through tw.cast and runNode; and each version's
// type and attribute rules as SpecErrors. Strings run fresh only (they cannot
// be resident or go into `out`).
import { expectSpecError, expectTensor, mismatch, tensorOf } from './checks.mjs';
import { storageBytes } from './reference.mjs';

const bytes = (a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const f32Bits = (...bits) => bytes(Uint32Array.from(bits));

// [name, input {type, data}, to, options, expected storage bytes (or strings)]
const CASES = [
  ['uint8 pixels to float32 (kernel)', { type: 'uint8', data: Uint8Array.of(0, 1, 128, 255) }, 'float32', {}, bytes(Float32Array.of(0, 1, 128, 255))],
  ['float32 back to uint8, truncated and saturated (kernel)', { type: 'float32', data: Float32Array.of(-3.7, 0.99, 254.9, 300, NaN) }, 'uint8', {}, Uint8Array.of(0, 0, 254, 255, 0)],
  ['int16 to float32 (kernel)', { type: 'int16', data: Int16Array.of(-32768, -1, 32767) }, 'float32', {}, bytes(Float32Array.of(-32768, -1, 32767))],
  ['int32 to float32 rounds to nearest even (kernel)', { type: 'int32', data: Int32Array.of(16777217, 16777219, -2147483648) }, 'float32', {}, bytes(Float32Array.of(16777216, 16777220, -2147483648))],
  ['float32 to int32 truncates toward zero, NaN 0, saturating (kernel)', { type: 'float32', data: Float32Array.of(-2.9, 2.9, 3e9, -3e9, NaN) }, 'int32', {}, bytes(Int32Array.of(-2, 2, 2147483647, -2147483648, 0))],
  ['float16 to float32, subnormal, Inf and NaN (kernel)', { type: 'float16', data: Uint16Array.of(0x3c00, 0x0001, 0xfc00, 0x8000) }, 'float32', {}, f32Bits(0x3f800000, 0x33800000, 0xff800000, 0x80000000)],
  ['float32 to float16, ties to even and overflow (kernel)', { type: 'float32', data: Float32Array.of(1.00048828125, 1.00146484375, 65520, -1e-8, NaN) }, 'float16', {}, bytes(Uint16Array.of(0x3c00, 0x3c02, 0x7c00, 0x8000, 0x7e00))],
  ['float32 to bfloat16, ties to even (kernel)', { type: 'float32', data: new Float32Array(Uint32Array.of(0x3f808000, 0x3f818000, 0x7f7fffff).buffer) }, 'bfloat16', {}, bytes(Uint16Array.of(0x3f80, 0x3f82, 0x7f80))],
  ['int64 to int32 keeps the low bits (kernel)', { type: 'int64', data: BigInt64Array.of(4294967301n, -1n, 2147483648n) }, 'int32', {}, bytes(Int32Array.of(5, -1, -2147483648))],
  ['int32 to int8 wraps', { type: 'int32', data: Int32Array.of(200, -129, 256) }, 'int8', {}, bytes(Int8Array.of(-56, 127, 0))],
  ['float64 to bool', { type: 'float64', data: Float64Array.of(0, -0, NaN, 0.1) }, 'bool', {}, Uint8Array.of(0, 0, 1, 1)],
  ['float32 to float8e4m3fn, saturating', { type: 'float32', data: Float32Array.of(1000, -Infinity, 0.3) }, 'float8e4m3fn', {}, Uint8Array.of(0x7e, 0xfe, 0x2a)],
  ['float32 to float8e4m3fn, not saturating', { type: 'float32', data: Float32Array.of(1000, -Infinity) }, 'float8e4m3fn', { saturate: false }, Uint8Array.of(0x7f, 0xff)],
  ['float32 to float8e8m0, rounding down', { type: 'float32', data: Float32Array.of(3, 0.75) }, 'float8e8m0', { roundMode: 'down' }, Uint8Array.of(0x80, 0x7e)],
  ['float64 to int4, to nearest even then clamped', { type: 'float64', data: Float64Array.of(2.5, 3.5, -20) }, 'int4', {}, Uint8Array.of(0x42, 0x08)],
  ['uint64 to float32, rounded once', { type: 'uint64', data: BigUint64Array.of(9007199254740993n) }, 'float32', {}, bytes(Float32Array.of(9007199254740992))],
  ['strings to float32', { type: 'string', data: ['+INF', '-inf', '1e-5', '3.5'] }, 'float32', {}, bytes(Float32Array.of(Infinity, -Infinity, 1e-5, 3.5))],
  ['strings to int32 truncate', { type: 'string', data: ['100.5', '-100.5', 'NaN'] }, 'int32', {}, bytes(Int32Array.of(100, -100, 0))],
  ['float32 to strings', { type: 'float32', data: Float32Array.of(0.1, -0, NaN, -Infinity) }, 'string', {}, ['0.1', '-0', 'NaN', '-INF']],
];

function expectResult(y, to, n, expected) {
  if (Array.isArray(expected)) {
    if (y.type !== 'string' || JSON.stringify(y.data) !== JSON.stringify(expected)) throw mismatch(`got ${y.type} ${JSON.stringify(y.data)}`);
    return;
  }
  expectTensor(y, to, [n], expected);
}

export async function castChecks({ tw, checks }) {
  for (const [name, input, to, options, expected] of CASES) {
    const n = input.data.length;
    const x = () => tensorOf(tw, { ...input, dims: [n] });
    await checks.run(`cast ${name} (fresh, runNode)`, () => {
      const t = x();
      const before = storageBytes(t);
      expectResult(tw.cast(t, to, options), to, n, expected);
      if (storageBytes(t).some((b, i) => b !== before[i])) throw mismatch('the input changed');
      const attributes = { to: tw.DTYPES[to].onnx, ...('saturate' in options ? { saturate: options.saturate ? 1 : 0 } : {}),
        ...('roundMode' in options ? { round_mode: options.roundMode } : {}) };
      expectResult(tw.runNode({ opType: 'Cast', opset: 25, attributes }, [t])[0], to, n, expected);
    });
    if (input.type === 'string' || to === 'string') continue;
    await checks.run(`cast ${name} (resident, out)`, () => {
      const r = tw.toResident(x());
      try {
        const y = tw.cast(r, to, options);
        if (!(y instanceof tw.ResidentTensor)) throw mismatch('a resident input gave a plain output');
        const copy = y.toTensor();
        y.dispose();
        expectTensor(copy, to, [n], expected);
      } finally {
        r.dispose();
      }
      const Storage = globalThis[tw.DTYPES[to].storage];
      const out = new Storage(expected.byteLength / Storage.BYTES_PER_ELEMENT);
      const y = tw.cast(x(), to, { ...options, out });
      if (y.data !== out) throw mismatch('out was not the result\'s data');
      expectTensor(y, to, [n], expected);
    });
  }
  await checks.run('cast: each version\'s types and attributes are SpecErrors', () => {
    const f = tensorOf(tw, { type: 'float32', data: Float32Array.of(1), dims: [1] });
    expectSpecError(tw, () => tw.runNode({ opType: 'Cast', opset: 13, attributes: { to: 17 } }, [f]), { op: 'Cast', version: 13, param: 'to' });
    expectSpecError(tw, () => tw.runNode({ opType: 'Cast', opset: 13, attributes: { to: 1, saturate: 1 } }, [f]), { op: 'Cast', version: 13, param: 'saturate' });
    expectSpecError(tw, () => tw.runNode({ opType: 'Cast', opset: 1, attributes: { to: 1 } }, [f]), { op: 'Cast', version: 1, param: 'to' });
    expectSpecError(tw, () => tw.runNode({ opType: 'CastLike', opset: 19 }, [f, tensorOf(tw, { type: 'int4', data: Uint8Array.of(0), dims: [1] })]), { op: 'CastLike', version: 19, param: 'to' });
    expectSpecError(tw, () => tw.cast(tensorOf(tw, { type: 'string', data: ['Hello World!'], dims: [1] }), 'float32'), { op: 'Cast', version: 25, param: 'input' });
    const y = tw.runNode({ opType: 'Cast', opset: 1, attributes: { to: 'DOUBLE' } }, [f])[0];
    if (y.type !== 'float64' || y.data[0] !== 1) throw mismatch(`Cast-1 to DOUBLE gave ${y.type}`);
  });
}
