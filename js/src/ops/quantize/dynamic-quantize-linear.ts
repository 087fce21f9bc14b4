// ONNX DynamicQuantizeLinear: float32 to uint8 with a scale and zero point
// computed from the data's range (widened to include 0), in float32 as ONNX's
// reference computes them.
import { roundHalfEven } from '../../convert.js';
import type { DataType } from '../../dtype.js';
import type { OpContext } from '../../errors.js';
import { ResidentTensor } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { finishOutput } from '../indexing/index-kernels.js';
import { ownInput } from './common.js';

/** DynamicQuantizeLinear's one version. */
export const DYNAMIC_QUANTIZE_LINEAR_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'DynamicQuantizeLinear',
  domain: 'ai.onnx',
  versioned: true,
  family: 'quantization',
  summary: 'float32 to uint8 with a scale and zero point taken from the data\'s range (and 0).',
  named: 'dynamicQuantizeLinear',
  versions: [
    { since: 11, inputs: ['x'], required: 1, outputs: ['y', 'y_scale', 'y_zero_point'], attributes: [],
      types: { T1: ['float32'] as readonly DataType[], T2: ['uint8'] as readonly DataType[] } },
  ],
  run: (v, [x]) => {
    const { y, yScale, yZeroPoint } = runDynamicQuantizeLinear(v, x);
    return [y, yScale, yZeroPoint];
  },
}));

/** DynamicQuantizeLinear's three outputs, by the spec's names (resident for a resident x). */
export interface DynamicQuantized<R extends Tensor | ResidentTensor = Tensor | ResidentTensor> {
  /** The quantized data, uint8, of x's dims. */
  readonly y: R;
  /** The scale, a float32 scalar. */
  readonly yScale: R;
  /** The zero point, a uint8 scalar. */
  readonly yZeroPoint: R;
}

/**
 * ONNX DynamicQuantizeLinear-11: `scale = (max(0, max x) - min(0, min x)) / 255`,
 * `zeroPoint = round(clamp(-min / scale, 0, 255))`, `y = clamp(round(x / scale) + zeroPoint, 0, 255)`,
 * rounding half to even.
 *
 * @example tw.dynamicQuantizeLinear(tw.tensor('float32', [0, 2, -3, 1000])) // y uint8 [3, 4, 0, 255]
 */
export function dynamicQuantizeLinear(x: ResidentTensor): DynamicQuantized<ResidentTensor>;
export function dynamicQuantizeLinear(x: TensorLike): DynamicQuantized<Tensor>;
export function dynamicQuantizeLinear(x: TensorLike | ResidentTensor): DynamicQuantized;
export function dynamicQuantizeLinear(x: TensorLike | ResidentTensor): DynamicQuantized {
  requireReady();
  return runDynamicQuantizeLinear(newestOf(DYNAMIC_QUANTIZE_LINEAR_OP), x);
}

function runDynamicQuantizeLinear(v: OpVersion, value: unknown): DynamicQuantized {
  const context: OpContext = { op: 'DynamicQuantizeLinear', version: v.since };
  const resident = ResidentTensor.isResident(value);
  const x = ownInput(value, context, 'x');
  requireType(context, 'x', x.type, v.types.T1);
  const xs = x.data as Float32Array;  // a private copy of exactly x's elements
  const f = Math.fround;
  // NaN is skipped by the range (the reference's max and min would give NaN everywhere).
  let max = 0;
  let min = 0;
  for (let i = 0; i < xs.length; i++) {
    const e = xs[i];
    if (e > max) max = e;
    if (e < min) min = e;
  }
  const scale = f(f(max === min ? 1 : f(max - min)) / 255);
  const initial = f(0 - f(min / scale));
  const zeroPoint = roundHalfEven(initial < 0 ? 0 : initial > 255 ? 255 : initial);
  const y = new Uint8Array(xs.length);
  for (let i = 0; i < xs.length; i++) {
    const q = f(xs[i] / scale);
    const r = (q === q ? roundHalfEven(q) : 0) + zeroPoint;
    y[i] = r < 0 ? 0 : r > 255 ? 255 : r;
  }
  return {
    y: finishOutput(context, 'uint8', y, x.dims, x.size, undefined, resident),
    yScale: finishOutput(context, 'float32', new Float32Array([scale]), [], 1, undefined, resident),
    yZeroPoint: finishOutput(context, 'uint8', new Uint8Array([zeroPoint]), [], 1, undefined, resident),
  };
}
