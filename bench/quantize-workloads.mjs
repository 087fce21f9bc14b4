// QuantizeLinear and DequantizeLinear rows (issue 38: "QuantizeLinear/
// DequantizeLinear to int4 and float8 with a block of 32 at most 1.5x the
// warm roofline", 1e6 elements with `out`): the quantized-storage job on a
// float32 weight matrix [1024, 1024], its scale [1024, 32] per block of 32
// along axis 1, to int4 (with an int4 zero point) and to float8e4m3fn (no
// zero point: float8 quantization uses none), and back; and the per-tensor
// int8 pair, which onnxruntime-web has. Each a declarative entry over the op
// families' factory (bench/family-workloads.mjs). x, the scale and the zero
// point are all fed inputs, so the roofline copies each of them in (the
// scale is a thirty-second of x's bytes). The plain JS loops
// (bench/plain-js-quantize.mjs) follow the spec; the suite checks tessera's
// output against them and against onnxruntime-web's bit for bit. No Node
// imports: the browsers run it too.
import { familyWorkload } from './family-workloads.mjs';
import {
  blockedWeights, dequantizeE4m3fnBlockedInto, dequantizeInt4BlockedInto, dequantizeInt8Into, e4m3fnCodes, e4m3fnTable, int4Codes,
  quantizeE4m3fnBlockedInto, quantizeInt4BlockedInto, quantizeInt8Into,
} from './plain-js-quantize.mjs';
import { random } from './plain-js.mjs';

const [ROWS, COLS, BLOCK] = [1024, 1024, 32];
const DIMS = [ROWS, COLS];
const SCALE_DIMS = [ROWS, COLS / BLOCK];
const N = ROWS * COLS;
const BLOCKS = N / BLOCK;
// The largest code of each type: a block's scale is its max |x| over it, so the block's codes span the type.
const TOP = { int4: 7, float8e4m3fn: 448 };
const blocked = { axis: 1, blockSize: BLOCK };
const blockedNode = { axis: 1, block_size: BLOCK };  // the ONNX node's attributes

/** Made when a row is prepared (not whenever the list is), once for the rows that share it. */
const once = (make) => { let made; return () => (made ??= make()); };
const weights = { int4: once(() => blockedWeights(ROWS, COLS, BLOCK, TOP.int4)), float8e4m3fn: once(() => blockedWeights(ROWS, COLS, BLOCK, TOP.float8e4m3fn)) };
// int4 zero points in [-1, 1]: with codes of ±7 from the scale, some clamp at 7 (and reach -8).
const int4Zeros = once(() => int4Codes(BLOCKS, -1, 1));

const f32 = (dims, values) => ({ type: 'float32', dims, values });

