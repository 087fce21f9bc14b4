// What the index ops share on the way into their kernels: the index tensor
// in module memory (a resident one where it is, any other copied in), the
// result slot the kernel reports a bad index in, and the SpecError that names
// it ("indices[3, 1] = 7 is out of range [-5, 5) on axis 1").
import { type DataType, elementBytes, storageBytes } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { ResidentTensor, type ResidentType, asOperand, residentCopy } from '../../resident.js';
import { type Tensor, resultOf } from '../../tensor.js';
import { copyIn, heapView, withScratch } from '../../wasm.js';
import type { CheckedOut } from '../out.js';
import { requireType } from '../check.js';

/** An index (or updates) operand whose bytes a kernel reads from module memory. */
export type Operand = Tensor | ResidentTensor;

/** An index input: a tensor of one of `types` (int32 or int64). */
export function indexOperand(context: OpContext, name: string, value: unknown, types: readonly DataType[]): Operand {
  const t = asOperand(value, context, name);
  requireType(context, name, t.type, types);
  return t;
}

// The kernel's report (tessera::IndexResult): the entry's position, and its value at byte 8.
const RESULT_BYTES = 16;
const NONE = 0xffffffff;

/**
 * Runs `body` with each operand's offset in module memory (resident ones in
 * place, others copied into one scratch block) and a result slot; when the
 * kernel reports a bad index, throws what `badIndex` says about it.
 */
export function withOperands(context: OpContext, operands: readonly Operand[],
  body: (offsets: number[], result: number) => void, badIndex: (position: number, value: bigint) => string, param = 'indices'): void {
  const sizes = operands.map((t) => (ResidentTensor.isResident(t) ? 0 : storageBytes(t.type as ResidentType, t.size)));
  withScratch(context, [...sizes, RESULT_BYTES], (at) => {
    const offsets = operands.map((t, i) => {
      if (ResidentTensor.isResident(t)) return t.offset;
      if (sizes[i] > 0) copyIn(context, i === 0 ? param : 'updates', at[i], t.data as ArrayBufferView, sizes[i]);
      return at[i];
    });
    const result = at[operands.length];
    body(offsets, result);
    const position = heapView(Uint32Array, result, 1)[0];
    if (position !== NONE) throw specError(context, param, badIndex(position, heapView(BigInt64Array, result + 8, 1)[0]));
  });
}

/** The multi-index of flat `position` in a tensor of `dims`: "3, 1". */
export function indexText(position: number, dims: readonly number[]): string {
  const coordinates = new Array<number>(dims.length);
  let p = position;
  for (let d = dims.length - 1; d >= 0; d--) {
    coordinates[d] = p % dims[d];
    p = Math.floor(p / dims[d]);
  }
  return coordinates.join(', ');
}

/** "indices[3, 1] = 7 is out of range [-5, 5) on axis 1". */
export function outOfRange(name: string, dims: readonly number[], position: number, value: bigint, extent: number, axis: number): string {
  return `${name}[${indexText(position, dims)}] = ${value} is out of range [${-extent}, ${extent}) on axis ${axis}`;
}

/** Index entries' width for the kernels: 4 (int32) or 8 (int64). */
export const indexBytes = (t: Operand) => elementBytes(t.type);

/**
 * An output the op computed in JS (Range, EyeLike, OneHot): into `out` when
 * given, resident when the op's inputs were, else as it is.
 */
export function finishOutput(context: OpContext, type: DataType, data: Tensor['data'], dims: readonly number[], size: number,
  out: CheckedOut | undefined, resident: boolean): Tensor | ResidentTensor {
  if (out !== undefined) {
    // Bytes to bytes: a Float16Array `out` takes float16 bits, not values.
    const from = data as ArrayBufferView;
    new Uint8Array(out.facts.buffer, out.facts.byteOffset, out.facts.byteLength).set(new Uint8Array(from.buffer, from.byteOffset, from.byteLength));
    return resultOf(type, out.array as never, dims, size);
  }
  const t = resultOf(type, data as never, dims, size);
  return resident && type !== 'string' ? residentCopy(context, 'output', t) : t;
}
