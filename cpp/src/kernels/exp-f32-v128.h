// float32 exp in f32x4 lanes, from IEEE add, subtract, multiply and
// integer bit operations only (no libm, no fused multiply-add: WebAssembly
// SIMD128 has none, and the native build compiles with -ffp-contract=off),
// so tessera.wasm, tessera-scalar.wasm (SIMDe's element loops: the same
// operations in the same order) and the native build give the same bits.
// Four lanes a vector instead of math-v128.h's two float64 ones: Exp and
// Softmax float32 were 2-50x slower than onnxruntime-web through float64.
//
// exp(x + xl), |xl| <= ulp(x) / 2 (xl = 0 for a plain exp; Softmax passes
// the rounding error of x - max):
//   n = round(x / ln2), clamped x in [-105, 89] (beyond: 0 and +Inf);
//   t = x - n kLn2Hi exactly (kLn2Hi has 16 significant bits, |n| <= 152);
//   r + rl = t - n kLn2Lo + xl, r and rl from Knuth's two-sum (n kLn2Lo's own
//   rounding is below 2^-34 relative: negligible);
//   exp(r + rl) = 1 + r + c + rl (1 + r [+ c]), c = r^2 P(r), P a minimax
//   polynomial of (e^r - 1 - r) / r^2 on |r| <= ln2 / 2 with P(0) = 1/2
//   exactly: kP1..kP5 from a Remez exchange (in float64) on
//   (e^r - 1 - r - r^2/2) / r^3 weighted by |r|^3, rounded to float32
//   (absolute error of r^2 P(r) then 2^-29.9, 0.016 ulp);
//   1 + r as an exact pair s + e (Fast2Sum, |r| < 1), then s + (e + c + ..)
//   rounds once;
//   times 2^n in two exact power-of-two steps (2^(n/2) twice: 2^-152 and
//   2^128 are not floats), the second rounding a subnormal result once or
//   overflowing to +Inf.
// Proven by tests/cpp/exp-f32-exhaustive.cc over every float32 input:
// within 1 ulp of the exact exp (the maximum measured is in README.md).
// NaN lanes give NaN (callers put the input's bits back or canonicalize).
#pragma once
#include <cstdint>

#include "tessera/simd.h"

namespace tessera::math32 {

constexpr float kInvLn2 = 0x1.715476p+0f;
constexpr float kLn2Hi = 0x1.62e4p-1f;         // ln 2 to 16 bits: n kLn2Hi exact for |n| < 256
constexpr float kLn2Lo = 0x1.7f7d1cp-20f;      // ln 2 - kLn2Hi, rounded
constexpr float kShifter = 0x1.8p23f;          // v + kShifter - kShifter rounds v to an integer (|v| < 2^22)
constexpr float kMaxX = 89.0f;                 // exp(89) > FLT_MAX: +Inf
constexpr float kMinX = -105.0f;               // exp(-105) < 2^-150: +0
// P(r) = 1/2 + r (kP1 + r (kP2 + r (kP3 + r (kP4 + r kP5)))).
constexpr float kP1 = 0x1.555552p-3f;
constexpr float kP2 = 0x1.55550cp-5f;
constexpr float kP3 = 0x1.1116e8p-7f;
constexpr float kP4 = 0x1.6d1accp-10f;
constexpr float kP5 = 0x1.962d46p-13f;

inline v128_t splat(float v) { return wasm_f32x4_splat(v); }

// 2^k as a float for k in [-126, 127].
inline v128_t pow2(v128_t k) { return wasm_i32x4_shl(wasm_i32x4_add(k, wasm_i32x4_splat(127)), 23); }

template <bool kHasLo>
inline v128_t exp_f32x4(v128_t x, v128_t xl) {
  const v128_t high = wasm_f32x4_gt(x, splat(kMaxX)), low = wasm_f32x4_lt(x, splat(kMinX));
  x = wasm_v128_bitselect(splat(kMaxX), x, high);  // NaN lanes stay NaN
  x = wasm_v128_bitselect(splat(kMinX), x, low);
  const v128_t shifted = wasm_f32x4_add(wasm_f32x4_mul(x, splat(kInvLn2)), splat(kShifter));
  const v128_t n = wasm_i32x4_sub(shifted, splat(kShifter));
  const v128_t nf = wasm_f32x4_sub(shifted, splat(kShifter));
  const v128_t t = wasm_f32x4_sub(x, wasm_f32x4_mul(nf, splat(kLn2Hi)));  // exact
  const v128_t a = wasm_f32x4_mul(nf, splat(kLn2Lo));
  // r + rl = t - a exactly (two-sum).
  const v128_t r = wasm_f32x4_sub(t, a);
  const v128_t bb = wasm_f32x4_sub(r, t);
  v128_t rl = wasm_f32x4_sub(wasm_f32x4_sub(t, wasm_f32x4_sub(r, bb)), wasm_f32x4_add(a, bb));
  if constexpr (kHasLo) rl = wasm_f32x4_add(rl, wasm_v128_andnot(xl, wasm_v128_or(high, low)));
  v128_t p = splat(kP5);
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), splat(kP4));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), splat(kP3));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), splat(kP2));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), splat(kP1));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), splat(0.5f));
  const v128_t c = wasm_f32x4_mul(wasm_f32x4_mul(r, r), p);
  const v128_t s = wasm_f32x4_add(splat(1.0f), r);
  const v128_t e = wasm_f32x4_add(wasm_f32x4_sub(splat(1.0f), s), r);  // 1 + r - s, exact
  // rl exp(r) - rl: (1 + r) rl for a plain exp (|rl| <= 2^-26: the r^2/2
  // term is below 0.06 ulp, within the proof); Softmax's |xl| reaches 2^-18,
  // where r^2/2 rl is 4 ulps, so it takes (1 + r + c) rl.
  v128_t lo;
  if constexpr (kHasLo) lo = wasm_f32x4_add(rl, wasm_f32x4_mul(wasm_f32x4_add(r, c), rl));
  else lo = wasm_f32x4_add(rl, wasm_f32x4_mul(r, rl));
  const v128_t y = wasm_f32x4_add(s, wasm_f32x4_add(e, wasm_f32x4_add(c, lo)));
  const v128_t n1 = wasm_i32x4_shr(n, 1);
  return wasm_f32x4_mul(wasm_f32x4_mul(y, pow2(n1)), pow2(wasm_i32x4_sub(n, n1)));
}

inline v128_t exp_f32x4(v128_t x) { return exp_f32x4<false>(x, x); }

// exp(x + xl) for x and xl of a two-sum (Softmax's x - max).
inline v128_t exp_f32x4(v128_t x, v128_t xl) { return exp_f32x4<true>(x, xl); }

}  // namespace tessera::math32
