// What Cast's JS conversions do with NaN beyond its value: a JS number has no
// sign or payload for a NaN, so after a conversion the NaN elements are
// written again from the input's bits, as onnxruntime-node converts them
// (tests/e2e/cast-ort.test.mjs; docs/number-formats.md's NaN table).
import { DTYPES, type DataType } from '../dtype.js';
import { isNarrowType } from '../formats.js';

/**
 * The NaNs of a conversion from `from` to `to` of n elements, written again
 * from x's bits into y (y already holds the converted values): float32 and
 * float64 to float16, bfloat16, float8e4m3fn and float8e5m2; the narrow floats
 * to those and to float32 and float64. Any other pair is left as it is.
 */
export function keepNaNBits(from: DataType, to: DataType, x: ArrayBufferView, n: number, y: ArrayBufferView): void {
  if (from === 'float32' || from === 'float64') {
    if (to === 'float16' || to === 'bfloat16' || to === 'float8e4m3fn' || to === 'float8e5m2') keepNaNs(from, x, n, y as Uint16Array | Uint8Array, to);
  } else if (isNarrowType(from)) {
    if (to in SIGNED_NAN_OUT) keepNarrowNaNSigns(from, to as keyof typeof SIGNED_NAN_OUT, x, n, y as Uint8Array | Uint16Array);
    else if (to === 'float32' || to === 'float64') widenNaNs(from, to, x, n, y as Float32Array | Float64Array);
  }
}

/**
 * float32/float64 -> float16/bfloat16/float8e4m3fn/float8e5m2: a NaN keeps its
 * sign, as onnxruntime keeps it (tests/e2e/cast-ort.test.mjs); float32 ->
 * float16 keeps the high bits of its payload too, quiet bit set (x86's
 * vcvtps2ph, ARM's fcvt); float8's NaN is S.1111.111 or S.11111.11. A JS
 * number carries neither: they come from the bits.
 */
function keepNaNs(from: 'float32' | 'float64', x: ArrayBufferView, n: number, y: Uint16Array | Uint8Array, to: 'float16' | 'bfloat16' | 'float8e4m3fn' | 'float8e5m2'): void {
  const words = new Uint32Array(x.buffer, x.byteOffset, from === 'float32' ? n : 2 * n);
  for (let i = 0; i < n; i++) {
    // The word with the sign (and for float32 the payload).
    let top: number;
    if (from === 'float32') {
      top = words[i];
      if ((top & 0x7fffffff) <= 0x7f800000) continue;
    } else {
      const hi = words[2 * i + 1];
      const magnitude = hi & 0x7fffffff;
      if (magnitude < 0x7ff00000 || (magnitude === 0x7ff00000 && words[2 * i] === 0)) continue;
      top = hi;
    }
    const sign = (top >>> 16) & 0x8000;
    y[i] = to === 'float8e4m3fn' || to === 'float8e5m2' ? (sign >>> 8) | 0x7f : to === 'bfloat16' ? sign | 0x7fc0 : from === 'float32' ? sign | 0x7e00 | ((top >>> 13) & 0x3ff) : sign | 0x7e00;
  }
}

/**
 * Each narrow float's NaN test on its bits, and where its sign bit is. The fnuz
 * kinds' one NaN, 0x80, has its sign bit set: onnxruntime reads it as a
 * negative NaN (float32 0xffc00000) and so casts it to a negative one.
 */
const SIGNED_NAN: Partial<Record<DataType, { isNaN: (b: number) => boolean; signShift: number }>> = {
  float16: { isNaN: (b) => (b & 0x7fff) > 0x7c00, signShift: 8 },
  bfloat16: { isNaN: (b) => (b & 0x7fff) > 0x7f80, signShift: 8 },
  float8e4m3fn: { isNaN: (b) => (b & 0x7f) === 0x7f, signShift: 0 },
  float8e5m2: { isNaN: (b) => (b & 0x7f) > 0x7c, signShift: 0 },
  float8e4m3fnuz: { isNaN: (b) => b === 0x80, signShift: 0 },
  float8e5m2fnuz: { isNaN: (b) => b === 0x80, signShift: 0 },
};

/** The outputs whose NaN has a sign: their NaN without it, and the sign bit. */
const SIGNED_NAN_OUT = {
  float8e4m3fn: { nan: 0x7f, sign: 0x80 }, float8e5m2: { nan: 0x7f, sign: 0x80 },
  float16: { nan: 0x7e00, sign: 0x8000 }, bfloat16: { nan: 0x7fc0, sign: 0x8000 },
} as const;

/**
 * float16, bfloat16 and the float8 kinds -> float8e4m3fn, float8e5m2, float16
 * or bfloat16: a NaN keeps its sign, with the output's canonical payload
 * (sign | 0x7f, sign | 0x7e00, sign | 0x7fc0), as onnxruntime casts it
 * through float32 (tests/e2e/cast-ort.test.mjs) and as from float32 (keepNaNs);
 * the decoded JS numbers carried no sign. (Through the tables of
 * convertByTable too: they are made here.)
 */
function keepNarrowNaNSigns(from: DataType, to: keyof typeof SIGNED_NAN_OUT, x: ArrayBufferView, n: number, y: Uint8Array | Uint16Array): void {
  const kind = SIGNED_NAN[from];
  if (kind === undefined || from === to) return;
  const { nan, sign } = SIGNED_NAN_OUT[to];
  const bits = DTYPES[from].bits === 16 ? new Uint16Array(x.buffer, x.byteOffset, n) : new Uint8Array(x.buffer, x.byteOffset, n);
  for (let i = 0; i < n; i++) {
    const b = bits[i];
    if (kind.isNaN(b)) y[i] = ((b >> kind.signShift) & 0x80) !== 0 ? nan | sign : nan;
  }
}

/**
 * float16, bfloat16 and the float8 kinds -> float32 or float64: a NaN as
 * onnxruntime widens it (tests/e2e/cast-ort.test.mjs). float16 and bfloat16
 * exactly to float32 (sign and payload, a signalling NaN too: the kernels'
 * bits), and on to float64 as the hardware converts that float32 (quiet bit
 * set); a float8 NaN is the quiet NaN with its code's sign (fnuz's 0x80
 * negative). The decoded JS numbers carried neither.
 */
function widenNaNs(from: DataType, to: 'float32' | 'float64', x: ArrayBufferView, n: number, y: Float32Array | Float64Array): void {
  const kind = SIGNED_NAN[from];
  if (kind === undefined) return;
  const wide = DTYPES[from].bits === 16;
  const bits = wide ? new Uint16Array(x.buffer, x.byteOffset, n) : new Uint8Array(x.buffer, x.byteOffset, n);
  const words = new Uint32Array(y.buffer, y.byteOffset, to === 'float32' ? n : 2 * n);
  for (let i = 0; i < n; i++) {
    const b = bits[i];
    if (!kind.isNaN(b)) continue;
    // As a float32: float16's 10 payload bits and bfloat16's 7 move up unchanged.
    const sign = ((b >> kind.signShift) & 0x80) << 24;
    const single = !wide ? sign | 0x7fc00000 : from === 'float16' ? (sign | 0x7f800000 | ((b & 0x3ff) << 13)) >>> 0 : (b << 16) >>> 0;
    if (to === 'float32') {
      words[i] = single;
    } else {  // float64: the high word of the float32's payload << 29, quiet bit set; the low word is 0
      words[2 * i] = 0;
      words[2 * i + 1] = ((single & 0x80000000) | 0x7ff80000 | ((single & 0x7fffff) >>> 3)) >>> 0;
    }
  }
}
