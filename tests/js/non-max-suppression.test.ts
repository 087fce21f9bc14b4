// NonMaxSuppression's spec cases: versions 10 and 11 alike; the boundary
// rules checked against ONNX's reference (IoU equal to the threshold keeps a
// box, a score equal to the score threshold drops it, a missing
// max_output_boxes_per_class selects nothing, a negative one too); the
// output's order (batch, class, descending score, ties by lower index, NaN
// scores last); flipped corners; boxes that cannot overlap (empty areas,
// NaN coordinates); empty inputs; the optional inputs' forms; a resident
// call; a larger case against the test module's reference; and every error,
// each a SpecError naming the op, the version, the parameter and its value.
import * as tw from 'tessera-wasm';
import { nmsReference } from '../ops/non-max-suppression';
import { expectSpecError, rng } from './helpers';

beforeAll(() => tw.init());

const f32 = (data: number[], dims: number[]) => new tw.Tensor('float32', Float32Array.from(data), dims);
const scalar = (v: number) => new tw.Tensor('float32', Float32Array.of(v), []);
const i64 = (v: number | bigint, dims: number[] = [1]) => new tw.Tensor('int64', BigInt64Array.of(BigInt(v)), dims);
const run = (opset: number, inputs: unknown[], attributes: Record<string, unknown> = {}) =>
  tw.runNode({ opType: 'NonMaxSuppression', opset, attributes }, inputs as never)[0] as tw.Tensor;
const triples = (t: tw.Tensor | tw.ResidentTensor) => {
  const plain = tw.ResidentTensor.isResident(t) ? (t as tw.ResidentTensor).toTensor() : t as tw.Tensor;
  expect(plain.type).toBe('int64');
  expect(plain.dims.length).toBe(2);
  expect(plain.dims[1]).toBe(3);
  const v = Array.from(plain.data as BigInt64Array, Number);
  return Array.from({ length: v.length / 3 }, (_, i) => v.slice(3 * i, 3 * i + 3));
};

/** Expects a SpecError of NonMaxSuppression-version naming `param`, its message matching every pattern. */
function expectNmsError(fn: () => unknown, version: number, param: string, ...patterns: (string | RegExp)[]): void {
  expectSpecError(fn, 'NonMaxSuppression', version, ...patterns);
  try { fn(); } catch (error) { expect((error as tw.SpecError).param).toBe(param); }
}

// ONNX's example boxes (Operators.md): two clusters of three and one far box.
const BOXES = f32([0, 0, 1, 1, 0, 0.1, 1, 1.1, 0, -0.1, 1, 0.9, 0, 10, 1, 11, 0, 10.1, 1, 11.1, 0, 100, 1, 101], [1, 6, 4]);
const SCORES = f32([0.9, 0.75, 0.6, 0.95, 0.5, 0.3], [1, 1, 6]);

describe('versions 10 and 11: one schema, one result', () => {
  it.each([10, 11])('opset %i: suppress_by_IOU, limit_output_size and suppress_by_IOU_and_scores', (opset) => {
    expect(triples(run(opset, [BOXES, SCORES, i64(3), scalar(0.5), scalar(0)]))).toEqual([[0, 0, 3], [0, 0, 0], [0, 0, 5]]);
    expect(triples(run(opset, [BOXES, SCORES, i64(2), scalar(0.5), scalar(0)]))).toEqual([[0, 0, 3], [0, 0, 0]]);
    expect(triples(run(opset, [BOXES, SCORES, i64(3), scalar(0.5), scalar(0.4)]))).toEqual([[0, 0, 3], [0, 0, 0]]);
  });
  it('below opset 10 there is no NonMaxSuppression', () => {
    expect(() => run(9, [BOXES, SCORES])).toThrow(/NonMaxSuppression/);
  });
  it('the named function is version 11, its options the optional inputs and the attribute', () => {
    const y = tw.nonMaxSuppression(BOXES, SCORES, { maxOutputBoxesPerClass: 3, iouThreshold: 0.5, scoreThreshold: 0 });
    expect(triples(y)).toEqual([[0, 0, 3], [0, 0, 0], [0, 0, 5]]);
    expect(triples(tw.nonMaxSuppression(BOXES, SCORES, { maxOutputBoxesPerClass: 3n, iouThreshold: 0.5 }))).toEqual([[0, 0, 3], [0, 0, 0], [0, 0, 5]]);
    expect(triples(tw.nonMaxSuppression(BOXES, SCORES, { maxOutputBoxesPerClass: Infinity, iouThreshold: 0.5 }))).toEqual([[0, 0, 3], [0, 0, 0], [0, 0, 5]]);
    const centers = f32([0.5, 0.5, 1, 1, 0.5, 0.6, 1, 1, 0.5, 0.4, 1, 1, 0.5, 10.5, 1, 1, 0.5, 10.6, 1, 1, 0.5, 100.5, 1, 1], [1, 6, 4]);
    expect(triples(tw.nonMaxSuppression(centers, SCORES, { maxOutputBoxesPerClass: 3, iouThreshold: 0.5, centerPointBox: 1 })))
      .toEqual([[0, 0, 3], [0, 0, 0], [0, 0, 5]]);
  });
});

