// The kernel fed in chunks (routing.ts's 'chunks' executor): for a large
// elementwise output between JS arrays, each chunk of the inputs is copied
// into one small scratch block, the kernel runs on it, and the chunk of the
// output is copied out, so the kernel's output is read back from cache, not
// from memory. In one pass the copy in wrote the whole input to memory, the
// kernel read it back and wrote the whole output, and the copy out read
// that again: five streams instead of the three the roofline counts.
//
// Routing sends a plan here only when no byte of `out` can be one an input
// still has to be read from (routing.ts: `out` on an input's buffer goes the
// one-pass way, which copies every input in before anything is written).
import { type TensorData, allocateData, elementBytes, storageBytes } from '../dtype.js';
import type { OpContext } from '../errors.js';
import { ResidentTensor, type ResidentType } from '../resident.js';
import { type Tensor, resultOf } from '../tensor.js';
import { checkedBytes, copyIn, copyOut, wasm, withScratch } from '../wasm.js';
import type { CheckedOut } from './out.js';
import type { ComputePlan, MapPlan } from './plans.js';

// Bytes per chunk of the widest stream: a binary op's scratch, two inputs
// and the output, stays within a core's L2 (3 x 128 KiB for float32). Into
// `out`, chunks / one pass at 8192, 16384 and 32768 float32 elements a chunk
// (Node 20, the project's 2-core x64 machine under a load of 9-12, CPU
// time, medians of 7 rounds): Add f32 1e6 + 1e6 0.81 / 0.83 / 0.73; Add
// [1,3,640,640] by [1,3,1,1] 1.05 / 0.95 / 0.68; Greater f32 1e6 1.08 /
// 0.86 / 0.70; Mul [1,3,224,224] by [3,1,1] (588 KiB, which fits the cache
// whole) 1.16 / 1.64 / 0.76.
export const CHUNK_BYTES = 131072;

/**
 * A one-input kernel between JS arrays `chunk` elements at a time: copy a
 * chunk in, run the kernel on it, copy it out while it is in cache. Offsets
 * are storage bytes, so 4-bit types work as long as `chunk` is even (every
 * chunk but the last a whole number of bytes on both sides). `inPlace`: the
 * kernel may write over its input (a map), so one scratch block serves both
 * when the two sides have one size. Maps here and kernel conversions
 * (dispatch.ts's runConvert) both run through it.
 */
export function streamInChunks(context: OpContext, inputName: string, x: Tensor, outType: ResidentType, output: ArrayBufferView, chunk: number,
  inPlace: boolean, kernel: (x: number, y: number, n: number) => void): void {
  const inType = x.type as ResidentType;
  const xBytes = checkedBytes(context, inputName, x.data as ArrayBufferView, storageBytes(inType, x.size));
  const yBytes = checkedBytes(context, 'out', output, storageBytes(outType, x.size));
  const n0 = Math.min(chunk, x.size);
  const inBlock = storageBytes(inType, n0);
  const outBlock = storageBytes(outType, n0);
  withScratch(context, inPlace && inBlock === outBlock ? [inBlock] : [inBlock, outBlock], (at) => {
    const xAt = at[0];
    const yAt = at[at.length - 1];
    for (let start = 0; start < x.size; start += n0) {
      const n = Math.min(n0, x.size - start);
      const xFrom = storageBytes(inType, start);
      const xCount = storageBytes(inType, start + n) - xFrom;
      const yFrom = storageBytes(outType, start);
      const yCount = storageBytes(outType, start + n) - yFrom;
      copyIn(context, inputName, xAt, xBytes.subarray(xFrom, xFrom + xCount), xCount);
      kernel(xAt, yAt, n);
      copyOut(yAt, yBytes.subarray(yFrom, yFrom + yCount), yCount);
    }
  });
}

/** A map (unary ops, Floor) a chunk of CHUNK_BYTES of its wider side at a time, in place in one block when both sides have one width. */
export function mapInChunks<A>(plan: MapPlan<A>, out: CheckedOut | undefined): Tensor {
  const { context, input, outType, ops, args, inputName } = plan;
  const x = input as Tensor;
  const output = (out?.array ?? allocateData(outType, x.size)) as Exclude<TensorData, string[]>;
  const chunk = Math.floor(CHUNK_BYTES / Math.max(elementBytes(x.type), elementBytes(outType)));
  streamInChunks(context, inputName, x, outType as ResidentType, output, chunk, true, (xAt, yAt, n) => ops.kernel(wasm().kernels, xAt, yAt, n, args));
  return resultOf(outType, output as never, x.dims, x.size);
}

