// QuantizeLinear and DequantizeLinear: the fuzz bytes pick the direction, the
// quantized type (the ten the kernels serve, int32 too for dequantizing), the
// layout (per tensor, per axis, blocked) with its dims (outer 1..4, the axis
// 1..64, inner 1..8 or larger) and block (1..40), and `saturate`; the rest are
// the values: x as raw float32 bits (every NaN payload, subnormals, Inf) or
// quantized bytes as they come, scales as raw bits, zero points as values of
// the type. The kernel must write the reference's bytes into an exactly-sized
// buffer (AddressSanitizer sees any write past it).
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "fuzz.h"
#include "reference/quantize.h"
#include "tessera/quantize.h"
#include "tessera/tables.h"

namespace {

using tessera::reference::QuantType;

struct Kind {
  const char* name;
  QuantType type;
};
constexpr Kind kKinds[] = {
    {"int8", QuantType::int8}, {"uint8", QuantType::uint8}, {"int16", QuantType::int16}, {"uint16", QuantType::uint16},
    {"int4", QuantType::int4}, {"uint4", QuantType::uint4}, {"float8e4m3fn", QuantType::f8e4m3fn},
    {"float8e4m3fnuz", QuantType::f8e4m3fnuz}, {"float8e5m2", QuantType::f8e5m2}, {"float8e5m2fnuz", QuantType::f8e5m2fnuz},
    {"int32", QuantType::int32},  // dequantize only
};

uint32_t onnx_of(const char* name) {
  for (const tessera::DataTypeInfo& t : tessera::kDataTypes) {
    if (std::strcmp(t.name, name) == 0) return t.onnx;
  }
  return 0;
}

float float_of(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// A zero point's value: an integer of the type's range, a finite float8 value, or 0 for int32.
float zero_of(uint16_t bits, QuantType t) {
  namespace ref = tessera::reference;
  if (const ref::Float8Kind* k = ref::float8_kind(t)) {
    const float v = ref::float8_to_float(static_cast<uint8_t>(bits), *k);
    return std::isfinite(v) ? v : 0.0f;
  }
  if (t == QuantType::int32) return 0.0f;
  double lo, hi;
  ref::integer_range(t, lo, hi);
  return static_cast<float>(lo + static_cast<double>(bits % static_cast<uint32_t>(hi - lo + 1)));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace ref = tessera::reference;
  fuzz::Input in(data, size);
  const uint8_t flags = in.u8();
  const bool quantize = (flags & 1) != 0;
  const bool saturate = (flags & 2) != 0;
  const bool raw_x = (flags & 4) != 0;
  const Kind& kind = kKinds[in.u8() % (quantize ? 10 : 11)];
  const size_t outer = 1 + in.u8() % 4, axis = 1 + in.u8() % 64, inner = 1 + in.u8() % 8 * (flags & 8 ? 37 : 1);
  const size_t block = 1 + in.u8() % 40;
  tessera::ScaleLayout l{};
  switch ((flags >> 4) % 3) {
    case 0: l = {1, 1, outer * axis * inner, 1, 0, 0, 0, 1}; break;
    case 1: l = {outer, axis, inner, 1, 0, 1, 0, axis}; break;
    default: {
      const size_t blocks = (axis + block - 1) / block;
      l = {outer, axis, inner, block, blocks * inner, inner, 1, outer * blocks * inner};
    }
  }
  const size_t n = l.outer * l.axis_dim * l.inner;
  std::vector<float> scale(l.scales), zero(l.scales);
  for (float& s : scale) s = float_of(in.u32());
  for (float& z : zero) z = zero_of(in.u16(), kind.type);
  if (quantize) {
    std::vector<float> x(n);
    for (float& v : x) v = raw_x ? float_of(in.u32()) : static_cast<float>(static_cast<int8_t>(in.u8())) * 0.5f * scale[0];
    const std::vector<uint8_t> want = ref::quantize_linear(x, scale, zero, kind.type, l, saturate);
    std::unique_ptr<uint8_t[]> y(new uint8_t[want.size() + 1]);  // +1: never 0 bytes
    if (tessera::quantize_linear(x.data(), scale.data(), zero.data(), y.get(), onnx_of(kind.name), l, saturate) != tessera::Status::ok) std::abort();
    fuzz::expect_same("quantize", y.get(), want.data(), want.size());
  } else {
    std::vector<uint8_t> x = fuzz::input_bytes(in, (n * ref::quant_bits(kind.type) + 7) / 8);
    if (ref::quant_bits(kind.type) == 4 && n % 2 == 1) x.back() &= 0x0f;
    const std::vector<uint32_t> want = ref::dequantize_linear(x, scale, zero, kind.type, l);
    std::unique_ptr<float[]> y(new float[n]);
    if (tessera::dequantize_linear(x.data(), onnx_of(kind.name), scale.data(), zero.data(), y.get(), l) != tessera::Status::ok) std::abort();
    fuzz::expect_same("dequantize", reinterpret_cast<const uint8_t*>(y.get()), reinterpret_cast<const uint8_t*>(want.data()), n * 4);
  }
  return 0;
}
