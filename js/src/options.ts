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
  const own: Record<string, unknown> = Object.create(null);
  if (options === undefined) return own as OwnOptions<K>;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw specError(context, param, `${param} must be an object (got ${describe(options)})${known.length ? `, with ${orList(known)}` : ''}`);
  }
  const unknown: string[] = [];
  // One ownKeys (a Proxy's trap runs once), then one descriptor per key.
  for (const key of Reflect.ownKeys(options)) {
    if (typeof key !== 'string') continue;
    const descriptor = Reflect.getOwnPropertyDescriptor(options, key);
    if (descriptor === undefined) continue;
    if (!(known as readonly string[]).includes(key)) {
      if (descriptor.enumerable) unknown.push(key);
      continue;
    }
    own[key] = valueOf(options, descriptor);
  }
  if (unknown.length > 0) {
    const names = `${noun}${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => describe(k)).join(', ')}`;
    throw specError(context, unknown[0], `unknown ${names} (known: ${knownText(known)})`);
  }
  return own as OwnOptions<K>;
}

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
