// What the elementwise kernels share: the element types as C++ types
// (float16 and bfloat16 as tags over their bits), float16 and bfloat16
// computed in float32 lanes, float32 computed in float64 lanes, comparison
// masks narrowed to bool bytes, IEEE 754-2019 minimum and maximum, and ops
// WebAssembly has no instruction for, one lane at a time.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "half-v128.h"
#include "math-v128.h"
#include "tessera/simd.h"

namespace tessera {

struct f16_t {
  uint16_t bits;
};
struct bf16_t {
  uint16_t bits;
};

template <class T>
constexpr bool kIsHalf = std::is_same_v<T, f16_t> || std::is_same_v<T, bf16_t>;
template <class T>
constexpr bool kIsFloat = std::is_floating_point_v<T> || kIsHalf<T>;
template <class T>
constexpr bool kIsInt = std::is_integral_v<T>;

template <class T>
using HalfLanes = std::conditional_t<std::is_same_v<T, f16_t>, F16Lanes, BF16Lanes>;

// The signed integer of T's width: wrapping add, sub, mul and equality do
// not depend on the sign, so one kernel serves both.
template <size_t kBytes>
struct SignedOf;
template <> struct SignedOf<1> { using type = int8_t; };
template <> struct SignedOf<2> { using type = int16_t; };
template <> struct SignedOf<4> { using type = int32_t; };
template <> struct SignedOf<8> { using type = int64_t; };
template <class T>
using signed_of = typename SignedOf<sizeof(T)>::type;

inline v128_t load(const unsigned char* p) { return wasm_v128_load(p); }
inline void store(unsigned char* p, v128_t v) { wasm_v128_store(p, v); }

// ---------------------------------------------------------------- float32 through float64
// f(x) per float32 lane, computed in float64 and rounded once.
template <class F>
inline v128_t f32x4_via_f64(v128_t x, F f) {
  const v128_t lo = f(wasm_f64x2_promote_low_f32x4(x));
  const v128_t hi = f(wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(x, x, 2, 3, 0, 1)));
  return wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo), wasm_f32x4_demote_f64x2_zero(hi), 0, 1, 4, 5);
}

template <class F>
inline v128_t f32x4_via_f64(v128_t x, v128_t y, F f) {
  const v128_t lo = f(wasm_f64x2_promote_low_f32x4(x), wasm_f64x2_promote_low_f32x4(y));
  const v128_t hi = f(wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(x, x, 2, 3, 0, 1)),
                      wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(y, y, 2, 3, 0, 1)));
  return wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo), wasm_f32x4_demote_f64x2_zero(hi), 0, 1, 4, 5);
}

// ---------------------------------------------------------------- bool masks
// Lane masks (all ones or 0) of sizeof(T)-byte lanes, kBytes vectors of them
// for 16 elements, narrowed to 16 bytes of 0 or 1, in element order.
template <size_t kBytes>
inline v128_t bools_of(const v128_t* m) {
  if constexpr (kBytes == 1) {
    return wasm_v128_and(m[0], wasm_i8x16_splat(1));
  } else if constexpr (kBytes == 2) {
    return wasm_v128_and(wasm_i8x16_narrow_i16x8(m[0], m[1]), wasm_i8x16_splat(1));
  } else if constexpr (kBytes == 4) {
    const v128_t w[2] = {wasm_i16x8_narrow_i32x4(m[0], m[1]), wasm_i16x8_narrow_i32x4(m[2], m[3])};
    return bools_of<2>(w);
  } else {
    const v128_t w[4] = {wasm_i32x4_shuffle(m[0], m[1], 0, 2, 4, 6), wasm_i32x4_shuffle(m[2], m[3], 0, 2, 4, 6),
                         wasm_i32x4_shuffle(m[4], m[5], 0, 2, 4, 6), wasm_i32x4_shuffle(m[6], m[7], 0, 2, 4, 6)};
    return bools_of<4>(w);
  }
}

// Two float32 masks of the even and odd halves (HalfLanes) as eight 16-bit
// masks in element order.
inline v128_t half_mask(v128_t even, v128_t odd) {
  return wasm_v128_or(wasm_v128_and(even, wasm_i32x4_splat(0xffff)), wasm_i32x4_shl(odd, 16));
}

// ---------------------------------------------------------------- minimum, maximum
// IEEE 754-2019 minimum and maximum: a NaN operand gives NaN (a's when both
// are), -0 is below +0. Written out because WebAssembly's f32x4.min and
// SIMDe's portable one disagree on -0 (README.md's audit table).
template <class T>
inline v128_t float_min_max(v128_t a, v128_t b, bool max) {
  constexpr bool k64 = sizeof(T) == 8;
  const v128_t lt = k64 ? wasm_f64x2_lt(a, b) : wasm_f32x4_lt(a, b);
  const v128_t eq = k64 ? wasm_f64x2_eq(a, b) : wasm_f32x4_eq(a, b);
  v128_t r = max ? wasm_v128_bitselect(b, a, lt) : wasm_v128_bitselect(a, b, lt);
  r = wasm_v128_bitselect(max ? wasm_v128_and(a, b) : wasm_v128_or(a, b), r, eq);  // +-0: the sign decides
  r = wasm_v128_bitselect(b, r, k64 ? wasm_f64x2_ne(b, b) : wasm_f32x4_ne(b, b));
  return wasm_v128_bitselect(a, r, k64 ? wasm_f64x2_ne(a, a) : wasm_f32x4_ne(a, a));
}

