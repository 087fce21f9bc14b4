// Every op of the registry in every engine: the cases each op's test module
// (tests/ops) made for fixed seeds, with their references' outputs, read from
// the JSON tests/engines/op-cases.ts writes (scripts/op-cases.mjs: run.mjs
// makes it before the cells start). Each case's tensors are rebuilt with this
// engine's own library and run through tw.runNode fresh (its inputs left
// unchanged) and on resident inputs (when no input or output is a string);
// the outputs must match the reference byte for byte, any NaN matching any
// NaN in float32/float64 outputs where the op says so (OpTest.looseNaN). A
// first check holds the JSON to this engine's tw.OPS: an op without cases
// fails here. Each op's first case runs once more with two-faced inputs and
// attributes, and its named function into outs of every kind, over its own
// input too (hostile input, every op, every engine). Plain ES module, no host APIs; the bench's smoke run uses it too.
import { mismatch } from './checks.mjs';
import { storageBytes, storageOf } from './reference.mjs';

/** Base64 to bytes, by atob (every engine of the matrix has it). */
export function fromBase64(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A JSON value of op-cases.ts back as the value it stood for, tensors made with this engine's tw. */
export function decode(tw, value) {
  if (Array.isArray(value)) return value.map((v) => decode(tw, v));
  if (value === null || typeof value !== 'object') return value;
  if ('$undefined' in value) return undefined;
  if ('$bigint' in value) return BigInt(value.$bigint);
  if ('$number' in value) return value.$number === '-0' ? -0 : Number(value.$number);
  if ('$typed' in value) return typedArray(value.$typed, value.data);
  if ('$tensor' in value) {
    const { type, dims, array, data } = value.$tensor;
    return new tw.Tensor(type, Array.isArray(data) ? [...data] : typedArray(array, data), dims);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(tw, v)]));
}

function typedArray(name, data) {
  const bytes = fromBase64(data);
  // float16 data made where Float16Array exists: the same bits as the library's Uint16Array storage elsewhere.
  const Ctor = name === 'Float16Array' && typeof Float16Array === 'undefined' ? Uint16Array : globalThis[name];
  if (typeof Ctor !== 'function' || !Ctor.BYTES_PER_ELEMENT) throw mismatch(`this engine has no ${name}`);
  return new Ctor(bytes.buffer, 0, bytes.byteLength / Ctor.BYTES_PER_ELEMENT);
}

/** An expected output: { type, dims, storage: bytes or strings }. */
const expectedOf = (o) => ({ type: o.type, dims: o.dims, storage: Array.isArray(o.storage) ? o.storage : fromBase64(o.storage) });

// An op's tolerance (OpTest.tolerance, as tests/js/registry.test.ts reads it):
// float elements within atol + ulps * eps * |want|, NaN equal to NaN.
const EPS = { float64: 2 ** -52, float32: 2 ** -23, float16: 2 ** -10, bfloat16: 2 ** -7 };
function withinTolerance(got, want, type, { ulps, atol }) {
  const width = type === 'float64' ? 8 : type === 'float32' ? 4 : 2;
  const half = (h) => {
    if (type === 'bfloat16') return new Float32Array(new Uint32Array([h << 16]).buffer)[0];
    const exponent = (h >> 10) & 0x1f;
    const m = h & 0x3ff;
    const v = exponent === 0 ? m * 2 ** -24 : exponent === 31 ? (m ? NaN : Infinity) : (1 + m / 1024) * 2 ** (exponent - 15);
    return h & 0x8000 ? -v : v;
  };
  const read = (bytes, at) => {
    const view = new DataView(bytes.buffer, bytes.byteOffset + at, width);
    return width === 8 ? view.getFloat64(0, true) : width === 4 ? view.getFloat32(0, true) : half(view.getUint16(0, true));
  };
  for (let at = 0; at < got.length; at += width) {
    const x = read(got, at);
    const y = read(want, at);
    if (Object.is(x, y) || (Number.isNaN(x) && Number.isNaN(y))) continue;
    if (!(Math.abs(x - y) <= atol + ulps * EPS[type] * Math.abs(y))) throw mismatch(`element ${at / width} is ${x}, expected ${y} (within ${ulps} ulps + ${atol})`);
  }
}