describe('the boundaries, as ONNX\'s reference draws them', () => {
  // [0, 0, 1, 1] and [0.5, 0.5, 1.5, 1.5]: intersection 0.25, union 1.75.
  const pair = f32([0, 0, 1, 1, 0.5, 0.5, 1.5, 1.5], [1, 2, 4]);
  const pairScores = f32([0.9, 0.8], [1, 1, 2]);
  const iou = Math.fround(Math.fround(0.25) / Math.fround(1.75));
  it.each([10, 11])('opset %i: IoU equal to iou_threshold keeps the box (strictly greater suppresses)', (opset) => {
    expect(triples(run(opset, [pair, pairScores, i64(2), scalar(iou)]))).toEqual([[0, 0, 0], [0, 0, 1]]);
    const below = new Float32Array(Float32Array.of(iou).buffer.slice(0));
    new Uint32Array(below.buffer)[0] -= 1;  // one float32 step down
    expect(triples(run(opset, [pair, pairScores, i64(2), scalar(below[0])]))).toEqual([[0, 0, 0]]);
  });
  it('a score equal to score_threshold is dropped (strictly greater takes part)', () => {
    expect(triples(run(11, [pair, pairScores, i64(2), scalar(1), scalar(0.8)]))).toEqual([[0, 0, 0]]);
    expect(triples(run(11, [pair, pairScores, i64(2), scalar(1), scalar(Math.fround(0.8) - 1e-7)]))).toEqual([[0, 0, 0], [0, 0, 1]]);
  });
  it('iou_threshold 0 (the default) suppresses any overlap at all; 1 suppresses nothing', () => {
    expect(triples(run(11, [pair, pairScores, i64(2)]))).toEqual([[0, 0, 0]]);
    expect(triples(run(11, [pair, pairScores, i64(2), scalar(1)]))).toEqual([[0, 0, 0], [0, 0, 1]]);
    const same = f32([0, 0, 1, 1, 0, 0, 1, 1], [1, 2, 4]);
    expect(triples(run(11, [same, pairScores, i64(2), scalar(1)]))).toEqual([[0, 0, 0], [0, 0, 1]]);  // IoU 1 is not > 1
  });
  it('touching boxes do not overlap', () => {
    const touching = f32([0, 0, 1, 1, 0, 1, 1, 2], [1, 2, 4]);
    expect(triples(run(11, [touching, pairScores, i64(2)]))).toEqual([[0, 0, 0], [0, 0, 1]]);
  });
  it('max_output_boxes_per_class: absent or 0 selects nothing, a negative one nothing, a huge one every box', () => {
    const none = run(11, [BOXES, SCORES]);
    expect(none.dims).toEqual([0, 3]);
    expect(run(11, [BOXES, SCORES, i64(0)]).dims).toEqual([0, 3]);
    expect(run(11, [BOXES, SCORES, i64(-5)]).dims).toEqual([0, 3]);
    expect(triples(run(11, [BOXES, SCORES, i64(2n ** 63n - 1n), scalar(1)])).map((t) => t[2])).toEqual([3, 0, 1, 2, 4, 5]);
    expect(tw.nonMaxSuppression(BOXES, SCORES).dims).toEqual([0, 3]);
  });
  it('without score_threshold every box takes part, negative scores too; with one, only those above it', () => {
    const apart = f32([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5], [1, 3, 4]);
    const negative = f32([-3, -1, -2], [1, 1, 3]);
    expect(triples(run(11, [apart, negative, i64(9)]))).toEqual([[0, 0, 1], [0, 0, 2], [0, 0, 0]]);
    expect(triples(run(11, [apart, negative, i64(9), undefined, scalar(-2.5)]))).toEqual([[0, 0, 1], [0, 0, 2]]);
  });
});

