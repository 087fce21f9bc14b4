// Cast against onnxruntime-node's CPU Cast (an independent implementation, a
// dev dependency only): every pair both implement at opset 21, on every 8- and
// 16-bit pattern and on edge and random values for the wider types. Types an
// ort.Tensor cannot carry (bfloat16, the float8 types) are checked through a
// two-node model, x -> Cast(to T) -> Cast(to float32), whose second Cast is
// exact. Every disagreement must fall in one of the classes that
// docs/number-formats.md ("Cast against onnxruntime") explains; any other
// fails the check. Plain Node, not Jest: onnxruntime-node makes its output
// arrays in Node's own realm, which Jest's sandbox does not recognise.
// Prints one line per check and ends with "cast-ort: N passed, M failed".
import ort from 'onnxruntime-node';
import { checks } from './checks.mjs';
import * as tw from '../../dist/esm/index.js';
import { WireWriter } from '../../build/esm/protobuf.js';

await tw.init();
const { check, finish } = checks('cast-ort');

const ORT_TENSOR_TYPES = ['float32', 'float64', 'float16', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'bool', 'string'];
const FLOATS = new Set(['float32', 'float64', 'float16', 'bfloat16', 'float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz']);
const VIA_FLOAT32 = ['bfloat16', 'float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz'];

// ---------------------------------------------------------------- models
const text = new TextEncoder();
const message = (write) => write(new WireWriter()).finish();
const named = (w, field, name) => w.bytesField(field, text.encode(name));

function valueInfo(name, type) {
  const tensorType = message((w) => w.varintField(1, tw.DTYPES[type].onnx));
  return message((w) => named(w, 1, name).bytesField(2, message((t) => t.bytesField(1, tensorType))));
}

/**
 * Casts in a chain: x (type `from`) -> Cast(to[0]) -> Cast(to[1]) ...; the last is the output y. With `initializer`
 * (a tw.Tensor), x is that tensor inside the model rather than an input: types ort.Tensor cannot carry.
 */
function castModel(from, to, initializer) {
  const nodes = to.map((type, i) => message((w) => {
    named(named(named(named(w, 1, i === 0 ? 'x' : `t${i}`), 2, i === to.length - 1 ? 'y' : `t${i + 1}`), 3, `cast${i}`), 4, 'Cast');
    const attribute = message((a) => named(a, 1, 'to').varintField(3, tw.DTYPES[type].onnx).varintField(20, 2));
    return w.bytesField(5, attribute);
  }));
  const graph = message((w) => {
    for (const node of nodes) w.bytesField(1, node);
    named(w, 2, 'cast');
    if (initializer === undefined) w.bytesField(11, valueInfo('x', from));
    else w.bytesField(5, tw.toTensorProto(initializer, { name: 'x' }));
    return w.bytesField(12, valueInfo('y', to[to.length - 1]));
  });
  const opset = message((w) => named(w, 1, '').varintField(2, 21));
  return message((w) => named(w.varintField(1, 8), 2, 'tessera-test').bytesField(7, graph).bytesField(8, opset));
}

async function ortCast(from, to, x, raw = false) {
  let session;
  try {
    session = await ort.InferenceSession.create(castModel(from, to));
  } catch {
    return undefined;  // onnxruntime has no kernel for this pair
  }
  const input = new ort.Tensor(from, x.data, [x.size]);
  const { y } = await session.run({ x: input });
  return raw ? y.data : Array.from(y.data);
}

