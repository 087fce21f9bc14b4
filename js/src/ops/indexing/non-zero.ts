// ONNX NonZero: the coordinates of the input's nonzero elements, as int64
// [rank, count], row-major order (np.nonzero stacked). The NonZero kernels
// find the flat positions (zero blocks skipped a vector at a time) and turn
// them into coordinates; strings are nonzero when not empty.
import { type DataType, elementBytes, storageBytes } from '../../dtype.js';
import type { OpContext } from '../../errors.js';
import { ResidentTensor, type ResidentType, allocateResident, asOperand } from '../../resident.js';
import { type Tensor, type TensorLike, resultOf } from '../../tensor.js';
import { checkedBytes, copyIn, copyOut, heapView, requireReady, wasm, withScratch, writeParams } from '../../wasm.js';
import { outputSize, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOptions, checkOut, opOptions } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V6 } from '../type-sets.js';

const version = <const T extends readonly DataType[]>(since: number, types: T) =>
  ({ since, inputs: ['X'], required: 1, outputs: ['Y'], attributes: [], types: { T: types } }) as const;

/** NonZero's every version. */
export const NON_ZERO_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'NonZero',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The coordinates of the nonzero elements, int64 [rank, count] (np.nonzero).',
  named: 'nonZero',
  versions: [version(9, ALL_TYPES_V6), version(13, ALL_TYPES_V13)],
  run: (v, [x]) => nonZeroWith(v, x),
}));

/**
 * ONNX NonZero-13: int64 `[rank, count]`, column `i` the coordinates of the
 * `i`-th nonzero element in row-major order. Floats' -0 is zero and NaN is
 * not; complex numbers are zero when both parts are; a string when empty.
 * A scalar gives `[1, count]` (numpy's rule).
 *
 * @example tw.nonZero(tw.tensor('int32', [1, 0, 1, 1], [2, 2]))  // [[0, 1, 1], [0, 0, 1]]
 */
export function nonZero(x: ResidentTensor, options?: { out?: undefined }): ResidentTensor<'int64'>;
export function nonZero(x: TensorLike | ResidentTensor, options?: OutOptions<'int64'>): Tensor<'int64'>;
export function nonZero(x: TensorLike | ResidentTensor, options?: OutOptions<'int64'>): Tensor<'int64'> | ResidentTensor<'int64'> {
  requireReady();
  const v = newestOf(NON_ZERO_OP);
  const own = opOptions({ op: 'NonZero', version: v.since }, options, []);
  return nonZeroWith(v, x, own.out);
}

// Sign bits that do not count: 1 float, or 2 (complex), per element.
function signLanes(type: DataType): number {
  if (type === 'complex64' || type === 'complex128') return 2;
  return type === 'float16' || type === 'bfloat16' || type === 'float32' || type === 'float64' ? 1 : 0;
}

function nonZeroWith(v: OpVersion, value: unknown, outValue?: unknown): Tensor<'int64'> | ResidentTensor<'int64'> {
  const context: OpContext = { op: 'NonZero', version: v.since };
  const x = asOperand(value, context, 'X');
  requireType(context, 'X', x.type, v.types.T);
  const resident = ResidentTensor.isResident(x);
  const dims = x.dims.length === 0 ? [1] : x.dims;
  // Strings: a byte per element, 1 where the string is not empty (strings never enter WebAssembly).
  const bytesIn = x.type === 'string' ? Uint8Array.from(x.data as string[], (s) => (s === '' ? 0 : 1)) : undefined;
  const es = x.type === 'string' ? 1 : elementBytes(x.type);
  const inBytes = x.type === 'string' ? x.size : storageBytes(x.type as ResidentType, x.size);
  return withScratch(context, [resident ? 0 : inBytes, 4 * x.size, 4], ([xAt, positions, countAt]) => {
    let at = xAt;
    if (ResidentTensor.isResident(x)) at = x.offset;
    else if (inBytes > 0) copyIn(context, 'X', xAt, bytesIn ?? checkedBytes(context, 'X', x.data as ArrayBufferView, inBytes), inBytes);
    let count = 0;
    if (x.size > 0) {
      wasm().kernels.nonzeroPositions(at, x.size, es, signLanes(x.type), positions, countAt);
      count = heapView(Uint32Array, countAt, 1)[0];
    }
    const outDims = [dims.length, count];
    const size = outputSize(context, 'X', outDims, 8);
    const out = outValue === undefined ? undefined : checkOut(context, outValue, 'int64', size, { inputs: [['X', x]], inPlace: false });
    const write = (y: number) => {
      if (size > 0) wasm().kernels.nonzeroCoords(positions, count, dims.length, writeParams(dims), y);
    };
    if (resident && out === undefined) {
      const y = allocateResident(context, 'int64', outDims, size);
      try {
        write(y.offset);
      } catch (error) {
        y.dispose();
        throw error;
      }
      return y;
    }
    const data = (out?.array as BigInt64Array | undefined) ?? new BigInt64Array(size);
    if (size > 0) {
      withScratch(context, [8 * size], ([y]) => {
        write(y);
        copyOut(y, data, 8 * size);
      });
    }
    return resultOf('int64', data, outDims, size);
  });
}
