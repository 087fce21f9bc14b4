// ONNX Concat: the inputs joined along one axis. Seen as [outer, run] rows,
// input i's rows land side by side in the output's: one strided move per
// input, whose output rows are the whole output row apart.
import { DTYPES, type DataType, type TensorData, allocateData, elementBytes, isPacked, storageBytes, moveBytes } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { ResidentTensor, type ResidentType, allocateResident, asOperand } from '../../resident.js';
import { type Tensor, type TensorLike, resultOf } from '../../tensor.js';
import { checkedBytes, copyIn, copyOut, requireReady, wasm, withScratch } from '../../wasm.js';
import { normalizeAxis, productOf } from '../axes.js';
import { outputSize, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type CheckedOut, type OutOf, type OutOptions, checkOut, outOption } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V6, FLOATS } from '../type-sets.js';
import { intAttribute } from './read.js';
import { type Move, canonicalMove, hasRows, moveInMemory, moveRows } from './strided.js';

const version = (since: number, T: readonly DataType[]): OpVersion =>
  ({ since, inputs: ['inputs'], required: 1, variadic: true, outputs: ['concat_result'], attributes: ['axis'], types: { T } });

/** Concat's every version. */
export const CONCAT_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Concat',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The inputs joined along one axis (numpy.concatenate).',
  named: 'concat',
  versions: [version(1, FLOATS), version(4, ALL_TYPES_V6), version(11, ALL_TYPES_V6), version(13, ALL_TYPES_V13)],
  run: (v, inputs, attributes) => {
    const context: OpContext = { op: 'Concat', version: v.since };
    // Concat-1's axis defaults to 1; from 4 it is required.
    const axis = intAttribute(context, 'axis', attributes.axis, v.since === 1 ? 1 : undefined);
    if (axis === undefined) throw specError(context, 'axis', `Concat-${v.since} needs the axis attribute`);
    return concatWith(context, v, inputs, axis);
  },
}));

/**
 * ONNX Concat-13: the tensors of `inputs` (one type, the same dims but
 * along `axis`) joined along `axis` (negative: from the back). Every type.
 *
 * @example tw.concat([a, b], 0)  // [2, 3] and [4, 3] -> [6, 3]
 */
export function concat<T extends ResidentType>(inputs: readonly ResidentTensor<T>[], axis: number, options?: { out?: undefined }): ResidentTensor<T>;
export function concat<T extends ResidentType>(inputs: readonly ResidentTensor<T>[], axis: number, options: { out: OutOf<T> }): Tensor<T>;
export function concat<T extends DataType>(inputs: readonly (TensorLike<T> | ResidentTensor<T & ResidentType>)[], axis: number, options?: OutOptions<T>): Tensor<T>;
export function concat(inputs: readonly (TensorLike | ResidentTensor)[], axis: number, options?: OutOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(CONCAT_OP);
  const context: OpContext = { op: 'Concat', version: v.since };
  const out = outOption(context, options);
  if (!Array.isArray(inputs)) throw specError(context, 'inputs', `inputs must be an array of tensors (got ${describe(inputs)})`);
  const list: unknown[] = [];
  const count: number = inputs.length;
  for (let i = 0; i < count; i++) list.push(inputs[i]);
  return concatWith(context, v, list, intAttribute(context, 'axis', axis)!, out);
}

