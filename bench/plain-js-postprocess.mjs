// The plain-JS side of the post-processing rows (TopK, NonMaxSuppression):
// a detector's decoded output from a seeded generator, and the loops a web
// demo writes by hand, each giving exactly the answer the ONNX ops give (so
// the suite's check holds them to the bit). No Node imports.

/** A seeded generator of floats in [0, 1) (the same linear congruential one as plain-js.mjs's random). */
function uniform(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/**
 * A detector's output after decoding, as NonMaxSuppression takes it (YOLOv8's
 * [1, 84, 8400] split into its 4 box rows, transposed, and its 80 class rows):
 * `n` boxes (cx, cy, w, h) in a 640x640 image, boxes [1, n, 4], and class
 * scores [1, classes, n]. A fraction `onObjects` of the boxes sit on one of
 * `objects` objects (each of one class, 20-200 px a side), centre and size
 * jittered by up to 10% of its size, so that an object's boxes overlap one
 * another mostly above IoU 0.45, as a detector's neighbouring anchors do; they
 * score 0.3-0.95 in their object's class, and one in five of them also
 * 0.2-0.5 in the object's one look-alike class. Every other score is below 0.1 (most of a
 * detector's class scores are near 0): per class, a few high scores.
 */
export function detections({ n = 8400, classes = 80, objects = 100, onObjects = 0.35, seed = 37 } = {}) {
  const next = uniform(seed);
  const things = Array.from({ length: objects }, () => ({
    cx: next() * 640, cy: next() * 640, w: 20 + next() * 180, h: 20 + next() * 180, cls: Math.floor(next() * classes),
    alike: Math.floor(next() * classes),
  }));
  const boxes = new Float32Array(4 * n);
  const scores = new Float32Array(classes * n);
  for (let i = 0; i < scores.length; i++) scores[i] = next() * 0.1;
  const jitter = (v, size) => v + (next() - 0.5) * 0.2 * size;
  for (let i = 0; i < n; i++) {
    if (next() < onObjects) {
      const o = things[Math.floor(next() * objects)];
      boxes.set([jitter(o.cx, o.w), jitter(o.cy, o.h), jitter(o.w, o.w), jitter(o.h, o.h)], 4 * i);
      scores[o.cls * n + i] = 0.3 + next() * 0.65;
      if (next() < 0.2 && o.alike !== o.cls) scores[o.alike * n + i] = 0.2 + next() * 0.3;
    } else {
      boxes.set([next() * 640, next() * 640, 4 + next() * 60, 4 + next() * 60], 4 * i);
    }
  }
  return { boxes, scores };
}

/**
 * TopK, largest and sorted, of each row of [rows, n] (no NaN in the input):
 * a partial sort, the k best so far kept sorted in the output row, an
 * element entering only when above the k-th (so equal elements keep the
 * lower index first, as ONNX's), by insertion.
 */
export function topKInto(y, x, n, k) {
  const { values, indices } = y;
  const at = new Int32Array(k);
  for (let base = 0, o = 0; base < x.length; base += n, o += k) {
    let filled = 0;
    for (let j = 0; j < n; j++) {
      const v = x[base + j];
      if (filled === k && !(v > values[o + k - 1])) continue;
      let p = filled < k ? filled++ : k - 1;
      for (; p > 0 && values[o + p - 1] < v; p--) {
        values[o + p] = values[o + p - 1];
        at[p] = at[p - 1];
      }
      values[o + p] = v;
      at[p] = j;
    }
    for (let r = 0; r < k; r++) indices[o + r] = BigInt(at[r]);
  }
  return y;
}

/**
 * NonMaxSuppression of one batch of centre-format boxes [n, 4] and scores
 * [classes, n], the greedy way: per class, the boxes scoring above
 * `scoreThreshold`, by descending score (ties: the lower index first), each
 * kept unless its IoU with a box already kept is above `iouThreshold`, at
 * most `maxPerClass`. The IoU is float32 as the spec computes it (each step
 * rounded by Math.fround: a float64 IoU would differ near the threshold), so
 * the answer is the ops'. Returns the int64 (batch 0, class, box) triples.
 */
export function nonMaxSuppressionCenter(boxes, scores, classes, n, maxPerClass, iouThreshold, scoreThreshold) {
  const f = Math.fround;
  const [iou, threshold] = [f(iouThreshold), f(scoreThreshold)];
  const [x1, y1, x2, y2, area] = Array.from({ length: 5 }, () => new Float32Array(n));
  for (let i = 0; i < n; i++) {
    const hw = f(boxes[4 * i + 2] * 0.5);
    const hh = f(boxes[4 * i + 3] * 0.5);
    x1[i] = boxes[4 * i] - hw;  // a store into a Float32Array rounds to float32
    x2[i] = boxes[4 * i] + hw;
    y1[i] = boxes[4 * i + 1] - hh;
    y2[i] = boxes[4 * i + 1] + hh;
    area[i] = f(x2[i] - x1[i]) * f(y2[i] - y1[i]);
  }
  const overlaps = (c, s) => {
    const w = f(Math.min(x2[c], x2[s]) - Math.max(x1[c], x1[s]));
    const h = f(Math.min(y2[c], y2[s]) - Math.max(y1[c], y1[s]));
    if (!(w > 0 && h > 0) || !(area[c] > 0 && area[s] > 0)) return false;
    const inter = f(w * h);
    const union = f(f(area[c] + area[s]) - inter);
    return inter > 0 && union > 0 && f(inter / union) > iou;
  };
  const selected = [];
  for (let c = 0; c < classes; c++) {
    const row = scores.subarray(c * n, (c + 1) * n);
    const candidates = [];
    for (let i = 0; i < n; i++) if (row[i] > threshold) candidates.push(i);
    candidates.sort((a, b) => row[b] - row[a] || a - b);
    const kept = [];
    for (const i of candidates) {
      if (kept.length === maxPerClass) break;
      if (!kept.some((s) => overlaps(i, s))) kept.push(i);
    }
    for (const i of kept) selected.push(0, c, i);
  }
  return BigInt64Array.from(selected, BigInt);
}
