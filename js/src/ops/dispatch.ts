// The one place that decides how an op's plan runs. Each op checks its
// arguments and hands over a plan (output dims and size, and what the move,
// map or fill is); this module picks
//   where the output goes: a resident tensor (resident input and no `out`,
//     or a fill asked for one), the caller's `out`, or a fresh array;
//   who computes it: the kernel in WebAssembly, or one of its JS twins
//     (twins.ts): plain loops (over words, or over values where copying
//     them is exact; Floor's over Math.floor), or TypedArray built-ins
//     (copyWithin, set, fill) between the JS arrays; a conversion's twin
//     is its op's JS converter (Cast: cast-convert.ts), which runs every
//     pair no kernel serves,
// by the first row of RULES that matches, and runs it.
//
// The tests call withExecutor (through the test-only entry js/src/testing.ts,
// never the package's) to force each executor over the same cases and check
// that every one gives the same bytes.
import { DTYPES, type DataType, type TensorData, allocateData, elementBytes, isPacked, storageBytes, storageConstructor, storageLength, storageView } from '../dtype.js';
import type { OpContext } from '../errors.js';
import { ResidentTensor, type ResidentType, allocateResident, residentCopy } from '../resident.js';
import { type Tensor, resultOf } from '../tensor.js';
import { type NumberArray, bufferOf, byteOffsetOf, typedArrayKind } from '../typed-array.js';
import { type Kernels, checkedBytes, checkedData, checkedWords, copyIn, copyOut, wasm, withScratch, writeParams } from '../wasm.js';
import type { CheckedOut } from './out.js';
import { fillBytes } from './twins.js';

// ---------------------------------------------------------------- plans

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
  readonly builtin: boolean;
  /** What the built-ins twin costs: output rows, elements per row, and built-in calls per row. */
  readonly rows: number;
  readonly rowElements: number;
  readonly callsPerRow: number;
}

