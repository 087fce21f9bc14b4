// The seeded differential test: every op (tile, floor, asStrided,
// constantOfShape, and runNode at every version of each) over every data type
// against the plain references of reference.mjs. A type the op (version) takes
// must match the reference byte for byte and leave its inputs unchanged; a type
// it does not take must be a SpecError naming op, version and param. Each
// check draws its own CASES random cases from the seed and its name.
import { expectSpecError, expectTensor, expectUnchanged, mismatch, tensorOf } from './checks.mjs';
import {
  TYPES, asStridedReference, between, constantReference, floorReference, randomTensor, rng, storageBytes,
  storageFrom, storageOf, tileReference,
} from './reference.mjs';

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

/** Every check of the differential test, in each mode ('fresh', 'resident', 'out'); runNode runs fresh and resident. */
export async function differential(context, modes) {
  for (const op of Object.keys(NAMED)) for (const mode of modes) for (const type of TYPES) await named(context, op, mode, type);
  for (const op of Object.keys(VERSIONS)) {
    for (const version of Object.keys(VERSIONS[op]).map(Number)) {
      for (const mode of ['fresh', 'resident']) for (const type of TYPES) await node(context, op, version, mode, type);
    }
  }
}

// Each op: a random case for a type (its input, its arguments, the expected
// type, dims and storage), and the call in each mode. `input` may be a
// Tensor or a ResidentTensor; `options` carries `out` in out mode. A check's
// last case is `large`: sizes where the kernels' whole-vector and tiled paths
// run, not only their tails.
const NAMED = {
  tile: {
    spec: ['Tile', 13, 'input'],
    make(next, type, large) {
      const dims = large ? [between(next, 1, 40), between(next, 1, 40)] : randomDims(next, 4, 3);
      const repeats = dims.map(() => between(next, large ? 1 : 0, 3));
      const x = randomTensor(type, dims, next);
      return { x, repeats, dims: dims.map((d, i) => d * repeats[i]), keys: () => tileReference(x, repeats) };
    },
    call: (tw, input, c, options) => tw.tile(input, c.repeats, options),
  },
  floor: {
    spec: ['Floor', 13, 'X'],
    make(next, type, large) {
      const dims = large ? [between(next, 64, 300)] : next() < 0.5 ? [between(next, 0, 37)] : randomDims(next, 3, 5);
      const x = randomTensor(type, dims, next);
      return { x, dims, storage: () => floorReference(x) };
    },
    call: (tw, input, c, options) => tw.floor(input, options),
  },
  asStrided: {
    spec: ['AsStrided', undefined, 'input'],
    make: stridedCase,
    call: (tw, input, c, options) => tw.asStrided(input, { size: c.size, stride: c.stride, offset: c.offset, ...options }),
  },
  constantOfShape: {
    spec: ['ConstantOfShape', 25, 'value'],
    make(next, type, large) {
      const shape = large ? [between(next, 1, 40), between(next, 1, 40)] : randomDims(next, 3, 5);
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

function stridedCase(next, type, large) {
  if (large) {  // a transpose of an a x b matrix, from an offset
    const [a, b, offset] = [between(next, 8, 40), between(next, 8, 40), between(next, 0, 3)];
    const x = randomTensor(type, [offset + a * b], next);
    const [size, stride] = [[b, a], [1, b]];
    return { x, size, stride, offset, dims: size, keys: () => asStridedReference(x, size, stride, offset) };
  }
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
      const c = make(next, type, i === CASES - 1);
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

// runNode at one version: each version's inputs and attributes, as ONNX gives them.
const NODES = {
  Tile(next, type, version, large) {
    if (version === 1) {  // Tile-1: input, tiles, axis (one axis repeated)
      const dims = Array.from({ length: between(next, 1, 3) }, () => between(next, 1, 3));
      const [tiles, axis] = [between(next, 0, 3), between(next, 0, dims.length - 1)];
      const x = randomTensor(type, dims, next);
      const repeats = dims.map((_, i) => (i === axis ? tiles : 1));
      const scalar = (n) => ({ type: 'int64', data: new BigInt64Array([BigInt(n)]), dims: [] });
      return { inputs: [x, scalar(tiles), scalar(axis)], dims: dims.map((d, i) => d * repeats[i]), keys: () => tileReference(x, repeats) };
    }
    const c = NAMED.tile.make(next, type, large);
    return { inputs: [c.x, int64List(c.repeats)], dims: c.dims, keys: c.keys };
  },
  Floor(next, type, version, large) {
    const c = NAMED.floor.make(next, type, large);
    return { inputs: [c.x], dims: c.dims, storage: c.storage, attributes: version === 1 ? { consumed_inputs: [0] } : {} };
  },
  ConstantOfShape(next, type, version, large) {
    const c = NAMED.constantOfShape.make(next, type, large);
    return { inputs: [int64List(c.dims)], attributes: { value: c.x }, dims: c.dims, keys: c.keys };
  },
  AsStrided(next, type, version, large) {
    const c = stridedCase(next, type, large);
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
      const c = NODES[op](next, type, version, i === CASES - 1);
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
