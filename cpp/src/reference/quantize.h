// QuantizeLinear's and DequantizeLinear's slow references (cpp/src/kernels/quantize.cc),
// one element at a time from the spec's formulas: the element's scale index
// from its (o, a, i) coordinates, then
//   QuantizeLinear    integers: q = f32(x / s); r = NaN ? 0 : q rounded half
//                     to even; clamp(r + z) to the type's range, in double;
//                     float8: q (+ z in float32 where z is not 0), the kind's
//                     unsigned NaN for a NaN, else converted by `saturate`;
//   DequantizeLinear  f32(f32(x - z) * s), a NaN as x86 makes it (quantize.cc);
// and the codes packed two a byte for int4 and uint4, even element low.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "reference/cast.h"
#include "tessera/quantize.h"

namespace tessera::reference {

inline size_t scale_index(const ScaleLayout& l, size_t e) {
  const size_t i = e % l.inner, a = e / l.inner % l.axis_dim, o = e / (l.inner * l.axis_dim);
  return o * l.outer_stride + a / l.block * l.axis_stride + i * l.inner_step;
}

/** The kinds the kernels serve, by output or input type name. */
enum class QuantType { int8, uint8, int16, uint16, int4, uint4, int32, f8e4m3fn, f8e4m3fnuz, f8e5m2, f8e5m2fnuz };

inline const Float8Kind* float8_kind(QuantType t) {
  switch (t) {
    case QuantType::f8e4m3fn: return &kF8E4M3FN;
    case QuantType::f8e4m3fnuz: return &kF8E4M3FNUZ;
    case QuantType::f8e5m2: return &kF8E5M2;
    case QuantType::f8e5m2fnuz: return &kF8E5M2FNUZ;
    default: return nullptr;
  }
}

inline void integer_range(QuantType t, double& lo, double& hi) {
  switch (t) {
    case QuantType::int8: lo = -128; hi = 127; return;
    case QuantType::uint8: lo = 0; hi = 255; return;
    case QuantType::int16: lo = -32768; hi = 32767; return;
    case QuantType::uint16: lo = 0; hi = 65535; return;
    case QuantType::int4: lo = -8; hi = 7; return;
    case QuantType::uint4: lo = 0; hi = 15; return;
    default: lo = hi = 0; return;
  }
}

inline size_t quant_bits(QuantType t) {
  switch (t) {
    case QuantType::int16: case QuantType::uint16: return 16;
    case QuantType::int4: case QuantType::uint4: return 4;
    case QuantType::int32: return 32;
    default: return 8;
  }
}

/** One element's code (an integer's bits, or a float8 code) as the output holds it, before packing. */
inline uint32_t quantize_one(float x, float s, float z, QuantType t, bool saturate) {
  const float q = x / s;
  if (const Float8Kind* k = float8_kind(t)) {
    const float v = z == 0.0f ? q : q + z;
    if (std::isnan(v)) return k->fnuz ? 0x80 : 0x7f;
    return float_to_float8(v, *k, saturate);
  }
  double lo, hi;
  integer_range(t, lo, hi);
  const double r = (std::isnan(q) ? 0.0 : std::nearbyint(static_cast<double>(q))) + z;
  const double c = r < lo ? lo : r > hi ? hi : r;
  const uint32_t bits = static_cast<uint32_t>(static_cast<int64_t>(c));
  return quant_bits(t) == 16 ? bits & 0xffffu : quant_bits(t) == 8 ? bits & 0xffu : bits & 0xfu;
}

/** QuantizeLinear of n = outer * axis_dim * inner elements into the output's bytes. */
inline std::vector<uint8_t> quantize_linear(const std::vector<float>& x, const std::vector<float>& scale, const std::vector<float>& zero,
                                            QuantType t, const ScaleLayout& l, bool saturate) {
  const size_t n = l.outer * l.axis_dim * l.inner, bits = quant_bits(t);
  std::vector<uint8_t> y((n * bits + 7) / 8, 0);
  for (size_t e = 0; e < n; ++e) {
    const size_t j = scale_index(l, e);
    const uint32_t code = quantize_one(x[e], scale[j], zero[j], t, saturate);
    if (bits == 4) y[e / 2] = static_cast<uint8_t>(y[e / 2] | code << (4 * (e % 2)));
    else for (size_t b = 0; b < bits / 8; ++b) y[e * bits / 8 + b] = static_cast<uint8_t>(code >> (8 * b));  // little-endian
  }
  return y;
}

/** One element of x (its bytes) decoded to float32 exactly (int32 rounded to nearest even). */
inline float dequantized_value(const std::vector<uint8_t>& x, size_t e, QuantType t) {
  const size_t bits = quant_bits(t);
  uint32_t code = 0;
  if (bits == 4) code = (x[e / 2] >> (4 * (e % 2))) & 15;
  else for (size_t b = 0; b < bits / 8; ++b) code |= static_cast<uint32_t>(x[e * bits / 8 + b]) << (8 * b);
  if (const Float8Kind* k = float8_kind(t)) return float8_to_float(static_cast<uint8_t>(code), *k);
  switch (t) {
    case QuantType::int8: return static_cast<float>(static_cast<int8_t>(code));
    case QuantType::int16: return static_cast<float>(static_cast<int16_t>(code));
    case QuantType::int32: return static_cast<float>(static_cast<int32_t>(code));
    case QuantType::int4: return static_cast<float>(code >= 8 ? static_cast<int>(code) - 16 : static_cast<int>(code));
    default: return static_cast<float>(code);
  }
}

/** DequantizeLinear of x's bytes to float32 bits. */
inline std::vector<uint32_t> dequantize_linear(const std::vector<uint8_t>& x, const std::vector<float>& scale, const std::vector<float>& zero,
                                               QuantType t, const ScaleLayout& l) {
  const size_t n = l.outer * l.axis_dim * l.inner;
  std::vector<uint32_t> y(n);
  for (size_t e = 0; e < n; ++e) {
    const size_t j = scale_index(l, e);
    const float v = dequantized_value(x, e, t), z = zero[j], s = scale[j];
    const float d = v - z;
    const float r = d * s;
    // A NaN: x86's, the first NaN operand of the subtraction, then of the product, quieted; a new one 0xffc00000.
    const auto quiet = [](float f) { return bits_as<uint32_t>(f) | 0x00400000u; };
    if (!std::isnan(r)) y[e] = bits_as<uint32_t>(r);
    else if (std::isnan(v)) y[e] = quiet(v);
    else if (std::isnan(z)) y[e] = quiet(z);
    else if (std::isnan(d)) y[e] = 0xffc00000u;
    else if (std::isnan(s)) y[e] = quiet(s);
    else y[e] = 0xffc00000u;
  }
  return y;
}

}  // namespace tessera::reference
