// ONNX NonMaxSuppression, versions 10 and 11 (the same schema and rules; 11
// repeats in iou_threshold's own description that only IoU strictly greater
// than it suppresses, which both versions' text states): per batch
// and class, the boxes by descending score, each kept unless its IoU with a
// box already kept is above iou_threshold, as int64 (batch, class, box)
// triples. The kernel (cpp/src/kernels/nms.cc, tessera/nms.h) writes the
// triples into a block with room for every box it could keep, and says how
// many it kept: the output's dims are known only then (as NonZero's are).
import { type OpContext, describe, specError } from '../../errors.js';
import { ResidentTensor, allocateResident, asOperand, asPlainTensor } from '../../resident.js';
import { type Tensor, type TensorLike, resultOf } from '../../tensor.js';
import { copyIn, copyOut, heapView, requireReady, wasm, withScratch } from '../../wasm.js';
import { outputSize, requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOptions, checkOut, opOptions } from '../out.js';
import { intAttribute } from '../movement/read.js';

const INPUTS = ['boxes', 'scores', 'max_output_boxes_per_class', 'iou_threshold', 'score_threshold'] as const;

// The spec names no type constraints: each input has one fixed type. Each is
// its own constraint here, named after it, so that a reader going by input
// position (the demo's form) finds each input's type.
const version = (since: number) => ({
  since, inputs: INPUTS, required: 2, outputs: ['selected_indices'], attributes: ['center_point_box'],
  types: { boxes: ['float32'], scores: ['float32'], max_output_boxes_per_class: ['int64'], iou_threshold: ['float32'], score_threshold: ['float32'] },
}) as const satisfies OpVersion;

/** NonMaxSuppression's every version. */
export const NON_MAX_SUPPRESSION_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'NonMaxSuppression',
  domain: 'ai.onnx',
  versioned: true,
  family: 'reductions',
  summary: 'Per batch and class, the boxes by descending score that overlap no better one by IoU above a threshold: int64 (batch, class, box).',
  named: 'nonMaxSuppression',
  versions: [version(10), version(11)],
  run: (v, [boxes, scores, max, iou, score], attributes) => {
    const context: OpContext = { op: 'NonMaxSuppression', version: v.since };
    const request: NmsRequest = {
      max: scalarInput(context, 'max_output_boxes_per_class', max, 'int64') as bigint | undefined ?? 0n,
      iou: scalarInput(context, 'iou_threshold', iou, 'float32') as number | undefined ?? 0,
      score: scalarInput(context, 'score_threshold', score, 'float32') as number | undefined,
      center: intAttribute(context, 'center_point_box', attributes.center_point_box, 0),
      named: false,
    };
    return nmsWith(context, boxes, scores, request, undefined, [max, iou, score]);
  },
}));

/** The options of tw.nonMaxSuppression: ONNX's optional inputs and its attribute, camelCased. */
export interface NonMaxSuppressionOptions extends OutOptions<'int64'> {
  /**
   * At most this many boxes per batch and class: a whole number (or bigint),
   * or Infinity for no limit. Default 0, as the spec's: nothing is selected.
   */
  maxOutputBoxesPerClass?: number | bigint;
  /** A box is suppressed when its IoU with a box already selected is strictly greater than this; from 0 to 1, default 0. Rounded to float32. */
  iouThreshold?: number;
  /** Only boxes whose score is strictly greater than this take part; default none (every box does). Rounded to float32. */
  scoreThreshold?: number;
  /** The box format: 0 (the default) `[y1, x1, y2, x2]`, any diagonal pair of corners; 1 `[x_center, y_center, width, height]`. */
  centerPointBox?: 0 | 1;
}

/**
 * ONNX NonMaxSuppression-11: `boxes` float32 `[batches, boxes, 4]`, `scores`
 * float32 `[batches, classes, boxes]`; for each batch and class, the boxes
 * scoring above `scoreThreshold` (when given) in descending score order (ties:
 * the lower box index first; a NaN score after every number), each selected
 * unless its IoU with one already selected is greater than `iouThreshold`,
 * until `maxOutputBoxesPerClass` are. Returns int64 `[selected, 3]` rows of
 * (batch, class, box), per batch, per class, in selection order. IoU is the
 * spec's, in float32 (tessera/nms.h gives each operation): a box with a NaN
 * coordinate or an empty area neither suppresses nor is suppressed.
 * Resident boxes and scores give a resident result.
 *
 * @example tw.nonMaxSuppression(boxes, scores, { maxOutputBoxesPerClass: 100, iouThreshold: 0.45, scoreThreshold: 0.25, centerPointBox: 1 })
 */
