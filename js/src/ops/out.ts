// `out`: writing an op's result into the caller's own typed array instead of
// a fresh one (a fresh typed array costs 7-20x an existing one to write in
// browsers). Checked before anything is written, so a refused call leaves
// `out` as it was.
import { DTYPES, type DataIn, type DataType, holdsType, storageLength } from '../dtype.js';
import { type OpContext, describe, specError } from '../errors.js';
import { type OwnOptions, readOption, readOptions } from '../options.js';
import { type TypedArrayFacts, bufferOf, isDetached, isSharedBuffer, typedArrayFacts, typedArrayKind } from '../typed-array.js';
import { ResidentTensor } from '../resident.js';
import { staleViewError } from '../stale-views.js';
import type { Tensor } from '../tensor.js';
import { wasm } from '../wasm.js';

/** The array an op of output type T writes into: its storage class (or a Float16Array for float16, a Uint8ClampedArray for uint8). */
export type OutOf<T extends DataType> = DataIn<T>;

/** An op's options with `out`. */
export interface OutOptions<T extends DataType = DataType> {
  /** Write the result here: exactly the output's storage class and length. The returned Tensor's data is this array. */
  out?: OutOf<T>;
}

/** A checked `out`, with the facts read once. */
export interface CheckedOut {
  readonly array: ArrayBufferView;
  readonly facts: TypedArrayFacts;
}

/** `options.out` (an own property, read once), or undefined when there is none; other keys are refused. */
export function outOption(context: OpContext, options: unknown): unknown {
  return readOption(context, 'options', options, 'out');
}

/** An op's options: `out` and the op's own `keys`, read once as own properties (js/src/options.ts). */
export function opOptions<K extends string>(context: OpContext, options: unknown, keys: readonly K[]): OwnOptions<'out' | K> {
  return readOptions(context, 'options', options, ['out', ...keys]);
}

/**
 * What an op reads while it writes `out`: its tensor inputs, by name, and
 * whether its plan may run in place. Every op that takes `out` states both,
 * so the one overlap rule below covers it by construction.
 */
export interface OutReads {
  /** The inputs whose data the op reads while writing (a resident input's data is never JS memory: skipped). */
  readonly inputs: readonly (readonly [name: string, input: unknown])[];
  /**
   * true only where the plan reads each element before anything can be
   * written over it (Floor: X is copied into the module, or the twin's loop
   * runs in the direction that reads first): `out` may then overlap X in any
   * way. false (Tile, AsStrided, Cast: a narrow type read into a wider one
   * in place would write over elements not yet read): any shared byte is refused.
   */
  readonly inPlace: boolean;
}

/** For an op whose output overlaps nothing it reads while writing (ConstantOfShape: its shape and value are read first). */
export const READS_NOTHING: OutReads = /* @__PURE__ */ Object.freeze({ inputs: /* @__PURE__ */ Object.freeze([]), inPlace: false });

/**
 * Checks `out` for an output of `type` and `size` elements: the storage class
 * and length, a buffer that is neither detached, shared nor the module's own
 * memory, and no overlap with what the op reads unless its plan says it may
 * run in place (`reads`).
 */
export function checkOut(context: OpContext, out: unknown, type: DataType, size: number, reads: OutReads): CheckedOut {
  if (type === 'string') throw specError(context, 'out', 'a string output takes no out (strings are not typed arrays)');
  const storage = DTYPES[type].storage;
  const kind = typedArrayKind(out);
  if (!holdsType(kind, type)) {
    throw specError(context, 'out', `out must be a ${storage} for ${/^int/.test(type) ? 'an' : 'a'} ${type} output (got ${describe(out)})`);
  }
  const facts = typedArrayFacts(out as object, kind);
  const length = storageLength(type, size);
  if (facts.length !== length) {
    // A detached buffer reads as length 0: say which it is.
    if (length > 0 && isDetached(facts.buffer)) throw staleViewError(context, 'out', facts.buffer) ?? specError(context, 'out', 'out is on a detached ArrayBuffer');
    throw specError(context, 'out', `out must have length ${length} for this output (got ${facts.length})`);
  }
  if (isSharedBuffer(facts.buffer)) throw specError(context, 'out', 'out must not be on a SharedArrayBuffer (another thread could change it while the op writes)');
  if (facts.buffer === wasm().memory.buffer) throw specError(context, 'out', 'out must be JS memory, not a view of WebAssembly memory (a resident tensor\'s view())');
  const checked = { array: out as ArrayBufferView, facts };
  if (!reads.inPlace) for (const [name, input] of reads.inputs) refuseOverlap(context, checked, input, name);
  return checked;
}

/**
 * Refuses an `out` that shares a byte with an input's data, whatever the two
 * classes (an Int32Array and an Int16Array over one buffer), whichever starts
 * first: the same bytes, out inside x or x inside out, or a partial overlap.
 */
function refuseOverlap(context: OpContext, out: CheckedOut, input: unknown, name: string): void {
  if (typeof input !== 'object' || input === null || ResidentTensor.isResident(input)) return;
  const data = (input as Tensor).data;  // a checked Tensor's own frozen field
  const kind = typedArrayKind(data);
  if (kind === undefined || bufferOf(data as object) !== out.facts.buffer) return;  // the common case, with one getter
  const facts = typedArrayFacts(data as object, kind);
  if (facts.byteLength === 0 || out.facts.byteLength === 0) return;  // no byte to share
  const apart = facts.byteOffset + facts.byteLength <= out.facts.byteOffset || out.facts.byteOffset + out.facts.byteLength <= facts.byteOffset;
  if (!apart) throw specError(context, 'out', `out must not overlap ${name}'s data (bytes ${out.facts.byteOffset}-${out.facts.byteOffset + out.facts.byteLength} and ${facts.byteOffset}-${facts.byteOffset + facts.byteLength} of one buffer)`);
}
