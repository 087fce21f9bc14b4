// exp, log, pow, tanh and sigmoid in f64x2 lanes, from IEEE add, subtract,
// multiply and divide only (no libm, no fused multiply-add): the same bits
// in tessera.wasm, tessera-scalar.wasm and natively. float32 computes in
// float64 and rounds once at the end (the float64 result is far inside half
// a float32 ulp, so the float32 result is within 1 ulp, nearly always the
// correctly rounded one); float16 and bfloat16 go through float32.
// kTerms trades speed for accuracy: the float64 kernels use full-length
// polynomials, the float32 ones shorter ones (README.md has the measured
// errors of each).
//
// exp:  x = k ln2 + r, |r| <= ln2 / 2 (Cody and Waite's two-part ln2, so
//       k ln2_hi is exact), exp(r) - 1 by its Taylor series, times 2^k in
//       two exact steps (the second rounds a subnormal result once).
// log:  x = 2^k m, m in [sqrt(1/2), sqrt(2)), f = m - 1, s = f / (2 + f):
//       log(1 + f) = f - f^2/2 + s (f^2/2 + R(s^2)), R the series of
//       2 atanh(s) - 2s over s (coefficients 2 / (2n + 1)).
// tanh, sigmoid: from e = exp(-|x|) (or exp(-2|x|)) kept as 2^k (1 + p),
//       so that 1 - e and 1 + e are exact pairs of doubles, and one division
//       of such pairs with a correction step: no cancellation near 0.
#pragma once
#include <cstdint>

#include "tessera/simd.h"

