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

// ---------------------------------------------------------------- float64 pow
// pow(x, y) = exp(y log |x|) with log |x| and the product carried as pairs of
// doubles, so that float64 pow is not |y log x| ulps off as the plain form
// is (float32 has 29 spare bits and keeps the plain form above). Relative
// errors before the one final rounding: log |x| about 2^-68, y log |x| exact
// as a pair but for that, exp of the pair about 2^-59: the result is within
// about 0.53 ulp (0.5254 measured), so exact results come out exact, and
// nearly all others are correctly rounded (docs/number-formats.md has the
// measured figures).
//
// log: x = 2^k m, m in [sqrt(1/2), sqrt(2)), c = i / 64 the nearest 64th
//      (i = 45 .. 91), log m = log c + 2 atanh(s), s = (m - c) / (m + c),
//      |s| < 0.0056: m - c is exact, s a pair by one correction, 2s a pair,
//      the rest of the series (2s^3/3 + .. 2s^11/11, within 2^-78) one double.
//      log c from the table as a pair (hi, the rest), k ln 2 from the
//      32-bit kLn2Hi (k kLn2Hi exact) and kLn2Lo.
struct LogC {
  double hi, lo;
};
alignas(16) inline constexpr LogC kLogC[47] = {
    {-0x1.68ac83e9c6a14p-2, -0x1.a64eadd740178p-58},  // log(45/64)
    {-0x1.522ae0738a3d8p-2, 0x1.8f7e9b38a6979p-57},  // log(46/64)
    {-0x1.3c25277333184p-2, 0x1.2ad27e50a8ec6p-56},  // log(47/64)
    {-0x1.269621134db92p-2, -0x1.e0efadd9db02bp-56},  // log(48/64)
    {-0x1.1178e8227e47cp-2, 0x1.0e63a5f01c691p-57},  // log(49/64)
    {-0x1.f991c6cb3b379p-3, -0x1.f665066f980a2p-57},  // log(50/64)
    {-0x1.d1037f2655e7bp-3, -0x1.60629242471a2p-57},  // log(51/64)
    {-0x1.a93ed3c8ad9e3p-3, -0x1.bcafa9de97203p-57},  // log(52/64)
    {-0x1.823c16551a3c2p-3, 0x1.1232ce70be781p-57},  // log(53/64)
    {-0x1.5bf406b543db2p-3, 0x1.1f5b44c0df7e7p-61},  // log(54/64)
    {-0x1.365fcb0159016p-3, -0x1.7d411a5b944adp-58},  // log(55/64)
    {-0x1.1178e8227e47cp-3, 0x1.0e63a5f01c691p-58},  // log(56/64)
    {-0x1.da727638446a2p-4, -0x1.401fa71733019p-58},  // log(57/64)
    {-0x1.9335e5d594989p-4, 0x1.478a85704ccb7p-58},  // log(58/64)
    {-0x1.4d3115d207eacp-4, -0x1.769f42c7842ccp-58},  // log(59/64)
    {-0x1.08598b59e3a07p-4, 0x1.dd7009902bf32p-58},  // log(60/64)
    {-0x1.894aa149fb343p-5, -0x1.a8be97660a23dp-60},  // log(61/64)
    {-0x1.0415d89e74444p-5, -0x1.c05cf1d753622p-59},  // log(62/64)
    {-0x1.0205658935847p-6, -0x1.27c8e8416e71fp-60},  // log(63/64)
    {0x0.0p+0, 0x0.0p+0},  // log(64/64)
    {0x1.fc0a8b0fc03e4p-7, -0x1.83092c59642a1p-62},  // log(65/64)
    {0x1.f829b0e783300p-6, 0x1.33e3f04f1ef23p-60},  // log(66/64)
    {0x1.77458f632dcfcp-5, 0x1.18d3ca87b9296p-59},  // log(67/64)
    {0x1.f0a30c01162a6p-5, 0x1.85f325c5bbacdp-59},  // log(68/64)
    {0x1.341d7961bd1d1p-4, -0x1.b599f227becbbp-58},  // log(69/64)
    {0x1.6f0d28ae56b4cp-4, -0x1.906d99184b992p-58},  // log(70/64)
    {0x1.a926d3a4ad563p-4, 0x1.942f48aa70ea9p-58},  // log(71/64)
    {0x1.e27076e2af2e6p-4, -0x1.61578001e0162p-60},  // log(72/64)
    {0x1.0d77e7cd08e59p-3, 0x1.9a5dc5e9030acp-57},  // log(73/64)
    {0x1.29552f81ff523p-3, 0x1.301771c407dbfp-57},  // log(74/64)
    {0x1.44d2b6ccb7d1ep-3, 0x1.9f4f6543e1f88p-57},  // log(75/64)
    {0x1.5ff3070a793d4p-3, -0x1.bc60efafc6f6ep-58},  // log(76/64)
    {0x1.7ab890210d909p-3, 0x1.be36b2d6a0608p-59},  // log(77/64)
    {0x1.9525a9cf456b4p-3, 0x1.d904c1d4e2e26p-57},  // log(78/64)
    {0x1.af3c94e80bff3p-3, -0x1.398cff3641985p-58},  // log(79/64)
    {0x1.c8ff7c79a9a22p-3, -0x1.4f689f8434012p-57},  // log(80/64)
    {0x1.e27076e2af2e6p-3, -0x1.61578001e0162p-59},  // log(81/64)
    {0x1.fb9186d5e3e2bp-3, -0x1.caaae64f21acbp-57},  // log(82/64)
    {0x1.0a324e27390e3p-2, 0x1.7dcfde8061c03p-56},  // log(83/64)
    {0x1.1675cababa60ep-2, 0x1.ce63eab883717p-61},  // log(84/64)
    {0x1.22941fbcf7966p-2, -0x1.76f5eb09628afp-56},  // log(85/64)
    {0x1.2e8e2bae11d31p-2, -0x1.8f4cdb95ebdf9p-56},  // log(86/64)
    {0x1.3a64c556945eap-2, -0x1.c68651945f97cp-57},  // log(87/64)
    {0x1.4618bc21c5ec2p-2, 0x1.f42decdeccf1dp-56},  // log(88/64)
    {0x1.51aad872df82dp-2, 0x1.3927ac19f55e3p-59},  // log(89/64)
    {0x1.5d1bdbf5809cap-2, 0x1.4236383dc7fe1p-56},  // log(90/64)
    {0x1.686c81e9b14afp-2, -0x1.ddea0f7f58e3dp-57},  // log(91/64)
};

