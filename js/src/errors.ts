/**
 * The error every rejected call throws. `op` and `version` say which op (and
 * which of its versions) refused; the message names the broken constraint and
 * the value that broke it, e.g.
 * `Tile-13: repeats must have one entry per input dimension (input rank 3, got 2)`.
 */
export class SpecError extends Error {
  readonly op: string;
  readonly version: number | undefined;

  constructor(op: string, version: number | undefined, message: string) {
    super(`${version === undefined ? op : `${op}-${version}`}: ${message}`);
    this.name = 'SpecError';
    this.op = op;
    this.version = version;
  }
}

/** Who is checking: an op and its version, carried into every SpecError it raises. */
export interface OpContext {
  readonly op: string;
  readonly version?: number;
}

export function specError(context: OpContext, message: string): SpecError {
  return new SpecError(context.op, context.version, message);
}

/** Describes a value for an error message, briefly. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.length > 8 ? `an array of length ${value.length}` : `[${value.map(describe).join(', ')}]`;
  return (value as object).constructor?.name ?? 'an object';
}
