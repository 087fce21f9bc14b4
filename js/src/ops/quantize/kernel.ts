// QuantizeLinear's and DequantizeLinear's SIMD128 kernel (cpp/src/kernels/quantize.cc,
// tessera/quantize.h) as a compute plan: x (resident where it is), the scale
// and the zero point as float32 in the work block, the output by the
// dispatcher (fresh, `out` or resident). The ops validate everything first
// and take this path for the types the kernel serves, where float32
// arithmetic is the spec's (the JS loops keep the rest).
import { DTYPES, type DataType } from '../../dtype.js';
import type { OpContext } from '../../errors.js';
import type { ResidentTensor, ResidentType } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { heapView } from '../../wasm.js';
import { type ComputeOps, type ComputePlan, dispatch } from '../dispatch.js';
import type { CheckedOut } from '../out.js';
import { FLOAT8_V19 } from '../type-sets.js';
import { type Granularity, valuesAsFloat32 } from './common.js';

/** QuantizeLinear's outputs the kernel writes (x float32, the division in float32). */
export const KERNEL_QUANTIZED: readonly DataType[] = ['int8', 'uint8', 'int16', 'uint16', 'int4', 'uint4', ...FLOAT8_V19];
/** DequantizeLinear's inputs the kernel reads (the output float32). */
export const KERNEL_DEQUANTIZED: readonly DataType[] = [...KERNEL_QUANTIZED, 'int32'];

interface QdqArgs {
  readonly quantize: boolean;
  /** The ONNX number of the quantized type: y's for QuantizeLinear, x's for DequantizeLinear. */
  readonly onnx: number;
  /** outer, axisDim, inner, block, outerStride, axisStride, innerStep (tessera/quantize.h). */
  readonly layout: readonly number[];
  readonly scales: Float32Array;
  /** undefined: no zero point (0). */
  readonly zeros: Float32Array | undefined;
  readonly saturate: number;
}

const QDQ: ComputeOps<QdqArgs> = {
  workBytes: (a) => 8 * a.scales.length,
  kernel: (kernels, [x], [y], a, work) => {
    const n = a.scales.length;
    if (a.layout[0] * a.layout[1] * a.layout[2] === 0) return;
    heapView(Float32Array, work, n).set(a.scales);
    const zeros = heapView(Float32Array, work + 4 * n, n);
    if (a.zeros === undefined) zeros.fill(0);
    else zeros.set(a.zeros);
    const [outer, axisDim, inner, block, outerStride, axisStride, innerStep] = a.layout;
    if (a.quantize) {
      kernels.quantizeLinear(x!, work, work + 4 * n, y, a.onnx, outer, axisDim, inner, block, outerStride, axisStride, innerStep, n, a.saturate);
    } else {
      kernels.dequantizeLinear(x!, a.onnx, work, work + 4 * n, y, outer, axisDim, inner, block, outerStride, axisStride, innerStep, n);
    }
  },
};

/**
 * The scale index of element (o, a, i) as the kernel computes it:
 * o * outerStride + floor(a / block) * axisStride + i * innerStep.
 */
function layoutOf({ outer, axisDim, inner, block }: Granularity): number[] {
  if (block === 0) return [outer, axisDim, inner, 1, 0, 0, 0];  // per tensor: one scale
  if (block === -1) return [outer, axisDim, inner, 1, 0, 1, 0];  // per axis: scale[a]
  return [outer, axisDim, inner, block, Math.ceil(axisDim / block) * inner, inner, 1];
}

/**
 * Runs the kernel: `quantize` x (float32) to `type`, or dequantize x (of its
 * type) to float32, by the scale and zero point (the op's checked private
 * copies, common.ts's ownInput: a float32 scale's data as it is, the rest
 * decoded to float32, which holds every value of their types exactly).
 */
export function runQdqKernel(context: OpContext, quantize: boolean, x: Tensor | ResidentTensor, type: DataType, g: Granularity,
  scale: Tensor, zero: Tensor | undefined, saturate: boolean, out: CheckedOut | undefined): Tensor | ResidentTensor {
  const scales = scale.type === 'float32' ? scale.data as Float32Array : valuesAsFloat32(scale);
  const zeros = zero === undefined ? undefined : valuesAsFloat32(zero);
  const plan: ComputePlan<QdqArgs> = {
    kind: 'compute', context, inputs: [['x', x]], outputs: [{ type: type as ResidentType, dims: x.dims, size: x.size }], ops: QDQ,
    args: { quantize, onnx: DTYPES[quantize ? type : x.type].onnx, layout: layoutOf(g), scales, zeros, saturate: saturate ? 1 : 0 },
  };
  return dispatch(plan, out);
}
