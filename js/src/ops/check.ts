// Checks shared by the ops.
import type { DataType } from '../dtype.js';
import { type OpContext, specError } from '../errors.js';

/** The type must be one the op's version allows. */
export function requireType(context: OpContext, name: string, type: DataType, allowed: readonly DataType[]): void {
  if (!allowed.includes(type)) {
    throw specError(context, `${name} type must be one of ${allowed.join(', ')} (got ${type})`);
  }
}
