// The one place that decides how an op's plan runs. Each op checks its
// arguments and hands over a plan (output dims and size, and what the move,
// map or fill is); this module picks
//   where the output goes: a resident tensor (resident input and no `out`,
//     or a fill asked for one), the caller's `out`, or a fresh array;
//   who computes it: the kernel in WebAssembly (over the whole tensor, or
//     a chunk at a time for large maps and broadcasts: chunks.ts), or one of its JS twins
//     (twins.ts): plain loops (over words, or over values where copying
//     them is exact; Floor's over Math.floor), or TypedArray built-ins
//     (copyWithin, set, fill) between the JS arrays; a conversion's twin
//     is its op's JS converter (Cast: cast-convert.ts), which runs every
//     pair no kernel serves,
// by the first row of routing.ts's RULES that matches, and runs it: the
// executors are below, one function per kind of plan (plans.ts).
import { DTYPES, type DataType, type TensorData, allocateData, elementBytes, isPacked, storageBytes, storageConstructor, storageLength, storageView } from '../dtype.js';
import type { OpContext } from '../errors.js';
import { ResidentTensor, type ResidentType, allocateResident, residentCopy } from '../resident.js';
import { type Tensor, resultOf } from '../tensor.js';
import { type NumberArray, bufferOf, byteOffsetOf, typedArrayKind } from '../typed-array.js';
import { checkedBytes, checkedData, checkedWords, copyIn, copyOut, wasm, withScratch, writeParams } from '../wasm.js';
import type { CheckedOut } from './out.js';
import type { ComputePlan, ConvertPlan, Executor, FillPlan, MapPlan, MovePlan, Plan } from './plans.js';
import { computeInChunks, mapInChunks, streamInChunks } from './chunks.js';
import { choose } from './routing.js';
import { fillBytes } from './twins.js';

// The plans live in plans.ts and the rules in routing.ts; ops import both from here.
export type { ComputeOps, ComputeOutput, ComputePlan, ConvertOps, ConvertPlan, Executor, FillPlan, MapLoop, MapOps, MapPlan, MoveOps, MovePlan, Plan } from './plans.js';

// ---------------------------------------------------------------- running a plan

/** Runs a checked plan: into `out` when given, else a resident tensor or a fresh array (see the top of this file). */
export function dispatch(plan: Plan, out?: CheckedOut): Tensor | ResidentTensor {
  const executor = choose(plan, out);
  switch (plan.kind) {
    case 'move': return runMove(plan, executor, plan.input, out);
    case 'map': return runMap(plan, executor, out);
    case 'convert': return runConvert(plan, executor, out);
    case 'fill': return runFill(plan, executor, out);
    case 'compute': return executor === 'chunks' ? computeInChunks(plan, out) : runCompute(plan, out === undefined ? undefined : [out])[0];
  }
}

/** Runs a compute plan of several outputs (TopK's values and indices): `outs`, where given, one per output. */
export function dispatchOutputs<A>(plan: ComputePlan<A>, outs?: readonly CheckedOut[]): (Tensor | ResidentTensor)[] {
  choose(plan);
  return runCompute(plan, outs);
}

function runMove<A>(plan: MovePlan<A>, executor: Executor, x: Tensor | ResidentTensor, out?: CheckedOut): Tensor | ResidentTensor {
  const { context, dims, size } = plan;
  if (ResidentTensor.isResident(x)) {
    return intoResidentOrOut(context, x.type, dims, size, out, (y) => {
      if (size === 0) return;
      moveInMemory(plan, x.type, x.offset, y, x.size);
    });
  }
  if (x.type === 'string') return moveStrings(plan, executor, x);

  const type = x.type as ResidentType;
  const output = (out?.array ?? allocateData(type, size)) as Exclude<TensorData, string[]>;
  if (size > 0) {
    const width = DTYPES[type].bits / 8;
    // The twins never take packed types (executorsFor): an element is `width` whole bytes.
    const inBytes = executor === 'kernel' ? storageBytes(type, x.size) : x.size * width;
    const outBytes = executor === 'kernel' ? storageBytes(type, size) : size * width;
    if (executor === 'loop') {
      const xData = checkedData(context, 'input', x.data as ArrayBufferView, inBytes);
      const yData = checkedData(context, 'out', output, outBytes);
      if (copiesAsValues(xData, yData, x.size * DTYPES[type].slots)) {
        plan.ops.loop!(xData as NumberArray, yData as NumberArray, DTYPES[type].slots, plan.args);
      } else {
        const word = width >= 4 ? 4 : (width as 1 | 2);
        plan.ops.loop!(checkedWords(context, 'input', xData, inBytes, word), checkedWords(context, 'out', yData, outBytes, word),
          width / word, plan.args);
      }
    } else if (executor === 'builtin') {
      plan.ops.builtin!(checkedBytes(context, 'input', x.data as ArrayBufferView, inBytes), checkedBytes(context, 'out', output, outBytes),
        width, plan.args);
    } else {
      // One allocation for input and output: a small op's cost is mostly per call.
      withScratch(context, [inBytes, outBytes], (at) => {
        const xAt = at[0];
        const yAt = at[1];
        copyIn(context, 'input', xAt, x.data as Exclude<TensorData, string[]>, inBytes);
        moveInMemory(plan, type, xAt, yAt, x.size);
        copyOut(yAt, output, outBytes);
      });
    }
  }
  return resultOf(type, output as never, dims, size);
}

