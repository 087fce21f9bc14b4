// Options objects, read one way everywhere: init(), autoRelease, encode,
// toTensorProto, the interop helpers, runNode's node and attributes, and the
// ops' `{ out, resident }` and AsStrided's params. Each object is read once,
// own properties only (an inherited `saturate` on a polluted Object.prototype
// is nobody's argument), each property once (a getter runs once, its answer
// is the value), into a record with no prototype; a key the function does not
// know is a SpecError naming it, so a misspelt option is never silently
// ignored. The value checks shared by several options follow.
import { type OpContext, describe, specError } from './errors.js';

/** The own options, by name, with no prototype: absent keys read as undefined. */
export type OwnOptions<K extends string> = { readonly [key in K]?: unknown };

/**
 * `options` read once into a prototype-free record of its own properties
 * among `known` (undefined: none given). Anything but a plain object (an
 * array, a function, a primitive) and any unknown own key are refused.
 * Symbol keys and non-enumerable keys the function does not know are ignored
 * (they are not options anyone writes by mistake).
 */
export function readOptions<K extends string>(context: OpContext, param: string, options: unknown, known: readonly K[], noun = 'option'): OwnOptions<K> {
  if (options === undefined) return NONE as OwnOptions<K>;
  const own: Record<string, unknown> = Object.create(null);
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw specError(context, param, `${param} must be an object (got ${describe(options)})${known.length ? `, with ${orList(known)}` : ''}`);
  }
  // The own enumerable keys, for the unknown ones; then one descriptor per
  // known key. (Every own key's descriptor, as this read before, cost an op's
  // { out } about 0.2 us in V8: a small op's fifth.)
  const keys = Object.keys(options);
  let unknown: string[] | undefined;
  for (let i = 0; i < keys.length; i++) {
    if (!(known as readonly string[]).includes(keys[i])) (unknown ??= []).push(keys[i]);
  }
  if (unknown !== undefined) {
    const names = `${noun}${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => describe(k)).join(', ')}`;
    throw specError(context, unknown[0], `unknown ${names} (known: ${knownText(known)})`);
  }
  for (let i = 0; i < known.length; i++) {
    const descriptor = Reflect.getOwnPropertyDescriptor(options, known[i]);
    if (descriptor !== undefined) own[known[i]] = valueOf(options, descriptor);
  }
  return own as OwnOptions<K>;
}

/**
 * readOptions for an object of one known key, its value without a record
 * (an op's `{ out }` on every call: the record cost a small op 0.07 us).
 */
export function readOption(context: OpContext, param: string, options: unknown, key: string): unknown {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw specError(context, param, `${param} must be an object (got ${describe(options)}), with ${key}`);
  }
  const keys = Object.keys(options);
  // The common call, { out }: an own enumerable key, read once as a plain get (no descriptor object made).
  if (keys.length === 1 && keys[0] === key) return (options as Record<string, unknown>)[key];
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] !== key) return readOptions(context, param, options, [key])[key];  // the unknown key's error, worded once
  }
  const descriptor = Reflect.getOwnPropertyDescriptor(options, key);  // none, or a non-enumerable own one
  return descriptor === undefined ? undefined : valueOf(options, descriptor);
}

// No options given: one empty record for every call (frozen, no prototype).
const NONE: Record<string, unknown> = Object.freeze(Object.create(null));

/** An own property's value, read once (a getter runs once); undefined when absent or inherited. */
export function ownValue(object: object, key: string): unknown {
  const descriptor = Reflect.getOwnPropertyDescriptor(object, key);
  return descriptor === undefined ? undefined : valueOf(object, descriptor);
}

function valueOf(object: object, descriptor: PropertyDescriptor): unknown {
  // A descriptor's fields are own data properties of a fresh object: no inherited `value` or `get` is read here.
  return Object.prototype.hasOwnProperty.call(descriptor, 'get') ? descriptor.get?.call(object) : descriptor.value;
}

function knownText(known: readonly string[]): string {
  return known.length === 0 ? 'none' : known.join(', ');
}

/** 'a', 'a or b', 'a, b or c'. */
function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

// ---------------------------------------------------------------- value checks

/** An optional boolean option. */
export function booleanOption(context: OpContext, name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw specError(context, name, `options.${name} must be a boolean (got ${describe(value)})`);
  return value;
}

/** An optional option that must be one of a few strings. */
export function choiceOption<C extends string>(context: OpContext, name: string, value: unknown, choices: readonly C[], fallback: C): C {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw specError(context, name, `options.${name} must be ${orList(choices.map((c) => `'${c}'`))} (got ${describe(value)})`);
  }
  return value as C;
}

/**
 * An optional whole number in [0, max], or Infinity where `infinity` allows it
 * (meaning "never" or "no limit"): NaN, negatives, fractions, strings and
 * anything past max are refused, never clamped or coerced.
 */
export function countOption<F extends number | undefined>(context: OpContext, name: string, value: unknown, max: number, infinity: boolean,
  fallback: F, label = `options.${name}`): number | F {
  if (value === undefined) return fallback;
  if (infinity && value === Infinity) return Infinity;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    const range = `a whole number from 0 to ${max}${infinity ? ' or Infinity' : ''}`;
    throw specError(context, name, `${label} must be ${range} (got ${describe(value)})`);
  }
  return value + 0;  // -0 is 0
}