// ---------------------------------------------------------------- inputs
function inputsOf(type) {
  if (type === 'bool') return tw.tensor('bool', [0, 1]);
  const bits = tw.DTYPES[type].bits;
  if (bits === 8 || bits === 16) {
    const count = 2 ** bits;
    const codes = Uint16Array.from({ length: count }, (_, i) => i);
    const storage = tw.DTYPES[type].storage;
    const data = storage === 'Uint16Array' ? codes : storage === 'Int16Array' ? new Int16Array(codes.buffer)
      : storage === 'Int8Array' ? new Int8Array(Uint8Array.from(codes).buffer) : Uint8Array.from(codes);
    return new tw.Tensor(type, data, [count]);
  }
  const edges = [0, -0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 255.9, 256, -129, 65504, 65520, 1e10, -1e10, 2 ** 31, -(2 ** 31),
    2 ** 32, 2 ** 63, 2 ** 64, 1e-8, 0.1, 1 / 3, 123456789, 3.4e38, NaN, Infinity, -Infinity];
  let seed = 28;
  const next = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const random = Array.from({ length: 2000 }, () => (next() - 0.5) * 2 ** Math.floor(next() * 80 - 20));
  if (type === 'float32' || type === 'float64') return tw.tensor(type, [...edges, ...random]);
  if (type === 'string') return tw.tensor('string', ['0', '-0', '3.14', '1000', '1e-5', '1E8', '100.5', '-100.5', 'NaN', 'nan', 'INF', '+INF', '-INF', '-inf', '255', '256', '-1']);
  const ints = [0, 1, -1, 127, 128, 255, 256, -129, 32767, 32768, 65535, 65536, 2 ** 31 - 1, -(2 ** 31), 2 ** 32 - 1, 16777217, 123456789,
    ...random.map(Math.trunc)];
  if (type === 'int64' || type === 'uint64') {
    const big = [...ints.map((v) => BigInt(v)), 2n ** 53n + 1n, 2n ** 62n + 2n ** 38n + 1n, -(2n ** 63n), 2n ** 63n - 1n];
    return tw.tensor(type, big.map((b) => (type === 'int64' ? BigInt.asIntN(64, b) : BigInt.asUintN(64, b))));
  }
  const [min, max] = type === 'int32' ? [-(2 ** 31), 2 ** 31 - 1] : [0, 2 ** 32 - 1];
  return tw.tensor(type, ints.map((v) => Math.min(max, Math.max(min, v))));
}

// ---------------------------------------------------------------- classes
/** Why tessera and onnxruntime may differ, each explained in docs/number-formats.md. */

const RANGES = {
  int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535], int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1], int64: [-(2 ** 63), 2 ** 63], uint64: [0, 2 ** 64],
};
// int64 and uint64 end one below a power of two that a double cannot tell from it: their upper bound is exclusive.
const outOfRange = (v, to) => {
  const [min, max] = RANGES[to];
  const t = Math.trunc(v);
  return Number.isNaN(v) || t < min || (to.endsWith('int64') ? t >= max : t > max);
};

function classify(from, to, input, ours, theirs) {
  if (Object.is(ours, theirs) || ours === theirs) return undefined;
  if (typeof ours === 'number' && typeof theirs === 'number' && Number.isNaN(ours) && Number.isNaN(theirs)) return undefined;
  if ((FLOATS.has(from) || from === 'string') && to in RANGES && outOfRange(Number(input), to)) {
    return 'float-to-integer out of range or NaN';
  }
  if (to === 'string' && typeof ours === 'string' && typeof theirs === 'string') {
    const read = (s) => tw.cast(tw.tensor('string', [s]), from === 'string' ? 'float64' : from).data[0];
    if (Object.is(read(ours), read(theirs)) || (Number.isNaN(read(ours)) && Number.isNaN(read(theirs)))) return 'string notation';
    // onnxruntime writes floats with 8 significant digits (printf %.8g), which need not read back as the same value.
    const v = Number(input);
    const halfUnit = 0.5 * 10 ** (Math.floor(Math.log10(Math.abs(v))) - 7);
    if (Number.isFinite(v) && Math.abs(Number(theirs) - v) <= halfUnit * 1.0001) return 'onnxruntime writes 8 significant digits';
  }
  return 'unexplained';
}

// Values as comparable numbers/bigints/strings: our Tensor's data, element by element, beside ort's.
function ourValues(t) {
  if (t.type === 'float16') return tw.decode(t);
  return Array.from(t.data);
}

function inputValues(t) {
  if (FLOATS.has(t.type) && t.type !== 'float32' && t.type !== 'float64') return tw.decode(t);
  return Array.from(t.data);
}

const tally = new Map();