describe('the order and the box formats', () => {
  it('per batch, per class, by descending score; ties keep the lower box index first; the limit is per class', () => {
    const boxes = f32([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7], [1, 4, 4]);
    const scores = f32([0.5, 0.7, 0.7, 0.1, /* class 1 */ 0.2, 0.2, 0.2, 0.9], [1, 2, 4]);
    expect(triples(run(11, [boxes, scores, i64(3)]))).toEqual([[0, 0, 1], [0, 0, 2], [0, 0, 0], [0, 1, 3], [0, 1, 0], [0, 1, 1]]);
    const two = f32([...Array.from(boxes.data as Float32Array), ...Array.from(boxes.data as Float32Array)], [2, 4, 4]);
    const twoScores = f32([0.1, 0.2, 0.3, 0.4, 0.4, 0.3, 0.2, 0.1], [2, 1, 4]);
    expect(triples(run(11, [two, twoScores, i64(1)]))).toEqual([[0, 0, 3], [1, 0, 0]]);
  });
  it('a NaN score comes after every number, -0 ties with 0; a score threshold drops NaN', () => {
    const apart = f32([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7], [1, 4, 4]);
    const s = f32([NaN, 0, -0, -Infinity], [1, 1, 4]);
    expect(triples(run(11, [apart, s, i64(4)])).map((t) => t[2])).toEqual([1, 2, 3, 0]);
    expect(triples(run(11, [apart, s, i64(4), undefined, scalar(-Infinity)])).map((t) => t[2])).toEqual([1, 2]);
  });
  it('format 0 takes any diagonal pair of corners: flipped boxes select as the plain ones', () => {
    const flipped = f32([1, 1, 0, 0, 0, 0.1, 1, 1.1, 0, 0.9, 1, -0.1, 0, 10, 1, 11, 1, 10.1, 0, 11.1, 1, 101, 0, 100], [1, 6, 4]);
    expect(triples(run(11, [flipped, SCORES, i64(3), scalar(0.5)]))).toEqual([[0, 0, 3], [0, 0, 0], [0, 0, 5]]);
  });
  it('format 1: [x_center, y_center, width, height]; a box of no area (or a negative width) never suppresses', () => {
    const centers = f32([0.5, 0.5, 1, 1, 0.5, 0.5, 0, 1, 0.5, 0.5, -1, 1], [1, 3, 4]);
    const s = f32([0.9, 0.8, 0.7], [1, 1, 3]);
    expect(triples(run(11, [centers, s, i64(3)], { center_point_box: 1 }))).toEqual([[0, 0, 0], [0, 0, 1], [0, 0, 2]]);
    // The same numbers as corners: three boxes of area > 0; box 1 only touches box 0, box 2 overlaps box 1 and goes.
    expect(triples(run(11, [centers, s, i64(3)], { center_point_box: 0 }))).toEqual([[0, 0, 0], [0, 0, 1]]);
  });
  it('a box with a NaN coordinate neither suppresses nor is suppressed; infinite boxes follow float32 arithmetic', () => {
    const boxes = f32([0, 0, 1, 1, 0, NaN, 1, 1, 0, 0, 1, 1], [1, 3, 4]);
    expect(triples(run(11, [boxes, f32([0.9, 0.95, 0.8], [1, 1, 3]), i64(3)]))).toEqual([[0, 0, 1], [0, 0, 0]]);
    // [0, 0, inf, inf] against [0, 0, 1, 1]: IoU 1 / inf = 0, not > 0; against itself inf / NaN (inf - inf): not suppressed.
    const huge = f32([0, 0, Infinity, Infinity, 0, 0, 1, 1, 0, 0, Infinity, Infinity], [1, 3, 4]);
    expect(triples(run(11, [huge, f32([0.9, 0.8, 0.7], [1, 1, 3]), i64(3)]))).toEqual([[0, 0, 0], [0, 0, 1], [0, 0, 2]]);
  });
});