function concatWith(context: OpContext, v: OpVersion, values: readonly unknown[], axisGiven: number, out?: unknown): Tensor | ResidentTensor {
  if (values.length === 0) throw specError(context, 'inputs', 'inputs must hold at least one tensor');
  const xs = values.map((value, i) => asOperand(value, context, `inputs[${i}]`));
  const type = xs[0].type;
  const rank = xs[0].dims.length;
  xs.forEach((x, i) => {
    requireType(context, `inputs[${i}]`, x.type, v.types.T);
    if (x.type !== type) throw specError(context, `inputs[${i}]`, `every input must be of one type: inputs[0] is ${type}, inputs[${i}] ${x.type}`);
    if (x.dims.length !== rank) throw specError(context, `inputs[${i}]`, `every input must have one rank: inputs[0] has ${rank}, inputs[${i}] ${x.dims.length}`);
  });
  const axis = normalizeAxis(context, 'axis', axisGiven, rank);
  const dims = [...xs[0].dims];
  dims[axis] = 0;
  xs.forEach((x, i) => {
    for (let a = 0; a < rank; a++) {
      if (a !== axis && x.dims[a] !== xs[0].dims[a]) {
        throw specError(context, `inputs[${i}]`, `inputs must match on every axis but ${axis}: inputs[${i}] has dims [${x.dims.join(', ')}], inputs[0] [${xs[0].dims.join(', ')}]`);
      }
    }
    dims[axis] += x.dims[axis];
  });
  const size = outputSize(context, 'inputs', dims, moveBytes(type));
  const checkedOut = out === undefined ? undefined : checkOut(context, out, type, size,
    { inputs: xs.map((x, i) => [`inputs[${i}]`, x] as const), inPlace: false });

  // Input i's rows: `outer` of them, each its extent along axis times the inner block, at its offset in the output row.
  const outer = productOf(dims, 0, axis);
  const inner = productOf(dims, axis + 1);
  const row = dims[axis] * inner;
  const raw: Move[] = [];
  let offset = 0;
  for (const x of xs) {
    const run = x.dims[axis] * inner;
    raw.push({ from: 'x', start: 0, to: offset, size: [outer, run], stride: [run, 1], outStride: [row, 1] });
    offset += run;
  }
  const moves = raw.map(canonicalMove);
  if (type === 'string') return concatStrings(xs as Tensor[], raw, dims, size);
  const resident = xs.every((x) => ResidentTensor.isResident(x));
  if (!isPacked(type) && xs.every((x) => !ResidentTensor.isResident(x)) && moves.every((m) => m === undefined || hasRows(m))) {
    // Plain arrays with rows of more than one element: each row one set of a subarray, with no copies in and out of the module.
    const output = (checkedOut?.array ?? allocateData(type, size)) as Exclude<TensorData, string[]>;
    const es = elementBytes(type);
    const y = checkedBytes(context, 'out', output as ArrayBufferView, size * es);
    xs.forEach((x, i) => {
      const m = moves[i];
      if (m !== undefined) moveRows(checkedBytes(context, `inputs[${i}]`, (x as Tensor).data as ArrayBufferView, x.size * es), y, es, m);
    });
    return resultOf(type, output as never, dims, size);
  }
  return concatInMemory(context, type as ResidentType, xs, moves, dims, size, resident ? checkedOut : checkedOut ?? null);
}

/**
 * The moves in module memory, for resident or packed inputs: plain inputs
 * are copied in, packed ones unpacked to a byte an element, and the result
 * is resident (`out` undefined) or copied out (into `out`, or a fresh array
 * for null).
 */
function concatInMemory(context: OpContext, type: ResidentType, xs: readonly (Tensor | ResidentTensor)[], moves: readonly (Move | undefined)[],
  dims: readonly number[], size: number, out: CheckedOut | null | undefined): Tensor | ResidentTensor {
  const packed = isPacked(type);
  const es = packed ? 1 : elementBytes(type);
  const bits = DTYPES[type].bits;
  // Scratch: each plain input's storage, each packed input's bytes, and the output's (unpacked) elements when it is not the final block.
  const sizes = xs.map((x) => (ResidentTensor.isResident(x) ? 0 : storageBytes(type, x.size)));
  const unpacked = xs.map((x) => (packed ? x.size : 0));
  const final = out === undefined ? allocateResident(context, type, dims, size) : undefined;
  if (size === 0) return final ?? resultOf(type, (out?.array ?? allocateData(type, 0)) as never, dims, 0);
  const direct = final !== undefined && !packed;
  try {
    const n = xs.length;
    const output = withScratch(context, [...sizes, ...unpacked, direct ? 0 : size * es, packed && final === undefined ? storageBytes(type, size) : 0], (at) => {
      const sources = xs.map((x, i) => {
        let source = ResidentTensor.isResident(x) ? x.offset : at[i];
        if (!ResidentTensor.isResident(x)) copyIn(context, `inputs[${i}]`, source, x.data as ArrayBufferView, sizes[i]);
        if (packed) {
          wasm().kernels.unpack(source, at[n + i], x.size, bits);
          source = at[n + i];
        }
        return source;
      });
      const elements = direct ? final.offset : at[2 * n];
      const { kernels } = wasm();
      moves.forEach((m, i) => { if (m !== undefined) moveInMemory(kernels, sources[i], elements + m.to * es, es, m); });
      let storage = elements;
      if (packed) {
        storage = final?.offset ?? at[2 * n + 1];
        kernels.pack(elements, storage, size, bits);
      }
      if (final !== undefined) return undefined;
      const array = (out?.array ?? allocateData(type, size)) as ArrayBufferView;
      copyOut(storage, array, storageBytes(type, size));
      return array;
    });
    return final ?? resultOf(type, output as never, dims, size);
  } catch (error) {
    final?.dispose();
    throw error;
  }
}

// Strings are JS values: each row's strings copied across (moves of [outer, run]).
function concatStrings(xs: readonly Tensor[], moves: readonly Move[], dims: readonly number[], size: number): Tensor {
  const output = new Array<string>(size).fill('');
  xs.forEach((x, i) => {
    const m = moves[i];
    const strings = x.data as string[];
    const [rows, run] = m.size;
    const pitch = m.outStride[0];
    for (let r = 0; r < rows; r++) for (let j = 0; j < run; j++) output[m.to + r * pitch + j] = strings[r * run + j];
  });
  return resultOf('string', output, dims, size);
}