/** Throws unless the tensor is the expected output (any NaN for any NaN in float32/float64 when looseNaN; within the op's tolerance where it has one). */
export function expectOutput(actual, want, looseNaN, tolerance) {
  if (actual?.type !== want.type) throw mismatch(`type ${actual?.type}, expected ${want.type}`);
  if (actual.dims.join() !== want.dims.join()) throw mismatch(`dims [${actual.dims}], expected [${want.dims}]`);
  const got = storageBytes(actual);
  if (want.type === 'string') {
    const i = want.storage.findIndex((s, k) => s !== got[k]);
    if (got.length !== want.storage.length || i >= 0) throw mismatch(`strings ${JSON.stringify(got.slice(0, 8))}, expected ${JSON.stringify(want.storage.slice(0, 8))}`);
    return;
  }
  if (got.length !== want.storage.length) throw mismatch(`${got.length} bytes, expected ${want.storage.length}`);
  const within = tolerance?.[want.type];
  if (within) return withinTolerance(got, want.storage, want.type, within);
  const width = looseNaN ? { float32: 4, float64: 8 }[want.type] ?? 0 : 0;
  const isNaN = (bytes, at) => {
    const view = new DataView(bytes.buffer, bytes.byteOffset + at, width);
    return Number.isNaN(width === 4 ? view.getFloat32(0, true) : view.getFloat64(0, true));
  };
  for (let i = 0; i < got.length; i++) {
    if (got[i] === want.storage[i]) continue;
    const at = width ? i - (i % width) : 0;
    if (width && isNaN(got, at) && isNaN(want.storage, at)) {
      i = at + width - 1;
      continue;
    }
    throw mismatch(`byte ${i} is 0x${got[i].toString(16)}, expected 0x${want.storage[i].toString(16)}`);
  }
}

/** The ops and their cases, decoded for this engine: [{ op, looseNaN, error?, cases: [{ label, node, inputs, outputs }] }]. */
export function opCasesFor(tw, json) {
  return json.ops.map(({ op, looseNaN, tolerance, error, cases = [], named = null }) => ({
    op, looseNaN, tolerance, error,
    named: named && { ...named, args: decode(tw, named.args), output: expectedOf(named.output) },
    cases: cases.map((c) => ({
      label: c.label,
      node: { opType: op, domain: tw.OPS[op]?.domain, opset: c.opset, attributes: decode(tw, c.attributes) },
      inputs: decode(tw, c.inputs),
      outputs: c.outputs.map(expectedOf),
    })),
  }));
}

// Hostile input in every engine, for every op: a value whose getters answer
// right the first time and wrong after (another type, other dims, data of
// another length; each attribute of the node likewise). An op that reads a
// user's value twice computes with the second answer, or checks one and uses
// the other: the output then differs from the reference.
const LIES = { type: 'int8', dims: [0], data: new Uint8Array(3) };

function twoFacedTensor(t) {
  const parts = { type: t.type, data: t.data, dims: t.dims };
  const object = {};
  for (const [key, value] of Object.entries(parts)) {
    let reads = 0;
    Object.defineProperty(object, key, { enumerable: true, get: () => (reads++ === 0 ? value : LIES[key]) });
  }
  return object;
}

function twoFaced(node, key) {
  const attributes = node[key];
  if (attributes === undefined) return node;
  const object = {};
  for (const [name, value] of Object.entries(attributes)) {
    let reads = 0;
    Object.defineProperty(object, name, { enumerable: true, get: () => (reads++ === 0 ? value : 'a lie') });
  }
  return { ...node, [key]: object };
}

// The named function with an `out` of this engine's making, in every
// engine (hostile input, round three, for every op): fresh; into a clean
// and a dirty out (every byte 0xA5: a packed output must be cleared first);
// into a Uint8ClampedArray where the output is uint8 (written as it is,
// never clamped); and into an out over its own data input, which is the
// right answer for an op that reads each element before writing it
// (inPlace), and otherwise the right answer or a SpecError that leaves the
// input as it was.
const withOut = (args, out) => args.map((a) => (a !== null && typeof a === 'object' && a.out?.$out === true ? { ...a, out } : a));

