// Decimal text to numbers and back, exactly: the one parser and formatter
// every string conversion goes through (Cast and CastLike from and to
// string). A literal is read into its exact value, digits x 10^exponent,
// and rounded once, directly into the target format: no intermediate
// double. BigInt arithmetic throughout: strings are a slow path.
import type { RoundMode } from './formats.js';

/** A finite decimal: (-1)^negative x digits x 10^exponent; digits 0n is a (signed) zero. */
export interface Decimal {
  readonly negative: boolean;
  readonly digits: bigint;
  readonly exponent: number;
}

/** A parsed literal: NaN, an infinity, or a finite decimal. */
export type Literal = { readonly kind: 'nan' } | { readonly kind: 'infinity'; readonly negative: boolean } | ({ readonly kind: 'finite' } & Decimal);

const LITERAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

// Past 10^BEYOND every format here overflows and below 10^-BEYOND every one
// rounds to zero (doubles reach 1.8e308 and 4.9e-324; int64 and uint64 end
// below 10^20): such a value is kept as 10^(+/-BEYOND), which every format
// rounds exactly as it rounds the value itself. Far past the bound, not at it.
const BEYOND = 400;
// Significant digits kept: every halfway point between neighbouring doubles
// (and so between values of any narrower format) has at most 767; digits past
// the 800th only say "a little more", which one sticky digit 1 says as well.
const KEPT_DIGITS = 800;

/**
 * "NaN", "INF", "+INF", "-INF" (ASCII case ignored) or a decimal literal,
 * plain or scientific, of any length and exponent; undefined for anything else.
 */
