// Running the FFT kernel (cpp/src/kernels/fft.cc's dft lines) over float
// values in JS arrays: copy in, transform every line, copy out.
import type { OpContext } from '../../errors.js';
import { copyIn, copyOut, heapView, wasm, withScratch, writeParams } from '../../wasm.js';
import type { Floats } from './common.js';

/** tessera::DftLines, field for field (tessera/image-audio.h): strides in elements. */
export interface DftLines {
  outer: number; outerIn: number; outerOut: number;
  inner: number; innerIn: number; innerOut: number;
  sampleIn: number; binOut: number;
  nIn: number; inComplex: boolean; nFft: number; nOut: number;
  realInverse: boolean; inverse: boolean;
}

const isPow2 = (n: number) => (n & (n - 1)) === 0;

/**
 * Elements of scratch the kernel needs for a transform of n: the mirror of
 * tessera::dft_work_elements (the kernel refuses a smaller block, so a drift
 * between the two is an internal error, never a wrong answer).
 */
export function dftWorkElements(n: number): number {
  let fft = 2;
  if (n > 1) {
    let m = n;
    if (!isPow2(n)) for (m = 1; m < 2 * n - 1;) m *= 2;
    const tables = 2 * (m / 2) + (isPow2(n) ? 0 : 2 * (n + m));
    const doubles = isPow2(n) ? 0 : 6 * m;
    fft = 4 * m + (tables + (tables & 1)) + doubles * 2 + 2;
  }
  return 2 * n + fft;
}

/** The lines of `x` transformed into a fresh array of `outSize` values of x's class. */
export function runDftLines(context: OpContext, x: Floats, window: Floats | undefined, lines: DftLines, outSize: number): Floats {
  const width = x instanceof Float64Array ? 8 : 4;
  const onnxType = width === 8 ? 11 : 1;
  const y = width === 8 ? new Float64Array(outSize) : new Float32Array(outSize);
  if (outSize === 0) return y;
  const work = dftWorkElements(lines.nFft) * width;
  const windowBytes = window === undefined ? 0 : window.length * width;
  withScratch(context, [x.length * width, windowBytes, outSize * width, work], ([xAt, windowAt, yAt, workAt]) => {
    if (x.length > 0) copyIn(context, 'input', xAt, x, x.length * width);
    if (window !== undefined && windowBytes > 0) copyIn(context, 'window', windowAt, window, windowBytes);
    const l = lines;
    const params = writeParams([l.outer, l.outerIn, l.outerOut, l.inner, l.innerIn, l.innerOut, l.sampleIn, l.binOut,
      l.nIn, l.inComplex ? 1 : 0, l.nFft, l.nOut, l.realInverse ? 1 : 0, l.inverse ? 1 : 0]);
    wasm().kernels.dftLines(xAt, window === undefined ? 0 : windowAt, yAt, params, workAt, work, onnxType);
    copyOut(yAt, y, outSize * width);
  });
  return y;
}

/** A cosine window of n float64 values from the kernel (kind: 0 Hann, 1 Hamming, 2 Blackman). */
export function cosineWindow(context: OpContext, n: number, period: number, kind: number): Float64Array {
  const y = new Float64Array(n);
  if (n === 0) return y;
  withScratch(context, [n * 8], ([at]) => {
    wasm().kernels.cosineWindow(at, n, period, kind);
    y.set(heapView(Float64Array, at, n));
  });
  return y;
}
