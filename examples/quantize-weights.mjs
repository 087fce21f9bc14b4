// Quantized storage of float32 weights: int4 with a scale per block of 32
// (scale = the block's max |w| / 7) and float8e4m3fn with one scale
// (max |w| / 448), each stored as a TensorProto, read back and dequantized.
import * as tw from 'tessera-wasm';

await tw.init();
const ROWS = 96, COLS = 128, BLOCK = 32;                                   // 12,288 weights
const weights = Float32Array.from({ length: ROWS * COLS }, (_, i) => Math.sin(i * 0.37) * (1 + (i % 7)) * 0.02);
const w = new tw.Tensor('float32', weights, [ROWS, COLS]);
const scalar = (v) => tw.tensor('float32', [v], []);

// The scales, with tessera ops: |w| as [rows, blocks, 32], its max over each block.
const blockMax = tw.reduceMax(tw.reshape(tw.abs(w), [ROWS, COLS / BLOCK, BLOCK]), { axes: [2], keepdims: false });
const scale4 = tw.div(blockMax, scalar(7));                                // [96, 4]
const scale8 = tw.div(tw.reduceMax(tw.abs(w), { keepdims: false }), scalar(448));
const q4 = tw.quantizeLinear(w, scale4, { axis: 1, blockSize: BLOCK, outputDtype: 'int4' });
const q8 = tw.quantizeLinear(w, scale8, { outputDtype: 'float8e4m3fn' });

// Stored (a .pb file, an initializer) and read back.
const files = [q4, scale4, q8, scale8].map((t) => tw.toTensorProto(t));
const [r4, rs4, r8, rs8] = files.map((bytes) => tw.fromTensorProto(bytes));
const d4 = tw.dequantizeLinear(r4, rs4, { axis: 1, blockSize: BLOCK });
const d8 = tw.dequantizeLinear(r8, rs8);
console.log(`stored: int4 ${files[0].length + files[1].length} bytes, float8 ${files[2].length + files[3].length} bytes (float32: ${4 * w.size})`);

// A plain JS reference of the same quantization: float32 divisions
// (Math.fround), round half to even, int4 clamped to [-8, 7], float8e4m3fn's
// grid (3 mantissa bits, exponent from -6, subnormals below 2^-6, max 448).
const f = Math.fround;
const roundEven = (v) => { const r = Math.round(v); return r - v === 0.5 && r % 2 !== 0 ? r - 1 : r; };
const toE4M3 = (v) => {
  const step = 2 ** (Math.max(Math.floor(Math.log2(Math.abs(v))), -6) - 3);  // the grid's spacing at |v|
  return Math.sign(v) * Math.min(roundEven(Math.abs(v) / step) * step, 448);  // saturated
};
const maxAbs = (from, to) => weights.subarray(from, to).reduce((m, v) => Math.max(m, Math.abs(v)), 0);
const s8 = f(maxAbs(0, weights.length) / 448);
const report = (name, got, expected, bound) => {
  let max = 0, squares = 0, within = true;
  for (let i = 0; i < weights.length; i++) {
    const e = Math.abs(got[i] - weights[i]);
    [max, squares, within] = [Math.max(max, e), squares + e * e, within && e <= bound(i)];
  }
  const same = got.every((v, i) => Object.is(v, expected[i]));
  const rms = Math.sqrt(squares / weights.length);
  console.log(`${name}: the same as plain JS, bit for bit: ${same}; max error ${max.toExponential(3)}, RMS ${rms.toExponential(3)}, every error within its bound: ${within}`);
};
const s4 = (i) => f(maxAbs(i - (i % BLOCK), i - (i % BLOCK) + BLOCK) / 7);
const e4 = weights.map((v, i) => f((Math.min(7, Math.max(-8, roundEven(f(v / s4(i))))) + 0) * s4(i)));  // + 0: int4 has no -0
const e8 = weights.map((v) => f(toE4M3(f(v / s8)) * s8));
// Bounds: half a step of the grid (int4: half the block's scale; float8: half
// an ulp, at most 2^-4 |w|, or half the subnormals' step of 2^-9 * scale),
// and a 2^-20 margin for the float32 roundings of the division and product.
report('int4, blocks of 32', d4.data, e4, (i) => (s4(i) / 2) * (1 + 2 ** -20));
report('float8e4m3fn', d8.data, e8, (i) => Math.max(Math.abs(weights[i]) * 2 ** -4, s8 * 2 ** -10) * (1 + 2 ** -20));