/**
 * Whether copying x's first `count` slots into y as JS values gives y their
 * exact bits, so a loop needs no word views of their buffers (in
 * SpiderMonkey, the first view of a fresh array's buffer costs more than a
 * small op's work): arrays of one integer class, or of one float class
 * holding no NaN (a float store may quiet a NaN's payload). 64-bit integers
 * would make a BigInt per element, and a Float16Array may quiet a NaN too.
 */
function copiesAsValues(x: ArrayBufferView, y: ArrayBufferView, count: number): boolean {
  const kind = typedArrayKind(x);
  if (kind !== typedArrayKind(y)) return false;
  switch (kind) {
    case 'Float32Array': case 'Float64Array': {
      const values = x as Float32Array | Float64Array;
      for (let i = 0; i < count; i++) {
        const v = values[i];
        if (v !== v) return false;
      }
      return true;
    }
    case 'BigInt64Array': case 'BigUint64Array': case 'Float16Array': return false;
    default: return true;
  }
}

/** Strings never enter WebAssembly: their uint32 indices take the same move (the same plan, any executor), and the strings follow. */
function moveStrings<A>(plan: MovePlan<A>, executor: Executor, x: Tensor): Tensor {
  const indices = resultOf('uint32', Uint32Array.from({ length: x.size }, (_, i) => i), x.dims, x.size);
  const moved = runMove(plan, executor, indices) as Tensor<'uint32'>;
  const strings = x.data as string[];
  return resultOf('string', Array.from(moved.data, (i) => strings[i]), plan.dims, plan.size);
}

// The instance is looked up at each kernel call, never before an allocation:
// user code an allocation may run (a patched built-in) cannot release memory
// under an op, but a lookup made before the op held memory could be stale.

/** The move kernel from one place in module memory to another; packed types go through a byte an element. */
function moveInMemory<A>(plan: MovePlan<A>, type: ResidentType, x: number, y: number, inputSize: number): void {
  if (!isPacked(type)) {
    plan.ops.kernel(wasm().kernels, x, y, elementBytes(type), writeParams(plan.ops.params(plan.args)), plan.args);
    return;
  }
  const bits = DTYPES[type].bits;
  withScratch(plan.context, [inputSize, plan.size], (at) => {
    const bytesIn = at[0];
    const bytesOut = at[1];
    const { kernels } = wasm();
    kernels.unpack(x, bytesIn, inputSize, bits);
    plan.ops.kernel(kernels, bytesIn, bytesOut, 1, writeParams(plan.ops.params(plan.args)), plan.args);
    kernels.pack(bytesOut, y, plan.size, bits);
  });
}

function runMap<A>(plan: MapPlan<A>, executor: Executor, out?: CheckedOut): Tensor | ResidentTensor {
  const { context, input: x, outType } = plan;
  if (ResidentTensor.isResident(x)) {
    return intoResidentOrOut(context, outType, x.dims, x.size, out, (y) => {
      if (x.size > 0) plan.ops.kernel(wasm().kernels, x.offset, y, x.size, plan.args);
    });
  }
  if (executor === 'chunks') return mapInChunks(plan, out);
  const output = out?.array ?? allocateData(outType, x.size);
  const bytes = storageBytes(outType, x.size);
  if (executor === 'loop') {
    if (bytes > 0) {
      // X's own array, not a view: SpiderMonkey makes a fresh array's ArrayBuffer only when asked (see copyIn).
      const xs = checkedData(context, plan.inputName, x.data as ArrayBufferView, storageBytes(x.type as ResidentType, x.size));
      const backward = out !== undefined && out.facts.buffer === bufferOf(xs) && out.facts.byteOffset > byteOffsetOf(xs);
      plan.ops.loopFor!(plan.args)!(xs, output, x.size, backward);
    }
  } else if (bytes > 0) {
    // One block, mapped in place, when input and output are one width; two when they are not (IsNaN: float32 to bool).
    // Any overlap of `out` with x is fine: x is copied in before anything is written.
    const inBytes = storageBytes(x.type as ResidentType, x.size);
    withScratch(context, inBytes === bytes ? [bytes] : [inBytes, bytes], (offsets) => {
      const at = offsets[0];
      const yAt = offsets[offsets.length - 1];
      copyIn(context, plan.inputName, at, x.data as Exclude<TensorData, string[]>, inBytes);
      plan.ops.kernel(wasm().kernels, at, yAt, x.size, plan.args);
      copyOut(yAt, output, bytes);
    });
  }
  return resultOf(outType, output as never, x.dims, x.size);
}