template <class T>
inline v128_t int_min_max(v128_t a, v128_t b, bool max) {
  if constexpr (sizeof(T) == 8) {
    v128_t x = a, y = b;
    if constexpr (std::is_unsigned_v<T>) {  // no u64x2.gt: compare with the sign bits flipped
      x = wasm_v128_xor(a, wasm_i64x2_splat(INT64_MIN));
      y = wasm_v128_xor(b, wasm_i64x2_splat(INT64_MIN));
    }
    const v128_t gt = wasm_i64x2_gt(x, y);
    return max ? wasm_v128_bitselect(a, b, gt) : wasm_v128_bitselect(b, a, gt);
  } else if constexpr (std::is_same_v<T, int8_t>) return max ? wasm_i8x16_max(a, b) : wasm_i8x16_min(a, b);
  else if constexpr (std::is_same_v<T, uint8_t>) return max ? wasm_u8x16_max(a, b) : wasm_u8x16_min(a, b);
  else if constexpr (std::is_same_v<T, int16_t>) return max ? wasm_i16x8_max(a, b) : wasm_i16x8_min(a, b);
  else if constexpr (std::is_same_v<T, uint16_t>) return max ? wasm_u16x8_max(a, b) : wasm_u16x8_min(a, b);
  else if constexpr (std::is_same_v<T, int32_t>) return max ? wasm_i32x4_max(a, b) : wasm_i32x4_min(a, b);
  else return max ? wasm_u32x4_max(a, b) : wasm_u32x4_min(a, b);
}

// ---------------------------------------------------------------- NaN
// NaN lanes of x's type: float32 and float64 compare, the 16-bit formats
// compare their magnitude bits with the all-ones exponent.
template <class T>
inline v128_t nan_mask(v128_t x) {
  if constexpr (std::is_same_v<T, float>) return wasm_f32x4_ne(x, x);
  else if constexpr (std::is_same_v<T, double>) return wasm_f64x2_ne(x, x);
  else {
    const int16_t inf = std::is_same_v<T, f16_t> ? 0x7c00 : 0x7f80;
    return wasm_i16x8_gt(wasm_v128_and(x, wasm_i16x8_splat(0x7fff)), wasm_i16x8_splat(inf));
  }
}

// The canonical quiet NaN of T in every lane.
template <class T>
inline v128_t quiet_nan() {
  if constexpr (std::is_same_v<T, float>) return wasm_i32x4_splat(0x7fc00000);
  else if constexpr (std::is_same_v<T, double>) return wasm_i64x2_splat(0x7ff8000000000000ll);
  else {
    constexpr int16_t kNaN = std::is_same_v<T, f16_t> ? 0x7e00 : 0x7fc0;
    return wasm_i16x8_splat(kNaN);
  }
}

// r with every NaN made the canonical one: an arithmetic NaN's bits are not
// fixed by IEEE or WebAssembly (x86 and ARM differ), these are.
template <class T>
inline v128_t canonical_nan(v128_t r) {
  return wasm_v128_bitselect(quiet_nan<T>(), r, nan_mask<T>(r));
}

// ---------------------------------------------------------------- one lane at a time
// f(a_i, b_i) for each lane: integer division, modulus, powers and per-lane
// shifts, which WebAssembly SIMD128 has no instruction for. Not unrolled:
// 16 copies of a division or a power loop cost kilobytes per kernel.
#if defined(__clang__)
#define TESSERA_NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define TESSERA_NO_UNROLL
#endif
template <class T, class F>
inline v128_t lanewise(v128_t a, v128_t b, F f) {
  constexpr size_t kLanes = 16 / sizeof(T);
  T x[kLanes], y[kLanes];
  std::memcpy(x, &a, 16);
  std::memcpy(y, &b, 16);
  TESSERA_NO_UNROLL
  for (size_t i = 0; i < kLanes; ++i) x[i] = f(x[i], y[i]);
  v128_t r;
  std::memcpy(&r, x, 16);
  return r;
}

template <class T, class F>
inline v128_t lanewise(v128_t a, F f) {
  constexpr size_t kLanes = 16 / sizeof(T);
  T x[kLanes];
  std::memcpy(x, &a, 16);
  TESSERA_NO_UNROLL
  for (size_t i = 0; i < kLanes; ++i) x[i] = f(x[i]);
  v128_t r;
  std::memcpy(&r, x, 16);
  return r;
}

}  // namespace tessera
