/**
 * The error every rejected call throws. `op` and `version` say which op (and
 * which of its versions) refused, `param` which argument, attribute or
 * option was at fault (`'repeats'`, `'stride'`, `'out'`; undefined when no
 * one argument is); the message names the broken constraint and the value
 * that broke it, e.g.
 * `Tile-13: repeats must have one entry per input dimension (input rank 3, got 2)`.
 */
export class SpecError extends Error {
  /** The op that refused, e.g. `'Tile'`; or the function, e.g. `'Tensor'`, `'toResident'`. */
  readonly op: string;
  /** The op's version whose rules were broken (`13` for Tile-13); undefined for unversioned ops (AsStrided) and helpers. */
  readonly version: number | undefined;
  /** The argument, attribute or option at fault (`'repeats'`, `'stride'`, `'out'`); undefined when no one argument is. */
  readonly param: string | undefined;

  constructor(op: string, version: number | undefined, message: string, param?: string) {
    super(`${version === undefined ? op : `${op}-${version}`}: ${message}`);
    this.name = 'SpecError';
    this.op = op;
    this.version = version;
    this.param = param;
  }
}

/** Who is checking: an op and its version, carried into every SpecError it raises. */
export interface OpContext {
  readonly op: string;
  readonly version?: number;
}

export function specError(context: OpContext, param: string | undefined, message: string): SpecError {
  return new SpecError(context.op, context.version, message, param);
}

/** Describes a value for an error message, briefly, without running any of its code. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'function') return 'a function';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.length > 8 ? `an array of length ${value.length}` : `[${value.map(describe).join(', ')}]`;
  return `${className(value)}`;
}

// The class name for a message: read defensively (a Proxy's trap may throw,
// a constructor's name may be a Symbol or a getter).
function className(value: object): string {
  try {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== '' ? name : 'an object';
  } catch {
    return 'an object';
  }
}