/**
 * A broadcasting compute plan (its ops have `slabs`) a slab at a time. The
 * output is cut along one axis: the outermost whose inner block (the
 * product of the extents after it) fits a chunk; a slab is a run of that
 * axis's rows at one coordinate of the axes before it. Each input's part of
 * a slab is then one contiguous run of its elements (or one element,
 * repeated, where it broadcasts), at most a chunk long, and the kernel sees
 * the slab as an output of its own with those inputs' strides.
 */
export function computeInChunks<A>(plan: ComputePlan<A>, out: CheckedOut | undefined): Tensor {
  const { context, inputs, ops, args } = plan;
  const { type: outType, dims, size } = plan.outputs[0];
  const strides = ops.slabs!.strides(args)!;
  const rank = dims.length;
  const output = (out?.array ?? allocateData(outType, size)) as Exclude<TensorData, string[]>;
  if (size === 0) return resultOf(outType, output as never, dims, size);  // no slab to cut (forced here by a test)
  const count = inputs.length;
  let widest = elementBytes(outType);
  for (let i = 0; i < count; i++) widest = Math.max(widest, elementBytes(inputs[i][1]!.type));
  const chunk = Math.floor(CHUNK_BYTES / widest);
  // The cut axis j and the rows of it a slab holds: as many as a chunk takes, spread evenly over the slabs of a coordinate.
  let j = rank - 1;
  let inner = 1;
  while (j > 0 && inner * dims[j] <= chunk) inner *= dims[j--];
  const most = Math.max(1, Math.min(dims[j], Math.floor(chunk / inner)));
  const rows = Math.ceil(dims[j] / Math.ceil(dims[j] / most));
  const outer = size / (dims[j] * inner);
  const slabDims = dims.slice(j);
  const slabStrides = strides.map((s) => s.slice(j));
  const outWidth = elementBytes(outType);
  const yBytes = checkedBytes(context, 'out', output, storageBytes(outType, size));
  // Each plain input's bytes, measured now, and the elements one slab of `rows` rows reaches in it.
  const widths: number[] = [];
  const views: (Uint8Array | undefined)[] = [];
  const tails: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = inputs[i][1]!;
    const s = strides[i];
    widths.push(elementBytes(t.type));
    let tail = 1;  // elements of the axes after j: 1 + sum (extent - 1) * stride
    for (let m = j + 1; m < rank; m++) tail += (dims[m] - 1) * s[m];
    tails.push(tail);
    const resident = ResidentTensor.isResident(t);
    views.push(resident ? undefined : checkedBytes(context, inputs[i][0], t.data as ArrayBufferView, storageBytes(t.type as ResidentType, t.size)));
    sizes.push(resident ? 0 : ((rows - 1) * s[j] + tail) * widths[i]);
  }
  sizes.push(rows * inner * outWidth, ops.workBytes?.(args) ?? 0);
  withScratch(context, sizes, (at) => {
    const xs = new Array<number>(count);
    let written = 0;
    for (let o = 0; o < outer; o++) {
      for (let u = 0; u < dims[j]; u += rows) {
        const r = Math.min(rows, dims[j] - u);
        for (let i = 0; i < count; i++) {
          // The slab's first element in input i: the coordinates of o along the axes before j, then u.
          const s = strides[i];
          let from = u * s[j];
          for (let m = j - 1, rest = o; m >= 0; m--) {
            from += (rest % dims[m]) * s[m];
            rest = Math.floor(rest / dims[m]);
          }
          const w = widths[i];
          const view = views[i];
          if (view === undefined) {
            xs[i] = (inputs[i][1] as ResidentTensor).offset + from * w;
          } else {
            const bytes = ((r - 1) * s[j] + tails[i]) * w;
            copyIn(context, inputs[i][0], at[i], view.subarray(from * w, from * w + bytes), bytes);
            xs[i] = at[i];
          }
        }
        slabDims[0] = r;
        const n = r * inner;
        ops.kernel(wasm().kernels, xs, [at[count]], ops.slabs!.args(args, slabDims, n, slabStrides), at[count + 1]);
        copyOut(at[count], yBytes.subarray(written * outWidth, (written + n) * outWidth), n * outWidth);
        written += n;
      }
    }
  });
  return resultOf(outType, output as never, dims, size);
}
