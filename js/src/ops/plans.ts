// The plans an op hands the dispatcher (dispatch.ts): what the output is and
// what moves, maps, converts or fills it, with the kernel and the JS twins
// that can compute it. An op makes its *Ops once (not per call: a small op's
// cost is mostly per call) and a plan per call.
import type { DataType } from '../dtype.js';
import type { OpContext } from '../errors.js';
import type { ResidentTensor, ResidentType } from '../resident.js';
import type { Tensor } from '../tensor.js';
import type { NumberArray } from '../typed-array.js';
import type { Kernels } from '../wasm.js';

/**
 * What a move op gives the dispatcher, made once per op (not per call: a
 * small op's cost is mostly per call): its kernel and its JS twins, each
 * over the op's own arguments `A` that a plan carries.
 */
export interface MoveOps<A> {
  /** The kernel's uint32 parameters (made only when the kernel runs). */
  readonly params: (args: A) => readonly number[];
  readonly kernel: (kernels: Kernels, x: number, y: number, elementSize: number, params: number, args: A) => void;
  /** The move as plain loops over slots (an element is `lanes` of them: words, or values that copy exactly), where the op has that twin. */
  readonly loop?: (x: NumberArray, y: NumberArray, lanes: number, args: A) => void;
  /** The move with TypedArray built-ins between byte arrays, where the op has that twin. */
  readonly builtin?: (x: Uint8Array, y: Uint8Array, elementSize: number, args: A) => void;
}

/** Elements of the input moved to new places (Tile, AsStrided): one kernel serves every type of a width. */
export interface MovePlan<A = unknown> {
  readonly kind: 'move';
  readonly context: OpContext;
  readonly input: Tensor | ResidentTensor;
  /** Output dims and element count. */
  readonly dims: readonly number[];
  readonly size: number;
  readonly ops: MoveOps<A>;
  readonly args: A;
  /** Whether the built-ins twin takes this shape (AsStrided's needs stride-1 rows). */
  readonly builtinFits: boolean;
  /** What the built-ins twin costs: output rows, elements per row, and built-in calls per row. */
  readonly rows: number;
  readonly rowElements: number;
  readonly callsPerRow: number;
}

/** What a map op gives the dispatcher once: its kernel over the op's own arguments (Floor: the ONNX type number), and its JS twin. */
export interface MapOps<A> {
  readonly kernel: (kernels: Kernels, x: number, y: number, size: number, args: A) => void;
  /** The map's loop twin (a plain loop between arrays of the storage class) for the arguments it takes, or undefined where it has none. */
  readonly loopFor?: (args: A) => MapLoop | undefined;
}

/** x and y may overlap (one buffer): `backward` says y starts past x, so the loop runs from the end. */
export type MapLoop = (x: ArrayBufferView, y: ArrayBufferView, size: number, backward: boolean) => void;

/** Each element mapped on its own (Floor): the kernel reads x and writes y, which may be the same block. */
export interface MapPlan<A = unknown> {
  readonly kind: 'map';
  readonly context: OpContext;
  readonly input: Tensor | ResidentTensor;
  readonly inputName: string;
  readonly outType: ResidentType;
  readonly ops: MapOps<A>;
  readonly args: A;
}

/**
 * What a convert op gives the dispatcher once: its kernel over the op's own
 * arguments where one serves them (Cast: tessera/casts.inc's pairs), and its
 * JS twin, which takes every case.
 */
export interface ConvertOps<A> {
  readonly hasKernel: (args: A) => boolean;
  readonly kernel: (kernels: Kernels, x: number, y: number, size: number, args: A) => void;
  /** x: the input's storage (string[] for strings); y: the output's, zeroed (a Uint16Array for float16). */
  readonly loop: (x: unknown, y: unknown, size: number, args: A) => void;
}

/** Each element converted to another type (Cast): the same dims, a new type. */
export interface ConvertPlan<A = unknown> {
  readonly kind: 'convert';
  readonly context: OpContext;
  readonly input: Tensor | ResidentTensor;
  readonly outType: DataType;
  readonly ops: ConvertOps<A>;
  readonly args: A;
}

/** Every element one value (ConstantOfShape). */
export interface FillPlan {
  readonly kind: 'fill';
  readonly context: OpContext;
  readonly type: ResidentType;
  /** The value's storage bytes: one element (one byte for a packed type). */
  readonly pattern: Uint8Array;
  readonly dims: readonly number[];
  readonly size: number;
  /** The caller asked for a resident output. */
  readonly resident: boolean;
}

/** One output of a compute plan: its type, dims and element count. */
export interface ComputeOutput {
  readonly type: ResidentType;
  readonly dims: readonly number[];
  readonly size: number;
}

/**
 * What a compute op gives the dispatcher once: the kernel over its inputs
 * already in module memory (their offsets, in the plan's order; undefined for
 * an omitted optional input), its outputs' offsets, and a work block of
 * `workBytes(args)` bytes where it needs one (0 otherwise).
 */
export interface ComputeOps<A> {
  readonly kernel: (kernels: Kernels, inputs: readonly (number | undefined)[], outputs: readonly number[], args: A, work: number) => void;
  readonly workBytes?: (args: A) => number;
  /**
   * Where the op is elementwise over its one output with broadcasting (the
   * binary and n-ary ops, Where): each input's strides along the output's
   * dims (elements, 0 where it broadcasts), or undefined where the kernel
   * must see the whole output (integer Div checks a whole divisor for a zero
   * first); and the op's args for a slab of the output (its dims and size)
   * whose inputs have `strides`. The dispatcher may then run the kernel a
   * slab at a time (chunks.ts).
   */
  readonly slabs?: {
    readonly strides: (args: A) => readonly (readonly number[])[] | undefined;
    readonly args: (args: A, dims: readonly number[], size: number, strides: readonly (readonly number[])[]) => A;
  };
}

/**
 * Any number of inputs read, any number of outputs written, by one kernel
 * call (binary ops with broadcasting, reductions, TopK, quantization, resize):
 * the dispatcher copies each plain input into module memory (a resident one
 * stays where it is), runs the kernel, and copies each output out, into `out`
 * or a fresh array; with every input resident and no `out`, the outputs are
 * resident. Strings never take this plan (their ops move uint32 indices).
 */
export interface ComputePlan<A = unknown> {
  readonly kind: 'compute';
  readonly context: OpContext;
  /** The inputs by name (the name an error about that input gives), in the kernel's order. */
  readonly inputs: readonly (readonly [name: string, tensor: Tensor | ResidentTensor | undefined])[];
  readonly outputs: readonly ComputeOutput[];
  readonly ops: ComputeOps<A>;
  readonly args: A;
}

// Each op's arguments are its own: `any` here stands for "some A", which the
// plan's ops and args share (TypeScript has no existential types).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Plan = MovePlan<any> | MapPlan<any> | ConvertPlan<any> | FillPlan | ComputePlan<any>;

/**
 * Who computes an output: the kernel in WebAssembly, or one of its JS twins,
 * named by what they are made of: `loop` (plain loops) and `builtin`
 * (TypedArray built-ins). A plan's *Ops name their twins the same way.
 * `chunks` is the kernel fed a cache-sized chunk at a time (chunks.ts): maps
 * and the broadcasting compute plans between JS arrays.
 */
export type Executor = 'loop' | 'builtin' | 'kernel' | 'chunks';