/** What a map op gives the dispatcher once: its kernel over the op's own arguments (Floor: the ONNX type number), and its JS twin. */
export interface MapOps<A> {
  readonly kernel: (kernels: Kernels, x: number, y: number, size: number, args: A) => void;
  /** The map as a plain loop between arrays of the storage class, for the arguments it takes (undefined for the rest). */
  readonly loop?: (args: A) => MapLoop | undefined;
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
  readonly twin: (x: unknown, y: unknown, size: number, args: A) => void;
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

// Each op's arguments are its own: `any` here stands for "some A", which the
// plan's ops and args share (TypeScript has no existential types).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Plan = MovePlan<any> | MapPlan<any> | ConvertPlan<any> | FillPlan;

/** Who computes an output: plain JS loops, TypedArray built-ins, or the kernel in WebAssembly. */
export type Executor = 'loop' | 'builtin' | 'kernel';

// ---------------------------------------------------------------- the rule table
// What routing may read of a call: a handful of yes-or-no facts. Measured
// sizes become facts here, beside the measurements that set them.

interface Facts {
  readonly kind: Plan['kind'];
  /** The input (or the output a fill was asked for) lives in module memory. */
  readonly resident: boolean;
  /** 4-bit or 2-bit elements. */
  readonly packed: boolean;
  readonly hasLoop: boolean;
  readonly hasBuiltin: boolean;
  /** The output is at most LOOP_MAX_BYTES. */
  readonly smallOutput: boolean;
  /** The built-ins twin would make at most BUILTIN_MAX_ROW_CALLS calls. */
  readonly fewRows: boolean;
  /** Each row the built-ins twin moves is at least BUILTIN_MIN_ROW_BYTES. */
  readonly longRows: boolean;
  /** A conversion a kernel serves (tessera/casts.inc's pairs). */
  readonly hasKernel: boolean;
}

interface Rule {
  readonly name: string;
  readonly executor: Executor;
  readonly when: (facts: Facts) => boolean;
}

// Up to this many output bytes, a move runs as one loop over 1, 2 or 4-byte
// words with no call per row: a 4x4 float32 tile made ten copyWithin calls of
// 16-64 bytes, and the calls, not the bytes, were its cost (Node, one
// process: 1.19 us with copyWithin, 1.02 us with the loop; 0.81 us into `out`).
const LOOP_MAX_BYTES = 1024;

// When the built-ins between JS arrays beat the wasm round trip (copy in,
// kernel, copy out). Each row costs the built-in twin a call or two
// (copyWithin, or set of a subarray) whatever its length; the round trip
// costs a fixed call and two extra copies of the data, but moves a short row
// in nanoseconds. So the JS side wins while rows are very few, or long enough
// that the per-row call is small beside the copies it saves. Measured with
// `node bench/js-move.mjs` (Tile of [rows, n] by [1, 2] into an existing
// array, the ratio built-ins / kernel; Node 20, Chromium 156, Firefox ESR 153
// on the project's 2-core x64 machine):
//   1 row: 0.04-0.38 at every row length, in all three;
//   16 rows: 0.5-1.9 (the kernel wins in Chromium below 1 KiB rows);
//   256-4096 rows: 1.3-13 below 256-byte rows, 0.47-0.94 from 1 KiB rows
//   (one exception, 1.74 at 16 x 1 KiB in Chromium).
// AsStrided's rows each make a subarray as well as a set: two calls a row,
// so it takes the built-ins for half as many rows.
const BUILTIN_MIN_ROW_BYTES = 1024;
const BUILTIN_MAX_ROW_CALLS = 8;

// Up to this many output bytes, a map with a JS twin (Floor of float32 and
// float64) runs it: the kernel's round trip costs more than the loop's
// 1-2 ns an element. Floor of float32, twin / kernel, fresh and into `out`
// (each engine in one page, medians; Node 20, Chromium 156, Firefox ESR 153):
//   64 elements:   0.60 / 0.70 / 0.50 fresh, 0.79 / 0.66 / 0.77 out;
//   256 elements:  0.83 / 0.63 / 0.60 fresh, 1.04 / 1.11 / 0.90 out;
//   1000 elements: 1.20 / 0.86 / 1.06 fresh, 1.76 / 1.75 / 1.33 out.
const MAP_LOOP_MAX_BYTES = 1024;

/** The routing rules, in order: the first whose `when` holds names the executor. */
export const RULES: readonly Rule[] = [
  // A conversion no kernel serves (strings, the narrow formats, most pairs): the JS twin, resident or not.
  { name: 'convert without a kernel', executor: 'loop', when: (f) => f.kind === 'convert' && !f.hasKernel },
  // The bytes are in module memory already: no JS array to work between.
  { name: 'resident', executor: 'kernel', when: (f) => f.resident },
  { name: 'small map', executor: 'loop', when: (f) => f.kind === 'map' && f.hasLoop && f.smallOutput },
  // Floor of float16 or bfloat16 has no JS twin: Math.floor would need a decode and encode per element.
  { name: 'map', executor: 'kernel', when: (f) => f.kind === 'map' },
  // A SIMD128 kernel converts 1e6 uint8 or float16 to float32 2-7x faster than a JS loop even with the copies
  // in and out, in Node (bench/workloads.mjs, 'cast': docs/performance.md).
  { name: 'convert', executor: 'kernel', when: (f) => f.kind === 'convert' },
  // Writes the output where it is, once; through the module it would move three times (fill, copy out).
  { name: 'fill', executor: 'builtin', when: (f) => f.kind === 'fill' },
  // 4-bit and 2-bit elements share bytes: unpacked, moved and packed again in WebAssembly.
  { name: 'packed move', executor: 'kernel', when: (f) => f.packed },
  { name: 'small move', executor: 'loop', when: (f) => f.hasLoop && f.smallOutput },
  { name: 'few or long rows', executor: 'builtin', when: (f) => f.hasBuiltin && (f.fewRows || f.longRows) },
  { name: 'many short rows', executor: 'kernel', when: () => true },
];

// A call's facts as the bits of a small number, and the rule each such
// number routes to, found once: routing a small op then makes no object and
// walks no table (it cost a 4x4 Tile about a tenth of its time).
const KINDS = ['move', 'map', 'fill', 'convert'] as const;
const FACT_BITS = ['resident', 'packed', 'hasLoop', 'hasBuiltin', 'smallOutput', 'fewRows', 'longRows', 'hasKernel'] as const;
const BIT = Object.fromEntries(FACT_BITS.map((name, i) => [name, 1 << i])) as Readonly<Record<(typeof FACT_BITS)[number], number>>;
const ruleOfClass = new Array<Rule | undefined>(KINDS.length << FACT_BITS.length);
const MAP_CLASS = KINDS.indexOf('map') << FACT_BITS.length;
const FILL_CLASS = KINDS.indexOf('fill') << FACT_BITS.length;
const CONVERT_CLASS = KINDS.indexOf('convert') << FACT_BITS.length;

function classOf(plan: Plan): number {
  if (plan.kind === 'move') {
    const type = plan.input.type;
    const bits = DTYPES[type].bits;
    const width = type === 'string' ? 4 : bits / 8;  // strings move their uint32 indices
    const hasBuiltin = plan.builtin && plan.ops.builtin !== undefined;
    return (ResidentTensor.isResident(plan.input) ? BIT.resident : 0) | (bits > 0 && bits < 8 ? BIT.packed : 0)
      | (plan.ops.loop !== undefined ? BIT.hasLoop : 0) | (hasBuiltin ? BIT.hasBuiltin : 0)
      | (plan.size * width <= LOOP_MAX_BYTES ? BIT.smallOutput : 0)
      | (plan.rows * plan.callsPerRow <= BUILTIN_MAX_ROW_CALLS ? BIT.fewRows : 0)
      | (plan.rowElements * width >= BUILTIN_MIN_ROW_BYTES ? BIT.longRows : 0);
  }
  if (plan.kind === 'map') {
    const x = plan.input;
    return MAP_CLASS | (ResidentTensor.isResident(x) ? BIT.resident : 0) | (plan.ops.loop?.(plan.args) !== undefined ? BIT.hasLoop : 0)
      | (storageBytes(plan.outType, x.size) <= MAP_LOOP_MAX_BYTES ? BIT.smallOutput : 0);
  }
  if (plan.kind === 'convert') {
    // The twin (a loop) takes every conversion, resident ones too.
    return CONVERT_CLASS | (ResidentTensor.isResident(plan.input) ? BIT.resident : 0) | BIT.hasLoop
      | (plan.ops.hasKernel(plan.args) ? BIT.hasKernel : 0);
  }
  return FILL_CLASS | (plan.resident ? BIT.resident : 0);
}

function factsOfClass(key: number): Facts {
  const facts: Record<string, unknown> = { kind: KINDS[key >> FACT_BITS.length] };
  for (const name of FACT_BITS) facts[name] = (key & BIT[name]) !== 0;
  return facts as unknown as Facts;
}

function ruleOf(key: number): Rule {
  return ruleOfClass[key] ??= RULES.find((r) => r.when(factsOfClass(key)))!;
}

/** The executors that can take a plan: the kernel always; a twin where the plan has one and the data is in JS arrays. */
export function executorsFor(plan: Plan): Executor[] {
  const facts = factsOfClass(classOf(plan));
  if (facts.kind === 'convert') return facts.hasKernel ? ['kernel', 'loop'] : ['loop'];  // the twin takes resident inputs too
  const executors: Executor[] = ['kernel'];
  if (facts.resident || facts.packed) return executors;
  if (facts.hasLoop) executors.push('loop');
  if (facts.hasBuiltin || facts.kind === 'fill') executors.push('builtin');
  return executors;
}

// ---------------------------------------------------------------- forcing (tests only)
// Set only inside withExecutor, which only the test entry exports.

interface Probe {
  readonly force: Executor | undefined;
  rule?: string;
  ran?: Executor;
}

let probe: Probe | undefined;

/** What a call routed to and what ran, with `force` taking the place of the routed executor where it can take the plan. */
export interface Probed<R> {
  readonly value: R;
  /** The rule routing chose (the last dispatch in `body`). */
  readonly rule: string | undefined;
  /** The executor that ran: `force` where it could take the plan, else the routed one. */
  readonly ran: Executor | undefined;
}

export function withExecutor<R>(force: Executor | undefined, body: () => R): Probed<R> {
  const outer = probe;
  const mine: Probe = { force };
  probe = mine;
  try {
    const value = body();
    return { value, rule: mine.rule, ran: mine.ran };
  } finally {
    probe = outer;
  }
}

function choose(plan: Plan): Executor {
  const rule = ruleOf(classOf(plan));
  if (probe === undefined) return rule.executor;
  probe.rule = rule.name;
  const forced = probe.force !== undefined && executorsFor(plan).includes(probe.force) ? probe.force : rule.executor;
  probe.ran = forced;
  return forced;
}

// ---------------------------------------------------------------- running a plan

/** Runs a checked plan: into `out` when given, else a resident tensor or a fresh array (see the top of this file). */
export function dispatch(plan: Plan, out?: CheckedOut): Tensor | ResidentTensor {
  const executor = choose(plan);
  switch (plan.kind) {
    case 'move': return runMove(plan, executor, plan.input, out);
    case 'map': return runMap(plan, executor, out);
    case 'convert': return runConvert(plan, executor, out);
    case 'fill': return runFill(plan, executor, out);
  }
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
  const output = out?.array ?? allocateData(outType, x.size);
  const bytes = storageBytes(outType, x.size);
  if (executor === 'loop') {
    if (bytes > 0) {
      // X's own array, not a view: SpiderMonkey makes a fresh array's ArrayBuffer only when asked (see copyIn).
      const xs = checkedData(context, plan.inputName, x.data as ArrayBufferView, storageBytes(x.type as ResidentType, x.size));
      const backward = out !== undefined && out.facts.buffer === bufferOf(xs) && out.facts.byteOffset > byteOffsetOf(xs);
      plan.ops.loop!(plan.args)!(xs, output, x.size, backward);
    }
  } else if (bytes > 0) {
    // One block, mapped in place; any overlap of `out` with x is fine: x is copied in before anything is written.
    withScratch(context, [bytes], (offsets) => {
      const at = offsets[0];
      copyIn(context, plan.inputName, at, x.data as Exclude<TensorData, string[]>, storageBytes(x.type as ResidentType, x.size));
      plan.ops.kernel(wasm().kernels, at, at, x.size, plan.args);
      copyOut(at, output, bytes);
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
      plan.ops.twin(storageOf(context, x), writableStorage(outType, output), x.size, plan.args);
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
  const { context, outType } = plan;
  const inWidth = elementBytes(x.type);  // kernel pairs are whole-byte types
  const outWidth = elementBytes(outType);
  const xBytes = checkedBytes(context, 'input', x.data as ArrayBufferView, x.size * inWidth);
  const yBytes = checkedBytes(context, 'out', output, x.size * outWidth);
  const chunk = Math.min(CONVERT_CHUNK, x.size);
  withScratch(context, [chunk * inWidth, chunk * outWidth], (at) => {
    const xAt = at[0];
    const yAt = at[1];
    for (let start = 0; start < x.size; start += chunk) {
      const n = Math.min(chunk, x.size - start);
      copyIn(context, 'input', xAt, xBytes.subarray(start * inWidth, (start + n) * inWidth), n * inWidth);
      plan.ops.kernel(wasm().kernels, xAt, yAt, n, plan.args);
      copyOut(yAt, yBytes.subarray(start * outWidth, (start + n) * outWidth), n * outWidth);
    }
  });
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