inline Pair log_pair(v128_t x) {  // x finite and > 0
  const v128_t tiny = wasm_f64x2_lt(x, splat(0x1p-1022));
  const v128_t xs = select(mul(x, splat(0x1p54)), x, tiny);
  v128_t e = wasm_u64x2_shr(xs, 52);
  v128_t m = wasm_v128_or(wasm_v128_and(xs, wasm_i64x2_splat(0x000fffffffffffffll)), wasm_i64x2_splat(0x3ff0000000000000ll));
  const v128_t big = wasm_f64x2_gt(m, splat(1.4142135623730951));
  m = select(mul(m, splat(0.5)), m, big);
  e = wasm_i64x2_sub(e, big);
  const v128_t k = sub(sub(wasm_f64x2_convert_low_i32x4(wasm_i32x4_shuffle(e, e, 0, 2, 0, 2)), splat(1023.0)),
                       wasm_v128_and(tiny, splat(54.0)));
  // i = round(64 m) in the low bits of 64 m + 1.5 2^52 (m * 64 is exact).
  const v128_t shifted = add(mul(m, splat(64.0)), splat(kShifter));
  const v128_t c = mul(sub(shifted, splat(kShifter)), splat(1.0 / 64));
  const v128_t i = wasm_i64x2_sub(shifted, wasm_f64x2_splat(kShifter + 45));
  const v128_t t0 = wasm_v128_load(&kLogC[wasm_i64x2_extract_lane(i, 0)]);
  const v128_t t1 = wasm_v128_load(&kLogC[wasm_i64x2_extract_lane(i, 1)]);
  const v128_t c_hi = wasm_i64x2_shuffle(t0, t1, 0, 2), c_lo = wasm_i64x2_shuffle(t0, t1, 1, 3);
  const v128_t u = sub(m, c);  // exact: m / c in [1/2, 2]
  const Pair d = two_sum(m, c);
  const v128_t s = div(u, d.hi);
  const Pair sd = two_product(s, d.hi);
  const v128_t s_lo = div(sub(sub(sub(u, sd.hi), sd.lo), mul(s, d.lo)), d.hi);
  const v128_t z = mul(s, s);
  v128_t q = splat(2.0 / 11);
  for (int n = 4; n >= 1; --n) q = add(mul(q, z), splat(2.0 / (2 * n + 1)));
  const v128_t tail = mul(mul(s, z), q);
  const Pair a = two_sum(mul(k, splat(kLn2Hi)), c_hi);
  const Pair b = two_sum(a.hi, add(s, s));
  const v128_t lo = add(add(a.lo, b.lo), add(add(mul(k, splat(kLn2Lo)), c_lo), add(add(s_lo, s_lo), tail)));
  return two_sum(b.hi, lo);
}