async function crossCheck(from, to) {
  // onnxruntime refuses a whole string tensor bound for an integer or bool if any string is not an integer
  // (std::stoll); Cast leaves those undefined, so they go only to the float types.
  const x = from === 'string' && !FLOATS.has(to) && to !== 'string'
    ? tw.tensor('string', ['0', '-0', '1000', '255', '256', '-1', '-129', '32768', '+7']) : inputsOf(from);
  const chain = VIA_FLOAT32.includes(to) ? [to, 'float32'] : [to];
  const theirsRaw = await ortCast(from, chain, x);
  if (theirsRaw === undefined) {
    tally.set(`onnxruntime has no Cast ${from} -> ${to}`, 1);
    return;
  }
  const y = tw.runNode({ opType: 'Cast', opset: 21, attributes: { to: tw.DTYPES[to].onnx } }, [x])[0];
  const ours = VIA_FLOAT32.includes(to) ? tw.decode(y) : ourValues(y);
  const theirs = to === 'float16' ? tw.decode(new tw.Tensor('float16', Uint16Array.from(theirsRaw), [x.size])) : theirsRaw;
  const inputs = inputValues(x);
  const unexplained = [];
  for (let i = 0; i < x.size; i++) {
    const why = classify(from, to, inputs[i], ours[i], theirs[i]);
    if (why === undefined) continue;
    tally.set(`${from} -> ${to}: ${why}`, (tally.get(`${from} -> ${to}: ${why}`) ?? 0) + 1);
    if (why === 'unexplained' && unexplained.length < 5) unexplained.push(`${String(inputs[i])}: ours ${String(ours[i])}, onnxruntime ${String(theirs[i])}`);
  }
  if (unexplained.length > 0) throw new Error(`${from} -> ${to} differs from onnxruntime unexplained: ${unexplained.join('; ')}`);
}

const inputs = [...ORT_TENSOR_TYPES];
const outputs = [...ORT_TENSOR_TYPES, ...VIA_FLOAT32];
for (const from of inputs) {
  await check(`Cast-21 from ${from} to every type onnxruntime-node also converts`, async () => {
    for (const to of outputs) if (to !== from) await crossCheck(from, to);
  });
}
// NaN narrowed: float32 and float64 NaNs of both signs, quiet and signalling, with payloads, to float16 and
// bfloat16 (bfloat16 through the exact widening to float32, which keeps its bits), compared bit for bit.
const NAN_BITS_32 = [0x7fc00000, 0xffc00000, 0x7f800001, 0xff800001, 0x7fa5a5a5, 0xffffffff, 0x7fc01234, 0xffe00000];
const NAN_BITS_64 = [0x7ff8000000000000n, 0xfff8000000000000n, 0x7ff0000000000001n, 0x7ff4a5a5a5a5a5a5n, 0xffffffffffffffffn, 0xfff0123456789abcn];
for (const [from, x] of [
  ['float32', new tw.Tensor('float32', new Float32Array(Uint32Array.from(NAN_BITS_32).buffer), [NAN_BITS_32.length])],
  ['float64', new tw.Tensor('float64', new Float64Array(BigUint64Array.from(NAN_BITS_64).buffer), [NAN_BITS_64.length])],
]) {
  for (const to of ['float16', 'bfloat16']) {
    await check(`Cast-21 ${from} NaN -> ${to} keeps its sign (float32 -> float16 its payload's high bits too), as onnxruntime does`, async () => {
      const data = await ortCast(from, to === 'bfloat16' ? [to, 'float32'] : [to], x, true);
      if (data === undefined) return;
      const y = tw.runNode({ opType: 'Cast', opset: 21, attributes: { to: tw.DTYPES[to].onnx } }, [x])[0];
      const ours = Array.from(new Uint16Array(y.data.buffer, y.data.byteOffset, x.size));
      // Their bits: float16 storage as it is; bfloat16 as the high half of the float32 it widened to.
      const theirs = to === 'float16' ? Array.from(new Uint16Array(data.buffer, data.byteOffset, x.size))
        : Array.from(new Uint32Array(data.buffer, data.byteOffset, x.size), (b) => b >>> 16);
      const hex = (a) => a.map((b) => `0x${b.toString(16)}`).join(' ');
      if (hex(ours) !== hex(theirs)) throw new Error(`${from} NaN -> ${to}: ours ${hex(ours)}, onnxruntime ${hex(theirs)}`);
    });
  }
}

