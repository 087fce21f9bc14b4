// A YOLOv8 detector's output, [1, 84, 8400] (4 box coordinates and 80 class
// scores for each of 8400 anchors), transposed to one row per anchor,
// [1, 8400, 84], then split into boxes and scores and each anchor's best class.
import * as tw from 'tessera-wasm';

await tw.init();
const C = 84, N = 8400;
const raw = Float32Array.from({ length: C * N }, (_, i) => ((i * 2654435761) % 1000) / 1000);  // stands in for session.run's output
const output = new tw.Tensor('float32', raw, [1, C, N]);

const rows = tw.transpose(output, [0, 2, 1]);                                // [1, 8400, 84]
const [boxes, scores] = tw.split(rows, { axis: 2, split: [4, 80] });         // [1, 8400, 4] cx, cy, w, h and [1, 8400, 80]
const best = tw.argMax(scores, { axis: 2, keepdims: false });                // [1, 8400] int64: each anchor's class
console.log(`rows [${rows.dims.join(', ')}], boxes [${boxes.dims.join(', ')}], scores [${scores.dims.join(', ')}], best ${best.type} [${best.dims.join(', ')}]`);

// The same with plain loops, to check.
let same = true;
for (let a = 0; a < N; a++) {
  let top = 0;
  for (let c = 0; c < C; c++) {
    same &&= Object.is(rows.data[a * C + c], raw[c * N + a]);
    if (c >= 4 && raw[c * N + a] > raw[(4 + top) * N + a]) top = c - 4;  // the first of equal scores wins, as in ArgMax
  }
  same &&= best.data[a] === BigInt(top) && Object.is(boxes.data[a * 4 + 3], raw[3 * N + a]) && Object.is(scores.data[a * 80 + 79], raw[83 * N + a]);
}
console.log('the same as a plain loop:', same);