// exp(x + xl), |xl| <= ulp(x) / 2: 2^k (1 + p) with r = x - k ln2 - ... a
// pair (x - k kLn2Hi exact), exp(r) - 1 = r + r^2/2 + r^3 q(r) with r^2/2 of
// the leading part an exact pair: only r^3 q (< 0.007) and the small terms
// round. The sum 1 + p is rounded once: times 2^k exactly for a normal
// result, and for a subnormal one at the subnormal's own place (1 + w, w =
// result / 2^-1022 < 1, rounds at 2^-52, which times 2^-1022 is 2^-1074).
inline v128_t exp_pair(v128_t x, v128_t xl) {
  const v128_t out = wasm_v128_or(wasm_f64x2_gt(x, splat(710.0)), wasm_f64x2_lt(x, splat(-746.0)));
  x = select(splat(710.0), x, wasm_f64x2_gt(x, splat(710.0)));  // NaN lanes stay NaN; pow fixes them
  x = select(splat(-746.0), x, wasm_f64x2_lt(x, splat(-746.0)));
  xl = wasm_v128_andnot(xl, out);
  const v128_t shifted = add(mul(x, splat(kInvLn2)), splat(kShifter));
  const v128_t kd = sub(shifted, splat(kShifter));
  const v128_t ki = wasm_i64x2_sub(shifted, wasm_f64x2_splat(kShifter));
  // r = x - k kLn2Hi (exact) - (k kLn2Lo - xl), renormalized: r.lo within
  // half an ulp of r.hi (k kLn2Lo itself is up to 2^-22).
  const Pair r = two_sum(sub(x, mul(kd, splat(kLn2Hi))), sub(xl, mul(kd, splat(kLn2Lo))));
  v128_t q = splat(inverse_factorial(16));
  for (int n = 15; n >= 3; --n) q = add(mul(q, r.hi), splat(inverse_factorial(n)));
  Pair h = two_product(r.hi, r.hi);  // r.hi^2, halved exactly
  h = {mul(h.hi, splat(0.5)), mul(h.lo, splat(0.5))};
  // r^2 / 2 = h + r.hi r.lo (+ r.lo^2 / 2, below 2^-106).
  const v128_t rest = add(add(mul(mul(mul(r.hi, r.hi), r.hi), q), r.lo), mul(r.hi, r.lo));
  const Pair p = two_sum(r.hi, h.hi);
  const Pair one = two_sum(splat(1.0), p.hi);
  const v128_t lo = add(one.lo, add(p.lo, add(h.lo, rest)));
  const v128_t normal = scale(add(one.hi, lo), ki);
  // Subnormal results: k <= -1022 there; kk = k + 1022 in [-55, 0]. (A
  // branch on the rare case only saves time: both ways give the same bits.)
  const v128_t low = wasm_i64x2_lt(ki, wasm_i64x2_splat(-1021));
  if (!wasm_v128_any_true(low)) return normal;
  const v128_t kk = wasm_v128_and(wasm_i64x2_add(ki, wasm_i64x2_splat(1022)), low);
  const v128_t w_hi = mul(one.hi, pow2(kk)), w_lo = mul(lo, pow2(kk));
  const Pair w1 = two_sum(splat(1.0), w_hi);
  const v128_t sub_result = mul(sub(add(w1.hi, add(w1.lo, w_lo)), splat(1.0)), splat(0x1p-1022));
  return select(sub_result, normal, wasm_v128_and(low, wasm_f64x2_lt(w_hi, splat(1.0))));
}

