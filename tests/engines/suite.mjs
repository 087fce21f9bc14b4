// The conformance suite: one source, run unchanged in every engine of the
// matrix (Node ESM and require, Deno, Bun ESM and require, Chromium and
// Firefox on the main thread and in a module Worker), once per build.
// A plain ES module that touches no host API: the host passes in the library
// (`tw`, however it loaded it), the build to load, the ONNX vectors' reader and
// where to print. It prints one line per failure and ends with
// `N passed, M failed`.
//
//   runSuite(tw, {
//     backend: 'simd' | 'scalar',                     // init({ backend }): one build per process or page
//     vectors: { read(path) -> Promise<Uint8Array | undefined> } | { skipped: 'why' },
//     log: (line) => void,                            // default console.log
//     seed: number,                                   // default SEED
//   }) -> Promise<{ passed, failed }>
//
// It holds:
//   - the official ONNX node tests, run bit for bit (fresh and resident);
//   - a seeded differential test of every op (tile, floor, constantOfShape,
//     asStrided, and runNode at every version) against the plain references
//     in reference.mjs, over every data type: a type the op (version) takes
//     must match the reference byte for byte and leave its input unchanged; a
//     type it does not take must be a SpecError naming op, version and param.
//     Modes: fresh outputs and resident tensors; `out` (API.md, "Writing into
//     your own array") joins by itself once the library writes into `out`;
//   - the error contract on a sample of bad inputs: a tw.SpecError with op,
//     version and param, a message that starts with the op, and no memory held.
import { VECTORS, readVector } from './onnx.mjs';
import {
  TYPES, asStridedReference, between, constantReference, floorReference, randomTensor, rng, storageBytes,
  storageFrom, storageOf, tileReference,
} from './reference.mjs';

export const SEED = 14;