// NaN to float8: the sign kept (S.1111.111, S.11111.11) as onnxruntime keeps it, fnuz's one NaN 0x80; theirs read
// as the sign of the float32 NaN their exact Cast back gives (float8 has no payload bits to compare beyond it).
const NAN_BITS_16 = [0x7e00, 0xfe00, 0x7c01, 0xfc01, 0x7fff, 0xffff, 0x7d55, 0xfeaa];  // float16: both signs, quiet and signalling
for (const [from, x] of [
  ['float32', new tw.Tensor('float32', new Float32Array(Uint32Array.from(NAN_BITS_32).buffer), [NAN_BITS_32.length])],
  ['float64', new tw.Tensor('float64', new Float64Array(BigUint64Array.from(NAN_BITS_64).buffer), [NAN_BITS_64.length])],
  ['float16', new tw.Tensor('float16', Uint16Array.from(NAN_BITS_16), [NAN_BITS_16.length])],
]) {
  for (const to of ['float8e4m3fn', 'float8e5m2', 'float8e4m3fnuz', 'float8e5m2fnuz']) {
    await check(`Cast-21 ${from} NaN -> ${to}: ${to.endsWith('fnuz') ? 'the one NaN 0x80' : 'its sign kept'}, as onnxruntime does`, async () => {
      const data = await ortCast(from, [to, 'float32'], x, true);
      if (data === undefined) throw new Error(`onnxruntime has no Cast ${from} -> ${to}`);
      const y = tw.runNode({ opType: 'Cast', opset: 21, attributes: { to: tw.DTYPES[to].onnx } }, [x])[0];
      const theirs = Array.from(new Uint32Array(data.buffer, data.byteOffset, x.size));
      if (theirs.some((b) => (b & 0x7fffffff) <= 0x7f800000)) throw new Error(`onnxruntime gave a number for a NaN: ${theirs.map((b) => b.toString(16))}`);
      const wanted = theirs.map((b) => (to.endsWith('fnuz') ? 0x80 : b >>> 31 ? 0xff : 0x7f));
      const ours = Array.from(y.data);
      if (ours.join() !== wanted.join()) throw new Error(`${from} NaN -> ${to}: ours ${ours.map((b) => b.toString(16))}, onnxruntime's signs give ${wanted.map((b) => b.toString(16))}`);
    });
  }
}

// NaN from the narrow floats: every NaN pattern of float16, bfloat16 and the float8 kinds, cast to float16,
// bfloat16, float8e4m3fn and float8e5m2, against onnxruntime bit for bit. ort.Tensor carries none of bfloat16 and
// float8, so the input is an initializer (a TensorProto of tessera's bits) and the output, where ort.Tensor cannot
// carry it either, goes through onnxruntime's exact Cast to float32: bfloat16 is that float32's high half, and a
// float8 NaN's sign is that float32's sign (float8 has no payload bits to compare beyond it).
const NARROW_NAN = {
  float16: (b) => (b & 0x7fff) > 0x7c00, bfloat16: (b) => (b & 0x7fff) > 0x7f80, float8e4m3fn: (b) => (b & 0x7f) === 0x7f,
  float8e5m2: (b) => (b & 0x7f) > 0x7c, float8e4m3fnuz: (b) => b === 0x80, float8e5m2fnuz: (b) => b === 0x80,
};
for (const [from, isNaN] of Object.entries(NARROW_NAN)) {
  const wide = tw.DTYPES[from].bits === 16;
  const codes = Array.from({ length: wide ? 65536 : 256 }, (_, b) => b).filter(isNaN);
  const x = new tw.Tensor(from, wide ? Uint16Array.from(codes) : Uint8Array.from(codes), [codes.length]);
  for (const to of ['float16', 'bfloat16', 'float8e4m3fn', 'float8e5m2']) {
    if (to === from) continue;
    await check(`Cast-21 every ${from} NaN (${codes.length}) -> ${to}: its sign kept, as onnxruntime keeps it`, async () => {
      const session = await ort.InferenceSession.create(castModel(from, to === 'float16' ? [to] : [to, 'float32'], x));
      const { y: their } = await session.run({});
      const hex = (b) => `0x${b.toString(16)}`;
      const theirs = to === 'float16' ? Array.from(new Uint16Array(their.data.buffer, their.data.byteOffset, x.size))
        : Array.from(new Uint32Array(their.data.buffer, their.data.byteOffset, x.size), (b) => (to === 'bfloat16' ? b >>> 16 : b));
      const y = tw.runNode({ opType: 'Cast', opset: 21, attributes: { to: tw.DTYPES[to].onnx } }, [x])[0];
      const ours = Array.from(to === 'float16' || to === 'bfloat16' ? new Uint16Array(y.data.buffer, y.data.byteOffset, x.size) : y.data);
      const wanted = to.startsWith('float8') ? theirs.map((b) => ((b & 0x7fffffff) > 0x7f800000 ? (b >>> 31 ? 0xff : 0x7f) : -1)) : theirs;
      const wrong = ours.map((b, i) => [b, wanted[i], codes[i]]).filter(([a, w]) => a !== w).slice(0, 5);
      if (wrong.length > 0) throw new Error(`${from} NaN -> ${to}: ${wrong.map(([a, w, c]) => `${hex(c)}: ours ${hex(a)}, onnxruntime ${w < 0 ? 'a number' : hex(w)}`).join('; ')}`);
    });
  }
}