// C99 pow's special cases as pow above; y = 2, 1, -1 and 1/2 are x * x, x,
// 1 / x and sqrt x themselves (correctly rounded, as IEEE's operations are).
inline v128_t pow_f64(v128_t x, v128_t y) {
  const v128_t inf = splat(__builtin_inf());
  const v128_t ax = abs(x);
  const v128_t regular = wasm_v128_and(wasm_f64x2_lt(ax, inf), wasm_f64x2_gt(ax, splat(0.0)));
  const Pair l = log_pair(select(ax, splat(1.0), regular));
  // |y| > 2^900 over- or underflows as surely as y itself (|log x| >= 2^-53
  // when x != 1), and Veltkamp's split of y stays finite.
  v128_t yc = select(splat(0x1p900), y, wasm_f64x2_gt(y, splat(0x1p900)));
  yc = select(splat(-0x1p900), yc, wasm_f64x2_lt(yc, splat(-0x1p900)));
  const Pair t0 = two_product(yc, l.hi);
  const Pair t = two_sum(t0.hi, add(t0.lo, mul(yc, l.lo)));
  v128_t r = exp_pair(t.hi, t.lo);
  // x = +-0: 0 for y > 0, Inf for y < 0; x = +-Inf the other way round.
  const v128_t edge = select(splat(0.0), inf, wasm_v128_xor(wasm_f64x2_eq(ax, inf), wasm_f64x2_gt(y, splat(0.0))));
  r = select(r, edge, regular);
  const v128_t y_int = wasm_f64x2_eq(wasm_f64x2_floor(y), y);
  const v128_t half = mul(y, splat(0.5));
  const v128_t y_odd = wasm_v128_and(y_int, wasm_f64x2_ne(wasm_f64x2_floor(half), half));
  const v128_t negative_base = wasm_i64x2_lt(x, wasm_i64x2_splat(0));  // the sign bit: -0 and -Inf too
  r = wasm_v128_xor(r, wasm_v128_and(wasm_v128_and(negative_base, y_odd), sign_bit()));
  const v128_t nan = wasm_v128_or(wasm_v128_andnot(wasm_v128_and(wasm_f64x2_lt(x, splat(0.0)), wasm_f64x2_lt(ax, inf)), y_int),
                                  wasm_v128_or(wasm_f64x2_ne(x, x), wasm_f64x2_ne(y, y)));
  r = select(wasm_i64x2_splat(0x7ff8000000000000ll), r, nan);
  r = select(mul(x, x), r, wasm_f64x2_eq(y, splat(2.0)));
  r = select(x, r, wasm_f64x2_eq(y, splat(1.0)));
  const v128_t reciprocal = wasm_f64x2_eq(y, splat(-1.0));
  const v128_t root = wasm_v128_and(wasm_f64x2_eq(y, splat(0.5)), wasm_f64x2_gt(x, splat(0.0)));
  if (wasm_v128_any_true(wasm_v128_or(reciprocal, root))) {  // division and sqrt only where asked for
    r = select(div(splat(1.0), x), r, reciprocal);
    r = select(wasm_f64x2_sqrt(x), r, root);
  }
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