export function parseDecimal(text: string): Literal | undefined {
  if (/^[+]?inf$/i.test(text)) return { kind: 'infinity', negative: false };
  if (/^-inf$/i.test(text)) return { kind: 'infinity', negative: true };
  if (/^nan$/i.test(text)) return { kind: 'nan' };
  const match = LITERAL.exec(text);
  if (match === null) return undefined;
  const whole = match[2] ?? '';
  const fraction = match[3] ?? '';
  if (whole.length + fraction.length === 0) return undefined;
  const negative = match[1] === '-';
  let significant = (whole + fraction).replace(/^0+/, '');
  if (significant === '') return { kind: 'finite', negative, digits: 0n, exponent: 0 };
  // The exponent exactly, however long it is written, less the fraction's digits.
  let exponent = BigInt(match[4] ?? '0') - BigInt(fraction.length);
  let end = significant.length;
  while (significant.charCodeAt(end - 1) === 48) end--;  // trailing zeros into the exponent
  exponent += BigInt(significant.length - end);
  significant = significant.slice(0, end);
  const order = BigInt(significant.length) + exponent;  // the value lies in [10^(order-1), 10^order)
  if (order > BigInt(BEYOND)) return { kind: 'finite', negative, digits: 1n, exponent: BEYOND };
  if (order < BigInt(-BEYOND)) return { kind: 'finite', negative, digits: 1n, exponent: -BEYOND - 1 };
  if (significant.length > KEPT_DIGITS) {
    // The last digit is not 0 (stripped above): what is dropped is more than nothing.
    exponent += BigInt(significant.length - KEPT_DIGITS - 1);
    significant = `${significant.slice(0, KEPT_DIGITS)}1`;
  }
  return { kind: 'finite', negative, digits: BigInt(significant), exponent: Number(exponent) };
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** |d| as a fraction num / den of bigints. */
function fraction(d: Decimal): [bigint, bigint] {
  return d.exponent >= 0 ? [d.digits * 10n ** BigInt(d.exponent), 1n] : [d.digits, 10n ** BigInt(-d.exponent)];
}

/** floor(log2(num / den)) of a positive fraction. */
function log2Floor(num: bigint, den: bigint): number {
  const k = bitLength(num) - bitLength(den);  // num / den lies in [2^(k-1), 2^(k+1))
  const atLeast = k >= 0 ? num >= den << BigInt(k) : num << BigInt(-k) >= den;
  return atLeast ? k : k - 1;
}

/**
 * d rounded to nearest, ties to even, into a binary format of `precision`
 * significant bits whose smallest normal exponent is `minExponent` (its
 * subnormals have that exponent), with no largest exponent: the result as a
 * double, exact (it has at most `precision` bits), or +/-Infinity past the
 * doubles' range. Overflow is the caller's rule: a result above the format's
 * largest finite value is the format's overflow.
 */
export function roundToBinary(d: Decimal, precision: number, minExponent: number): number {
  if (d.digits === 0n) return d.negative ? -0 : 0;
  const [num, den] = fraction(d);
  const e = Math.max(log2Floor(num, den), minExponent);
  const q = e - (precision - 1);  // the result counts units of 2^q
  const n = q >= 0 ? num : num << BigInt(-q);
  const m = q >= 0 ? den << BigInt(q) : den;
  let units = n / m;
  const twice = (n - units * m) * 2n;
  if (twice > m || (twice === m && (units & 1n) === 1n)) units++;
  const value = Number(units) * 2 ** q;  // units <= 2^precision: exact; 2^q underflows nowhere (q >= -1074)
  return d.negative ? -value : value;
}

/** How to round to a power of two (float8e8m0): 'up' to the one at or above |d|, 'down' at or below, 'nearest' ties up. */
export type PowerRounding = RoundMode;

/** |d| rounded to a power of two by `mode`, as a double (0 below 2^-1074, Infinity past 2^1023): exact. */
export function roundToPowerOfTwo(d: Decimal, mode: PowerRounding): number {
  if (d.digits === 0n) return 0;
  const [num, den] = fraction(d);
  const k = log2Floor(num, den);
  let power = k;
  if (mode === 'up') {
    const exact = k >= 0 ? num === den << BigInt(k) : num << BigInt(-k) === den;
    if (!exact) power = k + 1;
  } else if (mode === 'nearest') {
    // |d| >= 1.5 x 2^k, that is 2 |d| >= 3 x 2^k
    const atLeast = k >= 0 ? num * 2n >= (den * 3n) << BigInt(k) : (num * 2n) << BigInt(-k) >= den * 3n;
    if (atLeast) power = k + 1;
  }
  return power < -1074 ? 0 : 2 ** power;
}

/** d truncated toward zero, exactly. */
export function truncateDecimal(d: Decimal): bigint {
  const t = d.exponent >= 0 ? d.digits * 10n ** BigInt(d.exponent) : d.digits / 10n ** BigInt(-d.exponent);
  return d.negative ? -t : t;
}

/** d rounded to the nearest integer, ties to even, exactly. */
export function roundDecimalHalfEven(d: Decimal): bigint {
  if (d.exponent >= 0) return truncateDecimal(d);
  const den = 10n ** BigInt(-d.exponent);
  let t = d.digits / den;
  const twice = (d.digits - t * den) * 2n;
  if (twice > den || (twice === den && (t & 1n) === 1n)) t++;
  return d.negative ? -t : t;
}

/**
 * The shortest decimal that `readsBack` (the same rules that will read it:
 * the round mode included) turns into `value` again, in JavaScript's number
 * notation; among the shortest, the nearest to `value`. `value` is finite,
 * not zero, and exactly what the format holds.
 */
export function shortestDecimal(value: number, readsBack: (d: Decimal) => boolean): string {
  const negative = value < 0;
  for (let n = 1; n <= 17; n++) {
    // The nearest n-digit decimal (toExponential rounds the double exactly), and its neighbours either side.
    const [mantissa, power] = Math.abs(value).toExponential(n - 1).split('e');
    const digits = BigInt(mantissa.replace('.', ''));
    const exponent = Number(power) - (n - 1);
    const nearest = { negative, digits, exponent };
    if (readsBack(nearest)) return render(nearest);
    const below = { negative, digits: digits - 1n, exponent };
    const above = { negative, digits: digits + 1n, exponent };
    const belowReads = below.digits > 0n && readsBack(below);
    const aboveReads = readsBack(above);
    if (belowReads && aboveReads) {
      const a = Math.abs(value);
      return render(Math.abs(Number(render(below)) - a) <= Math.abs(Number(render(above)) - a) ? below : above);
    }
    if (belowReads) return render(below);
    if (aboveReads) return render(above);
  }
  return String(value);  // 17 digits always read back as the double itself
}

/** A decimal of at most 17 digits in JavaScript's number notation ("1.5", "6e-39", "1e+21"). */
function render(d: Decimal): string {
  return String(Number(`${d.negative ? '-' : ''}${d.digits}e${d.exponent}`));
}