// The types each op version takes, from ../shared/spec (written out here, not
// read from tw.OPS: the library's own table is what is under test).
const FLOATS = ['float16', 'float32', 'float64'];
const NUMERIC = ['bool', ...FLOATS, 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const TILE_6 = [...NUMERIC, 'complex64', 'complex128', 'string'];
const FLOAT8 = ['float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz'];
const COS_20 = [...NUMERIC, 'bfloat16', ...FLOAT8];
const COS_21 = [...COS_20, 'int4', 'uint4'];
const COS_24 = [...COS_21, 'float4e2m1', 'float8e8m0'];
const VERSIONS = {
  Tile: { 1: FLOATS, 6: TILE_6, 13: [...TILE_6, 'bfloat16'] },
  Floor: { 1: FLOATS, 6: FLOATS, 13: [...FLOATS, 'bfloat16'] },
  ConstantOfShape: {
    9: NUMERIC, 20: COS_20, 21: COS_21, 23: [...COS_21, 'float4e2m1'], 24: COS_24, 25: [...COS_24, 'int2', 'uint2'],
  },
  AsStrided: { 1: ['float16', 'int64'] },  // ATB: no versions; errors carry none
};
/** Random cases per check. */
const CASES = 3;

export async function runSuite(tw, { backend, vectors, log = console.log, seed = SEED }) {
  const checks = new Checks(log);
  const context = { tw, checks, seed, log };

  await checks.run('an op before init() says to call init() first', () => {
    const error = thrown(() => tw.floor(new tw.Tensor('float32', new Float32Array(1), [1])));
    if (!/init\(\)/.test(error?.message)) throw mismatch(`got ${error}`);
  });
  const loaded = await checks.run(`init({ backend: '${backend}' }) loads the ${backend} build`, async () => {
    await tw.init({ backend });
    const info = tw.backendInfo();
    if (info.simd !== (backend === 'simd')) throw mismatch(`backendInfo() ${JSON.stringify(info)}`);
  });
  if (loaded) {
    const heapBefore = tw.memoryStats().heapBytesInUse;
    await officialVectors(context, vectors);
    const modes = ['fresh', 'resident'];
    if (writesIntoOut(tw)) modes.push('out');
    else log('out mode: not run, tw.floor(x, { out }) does not write into out in this build (the hook: writesIntoOut)');
    for (const op of Object.keys(NAMED)) for (const mode of modes) for (const type of TYPES) await named(context, op, mode, type);
    for (const op of Object.keys(VERSIONS)) {
      for (const version of Object.keys(VERSIONS[op]).map(Number)) {
        for (const mode of ['fresh', 'resident']) for (const type of TYPES) await node(context, op, version, mode, type);
      }
    }
    await errorContract(context);
    await checks.run('every tensor freed: heapBytesInUse back where it started', () => {
      const after = tw.memoryStats().heapBytesInUse;
      if (after !== heapBefore) throw mismatch(`${heapBefore} bytes before, ${after} after`);
    });
  }
  log(`${checks.passed} passed, ${checks.failed} failed`);
  return { passed: checks.passed, failed: checks.failed };
}

class Checks {
  passed = 0;
  failed = 0;
  constructor(log) {
    this.log = log;
  }
  /** Runs one check; it fails by throwing. Returns whether it passed. */
  async run(name, body) {
    try {
      await body();
      this.passed++;
      return true;
    } catch (error) {
      this.failed++;
      this.log(`FAIL ${name}: ${error?.mismatch ? error.message : error?.stack ?? error}`);
      return false;
    }
  }
}

/** A check's failure: printed as its message alone (anything else thrown prints its stack). */
const mismatch = (message) => Object.assign(new Error(message), { mismatch: true });

function thrown(fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

const tensorOf = (tw, t) => new tw.Tensor(t.type, t.data, t.dims);
const describeArray = (a) => {
  const shown = Array.from(a.slice(0, 16), (v) => (typeof v === 'string' ? JSON.stringify(v) : v)).join(', ');
  return a.length > 16 ? `[${shown}, ... (${a.length})]` : `[${shown}]`;
};

/** Throws unless `actual` has this type, dims and storage (bytes, or strings). */
function expectTensor(actual, type, dims, storage) {
  if (actual?.type !== type) throw mismatch(`type ${actual?.type}, expected ${type}`);
  if (actual.dims.join() !== dims.join()) throw mismatch(`dims [${actual.dims}], expected [${dims}]`);
  const got = storageBytes(actual);
  const same = got.length === storage.length && got.every((v, i) => v === storage[i]);
  if (!same) throw mismatch(`storage ${describeArray(got)}, expected ${describeArray(storage)}`);
}

function expectUnchanged(tensor, before, what) {
  const now = storageBytes(tensor);
  if (now.length !== before.length || !now.every((v, i) => v === before[i])) throw mismatch(`the op changed its ${what}`);
}

/** Throws unless fn throws a tw.SpecError for op, version and param, and holds on to no memory. */
function expectSpecError(tw, fn, { op, version, param, message }) {
  const heap = tw.memoryStats().heapBytesInUse;
  const error = thrown(fn);
  if (!(error instanceof tw.SpecError) || error.name !== 'SpecError') throw mismatch(`expected a SpecError, got ${error?.stack ?? error}`);
  const got = { op: error.op, version: error.version, param: error.param };
  if (got.op !== op || got.version !== version || got.param !== param) {
    throw mismatch(`expected ${JSON.stringify({ op, version, param })}, got ${JSON.stringify(got)} (${error.message})`);
  }
  const prefix = version === undefined ? `${op}: ` : `${op}-${version}: `;
  if (!error.message.startsWith(prefix)) throw mismatch(`message does not start with "${prefix}": ${error.message}`);
  if (message && !message.test(error.message)) throw mismatch(`message does not match ${message}: ${error.message}`);
  const after = tw.memoryStats().heapBytesInUse;
  if (after !== heap) throw mismatch(`the rejected call left ${after - heap} bytes allocated`);
}

// ---------------------------------------------------------------- official vectors
async function officialVectors({ tw, checks, log }, vectors) {
  if (vectors.skipped) {
    log(`ONNX vectors: skipped, ${vectors.skipped}`);
    return;
  }
  for (const name of VECTORS) {
    let test;
    await checks.run(`ONNX ${name}: read`, async () => { test = await readVector(tw, name, vectors.read); });
    if (!test) continue;
    await checks.run(`ONNX ${name}: runNode reproduces the outputs bit for bit`, () => {
      const outputs = tw.runNode(test.node, test.inputs);
      if (outputs.length !== test.outputs.length) throw mismatch(`${outputs.length} outputs, expected ${test.outputs.length}`);
      outputs.forEach((y, i) => expectTensor(y, test.outputs[i].type, test.outputs[i].dims, storageBytes(test.outputs[i])));
    });
    await checks.run(`ONNX ${name}: the same on resident inputs`, () => {
      const inputs = test.inputs.map((t) => tw.toResident(t));
      try {
        const outputs = tw.runNode(test.node, inputs);
        outputs.forEach((y, i) => {
          if (!(y instanceof tw.ResidentTensor)) throw mismatch(`output ${i} is not resident`);
          const plain = y.toTensor();
          y.dispose();
          expectTensor(plain, test.outputs[i].type, test.outputs[i].dims, storageBytes(test.outputs[i]));
        });
      } finally {
        inputs.forEach((r) => r.dispose());
      }
    });
  }
}

// ---------------------------------------------------------------- differential
// Each op: a random case for a type (its input, its arguments, the expected
// type, dims and storage), and the call in each mode. `input` may be a
// Tensor or a ResidentTensor; `options` carries `out` in out mode.
const NAMED = {
  tile: {
    spec: ['Tile', 13, 'input'],
    make(next, type) {
      const dims = randomDims(next, 4, 3);
      const repeats = dims.map(() => between(next, 0, 3));
      const x = randomTensor(type, dims, next);
      return { x, repeats, dims: dims.map((d, i) => d * repeats[i]), keys: () => tileReference(x, repeats) };
    },
    call: (tw, input, c, options) => tw.tile(input, c.repeats, options),
  },
  floor: {
    spec: ['Floor', 13, 'X'],
    make(next, type) {
      const dims = next() < 0.5 ? [between(next, 0, 37)] : randomDims(next, 3, 5);
      const x = randomTensor(type, dims, next);
      return { x, dims, storage: () => floorReference(x) };
    },
    call: (tw, input, c, options) => tw.floor(input, options),
  },
  asStrided: {
    spec: ['AsStrided', undefined, 'input'],
    make: (next, type) => stridedCase(next, type),
    call: (tw, input, c, options) => tw.asStrided(input, { size: c.size, stride: c.stride, offset: c.offset, ...options }),
  },
  constantOfShape: {
    spec: ['ConstantOfShape', 25, 'value'],
    make(next, type) {
      const shape = randomDims(next, 3, 5);
      const value = randomTensor(type, [1], next);
      return { x: value, dims: shape, keys: () => constantReference(value, shape) };
    },
    // The value is not an operand: resident mode asks for a resident output.
    call: (tw, value, c, options, resident) => tw.constantOfShape(c.dims, value, resident ? { resident: true } : options),
  },
};

function randomDims(next, maxRank, maxDim) {
  return Array.from({ length: between(next, 0, maxRank) }, () => (next() < 0.1 ? 0 : between(next, 1, maxDim)));
}

function stridedCase(next, type) {
  const size = Array.from({ length: between(next, 1, 4) }, () => between(next, 1, 3));
  const stride = size.map(() => between(next, 0, 3));
  const largest = size.reduce((s, n, i) => s + (n - 1) * stride[i], 0);
  const count = largest + 1 + between(next, 0, 4);
  const offset = between(next, 0, count - 1 - largest);
  const dims = next() < 0.5 ? [count] : [1, count];
  const x = randomTensor(type, dims, next);
  return { x, size, stride, offset, dims: size, keys: () => asStridedReference(x, size, stride, offset) };
}

const allowedNamed = (op, type) => op === 'asStrided' || VERSIONS[NAMED[op].spec[0]][NAMED[op].spec[1]].includes(type);

/** One named op, one mode, one type: CASES random cases against the reference, or the SpecError. */
function named({ tw, checks, seed }, op, mode, type) {
  // Strings cannot be resident and take no out; type errors are the fresh mode's.
  if (mode !== 'fresh' && (type === 'string' || !allowedNamed(op, type))) return;
  const { spec: [opName, version, param], make, call } = NAMED[op];
  const next = rng(seed * 7919 + hash(`${op} ${mode} ${type}`));
  return checks.run(`${op} ${type} (${mode})`, () => {
    for (let i = 0; i < CASES; i++) {
      const c = make(next, type);
      const x = tensorOf(tw, c.x);
      if (!allowedNamed(op, type)) {
        expectSpecError(tw, () => call(tw, x, c), { op: opName, version, param });
        return;
      }
      const storage = c.storage?.() ?? storageFrom(type, c.keys());
      const before = storageBytes(x);
      const y = runInMode(tw, mode, (input, options) => call(tw, input, c, options, mode === 'resident'), x, type, storage);
      expectUnchanged(x, before, 'input');
      try {
        expectTensor(y, type, c.dims, storage);
      } catch (error) {
        throw mismatch(`case ${i} of seed ${seed}, input ${JSON.stringify({ dims: c.x.dims, repeats: c.repeats, size: c.size, stride: c.stride, offset: c.offset })}: ${error.message}`);
      }
    }
  });
}

/** Calls an op in a mode and gives its result as a plain Tensor. */
function runInMode(tw, mode, call, x, type, storage) {
  if (mode === 'fresh') {
    const y = call(x);
    if (y instanceof tw.ResidentTensor) throw mismatch('a plain input gave a resident output');
    return y;
  }
  if (mode === 'out') {
    const ctor = storageOf(type);
    const out = new ctor(storage.length / ctor.BYTES_PER_ELEMENT);
    const y = call(x, { out });
    if (y.data !== out) throw mismatch('the result does not hold out itself');
    return y;
  }
  const resident = tw.toResident(x);
  try {
    const y = call(resident);
    if (!(y instanceof tw.ResidentTensor)) throw mismatch('a resident input gave a plain output');
    const plain = y.toTensor();
    y.dispose();
    return plain;
  } finally {
    resident.dispose();
  }
}

/** The `out` hook: true once the library writes into a caller's array (API.md). */
function writesIntoOut(tw) {
  const out = new Float32Array(1);
  try {
    return tw.floor(new tw.Tensor('float32', new Float32Array([1.5]), [1]), { out }).data === out && out[0] === 1;
  } catch {
    return false;
  }
}

// runNode at one version: each version's inputs and attributes, as ONNX gives them.
const NODES = {
  Tile(next, type, version) {
    if (version === 1) {  // Tile-1: input, tiles, axis (one axis repeated)
      const dims = Array.from({ length: between(next, 1, 3) }, () => between(next, 1, 3));
      const [tiles, axis] = [between(next, 0, 3), between(next, 0, dims.length - 1)];
      const x = randomTensor(type, dims, next);
      const repeats = dims.map((_, i) => (i === axis ? tiles : 1));
      const scalar = (n) => ({ type: 'int64', data: new BigInt64Array([BigInt(n)]), dims: [] });
      return { inputs: [x, scalar(tiles), scalar(axis)], dims: dims.map((d, i) => d * repeats[i]), keys: () => tileReference(x, repeats) };
    }
    const c = NAMED.tile.make(next, type);
    return { inputs: [c.x, int64List(c.repeats)], dims: c.dims, keys: c.keys };
  },
  Floor(next, type, version) {
    const c = NAMED.floor.make(next, type);
    return { inputs: [c.x], dims: c.dims, storage: c.storage, attributes: version === 1 ? { consumed_inputs: [0] } : {} };
  },
  ConstantOfShape(next, type) {
    const c = NAMED.constantOfShape.make(next, type);
    return { inputs: [int64List(c.dims)], attributes: { value: c.x }, dims: c.dims, keys: c.keys, typed: 'value' };
  },
  AsStrided(next, type) {
    const c = stridedCase(next, type);
    return { inputs: [c.x], attributes: { size: c.size, stride: c.stride, offset: [c.offset] }, dims: c.dims, keys: c.keys };
  },
};
const PARAM = { Tile: 'input', Floor: 'X', ConstantOfShape: 'value', AsStrided: 'x' };
const int64List = (values) => ({ type: 'int64', data: BigInt64Array.from(values, BigInt), dims: [values.length] });

function node({ tw, checks, seed }, op, version, mode, type) {
  const allowed = VERSIONS[op][version].includes(type);
  if (mode === 'resident' && (!allowed || type === 'string')) return;  // the type errors are the fresh mode's
  const next = rng(seed * 7919 + hash(`${op}-${version} ${mode} ${type}`));
  const domain = op === 'AsStrided' ? 'atb' : '';
  return checks.run(`runNode ${op}-${version} ${type} (${mode})`, () => {
    for (let i = 0; i < CASES; i++) {
      const c = NODES[op](next, type, version);
      const spec = { opType: op, domain, opset: version, attributes: c.attributes };
      const inputs = c.inputs.map((t) => tensorOf(tw, t));
      if (c.attributes?.value) c.attributes.value = tensorOf(tw, c.attributes.value);
      if (!allowed) {
        expectSpecError(tw, () => tw.runNode(spec, inputs), { op, version: op === 'AsStrided' ? undefined : version, param: PARAM[op] });
        return;
      }
      const storage = c.storage?.() ?? storageFrom(type, c.keys());
      const before = inputs.map(storageBytes);
      let y;
      if (mode === 'fresh') {
        [y] = tw.runNode(spec, inputs);
      } else {
        const residents = inputs.map((t) => tw.toResident(t));
        try {
          const [r] = tw.runNode(spec, residents);
          if (!(r instanceof tw.ResidentTensor)) throw mismatch('resident inputs gave a plain output');
          y = r.toTensor();
          r.dispose();
        } finally {
          residents.forEach((r) => r.dispose());
        }
      }
      inputs.forEach((t, k) => expectUnchanged(t, before[k], `input ${k}`));
      try {
        expectTensor(y, type, c.dims, storage);
      } catch (error) {
        throw mismatch(`case ${i} of seed ${seed}, inputs of dims ${JSON.stringify(c.inputs.map((t) => t.dims))}, attributes ${JSON.stringify(c.attributes ?? {}, (k, v) => (typeof v === 'bigint' ? String(v) : v))}: ${error.message}`);
      }
    }
  });
}

/** A small string hash, so that each check draws its own numbers whatever runs before it. */
function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// ---------------------------------------------------------------- error contract
async function errorContract({ tw, checks }) {
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
