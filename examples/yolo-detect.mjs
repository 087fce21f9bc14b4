// YOLOv8 post-processing, every step a tessera op: [1, 84, 8400] (cx, cy, w, h
// and 80 class scores per anchor) -> each anchor's best class and its score ->
// the anchors above 0.25 -> non-max suppression per class (IoU 0.45) -> the
// detections' boxes, classes and scores.
import * as tw from 'tessera-wasm';

await tw.init();
const C = 84, N = 8400, CLASSES = 80, MIN_SCORE = 0.25, IOU = 0.45;
let seed = 7;
const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;  // a fixed pseudo-random sequence
// Stands in for session.run's output: 12 objects in a 640 x 640 image, each
// found by about 35 anchors with jittered boxes; every other anchor unsure.
const objects = Array.from({ length: 12 }, () => [640 * next(), 640 * next(), 40 + 120 * next(), 40 + 120 * next(), Math.floor(next() * 8)]);
const raw = new Float32Array(C * N);
for (let a = 0; a < N; a++) {
  const [x, y, w, h, c] = next() < 0.05 ? objects[Math.floor(next() * objects.length)] : [640 * next(), 640 * next(), 20 + 80 * next(), 20 + 80 * next(), -1];
  [x, y, w, h].forEach((v, i) => { raw[i * N + a] = v + (c < 0 ? 0 : 12 * (next() - 0.5)); });
  for (let k = 0; k < CLASSES; k++) raw[(4 + k) * N + a] = next() * 0.2;
  if (c >= 0) raw[(4 + c) * N + a] = 0.3 + 0.7 * next();
}
const output = new tw.Tensor('float32', raw, [1, C, N]);

const rows = tw.transpose(output, [0, 2, 1]);                                 // [1, 8400, 84]
const [boxes, scores] = tw.split(rows, { axis: 2, split: [4, 80] });          // [1, 8400, 4] and [1, 8400, 80]
const best = tw.reduceMax(scores, { axes: [2], keepdims: false });            // [1, 8400]
const cls = tw.argMax(scores, { axis: 2, keepdims: false });                  // [1, 8400] int64
const keep = tw.reshape(tw.greater(best, tw.tensor('float32', [MIN_SCORE])), [N]);
const [keptBoxes, keptBest, keptCls] = [boxes, best, cls].map((t) => tw.compress(t, keep, { axis: 1 }));
// Each kept anchor scores for its best class only: [1, 80, K], as NonMaxSuppression takes scores.
const onlyBest = tw.mul(tw.oneHot(keptCls, tw.tensor('int64', [CLASSES]), tw.tensor('float32', [0, 1])), tw.unsqueeze(keptBest, [2]));
const selected = tw.nonMaxSuppression(keptBoxes, tw.transpose(onlyBest, [0, 2, 1]), {
  maxOutputBoxesPerClass: 300, iouThreshold: IOU, scoreThreshold: MIN_SCORE, centerPointBox: 1,
});                                                                           // [M, 3] int64: (batch, class, kept anchor)
const which = tw.reshape(tw.slice(selected, [2], [3], { axes: [1] }), [-1]);  // [M]
const detections = { boxes: tw.gather(keptBoxes, which, { axis: 1 }), classes: tw.gather(keptCls, which, { axis: 1 }), scores: tw.gather(keptBest, which, { axis: 1 }) };
console.log(`${keptBest.dims[1]} anchors above ${MIN_SCORE}, ${selected.dims[0]} detections: boxes [${detections.boxes.dims.join(', ')}]`);

// The same with plain loops, to check: IoU in float32 one step at a time, as the spec's reference computes it.
const f = Math.fround;
const corners = (a) => { const [x, y, w, h] = [0, 1, 2, 3].map((i) => raw[i * N + a]); return [f(x - f(w * 0.5)), f(y - f(h * 0.5)), f(x + f(w * 0.5)), f(y + f(h * 0.5))]; };
const iou = (p, q) => {
  const [a, b] = [corners(p), corners(q)];
  const area = (r) => f(f(r[2] - r[0]) * f(r[3] - r[1]));
  const iw = f(Math.min(a[2], b[2]) - Math.max(a[0], b[0])), ih = f(Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  if (!(iw > 0 && ih > 0)) return 0;
  const inter = f(iw * ih);
  return f(inter / f(f(area(a) + area(b)) - inter));
};
const anchors = [];  // [anchor, class, score] above the threshold, in anchor order
for (let a = 0; a < N; a++) {
  let top = 0;
  for (let c = 1; c < CLASSES; c++) if (raw[(4 + c) * N + a] > raw[(4 + top) * N + a]) top = c;
  if (raw[(4 + top) * N + a] > MIN_SCORE) anchors.push([a, top, raw[(4 + top) * N + a]]);
}
const expected = [];  // [class, kept anchor's position]
for (let c = 0; c < CLASSES; c++) {
  const order = anchors.map((e, k) => [...e, k]).filter((e) => e[1] === c).sort((p, q) => q[2] - p[2] || p[3] - q[3]);
  const kept = [];
  for (const e of order) if (kept.length < 300 && kept.every((k) => !(iou(k[0], e[0]) > IOU))) kept.push(e);
  for (const e of kept) expected.push([c, e[3]]);
}
const got = Array.from({ length: selected.dims[0] }, (_, i) => [Number(selected.data[i * 3 + 1]), Number(selected.data[i * 3 + 2])]);
console.log('the same detections as a plain loop:', JSON.stringify(got) === JSON.stringify(expected)
  && got.every(([c, k], i) => detections.scores.data[i] === anchors[k][2] && detections.classes.data[i] === BigInt(c)));