function runConvert<A>(plan: ConvertPlan<A>, executor: Executor, out?: CheckedOut): Tensor | ResidentTensor {
  const { context, input: x, outType } = plan;
  if (ResidentTensor.isResident(x)) {
    if (executor === 'kernel') {
      return intoResidentOrOut(context, outType as ResidentType, x.dims, x.size, out, (y) => {
        if (x.size > 0) plan.ops.kernel(wasm().kernels, x.offset, y, x.size, plan.args);
      });
    }
    const converted = runConvert({ ...plan, input: x.toTensor() }, executor, out) as Tensor;
    if (out !== undefined || outType === 'string') return converted;  // strings cannot be resident
    return residentCopy(context, 'input', converted);
  }
  const output = (out?.array ?? allocateData(outType, x.size)) as TensorData;
  if (x.size > 0) {
    if (executor === 'loop') {
      plan.ops.loop(storageOf(context, x), writableStorage(outType, output), x.size, plan.args);
    } else {
      convertInChunks(plan, x, output as ArrayBufferView);
    }
  }
  return resultOf(outType, output as never, x.dims, x.size);
}

// A kernel conversion between JS arrays runs in chunks whose scratch blocks
// stay in cache: copy a chunk in, convert it, copy it out. In one pass, the
// kernel's output went to memory and the copy out read it back from there.
const CONVERT_CHUNK = 16384;

function convertInChunks<A>(plan: ConvertPlan<A>, x: Tensor, output: ArrayBufferView): void {
  // CONVERT_CHUNK is even: every chunk but the last is a whole number of bytes of a 4-bit type.
  streamInChunks(plan.context, 'input', x, plan.outType as ResidentType, output, CONVERT_CHUNK, false,
    (xAt, yAt, n) => plan.ops.kernel(wasm().kernels, xAt, yAt, n, plan.args));
}

/**
 * An input's storage measured again now (a resizable buffer may have shrunk):
 * its own array when that is of the storage class, else a view of that class
 * (a Float16Array's bits as a Uint16Array). No view when none is needed:
 * SpiderMonkey makes a fresh array's buffer only when asked (see copyIn).
 */
function storageOf(context: OpContext, x: Tensor): unknown {
  if (x.type === 'string') return x.data;
  const type = x.type as ResidentType;
  const data = checkedData(context, 'input', x.data as ArrayBufferView, storageBytes(type, x.size));
  if (typedArrayKind(data) === DTYPES[type].storage) return data;
  const Storage = storageConstructor(type) as unknown as new (buffer: ArrayBufferLike, offset: number, length: number) => ArrayBufferView;
  return new Storage(bufferOf(data), byteOffsetOf(data), storageLength(type, x.size));
}

/** Where a twin writes: the output's storage class (dtype.ts's storageView: a fresh or given Float16Array as its bits, a Uint8ClampedArray unclamped). */
function writableStorage(type: DataType, output: TensorData): unknown {
  return type === 'string' ? output : storageView(type, output);
}

function runFill(plan: FillPlan, executor: Executor, out?: CheckedOut): Tensor | ResidentTensor {
  const { context, type, pattern, dims, size } = plan;
  if (plan.resident) return intoResidentOrOut(context, type, dims, size, undefined, (y) => fillInMemory(plan, y));
  const output = (out?.array ?? allocateData(type, size)) as Exclude<TensorData, string[]>;
  const bytes = storageBytes(type, size);
  if (executor === 'builtin') {
    // A fresh typed array is already zeros; `out` is filled whatever it held.
    if (out !== undefined || pattern.some((b) => b !== 0)) fillBytes(type, checkedBytes(context, 'out', output, bytes), pattern, size);
  } else if (bytes > 0) {
    withScratch(context, [bytes], (offsets) => {
      const at = offsets[0];
      fillInMemory(plan, at);
      copyOut(at, output, bytes);
    });
  }
  return resultOf(type, output as never, dims, size);
}

