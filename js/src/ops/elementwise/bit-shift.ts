// ONNX BitShift: X shifted by Y bits elementwise (unsigned integers), with
// broadcasting; direction LEFT or RIGHT (logical). A shift of the width or
// more gives 0 (numpy's >> and << of uint64 by 64 also do).
import { type OpContext, specError } from '../../errors.js';
import type { ResidentTensor } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { stringAttribute } from '../movement/read.js';
import { type OutOf, outOption } from '../out.js';
import { binaryVersion, runBinary } from './binary-op.js';
import { UNSIGNED } from './types.js';

export const BIT_SHIFT_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'BitShift',
  domain: 'ai.onnx' as const,
  versioned: true,
  family: 'elementwise' as const,
  summary: 'X shifted left or right by Y bits elementwise (unsigned integers), with broadcasting.',
  named: 'bitShift',
  versions: [binaryVersion({ since: 11, T: UNSIGNED, attributes: ['direction'] }, ['X', 'Y'], 'Z', false)],
  run: (v: OpVersion, inputs: readonly unknown[], attributes: Record<string, unknown>) => runBitShift(v, inputs, attributes.direction),
}));

function runBitShift(version: OpVersion, inputs: readonly unknown[], given: unknown, out?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'BitShift', version: version.since };
  if (given === undefined) throw specError(context, 'direction', 'the attribute direction is required: \'LEFT\' or \'RIGHT\'');
  const direction = stringAttribute(context, 'direction', given, '');
  if (direction !== 'LEFT' && direction !== 'RIGHT') throw specError(context, 'direction', `direction must be 'LEFT' or 'RIGHT' (got '${direction}')`);
  return runBinary(context, version, inputs, {}, direction === 'LEFT' ? 'shiftLeft' : 'shiftRight', out);
}

/** The types BitShift takes. */
export type ShiftType = 'uint8' | 'uint16' | 'uint32' | 'uint64';
/** BitShift's direction. */
export type ShiftDirection = 'LEFT' | 'RIGHT';

/**
 * ONNX BitShift-11: `x << y` (direction 'LEFT') or `x >> y` ('RIGHT',
 * logical) elementwise over one unsigned integer type, with numpy broadcasting.
 *
 * @example tw.bitShift(x, amounts, 'LEFT')
 */
export function bitShift<T extends ShiftType>(x: ResidentTensor<T>, y: ResidentTensor<T>, direction: ShiftDirection,
  options?: { out?: undefined }): ResidentTensor<T>;
export function bitShift<T extends ShiftType>(x: TensorLike<T> | ResidentTensor<T>, y: TensorLike<T> | ResidentTensor<T>, direction: ShiftDirection,
  options?: { out?: OutOf<T> }): Tensor<T>;
export function bitShift(x: unknown, y: unknown, direction: ShiftDirection, options?: { out?: unknown }): Tensor | ResidentTensor {
  requireReady();
  const version = newestOf(BIT_SHIFT_OP);
  return runBitShift(version, [x, y], direction, outOption({ op: 'BitShift', version: version.since }, options));
}
