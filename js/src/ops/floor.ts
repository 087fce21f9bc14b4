// ONNX Floor: y = floor(x) elementwise, toward -infinity.
import { DTYPES, type DataType } from '../dtype.js';
import type { OpContext } from '../errors.js';
import { requireReady } from '../wasm.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../resident.js';
import type { Tensor, TensorLike } from '../tensor.js';
import { type OpVersion, defineOp, newestOf } from './definition.js';
import { extend, FLOATS } from './type-sets.js';
import { requireType } from './check.js';
import { type MapLoop, type MapOps, type MapPlan, dispatch } from './dispatch.js';
import { floorFloat32, floorFloat64 } from './twins.js';
import { type OutOf, type OutOptions, checkOut, outOption } from './out.js';

/** Floor's every version: Floor-1's consumed_inputs is a legacy attribute that changes nothing. */
export const FLOOR_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Floor',
  domain: 'ai.onnx',
  versioned: true,
  family: 'elementwise',
  summary: 'Each element rounded toward −∞.',
  named: 'floor',
  versions: [
    { since: 1, inputs: ['X'], required: 1, outputs: ['Y'], attributes: ['consumed_inputs'], types: { T: FLOATS } },
    { since: 6, inputs: ['X'], required: 1, outputs: ['Y'], attributes: [], types: { T: FLOATS } },
    { since: 13, inputs: ['X'], required: 1, outputs: ['Y'], attributes: [], types: { T: extend(FLOATS, ['bfloat16']) } },
  ],
  run: (version, [x]) => runFloor(version, x),
}));

/**
 * ONNX Floor-13: each element rounded toward -infinity, for float16,
 * bfloat16, float32 and float64. -0, NaN, +/-Inf and integral values come back
 * unchanged; a negative subnormal floors to -1.
 *
 * @example tw.floor(new tw.Tensor('float32', new Float32Array([-1.5, 1.2, 2]), [3])) // data [-2, 1, 2]
 */
export function floor<T extends ResidentType>(x: ResidentTensor<T> & MayFloor<T>, options?: { out?: undefined }): ResidentTensor<Extract<T, FloorType>>;
export function floor<T extends ResidentType>(x: ResidentTensor<T> & MayFloor<T>, options: { out: OutOf<T> }): Tensor<Extract<T, FloorType>>;
export function floor<T extends DataType>(x: TensorLike<T> & MayFloor<T>, options?: OutOptions<T>): Tensor<Extract<T, FloorType>>;
export function floor(x: TensorLike | ResidentTensor, options?: OutOptions): Tensor | ResidentTensor {
  requireReady();
  const version = newestOf(FLOOR_OP);
  return runFloor(version, x, outOption({ op: 'Floor', version: version.since }, options));
}

type FloorType = 'float16' | 'bfloat16' | 'float32' | 'float64';

// A tensor whose type cannot be one Floor takes (int32, say) is a compile
// error; one whose type is not known statically (a Tensor from runNode, a
// Tensor<DataType>) compiles and is checked when the call runs.
// The never-case is an object type whose one key is the message the compiler shows.
type MayFloor<T extends DataType> = [Extract<T, FloorType>] extends [never]
  ? { 'Floor takes float16, bfloat16, float32 or float64 tensors: integers are already whole': T }
  : unknown;

/** Floor as one version defines it (runNode resolves which). */
export function runFloor(version: OpVersion, input: unknown, out?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'Floor', version: version.since };
  const x = asOperand(input, context, 'X');
  requireType(context, 'X', x.type, version.types.T, integerHint);
  const onnxType = DTYPES[x.type as FloorType].onnx;
  // Any overlap with X is fine, in place included: X is copied in before anything is written, or the loop reads first.
  const checkedOut = out === undefined ? undefined : checkOut(context, out, x.type, x.size, { inputs: [['X', x]], inPlace: true });
  const plan: MapPlan<number> = { kind: 'map', context, input: x, inputName: 'X', outType: x.type as FloorType, ops: FLOOR, args: onnxType };
  return dispatch(plan, checkedOut);
}

// Floor of an integer tensor is the tensor itself: say so rather than only refuse.
const integerHint = (type: DataType) => (/^u?int\d+$/.test(type) ? '; integers are already whole: use the tensor as it is' : '');

/** Floor's kernels (cpp/src/kernels/floor.cc), one per type, chosen by the ONNX type number, and the float32/float64 twin (twins.ts). */
const FLOOR: MapOps<number> = {
  kernel: (kernels, x, y, size, onnxType) => kernels.floor(x, y, size, onnxType),
  loopFor: (onnxType) => (onnxType === DTYPES.float32.onnx ? floorFloat32 as MapLoop : onnxType === DTYPES.float64.onnx ? floorFloat64 as MapLoop : undefined),
};
