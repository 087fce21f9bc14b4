// Slow, obviously correct references the kernels are tested against.
// One element at a time, straight from each format's definition.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

namespace tessera::reference {

// ---------------------------------------------------------------- Floor
inline float floor_f32(float x) { return std::isnan(x) ? x : std::floor(x); }
inline double floor_f64(double x) { return std::isnan(x) ? x : std::floor(x); }

// binary16: 1 sign, 5 exponent (bias 15), 10 fraction bits.
inline double half_to_double(uint16_t h) {
  const int exponent = (h >> 10) & 0x1f;
  const int fraction = h & 0x3ff;
  const double sign = (h & 0x8000) ? -1.0 : 1.0;
  if (exponent == 0) return sign * std::ldexp(fraction, -24);
  if (exponent == 31) return fraction ? NAN : sign * INFINITY;
  return sign * std::ldexp(1024 + fraction, exponent - 25);
}

// Only for values a half holds exactly (every floor result does).
inline uint16_t exact_double_to_half(double v) {
  const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  const double a = std::fabs(v);
  if (a == 0) return sign;
  if (std::isinf(a)) return sign | 0x7c00;
  int e;
  std::frexp(a, &e);                                  // a = m * 2^e, m in [0.5, 1)
  const int exponent = e - 1 + 15;
  const auto fraction = static_cast<uint16_t>(std::ldexp(a, 10 - (e - 1)) - 1024);
  return sign | static_cast<uint16_t>(exponent << 10) | fraction;
}

inline uint16_t floor_f16(uint16_t h) {
  const bool is_nan = ((h & 0x7c00) == 0x7c00) && (h & 0x3ff);
  return is_nan ? h : exact_double_to_half(std::floor(half_to_double(h)));
}

inline uint16_t floor_bf16(uint16_t h) {
  const uint32_t bits = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  if (std::isnan(f)) return h;
  const float r = std::floor(f);
  uint32_t out;
  std::memcpy(&out, &r, 4);
  return static_cast<uint16_t>(out >> 16);
}

}  // namespace tessera::reference
