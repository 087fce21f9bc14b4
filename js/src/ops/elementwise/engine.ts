// The broadcasting engine of the binary and n-ary elementwise ops: checked
// inputs of one type, their broadcast dims and strides, and one compute plan
// (dispatch.ts) whose kernel folds the inputs left to right through the
// binary kernel (cpp/include/tessera/elementwise.h): y = x0 op x1, then
// y = y op x2 in place (y has the output's dims, so it never broadcasts),
// and for Mean y = y / n. Strides and dims (up to (n + 3) x maxRank uint32,
// more than writeParams' 2 x maxRank) go in the plan's work block.
import { DTYPES, type DataType, elementBytes, isPacked } from '../../dtype.js';
import { type OpContext, specError } from '../../errors.js';
import { BINARY_OPS } from '../../generated/elementwise.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { heapView } from '../../copies.js';
import { outputSize, requireType } from '../check.js';
import { type ComputeOps, type ComputePlan, dispatch } from '../dispatch.js';
import { checkOut } from '../out.js';
import { broadcastDims, broadcastStrides } from './broadcast.js';
import { stringsElementwise } from './strings.js';

export type BinaryKernel = keyof typeof BINARY_OPS;

/** A checked operand and the name errors give it. */
export type Operand = readonly [name: string, tensor: Tensor | ResidentTensor];

/** What one call folds: the kernel op, the output's dims and type, and each input's strides along them. */
interface FoldArgs {
  readonly context: OpContext;
  readonly code: number;
  readonly onnx: number;
  readonly width: number;
  readonly dims: readonly number[];
  readonly size: number;
  readonly strides: readonly (readonly number[])[];
  /** The index of the input whose first zero is a SpecError (integer Div and Mod's divisor), or -1. */
  readonly divisor: number;
  readonly divisorName: string;
  readonly divisorDims: readonly number[];
  /** Mean: the input count as one element of the type (its bytes), divided by at the end. */
  readonly mean?: Uint8Array;
}

/**
 * Reads and checks the operands (each of the version's T, all of one type)
 * and returns them with their type; `T` the constraint's types.
 */
export function readOperands(context: OpContext, values: readonly unknown[], names: readonly string[], allowed: readonly DataType[],
  hint?: (type: DataType) => string): { operands: Operand[]; type: DataType } {
  const operands: Operand[] = values.map((v, i) => [names[i], asOperand(v, context, names[i])] as const);
  const type = operands[0][1].type;
  for (const [name, t] of operands) {
    requireType(context, name, t.type, allowed, hint);
    if (t.type !== type) {
      throw specError(context, name, `${name} must be of ${operands[0][0]}'s type ${type} (got ${t.type}); cast one first (tw.cast)`);
    }
  }
  return { operands, type };
}

