// `out`: writing an op's result into the caller's own typed array instead of
// a fresh one (a fresh typed array costs 7-20x an existing one to write in
// browsers). Checked before anything is written, so a refused call leaves
// `out` as it was.
import { DTYPES, type DataIn, type DataType, holdsType, storageLength } from '../dtype.js';
import { type OpContext, describe, specError } from '../errors.js';
import { type OwnOptions, readOption, readOptions } from '../options.js';
import { type TypedArrayFacts, bufferOf, isDetached, isSharedBuffer, typedArrayFacts, typedArrayKind } from '../typed-array.js';
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
 * Checks `out` for an output of `type` and `size` elements: the storage class
 * and length, a buffer that is neither detached, shared nor the module's own
 * memory.
 */
export function checkOut(context: OpContext, out: unknown, type: DataType, size: number): CheckedOut {
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
    if (length > 0 && isDetached(facts.buffer)) throw specError(context, 'out', 'out is on a detached ArrayBuffer');
    throw specError(context, 'out', `out must have length ${length} for this output (got ${facts.length})`);
  }
  if (isSharedBuffer(facts.buffer)) throw specError(context, 'out', 'out must not be on a SharedArrayBuffer (another thread could change it while the op writes)');
  if (facts.buffer === wasm().memory.buffer) throw specError(context, 'out', 'out must be JS memory, not a view of WebAssembly memory (a resident tensor\'s view())');
  return { array: out as ArrayBufferView, facts };
}

/** Refuses an `out` whose bytes overlap an input's (Tile and AsStrided read the input while writing). */
export function refuseOverlap(context: OpContext, out: CheckedOut, input: unknown, name: string): void {
  const kind = typedArrayKind(input);
  if (kind === undefined || bufferOf(input as object) !== out.facts.buffer) return;  // the common case, with one getter
  const facts = typedArrayFacts(input as object, kind);
  const apart = facts.byteOffset + facts.byteLength <= out.facts.byteOffset || out.facts.byteOffset + out.facts.byteLength <= facts.byteOffset;
  if (!apart) throw specError(context, 'out', `out must not overlap ${name}'s data`);
}
