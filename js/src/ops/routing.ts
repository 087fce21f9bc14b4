// Who computes a plan: the rule table that routes each call to the kernel in
// WebAssembly or one of its JS twins, from a handful of yes-or-no facts about
// the call, and the forcing switch the tests use to run every executor over
// the same cases (withExecutor, exported only by the test entry js/src/testing.ts).
import { DTYPES, elementBytes, isPacked, moveBytes, storageBytes } from '../dtype.js';
import { ResidentTensor } from '../resident.js';
import { bufferOf } from '../typed-array.js';
import type { CheckedOut } from './out.js';
import type { Executor, Plan } from './plans.js';

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
  /** The kernel can run a chunk at a time (a map; a compute plan whose ops have slabs). */
  readonly chunkable: boolean;
  /** The output goes to `out`, and the widest stream (an input or the output) is more than CHUNK_MIN_BYTES. */
  readonly largeOut: boolean;
  /** `out` is on the buffer of an input the op reads from JS memory. */
  readonly outShared: boolean;
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

// Above 1 MiB in its widest stream (an input or the output), a map or a
// broadcasting compute plan from JS arrays into `out` runs a chunk at a time
// (chunks.ts, CHUNK_BYTES a chunk, where the chunk size's measurements are):
// the one pass wrote the copied inputs and the kernel's output to memory and
// read them back. Into `out`, chunks / one pass (node bench/ab.mjs --base
// <the one pass>, Node 20, 2-core x64, load 4-12, CPU time, medians of 9
// rounds, three runs): Add f32 1e6 + 1e6 0.64-0.68; Add [1,3,640,640] by
// [1,3,1,1] 0.68-0.85; Greater f32 1e6 0.51-0.90; but Mul [1,3,224,224] by
// [3,1,1], 588 KiB a stream, 1.15-1.21, and the normalize chain of three ops
// of that size 1.03-1.27: that much stays in cache through the one pass.
// Into a fresh array (no `out`) chunks lost, 1.29-1.48 on the same rows, so
// they are for `out` only.
// Never when `out` is on an input's buffer: a chunk written out could land on
// input bytes not yet copied in (the one pass copies every input in first).
// That fact is read only for large outputs (and under withExecutor): asking
// a fresh array for its buffer costs a small op in SpiderMonkey (see copyIn).
const CHUNK_MIN_BYTES = 1 << 20;

/** The routing rules, in order: the first whose `when` holds names the executor. */
export const RULES: readonly Rule[] = [
  // A conversion no kernel serves (strings, the narrow formats, most pairs): the JS twin, resident or not.
  { name: 'convert without a kernel', executor: 'loop', when: (f) => f.kind === 'convert' && !f.hasKernel },
  // The bytes are in module memory already: no JS array to work between.
  { name: 'resident', executor: 'kernel', when: (f) => f.resident },
  { name: 'large map or broadcast into out', executor: 'chunks', when: (f) => f.chunkable && f.largeOut && !f.outShared },
  { name: 'small map', executor: 'loop', when: (f) => f.kind === 'map' && f.hasLoop && f.smallOutput },
  // Floor of float16 or bfloat16 has no JS twin: Math.floor would need a decode and encode per element.
  { name: 'map', executor: 'kernel', when: (f) => f.kind === 'map' },
  // A SIMD128 kernel converts 1e6 uint8 or float16 to float32 2-7x faster than a JS loop even with the copies
  // in and out, in Node (bench/workloads.mjs, 'cast': docs/performance.md).
  { name: 'convert', executor: 'kernel', when: (f) => f.kind === 'convert' },
  // Writes the output where it is, once; through the module it would move three times (fill, copy out).
  { name: 'fill', executor: 'builtin', when: (f) => f.kind === 'fill' },
  // One kernel call over every input: no JS twin (yet) for any compute op.
  { name: 'compute', executor: 'kernel', when: (f) => f.kind === 'compute' },
  // 4-bit and 2-bit elements share bytes: unpacked, moved and packed again in WebAssembly.
  { name: 'packed move', executor: 'kernel', when: (f) => f.packed },
  { name: 'small move', executor: 'loop', when: (f) => f.hasLoop && f.smallOutput },
  { name: 'few or long rows', executor: 'builtin', when: (f) => f.hasBuiltin && (f.fewRows || f.longRows) },
  { name: 'many short rows', executor: 'kernel', when: () => true },
];

// A call's facts as the bits of a small number, and the rule each such
// number routes to, found once: routing a small op then makes no object and
// walks no table (it cost a 4x4 Tile about a tenth of its time).
const KINDS = ['move', 'map', 'fill', 'convert', 'compute'] as const;
const FACT_BITS = ['resident', 'packed', 'hasLoop', 'hasBuiltin', 'smallOutput', 'fewRows', 'longRows', 'hasKernel', 'chunkable',
  'largeOut', 'outShared'] as const;
