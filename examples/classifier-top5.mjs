// A classifier's logits [1, 1000] (an ImageNet model's output) to its five
// best classes with their probabilities: tw.softmax, then tw.topK. Ties keep
// the lower class first, as ONNX's TopK says.
import * as tw from 'tessera-wasm';

await tw.init();
const CLASSES = 1000;
const logits = Float32Array.from({ length: CLASSES }, (_, i) => Math.sin(i * 12.9898) * 3 + (i % 211 === 7 ? 6 + i / 300 : 0));  // stands in for session.run's output
const probabilities = tw.softmax(new tw.Tensor('float32', logits, [1, CLASSES]), { axis: -1 });
const { values, indices } = tw.topK(probabilities, 5, { axis: -1 });          // [1, 5] float32 and [1, 5] int64
const top5 = Array.from(indices.data, (c, i) => `${c}: ${(values.data[i] * 100).toFixed(2)}%`);
console.log(`top 5 of ${CLASSES}: ${top5.join(', ')}`);

// The same with plain loops (softmax in float64), to check: the same classes, probabilities within 1e-6.
const max = Math.max(...logits);
const exps = Array.from(logits, (v) => Math.exp(v - max));
const sum = exps.reduce((a, b) => a + b, 0);
const expected = exps.map((e, c) => [c, e / sum]).sort((p, q) => q[1] - p[1] || p[0] - q[0]).slice(0, 5);
const error = Math.max(...expected.map(([, p], i) => Math.abs(values.data[i] - p)));
console.log('the same classes as a plain loop:', expected.every(([c], i) => indices.data[i] === BigInt(c)), `(probabilities within ${error < 1e-6 ? '1e-6' : error})`);