export function nonMaxSuppression(boxes: ResidentTensor<'float32'>, scores: ResidentTensor<'float32'>, options?: Omit<NonMaxSuppressionOptions, 'out'> & { out?: undefined }): ResidentTensor<'int64'>;
export function nonMaxSuppression(boxes: TensorLike<'float32'> | ResidentTensor<'float32'>, scores: TensorLike<'float32'> | ResidentTensor<'float32'>, options?: NonMaxSuppressionOptions): Tensor<'int64'>;
export function nonMaxSuppression(boxes: TensorLike<'float32'> | ResidentTensor<'float32'>, scores: TensorLike<'float32'> | ResidentTensor<'float32'>,
  options?: NonMaxSuppressionOptions): Tensor<'int64'> | ResidentTensor<'int64'> {
  requireReady();
  const v = newestOf(NON_MAX_SUPPRESSION_OP);
  const context: OpContext = { op: 'NonMaxSuppression', version: v.since };
  const own = opOptions(context, options, ['maxOutputBoxesPerClass', 'iouThreshold', 'scoreThreshold', 'centerPointBox']);
  const request: NmsRequest = {
    max: maxOption(context, own.maxOutputBoxesPerClass),
    iou: numberOption(context, 'iouThreshold', own.iouThreshold) ?? 0,
    score: numberOption(context, 'scoreThreshold', own.scoreThreshold),
    center: intAttribute(context, 'centerPointBox', own.centerPointBox, 0),
    named: true,
  };
  return nmsWith(context, boxes, scores, request, own.out, []);
}

interface NmsRequest {
  /** max_output_boxes_per_class (Infinity: no limit). */
  readonly max: bigint | number;
  readonly iou: number;
  /** score_threshold, undefined when none is given. */
  readonly score: number | undefined;
  readonly center: number;
  /** From the named function: errors name its options (iouThreshold), not the node's inputs (iou_threshold). */
  readonly named: boolean;
}

/**
 * An optional scalar input's value: a 0-D or 1-element tensor of `type`.
 * An empty one counts as absent, as ONNX's reference reads it.
 */
function scalarInput(context: OpContext, name: string, value: unknown, type: 'int64' | 'float32'): bigint | number | undefined {
  if (value === undefined) return undefined;
  const t = asPlainTensor(value, context, name);
  requireType(context, name, t.type, [type]);
  if (t.dims.length > 1 || t.size > 1) throw specError(context, name, `${name} must be a scalar: dims [] or [1] (got dims [${t.dims.join(', ')}])`);
  if (t.size === 0) return undefined;
  return (t.data as BigInt64Array | Float32Array)[0];
}

function maxOption(context: OpContext, value: unknown): bigint | number {
  if (value === undefined) return 0n;
  if (value === Infinity) return Infinity;
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value + 0;
  throw specError(context, 'maxOutputBoxesPerClass', `options.maxOutputBoxesPerClass must be a whole number from 0 up, or Infinity (got ${describe(value)})`);
}

function numberOption(context: OpContext, name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number') throw specError(context, name, `options.${name} must be a number (got ${describe(value)})`);
  return Math.fround(value);
}

// A float32 as the uint32 of its bits: floats cross into the kernel as i32 arguments.
function floatBits(value: number): number {
  const bits = new Uint32Array(1);
  new Float32Array(bits.buffer)[0] = value;
  return bits[0];
}