// The peer: onnxruntime-web's QuantizeLinear / DequantizeLinear of opset 21 (block_size, int4), where it takes
// the node. onnxruntime-web 1.30 refuses three of the rows, so they have no onnxruntime column:
//   - the two float8 rows: creating the session fails with "unsupported data type: 17" (float8e4m3fn is no
//     type its JS side knows, as input or output);
//   - QuantizeLinear to int4: the session is made and takes int4 inputs (the DequantizeLinear row feeds them),
//     but its run fails returning the output, "unsupported type: int4" (no typed array for an int4 output).
/** The Q/DQ rows, in table order. */
export function quantizeWorkloads() {
  return [
    familyWorkload({
      name: `quantizeLinear f32 [${DIMS}] -> int4 block ${BLOCK}`, op: 'quantizeLinear',
      inputs: [f32(DIMS, () => weights.int4().x), f32(SCALE_DIMS, () => weights.int4().scale), { type: 'int4', dims: SCALE_DIMS, values: int4Zeros }],
      output: { type: 'int4', dims: DIMS },
      tessera: (lib, [x, s, z], _c, o) => lib.quantizeLinear(x, s, { zeroPoint: z, ...blocked, ...o }),
      js: (y, [x, s, z]) => quantizeInt4BlockedInto(y, x, s, z, BLOCK),
    }),
    familyWorkload({
      name: `quantizeLinear f32 [${DIMS}] -> e4m3fn block ${BLOCK}`, op: 'quantizeLinear',
      inputs: [f32(DIMS, () => weights.float8e4m3fn().x), f32(SCALE_DIMS, () => weights.float8e4m3fn().scale)],
      output: { type: 'float8e4m3fn', dims: DIMS },
      tessera: (lib, [x, s], _c, o) => lib.quantizeLinear(x, s, { outputDtype: 'float8e4m3fn', ...blocked, ...o }),  // saturate: the default
      js: (y, [x, s]) => quantizeE4m3fnBlockedInto(y, x, s, BLOCK),
    }),
    familyWorkload({
      name: `dequantizeLinear int4 [${DIMS}] -> f32 block ${BLOCK}`, op: 'dequantizeLinear',
      inputs: [{ type: 'int4', dims: DIMS, values: () => int4Codes(N, -8, 7) }, f32(SCALE_DIMS, () => weights.int4().scale),
        { type: 'int4', dims: SCALE_DIMS, values: int4Zeros }],
      output: { type: 'float32', dims: DIMS },
      tessera: (lib, [x, s, z], _c, o) => lib.dequantizeLinear(x, s, { zeroPoint: z, ...blocked, ...o }),
      onnx: { op: 'DequantizeLinear', attributes: blockedNode },
      js: (y, [x, s, z]) => dequantizeInt4BlockedInto(y, x, s, z, BLOCK),
    }),
    (() => {
      const table = once(e4m3fnTable);  // the plain way: the 256 codes' values, made once
      return familyWorkload({
        name: `dequantizeLinear e4m3fn [${DIMS}] -> f32 block ${BLOCK}`, op: 'dequantizeLinear',
        inputs: [{ type: 'float8e4m3fn', dims: DIMS, values: () => e4m3fnCodes(N) }, f32(SCALE_DIMS, () => weights.float8e4m3fn().scale)],
        output: { type: 'float32', dims: DIMS },
        tessera: (lib, [x, s], _c, o) => lib.dequantizeLinear(x, s, { ...blocked, ...o }),
        js: (y, [x, s]) => dequantizeE4m3fnBlockedInto(y, x, s, BLOCK, table()),
      });
    })(),
    // Per tensor: one scale (max |x| / 127) and zero point 3, so the top codes clamp at 127.
    (() => {
      const x = once(() => random('float32', N, 5));
      const scale = once(() => [x().reduce((m, v) => Math.max(m, Math.abs(v)), 0) / 127]);
      return familyWorkload({
        name: `quantizeLinear f32 [${DIMS}] -> i8 per-tensor`, op: 'quantizeLinear',
        inputs: [f32(DIMS, x), f32([], scale), { type: 'int8', dims: [], values: [3] }],
        output: { type: 'int8', dims: DIMS },
        tessera: (lib, [xs, s, z], _c, o) => lib.quantizeLinear(xs, s, { zeroPoint: z, ...o }),
        onnx: { op: 'QuantizeLinear' },
        js: (y, [xs, [s], [z]]) => quantizeInt8Into(y, xs, s, z),
      });
    })(),
    familyWorkload({
      name: `dequantizeLinear i8 [${DIMS}] -> f32 per-tensor`, op: 'dequantizeLinear',
      inputs: [{ type: 'int8', dims: DIMS, values: () => random('uint8', N, 9) }, f32([], [0.0123]), { type: 'int8', dims: [], values: [-3] }],
      output: { type: 'float32', dims: DIMS },
      tessera: (lib, [x, s, z], _c, o) => lib.dequantizeLinear(x, s, { zeroPoint: z, ...o }),
      onnx: { op: 'DequantizeLinear' },
      js: (y, [x, [s], [z]]) => dequantizeInt8Into(y, x, s, z),
    }),
  ];
}
