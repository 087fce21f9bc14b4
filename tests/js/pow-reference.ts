// float64 pow correctly rounded, from exact and high-precision BigInt
// arithmetic, independent of the kernel's formulation (it has no pairs of
// doubles, tables or polynomials): the reference of the float64 Pow accuracy
// tests (tests/js/elementwise-binary.test.ts).
//
// An integer exponent |y| <= 64 is exact: x = M 2^E, x^n = M^n 2^(nE) (or its
// reciprocal), one rational rounded once. Any other y: ln x by the atanh
// series in 320-bit fixed point, times y exactly, exp by reduction to
// [0, ln 2) and the Taylor series, rounded once; the value is within 2^-300
// of the true one, so its rounding is the correct one but for results that
// close to a midpoint.

const P = 320n;  // fractional bits of the fixed-point numbers
const ONE = 1n << P;

const view = new DataView(new ArrayBuffer(8));

/** x = m 2^e with m a BigInt integer (x finite, > 0). */
function decompose(x: number): { m: bigint; e: number } {
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number(bits >> 52n);
  const frac = bits & ((1n << 52n) - 1n);
  return biased === 0 ? { m: frac, e: -1074 } : { m: frac | (1n << 52n), e: biased - 1075 };
}

const bitLength = (v: bigint) => v.toString(2).length;

/** num / den 2^e2 (num, den > 0) rounded once to the nearest double, ties to even, subnormals and overflow included. */
export function roundToDouble(num: bigint, den: bigint, e2: number): number {
  // q = floor(num 2^sh / den) with at least 56 bits.
  const sh = 58 - (bitLength(num) - bitLength(den));
  const n = sh >= 0 ? num << BigInt(sh) : num;
  const d = sh >= 0 ? den : den << BigInt(-sh);
  let q = n / d;
  const inexact = n % d !== 0n;
  const lsb = e2 - sh;  // q's last bit is worth 2^lsb
  const top = lsb + bitLength(q) - 1;  // 2^top <= value < 2^(top + 1)
  const target = Math.max(top - 52, -1074);  // the last bit of the double
  const drop = BigInt(target - lsb);  // >= 3
  const rest = q & ((1n << drop) - 1n);
  const half = 1n << (drop - 1n);
  q >>= drop;
  if (rest > half || (rest === half && (inexact || (q & 1n) === 1n))) q += 1n;
  const lo = Math.floor(target / 2);
  return Number(q) * 2 ** lo * 2 ** (target - lo);  // exact (or Inf) in two steps
}

/** 2 atanh(num / den) in fixed point: ln((den + num) / (den - num)). */
function twoAtanh(num: bigint, den: bigint): bigint {
  const s = (num * ONE) / den;
  const s2 = (s * s) >> P;
  let term = s;
  let sum = 0n;
  for (let k = 1n; term !== 0n; k += 2n) {
    sum += term / k;
    term = (term * s2) >> P;
  }
  return 2n * sum;
}

const LN2 = twoAtanh(1n, 3n);

/** ln x in fixed point (x finite, > 0). */
function ln(x: number): bigint {
  const { m, e } = decompose(x);
  const b = bitLength(m) - 1;  // x = (m / 2^b) 2^(e + b), m / 2^b in [1, 2)
  const f = 1n << BigInt(b);
  return twoAtanh(m - f, m + f) + BigInt(e + b) * LN2;
}

/** |x|^y correctly rounded for |x| finite and > 0 and y finite (the sign is the caller's). */
export function powAbs(x: number, y: number): number {
  const ax = Math.abs(x);
  if (Number.isInteger(y) && Math.abs(y) <= 64) {
    const { m, e } = decompose(ax);
    const n = BigInt(Math.abs(y));
    const mn = m ** n;
    return y >= 0 ? roundToDouble(mn, 1n, e * Math.abs(y)) : roundToDouble(1n, mn, -e * Math.abs(y));
  }
  const { m: ym, e: ye } = decompose(Math.abs(y));
  let t = ln(ax) * ym;
  t = ye >= 0 ? t << BigInt(ye) : t >> BigInt(-ye);  // floor: within 2^-320 (|ln x| < 2^10, so t < 2^1086 2^320 at most)
  if (y < 0) t = -t;
  if (t > 720n * ONE) return Infinity;
  if (t < -760n * ONE) return 0;
  let k = t / LN2;  // toward zero; then floor
  if (k * LN2 > t) k -= 1n;
  const r = t - k * LN2;  // [0, ln 2)
  let term = ONE;
  let sum = 0n;
  for (let i = 1n; term !== 0n; i += 1n) {
    sum += term;
    term = (term * r) / (ONE * i);
  }
  return roundToDouble(sum, 1n, Number(k) - Number(P));
}

/** C99 pow correctly rounded: the special cases, then the sign of an odd integer power of a negative base. */
export function powReference(x: number, y: number): number {
  if (y === 0 || x === 1) return 1;
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  const odd = Number.isFinite(y) && Number.isInteger(y) && Math.abs(y % 2) === 1;
  if (x === -1 && !Number.isFinite(y)) return 1;
  if (x < 0 && Number.isFinite(x) && Number.isFinite(y) && !Number.isInteger(y)) return NaN;
  let mag: number;
  const ax = Math.abs(x);
  if (ax === 0) mag = y < 0 ? Infinity : 0;
  else if (ax === Infinity) mag = y < 0 ? 0 : Infinity;
  else if (y === Infinity) mag = ax > 1 ? Infinity : 0;
  else if (y === -Infinity) mag = ax > 1 ? 0 : Infinity;
  else mag = powAbs(ax, y);
  const negative = (x < 0 || Object.is(x, -0)) && odd;
  return negative ? -mag : mag;
}

/** The distance in ulps between two doubles (0 for two NaNs; across zero counted through it). */
export function ulpDistance(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b) ? 0 : Infinity;
  const key = (v: number) => {
    view.setFloat64(0, v);
    const bits = view.getBigUint64(0);
    return bits >> 63n ? -(bits & ((1n << 63n) - 1n)) : bits;
  };
  const d = key(a) - key(b);
  return Number(d < 0n ? -d : d);
}
