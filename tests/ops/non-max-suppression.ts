// NonMaxSuppression's test module: versions 10 and 11, both box formats,
// 0 to 3 batches and classes, 0 to 40 boxes; coordinates on a half-unit grid
// (identical, touching and flipped boxes, IoU exactly at a threshold) with
// NaN, infinities and -0 among them, scores on a coarse grid (ties) with
// NaN and -0; each optional input absent, empty, 0-D or [1], alone or with
// a later one given; limits from negative to past the box count.
// The reference is written from the spec and ONNX's reference steps
// (onnx/reference/ops/op_non_max_suppression.py), every float32 operation
// rounded by Math.fround, IoU computed afresh from the raw coordinates for
// each pair.
import * as tw from 'tessera-wasm';
import type { OpCase, OpTest } from './op-test';
import { between, pick } from './support';

const f = Math.fround;

/** The (min, max) of a pair as the reference's max_min: a >= b decides. */
const minMax = (a: number, b: number): [number, number] => (a >= b ? [b, a] : [a, b]);
/** Python's max and min: the first argument unless the second is strictly beyond it. */
const pyMax = (a: number, b: number) => (b > a ? b : a);
const pyMin = (a: number, b: number) => (b < a ? b : a);

function edges(box: ArrayLike<number>, center: boolean): { x: [number, number]; y: [number, number] } {
  if (!center) return { x: minMax(box[1], box[3]), y: minMax(box[0], box[2]) };
  const hw = f(box[2] / 2), hh = f(box[3] / 2);
  return { x: [f(box[0] - hw), f(box[0] + hw)], y: [f(box[1] - hh), f(box[1] + hh)] };
}

/** Whether box1, the candidate, is suppressed by box2, a selected box. */
function suppresses(box1: ArrayLike<number>, box2: ArrayLike<number>, center: boolean, iouThreshold: number): boolean {
  const a = edges(box1, center), b = edges(box2, center);
  const ixmin = pyMax(a.x[0], b.x[0]), ixmax = pyMin(a.x[1], b.x[1]);
  if (ixmax <= ixmin) return false;
  const iymin = pyMax(a.y[0], b.y[0]), iymax = pyMin(a.y[1], b.y[1]);
  if (iymax <= iymin) return false;
  const inter = f(f(ixmax - ixmin) * f(iymax - iymin));
  if (inter <= 0) return false;
  const area1 = f(f(a.x[1] - a.x[0]) * f(a.y[1] - a.y[0]));
  const area2 = f(f(b.x[1] - b.x[0]) * f(b.y[1] - b.y[0]));
  const union = f(f(area1 + area2) - inter);
  if (area1 <= 0 || area2 <= 0 || union <= 0) return false;
  return f(inter / union) > iouThreshold;
}

/** The first value of an optional scalar input, undefined when absent or empty. */
function scalarOf(t: tw.Tensor | undefined): number | bigint | undefined {
  if (t === undefined || t.size === 0) return undefined;
  return (t.data as Float32Array | BigInt64Array)[0];
}

/** selected_indices as the spec gives them, flat triples. */
export function nmsReference(c: OpCase): bigint[] {
  const [boxes, scores, maxT, iouT, scoreT] = c.inputs;
  const [batches, spatial] = boxes!.dims;
  const classes = scores!.dims[1];
  const bd = boxes!.data as Float32Array;
  const sd = scores!.data as Float32Array;
  const center = c.attributes.center_point_box === 1;
  const max = scalarOf(maxT) ?? 0n;
  const iouThreshold = (scalarOf(iouT) as number | undefined) ?? 0;
  const scoreThreshold = scalarOf(scoreT) as number | undefined;
  const out: bigint[] = [];
  for (let b = 0; b < batches; b++) {
    for (let k = 0; k < classes; k++) {
      const s = (i: number) => sd[(b * classes + k) * spatial + i];
      const box = (i: number) => bd.subarray((b * spatial + i) * 4, (b * spatial + i) * 4 + 4);
      const order = Array.from({ length: spatial }, (_, i) => i).filter((i) => scoreThreshold === undefined || s(i) > scoreThreshold);
      // Descending score, NaN after every number; Array.prototype.sort is stable, so ties keep index order.
      order.sort((i, j) => (Number.isNaN(s(i)) ? (Number.isNaN(s(j)) ? 0 : 1) : Number.isNaN(s(j)) ? -1 : s(j) - s(i)));
      const selected: number[] = [];
      for (const i of order) {
        if (BigInt(selected.length) >= BigInt(max)) break;
        if (selected.some((j) => suppresses(box(i), box(j), center, iouThreshold))) continue;
        selected.push(i);
        out.push(BigInt(b), BigInt(k), BigInt(i));
      }
    }
  }
  return out;
}