/** An optional field of an object the library made, read as an own property (a polluted Object.prototype adds none). */
export function own<O extends object, K extends keyof O>(object: O, key: K): O[K] | undefined {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

/** Options of one elementwise run. */
export interface RunOptions {
  /** Strides given (legacy broadcast), else numpy's from each operand's dims. */
  readonly legacy?: { readonly dims: readonly number[]; readonly strides: readonly (readonly number[])[] };
  /** Refuse a 0 in this operand (integer Div and Mod) with its index. */
  readonly divisor?: number;
  /** Mean: divide the sum by the operand count. */
  readonly mean?: boolean;
}

/**
 * Runs `kernel` over checked operands of one numeric or bool type, folded
 * left to right with broadcasting, into `out` (any overlap with the inputs
 * is fine: every plain input is copied into module memory before anything
 * is written), a resident tensor (every input resident, no out) or a fresh array.
 */
export function runElementwise(context: OpContext, kernel: BinaryKernel, operands: readonly Operand[], out: unknown,
  options: RunOptions = {}): Tensor | ResidentTensor {
  const type = operands[0][1].type;
  const { code, output } = BINARY_OPS[kernel];
  const outType: DataType = output === 'bool' ? 'bool' : type;
  const legacy = own(options, 'legacy');
  const dims = legacy?.dims ?? broadcastDims(context, operands.map(([name, t]) => [name, t.dims] as const));
  const size = outputSize(context, operands[operands.length - 1][0], dims, type === 'string' ? 4 : elementBytes(outType));
  const checkedOut = out === undefined ? undefined
    : checkOut(context, out, outType, size, { inputs: operands.map(([name, t]) => [name, t] as const), inPlace: true });
  const strides = legacy?.strides ?? operands.map(([, t]) => broadcastStrides(t.dims, dims.length));
  if (type === 'string') return stringsElementwise(context, kernel, operands, dims, size, strides, checkedOut);
  if (isPacked(type)) throw specError(context, operands[0][0], `${type} is not an elementwise type`);
  const divisor = own(options, 'divisor') ?? -1;
  const args: FoldArgs = {
    context, code, onnx: DTYPES[type].onnx, width: elementBytes(type), dims, size, strides, divisor,
    divisorName: divisor >= 0 ? operands[divisor][0] : '', divisorDims: divisor >= 0 ? operands[divisor][1].dims : [],
    mean: own(options, 'mean') ? countAs(type, operands.length) : undefined,
  };
  const plan: ComputePlan<FoldArgs> = {
    kind: 'compute', context, inputs: operands, outputs: [{ type: outType as ResidentType, dims, size }], ops: FOLD, args,
  };
  return dispatch(plan, checkedOut);
}

// The work block: 8 bytes for Mean's divisor, the first zero's index, then
// the dims, each input's strides, the output's (row-major) and zeros.
const FOLD: ComputeOps<FoldArgs> = {
  workBytes: ({ dims, strides }) => 16 + 4 * dims.length * (strides.length + 3),
  // A slab at a time, except where a divisor's zero must be found in the whole of it before anything is written.
  slabs: {
    strides: (args) => (args.divisor >= 0 ? undefined : args.strides),
    args: (args, dims, size, strides) => ({ ...args, dims, size, strides }),
  },
  kernel: (kernels, inputs, [y], args, work) => {
    const { dims, strides, size, width } = args;
    const rank = dims.length;
    const words = heapView(Uint32Array, work + 16, rank * (strides.length + 3));
    const at = (block: number) => work + 16 + 4 * rank * block;
    words.set(dims, 0);
    strides.forEach((s, i) => words.set(s, rank * (i + 1)));
    words.set(broadcastStrides(dims, rank), rank * (strides.length + 1));
    words.fill(0, rank * (strides.length + 2));  // Mean's divisor: one element, repeated
    const outStrides = at(strides.length + 1);
    const zeros = at(strides.length + 2);
    if (args.divisor >= 0 && size > 0) {
      const b = args.divisor;
      const n = args.divisorDims.reduce((p, d) => p * d, 1);
      kernels.firstZero(inputs[b]!, n, width, work + 8);
      const index = heapView(Uint32Array, work + 8, 1)[0];
      if (index < n) throw zeroError(args, index);
    }
    if (strides.length === 1) {
      // One operand (Sum, Min, Max, Mean of one tensor): the output is its copy.
      new Uint8Array(heapView(Uint8Array, y, 0).buffer).copyWithin(y, inputs[0]!, inputs[0]! + size * width);
    } else {
      kernels.binary(inputs[0]!, inputs[1]!, y, args.onnx, args.code, rank, at(0), at(1), at(2));
      for (let i = 2; i < strides.length; i++) kernels.binary(y, inputs[i]!, y, args.onnx, args.code, rank, at(0), outStrides, at(i + 1));
    }
    if (args.mean !== undefined && size > 0) {
      heapView(Uint8Array, work, 8).set(args.mean);
      kernels.binary(y, work, y, args.onnx, BINARY_OPS.div.code, rank, at(0), outStrides, zeros);
    }
  },
};

/** The divisor's first zero: its flat index and its coordinates. */
function zeroError(args: FoldArgs, index: number): Error {
  const coords: number[] = [];
  let rest = index;
  for (let i = args.divisorDims.length - 1; i >= 0; i--) {
    coords.unshift(rest % args.divisorDims[i]);
    rest = Math.floor(rest / args.divisorDims[i]);
  }
  const name = args.divisorName;
  return specError(args.context, name, `${name} holds an integer 0 at index ${index} (coordinates [${coords.join(', ')}]): integer division by zero is undefined`);
}

/** n as one element of a float type (Mean's types), its bytes. */
function countAs(type: DataType, n: number): Uint8Array {
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  const f32 = new DataView(new ArrayBuffer(4));
  f32.setFloat32(0, n, true);  // exact: an input count is far below 2^24
  const bits = f32.getUint32(0, true);
  switch (type) {
    case 'float64': view.setFloat64(0, n, true); break;
    case 'float32': view.setFloat32(0, n, true); break;
    case 'bfloat16': view.setUint16(0, roundBits(bits, 16), true); break;
    case 'float16': view.setUint16(0, float16Bits(n), true); break;
    default: throw new Error(`Mean of ${type}`);
  }
  return bytes;
}

/** float32 bits rounded to their top 16 bits, to nearest even (bfloat16; a finite count never carries into NaN). */
const roundBits = (bits: number, keep: number) => {
  const drop = 32 - keep;
  const half = 2 ** (drop - 1);
  const low = bits % 2 ** drop;
  let top = Math.floor(bits / 2 ** drop);
  if (low > half || (low === half && top % 2 === 1)) top += 1;
  return top;
};

/** A positive integer as float16 bits, to nearest even (65520 and up: +Inf). */
function float16Bits(n: number): number {
  if (n >= 65520) return 0x7c00;
  if (n === 0) return 0;
  const e = Math.floor(Math.log2(n));
  let mantissa = n / 2 ** e * 1024;  // [1024, 2048)
  const floor = Math.floor(mantissa);
  const frac = mantissa - floor;
  mantissa = frac > 0.5 || (frac === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
  return mantissa === 2048 ? (e + 16) << 10 : ((e + 15) << 10) | (mantissa - 1024);
}