describe('shapes and the optional inputs\' forms', () => {
  it('no batches, no classes or no boxes: [0, 3]', () => {
    expect(run(11, [f32([], [0, 3, 4]), f32([], [0, 2, 3]), i64(5)]).dims).toEqual([0, 3]);
    expect(run(11, [f32([0, 0, 1, 1], [1, 1, 4]), f32([], [1, 0, 1]), i64(5)]).dims).toEqual([0, 3]);
    expect(run(11, [f32([], [2, 0, 4]), f32([], [2, 3, 0]), i64(5)]).dims).toEqual([0, 3]);
  });
  it('each scalar 0-D or [1]; an empty one reads as absent; an omitted one may precede a given one', () => {
    const want = [[0, 0, 3], [0, 0, 0], [0, 0, 5]];
    expect(triples(run(11, [BOXES, SCORES, i64(3, []), scalar(0.5), scalar(0)]))).toEqual(want);
    expect(triples(run(11, [BOXES, SCORES, i64(3), f32([0.5], [1]), f32([0], [1])]))).toEqual(want);
    const emptyF = f32([], [0]);
    expect(triples(run(11, [BOXES, SCORES, i64(3), f32([0.5], [1]), emptyF]))).toEqual(want);
    expect(run(11, [BOXES, SCORES, new tw.Tensor('int64', new BigInt64Array(0), [0])]).dims).toEqual([0, 3]);
    expect(triples(run(11, [BOXES, SCORES, i64(6), emptyF, scalar(0.55)]))).toEqual([[0, 0, 3], [0, 0, 0]]);  // iou 0: any overlap suppresses
    expect(triples(run(11, [BOXES, SCORES, i64(6), undefined, scalar(0.55)]))).toEqual([[0, 0, 3], [0, 0, 0]]);
  });
  it('resident boxes and scores give a resident result; out takes the result', () => {
    const b = tw.toResident(BOXES);
    const s = tw.toResident(SCORES);
    const y = tw.nonMaxSuppression(b, s, { maxOutputBoxesPerClass: 3, iouThreshold: 0.5 });
    expect(tw.ResidentTensor.isResident(y)).toBe(true);
    expect(triples(y)).toEqual([[0, 0, 3], [0, 0, 0], [0, 0, 5]]);
    for (const t of [y, b, s]) t.dispose();
    const out = new BigInt64Array(9);
    expect(tw.nonMaxSuppression(BOXES, SCORES, { maxOutputBoxesPerClass: 3, iouThreshold: 0.5, out }).data).toBe(out);
    expectNmsError(() => tw.nonMaxSuppression(BOXES, SCORES, { maxOutputBoxesPerClass: 3, iouThreshold: 0.5, out: new BigInt64Array(6) }), 11, 'out', /length 9/);
  });
  it('2 batches x 5 classes x 1500 boxes against the test module\'s reference, both formats', () => {
    const random = rng(31);
    for (const center of [0, 1]) {
      const n = 1500;
      const boxes = Float32Array.from({ length: 2 * n * 4 }, (_, i) => (i % 4 >= 2 && center ? 0.5 + random() * 3 : Math.floor(random() * 64) / 4));
      const scores = Float32Array.from({ length: 2 * 5 * n }, () => Math.floor(random() * 64) / 64);
      const c = {
        label: 'large', inputs: [f32(Array.from(boxes), [2, n, 4]), f32(Array.from(scores), [2, 5, n]), i64(60), scalar(0.3), scalar(0.5)],
        attributes: { center_point_box: center },
      };
      const got = run(11, c.inputs, c.attributes);
      expect(Array.from(got.data as BigInt64Array)).toEqual(nmsReference(c));
      expect(got.dims[0]).toBeGreaterThan(100);
    }
  });
});

