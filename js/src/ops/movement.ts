// Runs a data-movement kernel (tile, as_strided) over a tensor of any type,
// resident or not.
//
// Fixed-size types go straight to the kernel for their element size. Packed
// 4-bit and 2-bit types are unpacked to a byte an element, moved as bytes and
// packed again. Strings never enter WebAssembly: their uint32 indices are
// moved by the same kernel (the same plan, not a second algorithm) and the
// strings are gathered by index.
import { DTYPES, type TensorData, allocateData, elementBytes, isPacked, storageBytes } from '../dtype.js';
import type { OpContext } from '../errors.js';
import { ResidentTensor, type ResidentType, allocateResident } from '../resident.js';
import { type Tensor, tensorOf } from '../tensor.js';
import { type Kernels, copyIn, copyOut, wasm, withScratch, writeU32 } from '../wasm.js';

/** Calls the kernel: input and output offsets, element size in bytes, offset of the uint32 parameters. */
export type MoveKernel = (kernels: Kernels, x: number, y: number, elementSize: number, params: number) => void;

/** The output of dims `dims` (`outputSize` elements), as a Tensor, or resident when the input is. */
export function moveElements(context: OpContext, x: Tensor | ResidentTensor, dims: readonly number[], outputSize: number,
  params: readonly number[], kernel: MoveKernel): Tensor | ResidentTensor {
  if (ResidentTensor.isResident(x)) {
    const y = allocateResident(context, x.type, dims, outputSize);
    try {
      if (outputSize > 0) {
        withScratch(context, [params.length * 4], ([paramOffset]) => {
          writeU32(paramOffset, params);
          move(context, x.type, x.offset, y.offset, x.size, outputSize, paramOffset, kernel);
        });
      }
    } catch (error) {
      y.dispose();
      throw error;
    }
    return y;
  }

  if (x.type === 'string') {
    const indices = tensorOf('uint32', Uint32Array.from({ length: x.size }, (_, i) => i), x.dims, x.size);
    const moved = moveElements(context, indices, dims, outputSize, params, kernel) as Tensor<'uint32'>;
    const strings = x.data as string[];
    return tensorOf('string', Array.from(moved.data, (i) => strings[i]), dims, outputSize);
  }

  const type = x.type as ResidentType;
  const output = allocateData(type, outputSize) as Exclude<TensorData, string[]>;
  if (outputSize > 0) {
    const inBytes = storageBytes(type, x.size);
    const outBytes = storageBytes(type, outputSize);
    // One allocation for input, output and parameters: a small op's cost is mostly per call.
    withScratch(context, [inBytes, outBytes, params.length * 4], ([xOffset, yOffset, paramOffset]) => {
      copyIn(context, 'input', xOffset, x.data as Exclude<TensorData, string[]>, inBytes);
      writeU32(paramOffset, params);
      move(context, type, xOffset, yOffset, x.size, outputSize, paramOffset, kernel);
      copyOut(yOffset, output, outBytes);
    });
  }
  return tensorOf(type, output as never, dims, outputSize);
}

/** Runs the kernel from one place in memory to another; packed types go through bytes. */
function move(context: OpContext, type: ResidentType, x: number, y: number, inputSize: number, outputSize: number,
  paramOffset: number, kernel: MoveKernel): void {
  const { kernels } = wasm();
  if (!isPacked(type)) {
    kernel(kernels, x, y, elementBytes(type), paramOffset);
    return;
  }
  const bits = DTYPES[type].bits;
  withScratch(context, [inputSize, outputSize], ([bytesIn, bytesOut]) => {
    kernels.unpack(x, bytesIn, inputSize, bits);
    kernel(kernels, bytesIn, bytesOut, 1, paramOffset);
    kernels.pack(bytesOut, y, outputSize, bits);
  });
}
