// Slow, obviously correct references for the Cast kernels: one element at a
// time, each rule written as it reads (cpp/src/kernels/cast.cc states them).
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "reference/floor.h"  // half_to_double

namespace tessera::reference {

template <class To, class From>
To bits_as(From from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

/** Truncated toward zero, NaN to 0, beyond the range to its nearest end. */
template <class Int>
Int truncate_saturating(double v) {
  if (std::isnan(v)) return 0;
  const double t = std::trunc(v);
  if (t <= static_cast<double>(std::numeric_limits<Int>::min())) return std::numeric_limits<Int>::min();
  if (t >= static_cast<double>(std::numeric_limits<Int>::max())) return std::numeric_limits<Int>::max();
  return static_cast<Int>(t);
}

/** |x| to binary16 by round to nearest even, from the two candidates around it. */
inline uint16_t float_to_half(float x) {
  if (std::isnan(x)) return 0x7e00;
  const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  const double a = std::fabs(static_cast<double>(x));
  if (a >= 65520.0) return sign | 0x7c00;  // the midpoint of 65504 and 2^16 and above round to Inf
  // Units of the last place: 2^-24 below 2^-14 (subnormals), else 2^(e - 10).
  int e = 0;
  std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  const int unit_exponent = a < std::ldexp(1.0, -14) ? -24 : e - 1 - 10;
  const double units = std::ldexp(a, -unit_exponent);  // exact
  const double below = std::floor(units);
  const double rest = units - below;
  double q = below;
  if (rest > 0.5 || (rest == 0.5 && std::fmod(below, 2.0) != 0)) q = below + 1;
  const double value = std::ldexp(q, unit_exponent);
  // Encode the rounded value, now exactly a half.
  if (value < std::ldexp(1.0, -14)) return sign | static_cast<uint16_t>(q);
  int ve = 0;
  const double m = std::frexp(value, &ve);  // value = m * 2^ve
  const int biased = ve - 1 + 15;
  const auto fraction = static_cast<uint16_t>(std::ldexp(m * 2 - 1, 10));
  return sign | static_cast<uint16_t>(biased << 10) | fraction;
}

inline float half_to_float(uint16_t h) { return static_cast<float>(half_to_double(h)); }

/** bfloat16 by round to nearest even: the nearer of the two truncations around x, ties to the even one. */
inline uint16_t float_to_bfloat16(float x) {
  if (std::isnan(x)) return 0x7fc0;
  const uint32_t bits = bits_as<uint32_t>(x);
  const uint32_t low = bits & 0xffff0000u;
  const uint32_t high = low + 0x10000u;
  const auto as_double = [](uint32_t b) {
    if ((b & 0x7fffffffu) == 0x7f800000u) return std::copysign(std::ldexp(1.0, 128), static_cast<double>(bits_as<float>(b)));
    return static_cast<double>(bits_as<float>(b));
  };
  if (std::isinf(x)) return static_cast<uint16_t>(bits >> 16);
  const double below = std::fabs(static_cast<double>(x) - as_double(low));
  const double above = std::fabs(as_double(high) - static_cast<double>(x));
  const uint32_t chosen = below < above ? low : above < below ? high : ((low >> 16) & 1) == 0 ? low : high;
  return static_cast<uint16_t>(chosen >> 16);
}

inline float bfloat16_to_float(uint16_t b) { return bits_as<float>(static_cast<uint32_t>(b) << 16); }

// float8, by docs/number-formats.md's table: (mantissa bits, bias, largest
// finite code, fnuz, e5m2's IEEE Inf/NaN). A code's value from its fields.
struct Float8Kind {
  int mantissa_bits;
  int bias;
  int max_code;
  bool fnuz;
  bool ieee;
};
constexpr Float8Kind kF8E4M3FN{3, 7, 0x7e, false, false}, kF8E4M3FNUZ{3, 8, 0x7f, true, false}, kF8E5M2{2, 15, 0x7b, false, true},
    kF8E5M2FNUZ{2, 16, 0x7f, true, false};

/** The magnitude code m's value (m may be max_code + 1: the next step up, where overflow starts). */
inline double float8_magnitude(int m, const Float8Kind& k) {
  const int e = m >> k.mantissa_bits;
  const int f = m & ((1 << k.mantissa_bits) - 1);
  return e == 0 ? std::ldexp(f, 1 - k.bias - k.mantissa_bits) : std::ldexp((1 << k.mantissa_bits) + f, e - k.bias - k.mantissa_bits);
}

inline float float8_to_float(uint8_t code, const Float8Kind& k) {
  const int m = code & 0x7f;
  // A NaN keeps the code's sign (the fnuz kinds' 0x80 is negative), as onnxruntime decodes it.
  if (k.fnuz ? code == 0x80 : k.ieee ? m > 0x7c : m == 0x7f) return std::copysign(std::numeric_limits<float>::quiet_NaN(), code & 0x80 ? -1.0f : 1.0f);
  const double v = k.ieee && m == 0x7c ? HUGE_VAL : float8_magnitude(m, k);
  return static_cast<float>(code & 0x80 ? -v : v);
}

/** The nearest of every code 0..max_code + 1 by exact comparison, ties to the even code; max_code + 1 (or Inf) is overflow. */
inline uint8_t float_to_float8(float x, const Float8Kind& k, bool saturate) {
  if (std::isnan(x)) return k.fnuz ? 0x80 : std::signbit(x) ? 0xff : 0x7f;  // the sign kept, as onnxruntime keeps it
  const int sign = std::signbit(x) ? 0x80 : 0;
  const double a = std::fabs(static_cast<double>(x));
  // Past the step above the largest code every difference would round in double: overflow outright.
  const bool beyond = a >= float8_magnitude(k.max_code + 1, k);
  int best = beyond ? k.max_code + 1 : 0;
  for (int m = 1; m <= k.max_code + 1 && !beyond; ++m) {
    const double d = std::fabs(a - float8_magnitude(m, k)), b = std::fabs(a - float8_magnitude(best, k));
    if (d < b || (d == b && m % 2 == 0)) best = m;
  }
  if (std::isinf(a) || best > k.max_code) {
    if (saturate) best = k.max_code;
    else return static_cast<uint8_t>(k.fnuz ? 0x80 : sign | (k.ieee ? 0x7c : 0x7f));
  }
  return static_cast<uint8_t>(best == 0 && k.fnuz ? 0 : sign | best);
}

// One reference per row of tessera/casts.inc, named after its kernel.
inline float u8_f32_cast(uint8_t x) { return static_cast<float>(x); }
inline float s8_f32_cast(int8_t x) { return static_cast<float>(x); }
inline float s16_f32_cast(int16_t x) { return static_cast<float>(x); }
inline float s32_f32_cast(int32_t x) { return static_cast<float>(x); }  // rounds to nearest even
inline uint8_t f32_u8_cast(float x) { return truncate_saturating<uint8_t>(x); }
inline int32_t f32_s32_cast(float x) { return truncate_saturating<int32_t>(x); }
inline double f32_f64_cast(float x) { return static_cast<double>(x); }
inline float f16_f32_cast(uint16_t x) { return half_to_float(x); }
// float32 -> float16: a NaN keeps its sign and the top bits of its payload, quiet bit set; -> bfloat16 its sign only (onnxruntime's rule).
inline uint16_t f32_f16_cast(float x) {
  const uint32_t b = bits_as<uint32_t>(x);
  if (std::isnan(x)) return static_cast<uint16_t>((b >> 31 ? 0x8000 : 0) | 0x7c00 | 0x200 | ((b & 0x7fffffu) >> 13));
  return float_to_half(x);
}
inline float bf16_f32_cast(uint16_t x) { return bfloat16_to_float(x); }
inline uint16_t f32_bf16_cast(float x) {
  const uint32_t b = bits_as<uint32_t>(x);
  if (std::isnan(x)) return static_cast<uint16_t>((b >> 31 ? 0x8000 : 0) | 0x7fc0);
  return float_to_bfloat16(x);
}
inline int32_t s64_s32_cast(int64_t x) { return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(x))); }
inline int64_t s32_s64_cast(int32_t x) { return x; }
// The 4-bit pairs, one element's code (0..15) at a time: round to nearest even, then clamp; NaN -> 0.
inline uint8_t nibble_of(float x, double lo, double hi) {
  if (std::isnan(x)) return 0;
  double r = std::nearbyint(static_cast<double>(x));
  r = r < lo ? lo : r > hi ? hi : r;
  return static_cast<uint8_t>(static_cast<int>(r) & 15);
}
inline uint8_t f32_s4_cast(float x) { return nibble_of(x, -8, 7); }
inline uint8_t f32_u4_cast(float x) { return nibble_of(x, 0, 15); }
inline float s4_f32_cast(uint8_t code) { return static_cast<float>(code >= 8 ? code - 16 : code); }
inline float u4_f32_cast(uint8_t code) { return static_cast<float>(code); }
inline int8_t f32_s8_cast(float x) { return truncate_saturating<int8_t>(x); }
inline int16_t f32_s16_cast(float x) { return truncate_saturating<int16_t>(x); }
inline uint16_t f32_u16_cast(float x) { return truncate_saturating<uint16_t>(x); }
inline float u16_f32_cast(uint16_t x) { return static_cast<float>(x); }
inline int8_t f16_s8_cast(uint16_t x) { return truncate_saturating<int8_t>(half_to_double(x)); }
inline float f8e4m3fn_f32_cast(uint8_t x) { return float8_to_float(x, kF8E4M3FN); }
inline float f8e4m3fnuz_f32_cast(uint8_t x) { return float8_to_float(x, kF8E4M3FNUZ); }
inline float f8e5m2_f32_cast(uint8_t x) { return float8_to_float(x, kF8E5M2); }
inline float f8e5m2fnuz_f32_cast(uint8_t x) { return float8_to_float(x, kF8E5M2FNUZ); }
inline uint8_t f32_f8e4m3fn_cast(float x) { return float_to_float8(x, kF8E4M3FN, true); }
inline uint8_t f32_f8e4m3fnuz_cast(float x) { return float_to_float8(x, kF8E4M3FNUZ, true); }
inline uint8_t f32_f8e5m2_cast(float x) { return float_to_float8(x, kF8E5M2, true); }
inline uint8_t f32_f8e5m2fnuz_cast(float x) { return float_to_float8(x, kF8E5M2FNUZ, true); }
inline uint8_t f32_f8e4m3fn_unsaturated(float x) { return float_to_float8(x, kF8E4M3FN, false); }
inline uint8_t f32_f8e4m3fnuz_unsaturated(float x) { return float_to_float8(x, kF8E4M3FNUZ, false); }
inline uint8_t f32_f8e5m2_unsaturated(float x) { return float_to_float8(x, kF8E5M2, false); }
inline uint8_t f32_f8e5m2fnuz_unsaturated(float x) { return float_to_float8(x, kF8E5M2FNUZ, false); }

}  // namespace tessera::reference
