// Runs a data-movement op (Tile, AsStrided) over a tensor of any type,
// resident or not, into a fresh array or the caller's `out`.
//
// Two ways to move: the kernel in WebAssembly (copy in, move, copy out), or,
// for JS arrays where the op says it is cheaper, the same plan run directly
// between the JS arrays with TypedArray set and copyWithin (native memmove:
// no copies in or out). Packed 4-bit and 2-bit types are unpacked to a byte
// an element in WebAssembly, moved as bytes and packed again. Strings never
// enter WebAssembly: their uint32 indices are moved by the same kernel (the
// same plan, not a second algorithm) and the strings are gathered by index.
import { DTYPES, type TensorData, allocateData, elementBytes, isPacked, storageBytes } from '../dtype.js';
import type { OpContext } from '../errors.js';
import { ResidentTensor, type ResidentType, allocateResident } from '../resident.js';
import { type Tensor, tensorOf } from '../tensor.js';
import { leadingBytes } from '../typed-array.js';
import { type Kernels, checkedBytes, copyIn, copyOut, wasm, withScratch, writeU32 } from '../wasm.js';
import type { CheckedOut } from './out.js';

/** Calls the kernel: input and output offsets, element size in bytes, offset of the uint32 parameters. */
export type MoveKernel = (kernels: Kernels, x: number, y: number, elementSize: number, params: number) => void;

/** One move, as an op planned it. */
export interface Move {
  /** Output dims and element count. */
  readonly dims: readonly number[];
  readonly size: number;
  /** The kernel's uint32 parameters (made only when the kernel runs), and the call. */
  readonly params: () => readonly number[];
  readonly kernel: MoveKernel;
  /** The same move between JS byte arrays, when the op judged it cheaper for this shape; else undefined. */
  readonly onJsSide?: (x: Uint8Array, y: Uint8Array, elementSize: number) => void;
}

/** The output of a move, as a Tensor (in `out` when given), or resident when the input is and there is no `out`. */
export function moveElements(context: OpContext, x: Tensor | ResidentTensor, move: Move, out?: CheckedOut): Tensor | ResidentTensor {
  if (ResidentTensor.isResident(x)) return moveResident(context, x, move, out);
  if (x.type === 'string') return moveStrings(context, x, move);

  const type = x.type as ResidentType;
  const output = (out?.array ?? allocateData(type, move.size)) as Exclude<TensorData, string[]>;
  if (move.size > 0) {
    const inBytes = storageBytes(type, x.size);
    const outBytes = storageBytes(type, move.size);
    if (move.onJsSide && !isPacked(type)) {
      move.onJsSide(checkedBytes(context, 'input', x.data as ArrayBufferView, inBytes), leadingBytes(output, outBytes)!, elementBytes(type));
    } else {
      // One allocation for input, output and parameters: a small op's cost is mostly per call.
      withScratch(context, [inBytes, outBytes, move.params().length * 4], ([xOffset, yOffset, paramOffset]) => {
        copyIn(context, 'input', xOffset, x.data as Exclude<TensorData, string[]>, inBytes);
        writeU32(paramOffset, move.params());
        runKernel(context, type, xOffset, yOffset, x.size, move, paramOffset);
        copyOut(yOffset, output, outBytes);
      });
    }
  }
  return tensorOf(type, output as never, move.dims, move.size);
}

function moveResident(context: OpContext, x: ResidentTensor, move: Move, out?: CheckedOut): Tensor | ResidentTensor {
  const y = allocateResident(context, x.type, move.dims, move.size);
  try {
    if (move.size > 0) {
      withScratch(context, [move.params().length * 4], ([paramOffset]) => {
        writeU32(paramOffset, move.params());
        runKernel(context, x.type, x.offset, y.offset, x.size, move, paramOffset);
      });
    }
    if (out === undefined) return y;
    copyOut(y.offset, out.array, y.byteLength);  // a resident chain ends in the caller's array
    y.dispose();
    return tensorOf(x.type, out.array as never, move.dims, move.size);
  } catch (error) {
    y.dispose();
    throw error;
  }
}

function moveStrings(context: OpContext, x: Tensor, move: Move): Tensor {
  const indices = tensorOf('uint32', Uint32Array.from({ length: x.size }, (_, i) => i), x.dims, x.size);
  const moved = moveElements(context, indices, move) as Tensor<'uint32'>;
  const strings = x.data as string[];
  return tensorOf('string', Array.from(moved.data, (i) => strings[i]), move.dims, move.size);
}

/** Runs the kernel from one place in memory to another; packed types go through bytes. */
function runKernel(context: OpContext, type: ResidentType, x: number, y: number, inputSize: number, move: Move, paramOffset: number): void {
  const { kernels } = wasm();
  if (!isPacked(type)) {
    move.kernel(kernels, x, y, elementBytes(type), paramOffset);
    return;
  }
  const bits = DTYPES[type].bits;
  withScratch(context, [inputSize, move.size], ([bytesIn, bytesOut]) => {
    kernels.unpack(x, bytesIn, inputSize, bits);
    move.kernel(kernels, bytesIn, bytesOut, 1, paramOffset);
    kernels.pack(bytesOut, y, move.size, bits);
  });
}

// When moving between JS arrays beats the wasm round trip (copy in, kernel,
// copy out). Each row costs the JS side a call or two (copyWithin, or set of
// a subarray) whatever its length; the round trip costs a fixed call and two
// extra copies of the data, but moves a short row in nanoseconds. So the JS
// side wins while rows are very few, or long enough that the per-row call is
// small beside the copies it saves. Measured with `node bench/js-move.mjs`
// (Tile of [rows, n] by [1, 2] into an existing array, the ratio JS / kernel;
// Node 20, Chromium 156, Firefox ESR 153 on the project's 2-core x64 machine):
//   1 row: 0.04-0.38 at every row length, in all three;
//   16 rows: 0.5-1.9 (the kernel wins in Chromium below 1 KiB rows);
//   256-4096 rows: 1.3-13 below 256-byte rows, 0.47-0.94 from 1 KiB rows
//   (one exception, 1.74 at 16 x 1 KiB in Chromium).
// AsStrided's rows each make a subarray (a copy between two arrays has no
// other form), about twice a copyWithin: it takes the JS side for fewer.
export const JS_MIN_ROW_BYTES = 1024;
export const JS_MAX_SHORT_ROWS = 8;
export const JS_MAX_SHORT_SLICES = 4;

/** Fills `total` bytes from `start` with copies of the first `filled`, doubling each time (native memmove). */
export function replicate(y: Uint8Array, start: number, filled: number, total: number): void {
  while (filled < total) {
    const n = Math.min(filled, total - filled);
    y.copyWithin(start + filled, start, start + n);
    filled += n;
  }
}