// NaN widened: every NaN pattern of float16, bfloat16 and the float8 kinds to float32 and float64, the input an
// initializer, bit for bit: float16 and bfloat16 keep sign and payload (to float64 quieted), a float8 NaN its sign
// (the fnuz kinds' 0x80 comes out negative), as onnxruntime widens them. One class apart: onnxruntime's float16 ->
// float32 quiets a signalling NaN in its blocks of 16 (vcvtph2ps) and keeps it in the tail (n % 16, in software);
// this library keeps it everywhere, as its bfloat16 widening and the tail do.
for (const [from, isNaN] of Object.entries(NARROW_NAN)) {
  const wide = tw.DTYPES[from].bits === 16;
  const codes = Array.from({ length: wide ? 65536 : 256 }, (_, b) => b).filter(isNaN);
  const x = new tw.Tensor(from, wide ? Uint16Array.from(codes) : Uint8Array.from(codes), [codes.length]);
  for (const to of ['float32', 'float64']) {
    await check(`Cast-21 every ${from} NaN (${codes.length}) -> ${to}: bit for bit as onnxruntime widens it`, async () => {
      const session = await ort.InferenceSession.create(castModel(from, [to], x));
      const { y: their } = await session.run({});
      const bitsOf = (d) => (to === 'float32' ? Array.from(new Uint32Array(d.buffer, d.byteOffset, x.size))
        : Array.from(new BigUint64Array(d.buffer, d.byteOffset, x.size)));
      const theirs = bitsOf(their.data);
      const ours = bitsOf(tw.runNode({ opType: 'Cast', opset: 21, attributes: { to: tw.DTYPES[to].onnx } }, [x])[0].data);
      const hex = (b) => `0x${b.toString(16)}`;
      const quietedByOrt = (a, w, c) => from === 'float16' && to === 'float32' && (c & 0x200) === 0 && w === (a | 0x400000) >>> 0;
      const wrong = [];
      ours.forEach((a, i) => {
        if (a === theirs[i]) return;
        const why = quietedByOrt(a, theirs[i], codes[i]) ? `${from} -> ${to}: onnxruntime quiets a signalling NaN in its blocks of 16` : 'unexplained';
        tally.set(why, (tally.get(why) ?? 0) + 1);
        if (why === 'unexplained') wrong.push([a, theirs[i], codes[i]]);
      });
      wrong.splice(5);
      if (wrong.length > 0) throw new Error(`${from} NaN -> ${to}: ${wrong.map(([a, w, c]) => `${hex(c)}: ours ${hex(a)}, onnxruntime ${hex(w)}`).join('; ')}`);
    });
  }
}

// The disagreements by class, for docs/number-formats.md.
for (const [what, n] of tally) console.log(`  ${what}${what.includes('no Cast') ? '' : `: ${n}`}`);
finish();