function nmsWith(context: OpContext, boxesValue: unknown, scoresValue: unknown, request: NmsRequest, outValue: unknown,
  scalars: readonly unknown[]): Tensor<'int64'> | ResidentTensor<'int64'> {
  const boxes = asOperand(boxesValue, context, 'boxes');
  requireType(context, 'boxes', boxes.type, ['float32']);
  const scores = asOperand(scoresValue, context, 'scores');
  requireType(context, 'scores', scores.type, ['float32']);
  const bd = boxes.dims;
  const sd = scores.dims;
  if (bd.length !== 3 || bd[2] !== 4) throw specError(context, 'boxes', `boxes must be [num_batches, spatial_dimension, 4] (got dims [${bd.join(', ')}])`);
  if (sd.length !== 3) throw specError(context, 'scores', `scores must be [num_batches, num_classes, spatial_dimension] (got dims [${sd.join(', ')}])`);
  if (sd[0] !== bd[0]) throw specError(context, 'scores', `scores has ${sd[0]} batches, boxes ${bd[0]} (scores dims [${sd.join(', ')}], boxes [${bd.join(', ')}])`);
  if (sd[2] !== bd[1]) throw specError(context, 'scores', `scores has ${sd[2]} boxes per class, boxes has ${bd[1]} (scores dims [${sd.join(', ')}], boxes [${bd.join(', ')}])`);
  const { iou, score, center, named } = request;
  const centerName = named ? 'centerPointBox' : 'center_point_box';
  const iouName = named ? 'iouThreshold' : 'iou_threshold';
  if (center !== 0 && center !== 1) throw specError(context, centerName, `${centerName} must be 0 or 1 (got ${center})`);
  if (!(iou >= 0 && iou <= 1)) throw specError(context, iouName, `${iouName} must be in [0, 1], as the spec ranges it (got ${iou})`);
  const [batches, spatial] = bd;
  const classes = sd[1];
  // A negative limit selects nothing (the reference takes max(limit, 0)); no class keeps more boxes than it has.
  const limit = request.max;
  const perClass = limit === Infinity || limit >= spatial ? spatial : limit <= 0 ? 0 : Number(limit);
  // The kernel's room: every box it could keep (the output is its first rows).
  const room = outputSize(context, named ? 'maxOutputBoxesPerClass' : 'max_output_boxes_per_class', [batches, classes, perClass, 3], 8);
  const workBytes = 8 * spatial + 20 * (roundUp4(spatial) + roundUp4(perClass));
  const resident = ResidentTensor.isResident(boxes) && ResidentTensor.isResident(scores) && scalars.every((t) => t === undefined || ResidentTensor.isResident(t));
  const inBytes = (t: Tensor | ResidentTensor) => (room === 0 || ResidentTensor.isResident(t) ? 0 : 4 * t.size);
  return withScratch(context, [inBytes(boxes), inBytes(scores), 8 * room, room > 0 ? workBytes : 0, 4], ([boxesAt, scoresAt, y, work, countAt]) => {
    let count = 0;
    if (room > 0) {
      const at = (t: Tensor | ResidentTensor, scratch: number, name: string) => {
        if (ResidentTensor.isResident(t)) return t.offset;
        copyIn(context, name, scratch, t.data as Float32Array, 4 * t.size);
        return scratch;
      };
      const b = at(boxes, boxesAt, 'boxes');
      const s = at(scores, scoresAt, 'scores');
      wasm().kernels.nonMaxSuppression(b, s, y, work, workBytes, batches, classes, spatial, perClass, center,
        score === undefined ? 0 : 1, floatBits(iou), floatBits(score ?? 0), countAt);
      count = heapView(Uint32Array, countAt, 1)[0];
    }
    const dims = [count, 3];
    const size = 3 * count;
    const out = outValue === undefined ? undefined : checkOut(context, outValue, 'int64', size, { inputs: [['boxes', boxes], ['scores', scores]], inPlace: false });
    if (resident && out === undefined) {
      const r = allocateResident(context, 'int64', dims, size);
      if (size > 0) new Uint8Array(wasm().memory.buffer).copyWithin(r.offset, y, y + 8 * size);
      return r;
    }
    const data = (out?.array as BigInt64Array | undefined) ?? new BigInt64Array(size);
    if (size > 0) copyOut(y, data, 8 * size);
    return resultOf('int64', data, dims, size);
  });
}

const roundUp4 = (n: number) => Math.ceil(n / 4) * 4;