const BIT = Object.fromEntries(FACT_BITS.map((name, i) => [name, 1 << i])) as Readonly<Record<(typeof FACT_BITS)[number], number>>;
const ruleOfClass = new Array<Rule | undefined>(KINDS.length << FACT_BITS.length);
const MAP_CLASS = KINDS.indexOf('map') << FACT_BITS.length;
const FILL_CLASS = KINDS.indexOf('fill') << FACT_BITS.length;
const CONVERT_CLASS = KINDS.indexOf('convert') << FACT_BITS.length;
const COMPUTE_CLASS = KINDS.indexOf('compute') << FACT_BITS.length;

/** Whether `out` is on the buffer of one of `inputs` held in JS memory. */
function sharesBuffer(out: CheckedOut | undefined, inputs: readonly (Plan & { kind: 'compute' })['inputs'][number][1][]): boolean {
  if (out === undefined) return false;
  for (let i = 0; i < inputs.length; i++) {
    const t = inputs[i];
    if (t !== undefined && !ResidentTensor.isResident(t) && t.type !== 'string' && bufferOf(t.data as ArrayBufferView) === out.facts.buffer) return true;
  }
  return false;
}

function classOf(plan: Plan, out: CheckedOut | undefined): number {
  if (plan.kind === 'move') {
    const type = plan.input.type;
    const bits = DTYPES[type].bits;
    const width = moveBytes(type);
    const hasBuiltin = plan.builtinFits && plan.ops.builtin !== undefined;
    return (ResidentTensor.isResident(plan.input) ? BIT.resident : 0) | (bits > 0 && bits < 8 ? BIT.packed : 0)
      | (plan.ops.loop !== undefined ? BIT.hasLoop : 0) | (hasBuiltin ? BIT.hasBuiltin : 0)
      | (plan.size * width <= LOOP_MAX_BYTES ? BIT.smallOutput : 0)
      | (plan.rows * plan.callsPerRow <= BUILTIN_MAX_ROW_CALLS ? BIT.fewRows : 0)
      | (plan.rowElements * width >= BUILTIN_MIN_ROW_BYTES ? BIT.longRows : 0);
  }
  if (plan.kind === 'map') {
    const x = plan.input;
    const bytes = storageBytes(plan.outType, x.size);
    // Chunks start on whole elements: a 4-bit or 2-bit map (none yet) would take the one pass.
    const packed = isPacked(x.type) || isPacked(plan.outType);
    const large = out !== undefined && x.size * Math.max(elementBytes(x.type), elementBytes(plan.outType)) > CHUNK_MIN_BYTES;
    return MAP_CLASS | (ResidentTensor.isResident(x) ? BIT.resident : 0) | (plan.ops.loopFor?.(plan.args) !== undefined ? BIT.hasLoop : 0)
      | (bytes <= MAP_LOOP_MAX_BYTES ? BIT.smallOutput : 0) | (packed ? 0 : BIT.chunkable) | (large ? BIT.largeOut : 0)
      | ((large || probe !== undefined) && sharesBuffer(out, [x]) ? BIT.outShared : 0);
  }
  if (plan.kind === 'convert') {
    // The twin (a loop) takes every conversion, resident ones too.
    return CONVERT_CLASS | (ResidentTensor.isResident(plan.input) ? BIT.resident : 0) | BIT.hasLoop
      | (plan.ops.hasKernel(plan.args) ? BIT.hasKernel : 0);
  }
  if (plan.kind === 'compute') {
    const { inputs, outputs, ops, args } = plan;
    let resident = out === undefined;
    let widest = elementBytes(outputs[0].type);
    const xs: (typeof inputs)[number][1][] = [];
    for (let i = 0; i < inputs.length; i++) {
      const t = inputs[i][1];
      xs.push(t);
      if (t === undefined || !ResidentTensor.isResident(t)) resident = false;
      if (t !== undefined) widest = Math.max(widest, elementBytes(t.type));
    }
    const chunkable = outputs.length === 1 && outputs[0].dims.length > 0 && ops.slabs?.strides(args) !== undefined;
    const large = chunkable && out !== undefined && outputs[0].size * widest > CHUNK_MIN_BYTES;
    return COMPUTE_CLASS | (resident ? BIT.resident : 0) | (chunkable ? BIT.chunkable : 0) | (large ? BIT.largeOut : 0)
      | (chunkable && (large || probe !== undefined) && sharesBuffer(out, xs) ? BIT.outShared : 0);
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
export function executorsFor(plan: Plan, out?: CheckedOut): Executor[] {
  const facts = factsOfClass(classOf(plan, out));
  if (facts.kind === 'convert') return facts.hasKernel ? ['kernel', 'loop'] : ['loop'];  // the twin takes resident inputs too
  const executors: Executor[] = ['kernel'];
  if (facts.resident || facts.packed) return executors;
  if (facts.chunkable && !facts.outShared) executors.push('chunks');
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

/** The executor for a plan: its rule's, or the forced one where it can take the plan. */
export function choose(plan: Plan, out?: CheckedOut): Executor {
  const rule = ruleOf(classOf(plan, out));
  if (probe === undefined) return rule.executor;
  probe.rule = rule.name;
  const forced = probe.force !== undefined && executorsFor(plan, out).includes(probe.force) ? probe.force : rule.executor;
  probe.ran = forced;
  return forced;
}

