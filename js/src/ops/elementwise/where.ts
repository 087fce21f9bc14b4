// ONNX Where: X where the condition holds, else Y, the three broadcast
// together. The kernel moves elements of any width (1 to 16 bytes), so one
// plan serves every type; strings, which never enter WebAssembly, pick their
// elements in JS.
import { type DataType, elementBytes } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { ResidentTensor, type ResidentType } from '../../resident.js';
import { type Tensor, type TensorLike, resultOf } from '../../tensor.js';
import { heapView } from '../../copies.js';
import { requireReady } from '../../wasm.js';
import { outputSize } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type ComputeOps, dispatch } from '../dispatch.js';
import { type OutOf, checkOut, outOption } from '../out.js';
import { broadcastDims, broadcastStrides } from './broadcast.js';
import { readOperands } from './engine.js';
import { forEachBroadcast } from './strings.js';
import { NUMERIC } from './types.js';
import { extend } from '../type-sets.js';

const WHERE_V9 = /* @__PURE__ */ extend(NUMERIC, ['string', 'bool', 'complex64', 'complex128']);
const WHERE_V16 = /* @__PURE__ */ extend(WHERE_V9, ['bfloat16']);
const version = (since: number, T: readonly DataType[]): OpVersion =>
  ({ since, inputs: ['condition', 'X', 'Y'], required: 3, outputs: ['output'], attributes: [], types: { B: ['bool'], T } });

export const WHERE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Where',
  domain: 'ai.onnx' as const,
  versioned: true,
  family: 'elementwise' as const,
  summary: 'X where the condition is true, else Y, the three broadcast together (any type).',
  named: 'where',
  versions: [version(9, WHERE_V9), version(16, WHERE_V16)],
  run: (v: OpVersion, inputs: readonly unknown[]) => runWhere(v, inputs),
}));

interface WhereArgs { readonly dims: readonly number[]; readonly strides: readonly (readonly number[])[]; readonly width: number }

const WHERE: ComputeOps<WhereArgs> = {
  workBytes: ({ dims }) => 16 * dims.length + 4,
  slabs: { strides: (args) => args.strides, args: ({ width }, dims, _size, strides) => ({ dims, strides, width }) },
  kernel: (kernels, [c, x, y], [output], { dims, strides, width }, work) => {
    const rank = dims.length;
    const words = heapView(Uint32Array, work, 4 * rank);
    words.set(dims, 0);
    strides.forEach((s, i) => words.set(s, rank * (i + 1)));
    kernels.where(c!, x!, y!, output, width, rank, work, work + 4 * rank, work + 8 * rank, work + 12 * rank);
  },
};

function runWhere(v: OpVersion, inputs: readonly unknown[], out?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Where', version: v.since };
  const [condition] = readOperands(context, [inputs[0]], ['condition'], v.types.B).operands;
  const { operands: [x, y], type } = readOperands(context, [inputs[1], inputs[2]], ['X', 'Y'], v.types.T);
  const operands = [condition, x, y];
  const dims = broadcastDims(context, operands.map(([name, t]) => [name, t.dims] as const));
  const size = outputSize(context, 'Y', dims, type === 'string' ? 4 : elementBytes(type));
  // Any overlap of out with the inputs is fine: they are read (copied into the module, or into JS values) before out is written.
  const checkedOut = out === undefined ? undefined : checkOut(context, out, type, size, { inputs: operands, inPlace: true });
  const strides = operands.map(([, t]) => broadcastStrides(t.dims, dims.length));
  if (type === 'string') {
    if (out !== undefined) throw specError(context, 'out', 'a string output takes no out');
    const c = condition[1];  // a resident condition with string X and Y: its bytes copied out
    const cs = (ResidentTensor.isResident(c) ? c.toTensor() : c as Tensor<'bool'>).data as Uint8Array;
    const xs = (x[1] as Tensor<'string'>).data;
    const ys = (y[1] as Tensor<'string'>).data;
    const result = new Array<string>(size);
    forEachBroadcast(dims, strides, (i, [ic, ix, iy]) => { result[i] = cs[ic] !== 0 ? xs[ix] : ys[iy]; });
    return resultOf('string', result, dims, size);
  }
  return dispatch({
    kind: 'compute', context, inputs: operands, outputs: [{ type: type as ResidentType, dims, size }], ops: WHERE,
    args: { dims, strides, width: elementBytes(type) },
  }, checkedOut);
}

/**
 * ONNX Where-16: `x` where `condition` is true, else `y`, elementwise with
 * numpy broadcasting of the three; any type (strings too, not resident).
 *
 * @example tw.where(mask, x, tw.tensor('float32', [0], []))
 */
export function where<T extends ResidentType>(condition: ResidentTensor<'bool'>, x: ResidentTensor<T>, y: ResidentTensor<T>, options?: { out?: undefined }): ResidentTensor<T>;
export function where<T extends DataType>(condition: TensorLike<'bool'> | ResidentTensor<'bool'>, x: TensorLike<T> | ResidentTensor<Extract<T, ResidentType>>,
  y: TensorLike<T> | ResidentTensor<Extract<T, ResidentType>>, options?: { out?: OutOf<T> }): Tensor<T>;
export function where(condition: unknown, x: unknown, y: unknown, options?: unknown): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(WHERE_OP);
  return runWhere(v, [condition, x, y], outOption({ op: 'Where', version: v.since }, options));
}