function coordinate(random: () => number): number {
  const r = random();
  if (r < 0.01) return NaN;
  if (r < 0.02) return pick(random, [Infinity, -Infinity]);
  if (r < 0.03) return -0;
  return between(random, -4, 8) / 2;
}

function score(random: () => number): number {
  const r = random();
  if (r < 0.03) return NaN;
  if (r < 0.05) return -0;
  return between(random, -2, 8) / 8;
}

// An optional scalar input: absent, empty (which reads as absent), 0-D or [1].
function scalarInput(random: () => number, type: 'int64' | 'float32', value: number | bigint): tw.Tensor | undefined {
  const r = random();
  if (r < 0.15) return undefined;
  const data = type === 'int64' ? BigInt64Array.of(BigInt(value)) : Float32Array.of(Number(value));
  if (r < 0.2) return new tw.Tensor(type as never, (type === 'int64' ? new BigInt64Array(0) : new Float32Array(0)) as never, [0]);
  return new tw.Tensor(type as never, data as never, r < 0.6 ? [] : [1]);
}

const IOU_THRESHOLDS = [0, 0.5, f(0.25 / 1.75), f(1 / 3), 1, 0.3];

function randomCase(random: () => number): OpCase {
  const center = random() < 0.5 ? 1 : 0;
  const batches = random() < 0.05 ? 0 : between(random, 1, 3);
  const classes = random() < 0.05 ? 0 : between(random, 1, 3);
  const spatial = random() < 0.05 ? 0 : random() < 0.2 ? between(random, 13, 40) : between(random, 1, 12);
  const boxes = new Float32Array(batches * spatial * 4);
  for (let i = 0; i < boxes.length; i++) boxes[i] = coordinate(random);
  for (let i = 0; i < batches * spatial; i++) {
    if (center === 1 && random() < 0.85) { boxes[i * 4 + 2] = Math.abs(boxes[i * 4 + 2]) + 0.5; boxes[i * 4 + 3] = Math.abs(boxes[i * 4 + 3]); }
    if (i > 0 && random() < 0.2) boxes.copyWithin(i * 4, (i - 1) * 4, i * 4);  // identical boxes: IoU 1
  }
  const scores = Float32Array.from({ length: batches * classes * spatial }, () => score(random));
  const max = pick(random, [-1, 0, 1, 2, 3, spatial, spatial + 2, 2 ** 62, between(random, 0, spatial)]);
  const inputs: (tw.Tensor | undefined)[] = [
    new tw.Tensor('float32', boxes, [batches, spatial, 4]),
    new tw.Tensor('float32', scores, [batches, classes, spatial]),
    scalarInput(random, 'int64', BigInt(max)),
    scalarInput(random, 'float32', pick(random, IOU_THRESHOLDS)),
    scalarInput(random, 'float32', pick(random, [0, 0.25, 0.5, -0.125, -Infinity])),
  ];
  while (inputs.length > 2 && inputs[inputs.length - 1] === undefined && random() < 0.5) inputs.pop();
  const attributes = random() < 0.3 && center === 0 ? {} : { center_point_box: center };
  const opset = pick(random, [undefined, 10, 11]);
  const shown = inputs.slice(2).map((t) => (t === undefined ? '-' : t.size === 0 ? '[]' : String(scalarOf(t))));
  return { label: `opset ${opset ?? 'newest'} format ${center} [${batches}, ${classes}, ${spatial}] max/iou/score ${shown.join('/')}`, opset, inputs, attributes };
}

export const NON_MAX_SUPPRESSION: OpTest = {
  op: 'NonMaxSuppression',
  cases: (random) => Array.from({ length: 24 }, () => randomCase(random)),
  reference: (c) => {
    const triples = nmsReference(c);
    return [{ type: 'int64', dims: [triples.length / 3, 3], storage: new Uint8Array(BigInt64Array.from(triples).buffer) }];
  },
  named: (c, options) => {
    const [boxes, scores, max, iou, score] = c.inputs;
    const limit = scalarOf(max);
    const threshold = scalarOf(iou);
    const scoreThreshold = scalarOf(score);
    return tw.nonMaxSuppression(boxes as never, scores as never, {
      // The named function takes no negative limit; the spec's negative one selects nothing, as 0 does.
      ...(limit === undefined ? {} : { maxOutputBoxesPerClass: (limit as bigint) < 0n ? 0 : limit as bigint }),
      ...(threshold === undefined ? {} : { iouThreshold: threshold as number }),
      ...(scoreThreshold === undefined ? {} : { scoreThreshold: scoreThreshold as number }),
      ...(c.attributes.center_point_box === undefined ? {} : { centerPointBox: c.attributes.center_point_box as 0 | 1 }),
      ...options,
    } as never);
  },
  tooLarge: 'the output has at most 3 int64s per score (6x the scores\' bytes), and the kernel\'s room for it is that bound: an input that large cannot be made here',
  fuzz: ['nms'],
};