describe('errors: each a SpecError naming the op, the version, the parameter and its value', () => {
  it.each([10, 11])('opset %i: boxes not [batches, boxes, 4], scores not rank 3, counts that disagree', (v) => {
    expectNmsError(() => run(v, [f32([0, 0, 1, 1], [1, 4]), SCORES]), v, 'boxes', /\[1, 4\]/);
    expectNmsError(() => run(v, [f32([0, 0, 1], [1, 1, 3]), f32([1], [1, 1, 1])]), v, 'boxes', /\[1, 1, 3\]/);
    expectNmsError(() => run(v, [BOXES, f32([1, 2, 3, 4, 5, 6], [1, 6])]), v, 'scores', /\[1, 6\]/);
    expectNmsError(() => run(v, [BOXES, f32(new Array(12).fill(0), [2, 1, 6])]), v, 'scores', /2 batches, boxes 1/);
    expectNmsError(() => run(v, [BOXES, f32([1, 2, 3, 4, 5], [1, 1, 5])]), v, 'scores', /5 boxes per class, boxes has 6/);
  });
  it('iou_threshold outside [0, 1] (the spec\'s range), NaN among them', () => {
    for (const bad of [1.5, -0.25, NaN]) expectNmsError(() => run(11, [BOXES, SCORES, i64(3), scalar(bad)]), 11, 'iou_threshold', /\[0, 1\]/, String(bad));
    expectNmsError(() => tw.nonMaxSuppression(BOXES, SCORES, { iouThreshold: 2 }), 11, 'iouThreshold', /\[0, 1\].*got 2/);
  });
  it('center_point_box other than 0 or 1', () => {
    expectNmsError(() => run(10, [BOXES, SCORES], { center_point_box: 2 }), 10, 'center_point_box', /0 or 1 \(got 2\)/);
    expectNmsError(() => run(11, [BOXES, SCORES], { center_point_box: -1 }), 11, 'center_point_box', /got -1/);
    expectNmsError(() => tw.nonMaxSuppression(BOXES, SCORES, { centerPointBox: 3 as never }), 11, 'centerPointBox', /got 3/);
  });
  it('types the schema does not give: boxes and scores float32, the limit int64, the thresholds float32', () => {
    const f64 = new tw.Tensor('float64', Float64Array.from(BOXES.data as Float32Array), [1, 6, 4]);
    expectNmsError(() => run(11, [f64, SCORES]), 11, 'boxes', /float32 \(got float64\)/);
    const f16 = new tw.Tensor('float16', new Uint16Array(6), [1, 1, 6]);
    expectNmsError(() => run(10, [BOXES, f16]), 10, 'scores', /got float16/);
    expectNmsError(() => run(11, [BOXES, SCORES, new tw.Tensor('int32', Int32Array.of(3), [1])]), 11, 'max_output_boxes_per_class', /int64 \(got int32\)/);
    expectNmsError(() => run(11, [BOXES, SCORES, i64(3), new tw.Tensor('float64', Float64Array.of(0.5), [])]), 11, 'iou_threshold', /got float64/);
    expectNmsError(() => run(11, [BOXES, SCORES, i64(3), scalar(0.5), i64(0)]), 11, 'score_threshold', /float32 \(got int64\)/);
  });
  it('a scalar input that is not one: two elements, or rank 2', () => {
    expectNmsError(() => run(11, [BOXES, SCORES, new tw.Tensor('int64', BigInt64Array.of(1n, 2n), [2])]), 11, 'max_output_boxes_per_class', /scalar.*\[2\]/);
    expectNmsError(() => run(11, [BOXES, SCORES, i64(3), f32([0.5], [1, 1])]), 11, 'iou_threshold', /\[1, 1\]/);
  });
  it('the named function\'s options: a limit that is no whole number from 0, thresholds that are no numbers, unknown keys', () => {
    expectNmsError(() => tw.nonMaxSuppression(BOXES, SCORES, { maxOutputBoxesPerClass: -1 }), 11, 'maxOutputBoxesPerClass', /got -1/);
    expectNmsError(() => tw.nonMaxSuppression(BOXES, SCORES, { maxOutputBoxesPerClass: 1.5 }), 11, 'maxOutputBoxesPerClass', /got 1.5/);
    expectNmsError(() => tw.nonMaxSuppression(BOXES, SCORES, { maxOutputBoxesPerClass: '3' as never }), 11, 'maxOutputBoxesPerClass', /got/);
    expectNmsError(() => tw.nonMaxSuppression(BOXES, SCORES, { maxOutputBoxesPerClass: -2n }), 11, 'maxOutputBoxesPerClass', /-2n/);
    expectNmsError(() => tw.nonMaxSuppression(BOXES, SCORES, { scoreThreshold: '0.5' as never }), 11, 'scoreThreshold', /number/);
    expectSpecError(() => tw.nonMaxSuppression(BOXES, SCORES, { iou: 0.5 } as never), 'NonMaxSuppression', 11, /iou/);
  });
});
