// Resize's small inputs (roi, scales, sizes) and axes read once, checked, and
// turned into every axis' lengths, scale and roi.
import { type OpContext, specError } from '../../errors.js';
import { ResidentTensor, asOperand } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { requireType } from '../check.js';
import type { OpVersion } from '../definition.js';
import { smallList } from './common.js';
import type { AxisResize } from './resize-plan.js';
import type { ResizeCall } from './resize.js';

/** An optional small input's values, undefined when omitted or empty (Resize-11 marks an absent scales by an empty one). */
function optionalList(context: OpContext, name: string, value: unknown, types: readonly string[]): number[] | undefined {
  if (value === undefined || value === null) return undefined;
  const operand = asOperand(value, context, name);
  requireType(context, name, operand.type, types as never);
  const t: Tensor = ResidentTensor.isResident(operand) ? operand.toTensor() : operand;
  if (t.size === 0) return undefined;
  return smallList(context, name, t);
}

export function readResizeInputs(context: OpContext, version: OpVersion, dims: readonly number[], call: Omit<ResizeCall, 'settings' | 'extrapolation'> & Pick<ResizeCall, 'settings'>): AxisResize[] {
  const rank = dims.length;
  const roi = optionalList(context, 'roi', call.roi, version.types.T2 ?? ['float16', 'float32', 'float64']);
  const scales = optionalList(context, 'scales', call.scales, ['float32']);
  const sizes = optionalList(context, 'sizes', call.sizes, ['int64']);
  if (scales !== undefined && sizes !== undefined) throw specError(context, 'sizes', 'give scales or sizes, not both');
  if (scales === undefined && sizes === undefined) throw specError(context, 'scales', 'give scales or sizes (both are absent or empty)');
  let axes: number[];
  if (call.axes === undefined) axes = dims.map((_, i) => i);
  else {
    axes = call.axes.map((a) => {
      if (a < -rank || a >= rank) throw specError(context, 'axes', `axes must lie in [${-rank}, ${rank - 1}] (got ${a})`);
      return a < 0 ? a + rank : a;
    });
    if (new Set(axes).size !== axes.length) throw specError(context, 'axes', `axes must not repeat (got [${call.axes.join(', ')}])`);
  }
  const n = axes.length;
  const given = (scales ?? sizes)!;
  const name = scales !== undefined ? 'scales' : 'sizes';
  if (given.length !== n) throw specError(context, name, `${name} must have ${n} values, one per ${call.axes === undefined ? 'axis of X' : 'axis in axes'} (got ${given.length})`);
  if (roi !== undefined && roi.length !== 2 * n) throw specError(context, 'roi', `roi must have ${2 * n} values, [starts..., ends...] (got ${roi.length})`);
  if (call.settings.coordinates === 'tf_crop_and_resize' && roi === undefined) {
    throw specError(context, 'roi', "coordinate_transformation_mode 'tf_crop_and_resize' needs a roi");
  }
  const out: AxisResize[] = dims.map((d) => ({ nIn: d, nOut: d, width: d, scale: 1, roiStart: 0, roiEnd: 1 }));
  let common: number | undefined;
  if (sizes !== undefined && call.policy !== 'stretch') {
    for (let i = 0; i < n; i++) {
      const r = sizes[i] / dims[axes[i]];
      common = common === undefined ? r : call.policy === 'not_larger' ? Math.min(common, r) : Math.max(common, r);
    }
  }
  for (let i = 0; i < n; i++) {
    const d = axes[i];
    const nIn = dims[d];
    let nOut: number;
    let scale: number;
    if (scales !== undefined) {
      scale = scales[i];
      if (!(scale > 0) || !Number.isFinite(scale)) throw specError(context, 'scales', `scales must be positive and finite (got ${scale} at ${i})`);
      nOut = Math.floor(nIn * scale);
    } else {
      const s = sizes![i];
      if (!Number.isSafeInteger(s) || s < 0) throw specError(context, 'sizes', `sizes must be non-negative integers (got ${s} at ${i})`);
      nOut = common === undefined ? s : Math.floor(common * nIn + 0.5);
      scale = nIn === 0 ? 1 : nOut / nIn;
    }
    if (nOut > 0 && !(scale > 0)) throw specError(context, name, `axis ${d} of length ${nIn} cannot be resized to ${nOut}`);
    if (nOut > 0xffffffff) throw specError(context, name, `axis ${d} would have ${nOut} positions, more than 2^32 - 1`);
    out[d] = { nIn, nOut, width: scales !== undefined ? nIn * scale : nOut, scale, roiStart: roi?.[i] ?? 0, roiEnd: roi?.[n + i] ?? 1 };
  }
  return out;
}