async function namedOutChecks({ tw, checks }, op, named, looseNaN, tolerance) {
  const { fn, args, output, dataInput, inPlace } = named;
  const call = (out) => tw[fn](...withOut(args, out));
  const Storage = output.type === 'uint8' ? Uint8Array : storageOf(output.type);
  const outOf = (Ctor, fill) => {
    const out = new Ctor(output.storage.byteLength / Ctor.BYTES_PER_ELEMENT);
    new Uint8Array(out.buffer).fill(fill);
    return out;
  };
  await checks.run(`op cases: ${op}: tw.${fn} fresh, into a clean and a dirty out${output.type === 'uint8' ? ', and a Uint8ClampedArray' : ''}`, () => {
    expectOutput(call(undefined), output, looseNaN, tolerance);
    const outs = [outOf(Storage, 0), outOf(Storage, 0xa5), ...(output.type === 'uint8' ? [outOf(Uint8ClampedArray, 0xa5)] : [])];
    for (const out of outs) {
      const y = call(out);
      if (y.data !== out) throw mismatch(`the result's data is not the ${out.constructor.name} out given`);
      expectOutput(y, output, looseNaN, tolerance);
    }
  });
  const x = args[dataInput];
  if (!(x instanceof tw.Tensor) || x.type === 'string' || output.storage.byteLength === 0) return;
  await checks.run(`op cases: ${op}: tw.${fn} into an out over its own data input: ${inPlace ? 'the right answer (in place)' : 'the right answer, or a SpecError with the input unchanged'}`, () => {
    const bytes = storageBytes(x);
    const buffer = new ArrayBuffer(Math.max(bytes.byteLength, output.storage.byteLength) + 16);
    new Uint8Array(buffer).set(bytes);
    const XCtor = x.data.constructor;
    const over = new tw.Tensor(x.type, new XCtor(buffer, 0, x.data.length), x.dims);
    const overArgs = args.map((a, i) => (i === dataInput ? over : a));
    const out = new Storage(buffer, 0, output.storage.byteLength / Storage.BYTES_PER_ELEMENT);
    let y;
    let error;
    try {
      y = tw[fn](...withOut(overArgs, out));
    } catch (e) {
      error = e;
    }
    if (inPlace && bytes.byteLength === output.storage.byteLength) {
      if (error) throw mismatch(`in place was refused: ${error}`);
      expectOutput(y, output, looseNaN, tolerance);
    } else if (error) {
      if (error.name !== 'SpecError') throw mismatch(`refused with ${error}, not a SpecError`);
      const after = new Uint8Array(buffer, 0, bytes.byteLength);
      if (after.some((b, i) => b !== bytes[i])) throw mismatch('the input changed though the call was refused');
    } else {
      expectOutput(y, output, looseNaN, tolerance);  // an op may take the overlap when it is safe (no element read after its write)
    }
  });
}

const hasString = (c) => c.inputs.some((t) => t?.type === 'string') || c.outputs.some((o) => o.type === 'string');
const snapshot = (inputs) => JSON.stringify(inputs.map((t) => (t === undefined ? null : Array.from(storageBytes(t), String))));

/** The suite's part: every op of the JSON (`json`, or `{ skipped: why }`) through runNode, fresh and resident. */
export async function registryChecks({ tw, checks, log }, json) {
  if (json.skipped) {
    log(`op cases: not run, ${json.skipped}`);
    return;
  }
  let ops;
  await checks.run('op cases: every op of tw.OPS has its test module\'s cases, and no other op', () => {
    ops = opCasesFor(tw, json);
    const given = ops.map((o) => o.op).sort().join(', ');
    const registered = Object.keys(tw.OPS).sort().join(', ');
    if (given !== registered) throw mismatch(`the cases cover ${given}; tw.OPS has ${registered}`);
  });
  if (!ops) return;
  for (const { op, looseNaN, tolerance, error, cases, named } of ops) {
    if (error) {
      await checks.run(`op cases: ${op}'s test module made its cases`, () => { throw mismatch(error); });
      continue;
    }
    if (named) await namedOutChecks({ tw, checks }, op, named, looseNaN, tolerance);
    else log(`op cases: ${op}: no single-output named call to take an out (its named function has several outputs, or none)`);
    for (const c of cases) {
      await checks.run(`op cases: ${op} ${c.label}, runNode fresh, inputs unchanged`, () => {
        const before = snapshot(c.inputs);
        const outputs = tw.runNode(c.node, c.inputs);
        if (outputs.length !== c.outputs.length) throw mismatch(`${outputs.length} outputs, expected ${c.outputs.length}`);
        outputs.forEach((y, i) => expectOutput(y, c.outputs[i], looseNaN, tolerance));
        if (snapshot(c.inputs) !== before) throw mismatch('an input changed');
      });
      if (c === cases[0]) {
        await checks.run(`op cases: ${op} ${c.label}, hostile: two-faced look-alike inputs and attributes are read once`, () => {
          const outputs = tw.runNode(twoFaced(c.node, 'attributes'), c.inputs.map((t) => (t === undefined ? undefined : twoFacedTensor(t))));
          if (outputs.length !== c.outputs.length) throw mismatch(`${outputs.length} outputs, expected ${c.outputs.length}`);
          outputs.forEach((y, i) => expectOutput(y, c.outputs[i], looseNaN, tolerance));
        });
      }
      if (hasString(c)) continue;
      await checks.run(`op cases: ${op} ${c.label}, runNode resident`, () => {
        const resident = c.inputs.map((t) => (t === undefined ? undefined : tw.toResident(t)));
        try {
          const outputs = tw.runNode(c.node, resident);
          const plain = outputs.map((y) => (y instanceof tw.ResidentTensor ? y.toTensor() : undefined));
          outputs.forEach((y) => (y instanceof tw.ResidentTensor ? y.dispose() : undefined));
          if (plain.includes(undefined)) throw mismatch('resident inputs gave a plain output');
          if (plain.length !== c.outputs.length) throw mismatch(`${plain.length} outputs, expected ${c.outputs.length}`);
          plain.forEach((y, i) => expectOutput(y, c.outputs[i], looseNaN, tolerance));
        } finally {
          resident.forEach((r) => r?.dispose());
        }
      });
    }
  }
}