namespace tessera::math {

inline v128_t splat(double v) { return wasm_f64x2_splat(v); }
inline v128_t add(v128_t a, v128_t b) { return wasm_f64x2_add(a, b); }
inline v128_t sub(v128_t a, v128_t b) { return wasm_f64x2_sub(a, b); }
inline v128_t mul(v128_t a, v128_t b) { return wasm_f64x2_mul(a, b); }
inline v128_t div(v128_t a, v128_t b) { return wasm_f64x2_div(a, b); }
inline v128_t select(v128_t if_set, v128_t otherwise, v128_t mask) { return wasm_v128_bitselect(if_set, otherwise, mask); }
inline v128_t sign_bit() { return wasm_i64x2_splat(INT64_MIN); }
inline v128_t abs(v128_t x) { return wasm_v128_andnot(x, sign_bit()); }

constexpr double kLn2Hi = 6.93147180369123816490e-01;  // 0x3fe62e42fee00000: 32 significant bits
constexpr double kLn2Lo = 1.90821492927058770002e-10;  // ln 2 - kLn2Hi
constexpr double kInvLn2 = 1.44269504088896338700e+00;
constexpr double kShifter = 0x1.8p52;                 // x + kShifter - kShifter rounds x to an integer

constexpr double inverse_factorial(int n) {
  double f = 1;
  for (int i = 2; i <= n; ++i) f *= i;  // exact up to 18!
  return 1 / f;
}

// ---------------------------------------------------------------- pairs of doubles
// Exact sums and products (Knuth's two-sum, Dekker's product with
// Veltkamp's split): hi + lo equals the exact result.
struct Pair {
  v128_t hi, lo;
};

inline Pair two_sum(v128_t a, v128_t b) {
  const v128_t s = add(a, b);
  const v128_t bb = sub(s, a);
  return {s, add(sub(a, sub(s, bb)), sub(b, bb))};
}

inline Pair split(v128_t a) {
  const v128_t c = mul(a, splat(134217729.0));  // 2^27 + 1
  const v128_t hi = sub(c, sub(c, a));
  return {hi, sub(a, hi)};
}

inline Pair two_product(v128_t a, v128_t b) {
  const v128_t p = mul(a, b);
  const Pair x = split(a), y = split(b);
  const v128_t err = add(add(sub(mul(x.hi, y.hi), p), mul(x.hi, y.lo)), mul(x.lo, y.hi));
  return {p, add(err, mul(x.lo, y.lo))};
}

// (n.hi + n.lo) / (d.hi + d.lo), to nearly correct rounding: a quotient, its
// exact residual, and one correction.
inline v128_t divide(Pair n, Pair d) {
  const v128_t q = div(n.hi, d.hi);
  const Pair qd = two_product(q, d.hi);
  const v128_t residual = sub(add(sub(sub(n.hi, qd.hi), qd.lo), n.lo), mul(q, d.lo));
  return add(q, div(residual, d.hi));
}

// ---------------------------------------------------------------- exp
// exp(x) = 2^k (1 + p.hi + p.lo), x clamped to where exp is finite and
// non-zero. r = x - k ln2 stays a pair (x - k ln2_hi is exact), and p =
// r_hi + (r^2 q(r) - r_lo) is summed exactly: only r^2 q carries a rounding.
struct ExpSplit {
  Pair p;     // exp(r) - 1, |p| < 0.42
  v128_t ki;  // k in i64 lanes
};

template <int kTerms>
inline ExpSplit exp_split(v128_t x) {
  x = select(splat(710.0), x, wasm_f64x2_gt(x, splat(710.0)));  // NaN lanes stay NaN; callers fix them
  x = select(splat(-746.0), x, wasm_f64x2_lt(x, splat(-746.0)));
  const v128_t shifted = add(mul(x, splat(kInvLn2)), splat(kShifter));
  const v128_t kd = sub(shifted, splat(kShifter));
  const v128_t r_hi = sub(x, mul(kd, splat(kLn2Hi)));
  const v128_t r_lo = mul(kd, splat(kLn2Lo));
  const v128_t r = sub(r_hi, r_lo);
  v128_t q = splat(inverse_factorial(kTerms));
  for (int n = kTerms - 1; n >= 2; --n) q = add(mul(q, r), splat(inverse_factorial(n)));
  return {two_sum(r_hi, sub(mul(mul(r, r), q), r_lo)), wasm_i64x2_sub(shifted, wasm_f64x2_splat(kShifter))};
}

// 2^k as a double for |k| <= 1022.
inline v128_t pow2(v128_t ki) { return wasm_i64x2_shl(wasm_i64x2_add(ki, wasm_i64x2_splat(1023)), 52); }

// v * 2^k for any k exp_split makes (-1077 .. 1025): two exact steps, the
// second rounding once into the subnormals or overflowing to Inf.
inline v128_t scale(v128_t v, v128_t ki) {
  const v128_t k1 = wasm_i64x2_shr(ki, 1);
  return mul(mul(v, pow2(k1)), pow2(wasm_i64x2_sub(ki, k1)));
}

template <int kTerms>
inline v128_t exp(v128_t x) {
  const ExpSplit e = exp_split<kTerms>(x);
  const Pair one = two_sum(splat(1.0), e.p.hi);
  return scale(add(one.hi, add(one.lo, e.p.lo)), e.ki);
}

// ---------------------------------------------------------------- log
template <int kTerms>
inline v128_t log(v128_t x) {
  const v128_t tiny = wasm_f64x2_lt(x, splat(0x1p-1022));  // subnormals (and <= 0, fixed below)
  const v128_t xs = select(mul(x, splat(0x1p54)), x, tiny);
  const v128_t bits = xs;
  v128_t e = wasm_u64x2_shr(bits, 52);
  v128_t m = wasm_v128_or(wasm_v128_and(bits, wasm_i64x2_splat(0x000fffffffffffffll)), wasm_i64x2_splat(0x3ff0000000000000ll));
  const v128_t big = wasm_f64x2_gt(m, splat(1.4142135623730951));
  m = select(mul(m, splat(0.5)), m, big);
  e = wasm_i64x2_sub(e, big);  // big is -1 where set
  const v128_t k = sub(sub(wasm_f64x2_convert_low_i32x4(wasm_i32x4_shuffle(e, e, 0, 2, 0, 2)), splat(1023.0)),
                       wasm_v128_and(tiny, splat(54.0)));
  const v128_t f = sub(m, splat(1.0));
  const v128_t s = div(f, add(splat(2.0), f));
  const v128_t z = mul(s, s);
  v128_t r = splat(2.0 / (2 * kTerms + 1));
  for (int n = kTerms - 1; n >= 1; --n) r = add(mul(r, z), splat(2.0 / (2 * n + 1)));
  r = mul(r, z);
  const v128_t hfsq = mul(splat(0.5), mul(f, f));
  v128_t y = add(mul(k, splat(kLn2Hi)), sub(f, sub(hfsq, add(mul(s, add(hfsq, r)), mul(k, splat(kLn2Lo))))));
  // log(+0) = -Inf, log(x < 0) = NaN, log(+Inf) = +Inf, NaN kept.
  y = select(splat(-__builtin_inf()), y, wasm_f64x2_eq(x, splat(0.0)));
  y = select(wasm_i64x2_splat(0x7ff8000000000000ll), y, wasm_f64x2_lt(x, splat(0.0)));
  y = select(x, y, wasm_v128_or(wasm_f64x2_eq(x, splat(__builtin_inf())), wasm_f64x2_ne(x, x)));
  return y;
}

// ---------------------------------------------------------------- pow
// C99 pow's special cases, then exp(y log |x|) with the sign of an odd
// integer power of a negative base.
template <int kExpTerms, int kLogTerms>
inline v128_t pow(v128_t x, v128_t y) {
  const v128_t inf = splat(__builtin_inf());
  v128_t r = exp<kExpTerms>(mul(y, log<kLogTerms>(abs(x))));
  const v128_t y_int = wasm_f64x2_eq(wasm_f64x2_floor(y), y);
  const v128_t half = mul(y, splat(0.5));
  const v128_t y_odd = wasm_v128_and(y_int, wasm_f64x2_ne(wasm_f64x2_floor(half), half));
  const v128_t negative_base = wasm_i64x2_lt(x, wasm_i64x2_splat(0));  // the sign bit: -0 and -Inf too
  r = wasm_v128_xor(r, wasm_v128_and(wasm_v128_and(negative_base, y_odd), sign_bit()));
  const v128_t finite_x = wasm_f64x2_lt(abs(x), inf);
  const v128_t nan = wasm_v128_andnot(wasm_v128_and(wasm_f64x2_lt(x, splat(0.0)), finite_x), y_int);
  r = select(wasm_i64x2_splat(0x7ff8000000000000ll), r, wasm_v128_and(nan, wasm_f64x2_eq(y, y)));
  const v128_t one = wasm_v128_or(wasm_v128_or(wasm_f64x2_eq(y, splat(0.0)), wasm_f64x2_eq(x, splat(1.0))),
                                  wasm_v128_and(wasm_f64x2_eq(x, splat(-1.0)), wasm_f64x2_eq(abs(y), inf)));
  return select(splat(1.0), r, one);
}

// ---------------------------------------------------------------- tanh, sigmoid
// e = exp(-a), a >= 0, as three terms 2^k + 2^k p.hi + 2^k p.lo (scaled as
// exp scales: any k).
struct Three {
  v128_t one, hi, lo;
};

template <int kTerms>
inline Three exp_minus(v128_t a) {
  const ExpSplit e = exp_split<kTerms>(wasm_v128_xor(a, sign_bit()));
  return {scale(splat(1.0), e.ki), scale(e.p.hi, e.ki), scale(e.p.lo, e.ki)};
}

inline Three negated(Three e) {
  return {wasm_v128_xor(e.one, sign_bit()), wasm_v128_xor(e.hi, sign_bit()), wasm_v128_xor(e.lo, sign_bit())};
}

// 1 + e as a renormalized pair: the two large terms summed exactly, the
// small ones after.
inline Pair one_plus(Three e) {
  const Pair s = two_sum(splat(1.0), e.one);
  const Pair u = two_sum(s.hi, e.hi);
  return two_sum(u.hi, add(add(u.lo, s.lo), e.lo));
}

// sigmoid(x) = 1 / (1 + e) for x >= 0 and e / (1 + e) below, e = exp(-|x|).
template <int kTerms>
inline v128_t sigmoid(v128_t x) {
  const Three e = exp_minus<kTerms>(abs(x));
  const Pair d = one_plus(e);
  const v128_t negative = wasm_f64x2_lt(x, splat(0.0));
  const Pair ep = two_sum(e.one, e.hi);
  const Pair n = {select(ep.hi, splat(1.0), negative), wasm_v128_and(add(ep.lo, e.lo), negative)};
  const v128_t y = divide(n, d);
  return select(x, y, wasm_f64x2_ne(x, x));
}

// tanh(x) = sign(x) (1 - e) / (1 + e), e = exp(-2|x|): 1 - e is exact as a
// pair, and for small |x| it is -p itself (k = 0), with no cancellation.
template <int kTerms>
inline v128_t tanh(v128_t x) {
  const v128_t a = abs(x);
  const Three e = exp_minus<kTerms>(add(a, a));
  const Pair n = one_plus(negated(e));
  const Pair d = one_plus(e);
  const v128_t y = wasm_v128_or(divide(n, d), wasm_v128_and(x, sign_bit()));
  return select(x, y, wasm_f64x2_ne(x, x));
}

}  // namespace tessera::math
