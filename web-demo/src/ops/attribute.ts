// An attribute typed as text, when no descriptor says what it is: read as
// JSON-ish (an int, a float, a list of them, a string quoted or bare), and
// written back as the JS literal the code view shows.
import { InputError } from '../nested.js';

export type AttributeValue = number | bigint | string | readonly (number | bigint | string)[];

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const SPECIAL = /^[+-]?(nan|inf|infinity)$/i;

function scalar(text: string): number | bigint | string {
  const t = text.trim();
  if (t === '') throw new InputError('an empty entry in the list');
  if (t.startsWith('"') || t.startsWith("'")) {
    if (t.length < 2 || t.at(-1) !== t[0]) throw new InputError(`unterminated string ${t}`);
    try {
      return t[0] === '"' ? JSON.parse(t) as string : t.slice(1, -1);
    } catch {
      throw new InputError(`bad escape in the string ${t}`);
    }
  }
  if (/^[+-]?\d+$/.test(t)) {
    // An int64 beyond 2^53 stays exact, as a bigint (the library takes both).
    const value = BigInt(t);
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  }
  if (NUMBER.test(t)) return Number(t);
  if (SPECIAL.test(t)) return /nan/i.test(t) ? NaN : t.startsWith('-') ? -Infinity : Infinity;
  if (/^[\w.-]+$/.test(t)) return t;  // a bare word: a string attribute's value (mode: nearest)
  throw new InputError(`"${t}" is not a number, a string or a list (quote a string with spaces or commas)`);
}

/** Splits a list's body at its top-level commas (a quoted string may hold commas). */
function entries(body: string): string[] {
  const out: string[] = [];
  let quote = '';
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === ',') {
      out.push(body.slice(start, i));
      start = i + 1;
    } else if (c === '[' || c === ']') {
      throw new InputError('a list of lists is not an attribute this page can pass');
    }
  }
  out.push(body.slice(start));
  return out;
}

/** The attribute a text gives, or undefined for an empty text (the attribute is left out). */
export function parseAttribute(text: string): AttributeValue | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const bracketed = /^\[(.*)\]$/s.exec(t);
  if (bracketed) return bracketed[1].trim() === '' ? [] : entries(bracketed[1]).map(scalar);
  // `2, 3` is a list too, as in the ints fields.
  const parts = entries(t);
  return parts.length > 1 ? parts.map(scalar) : scalar(t);
}

function literal(value: number | bigint | string): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return Number.isNaN(value) ? 'NaN' : value === Infinity ? 'Infinity' : value === -Infinity ? '-Infinity' : Object.is(value, -0) ? '-0' : String(value);
}

/** The JS literal of a parsed attribute: `2`, `[1, 2]`, `'nearest'`. */
export function attributeCode(value: AttributeValue): string {
  return Array.isArray(value) ? `[${(value as readonly (number | bigint | string)[]).map(literal).join(', ')}]` : literal(value as number | bigint | string);
}