/** Fills `size` elements at `y` in module memory with the plan's one element. */
function fillInMemory(plan: FillPlan, y: number): void {
  const { context, type, pattern, size } = plan;
  if (size === 0) return;
  if (isPacked(type)) {
    // Whole bytes and a tail: a 2-bit count may pass 2^32, more than the kernel's i32 holds.
    const bits = DTYPES[type].bits;
    const perByte = 8 / bits;
    wasm().kernels.fillPacked(y, Math.floor(size / perByte), size % perByte, bits, pattern[0] & ((1 << bits) - 1));
    return;
  }
  withScratch(context, [pattern.byteLength], (offsets) => {
    const valueAt = offsets[0];
    copyIn(context, 'value', valueAt, pattern, pattern.byteLength);
    wasm().kernels.fill(y, size, elementBytes(type), valueAt);
  });
}

/**
 * Runs `write` on module memory for an output of `type`: into a new resident
 * tensor, or, with `out`, into scratch memory copied out (a resident chain
 * ends in the caller's array).
 */
function intoResidentOrOut(context: OpContext, type: ResidentType, dims: readonly number[], size: number, out: CheckedOut | undefined,
  write: (y: number) => void): Tensor | ResidentTensor {
  if (out !== undefined) {
    const bytes = storageBytes(type, size);
    if (bytes > 0) {
      withScratch(context, [bytes], (offsets) => {
        const y = offsets[0];
        write(y);
        copyOut(y, out.array, bytes);
      });
    }
    return resultOf(type, out.array as never, dims, size);
  }
  const y = allocateResident(context, type, dims, size);
  try {
    write(y.offset);
  } catch (error) {
    y.dispose();
    throw error;
  }
  return y;
}

/**
 * A compute plan: plain inputs copied into one scratch block with the
 * outputs and the work block (resident inputs read where they are); the
 * kernel; the outputs copied out, or, every input resident and no `out`,
 * left resident. Nothing is left allocated on any path.
 */
function runCompute<A>(plan: ComputePlan<A>, outs: readonly CheckedOut[] | undefined): (Tensor | ResidentTensor)[] {
  const { context, inputs, outputs, ops, args } = plan;
  const allResident = outs === undefined && inputs.every(([, t]) => t === undefined || ResidentTensor.isResident(t))
    && inputs.some(([, t]) => t !== undefined);
  // Sizes by index, no iterator: user code must not run while the op holds memory.
  const sizes: number[] = [];
  for (let i = 0; i < inputs.length; i++) {
    const t = inputs[i][1];
    sizes.push(t === undefined || ResidentTensor.isResident(t) ? 0 : storageBytes(t.type as ResidentType, t.size));
  }
  const inputBlocks = sizes.length;
  if (!allResident) for (let i = 0; i < outputs.length; i++) sizes.push(storageBytes(outputs[i].type, outputs[i].size));
  sizes.push(ops.workBytes?.(args) ?? 0);
  const residents: ResidentTensor[] = [];
  try {
    if (allResident) {
      for (let i = 0; i < outputs.length; i++) residents.push(allocateResident(context, outputs[i].type, outputs[i].dims, outputs[i].size));
    }
    return withScratch(context, sizes, (at) => {
      const xs = new Array<number | undefined>(inputs.length);
      for (let i = 0; i < inputs.length; i++) {
        const [name, t] = inputs[i];
        if (t === undefined) xs[i] = undefined;
        else if (ResidentTensor.isResident(t)) xs[i] = t.offset;
        else {
          copyIn(context, name, at[i], t.data as Exclude<TensorData, string[]>, sizes[i]);
          xs[i] = at[i];
        }
      }
      const ys = new Array<number>(outputs.length);
      for (let i = 0; i < outputs.length; i++) ys[i] = allResident ? residents[i].offset : at[inputBlocks + i];
      ops.kernel(wasm().kernels, xs, ys, args, at[at.length - 1]);
      if (allResident) return residents;
      const results = new Array<Tensor>(outputs.length);
      for (let i = 0; i < outputs.length; i++) {
        const { type, dims, size } = outputs[i];
        const output = (outs?.[i]?.array ?? allocateData(type, size)) as Exclude<TensorData, string[]>;
        const bytes = sizes[inputBlocks + i];
        if (bytes > 0) copyOut(ys[i], output, bytes);
        results[i] = resultOf(type, output as never, dims, size);
      }
      return results;
    });
  } catch (error) {
    for (const r of residents) r.dispose();
    throw error;
  }
}
