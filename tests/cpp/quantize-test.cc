// QuantizeLinear's and DequantizeLinear's kernels against their references
// (cpp/src/reference/quantize.h), byte for byte: every type the kernels
// serve, every element count 0..70 per tensor (each tail of the four-lane
// loop and of Cast's 16- and 32-element blocks), then per-axis and blocked
// scales over shapes whose runs are shorter and longer than a vector and
// cross the kernel's 1024-element chunks (inner 1 and inner > 1, blocks that
// do and do not divide the axis). Values are ties (k + 1/2 times the scale),
// huge, tiny, -0, NaN and infinities; scales include negative, tiny and 0;
// zero points span the type. The output's bytes past its end and the inputs
// are checked too, and a layout the header forbids is refused.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "reference/quantize.h"
#include "tessera/quantize.h"
#include "tessera/tables.h"

namespace {

namespace ref = tessera::reference;
using ref::QuantType;

struct Kind {
  const char* name;
  QuantType type;
};
const Kind kQuantized[] = {
    {"int8", QuantType::int8},       {"uint8", QuantType::uint8},           {"int16", QuantType::int16},
    {"uint16", QuantType::uint16},   {"int4", QuantType::int4},             {"uint4", QuantType::uint4},
    {"float8e4m3fn", QuantType::f8e4m3fn}, {"float8e4m3fnuz", QuantType::f8e4m3fnuz}, {"float8e5m2", QuantType::f8e5m2},
    {"float8e5m2fnuz", QuantType::f8e5m2fnuz},
};

uint32_t onnx_of(const char* name) {
  for (const tessera::DataTypeInfo& t : tessera::kDataTypes) {
    if (std::strcmp(t.name, name) == 0) return t.onnx;
  }
  return 0;
}

float scale_value(std::mt19937& rng) {
  const int k = std::uniform_int_distribution<int>(0, 39)(rng);
  if (k == 0) return 0.0f;
  if (k == 1) return -0.5f;
  if (k == 2) return 1e-30f;
  if (k == 3) return NAN;
  if (k == 4) return -NAN;
  if (k == 5) {  // a signalling NaN with a payload: DequantizeLinear keeps the payload, quieted
    const uint32_t bits = 0x7fa5a5a5u;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  return std::ldexp(1.0f + static_cast<float>(k % 8) / 8.0f, std::uniform_int_distribution<int>(-6, 4)(rng));
}

float x_value(std::mt19937& rng, float s) {
  const int k = std::uniform_int_distribution<int>(0, 59)(rng);
  if (k == 0) return NAN;
  if (k == 1) return INFINITY;
  if (k == 2) return -INFINITY;
  if (k == 3) return -0.0f;
  if (k == 4) return 3e38f;
  if (k == 5) return 1e-40f;  // subnormal
  if (k < 30) return (static_cast<float>(std::uniform_int_distribution<int>(-80000, 80000)(rng)) + 0.5f) * s;  // ties
  return std::uniform_real_distribution<float>(-300.0f, 300.0f)(rng) * (std::isfinite(s) && s != 0 ? s : 1.0f);
}

/** A zero point's value, of the type: an integer in its range, or a float8 code's value (0 and -0 often). */
float zero_value(std::mt19937& rng, QuantType t) {
  if (const ref::Float8Kind* k = ref::float8_kind(t)) {
    const int pick = std::uniform_int_distribution<int>(0, 5)(rng);
    if (pick == 0) return 0.0f;
    if (pick == 1) return k->fnuz ? 0.0f : -0.0f;
    if (pick == 2) return ref::float8_to_float(k->fnuz ? 0x80 : 0xff, *k);  // a NaN zero point (DequantizeLinear's rule)
    float v = NAN;
    while (!std::isfinite(v)) v = ref::float8_to_float(static_cast<uint8_t>(rng()), *k);
    return v;
  }
  double lo, hi;
  ref::integer_range(t, lo, hi);
  if (rng() % 4 == 0) return 0.0f;
  return static_cast<float>(std::uniform_int_distribution<int>(static_cast<int>(lo), static_cast<int>(hi))(rng));
}

// The inputs are left as they were, bit for bit (NaN payloads too). An empty vector's data() may be null, which
// memcmp must not see.
bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

struct Case {
  tessera::ScaleLayout layout;
  const char* what;
};

tessera::ScaleLayout per_tensor(size_t n) { return {1, 1, n, 1, 0, 0, 0, 1}; }
tessera::ScaleLayout per_axis(size_t outer, size_t axis, size_t inner) { return {outer, axis, inner, 1, 0, 1, 0, axis}; }
tessera::ScaleLayout blocked(size_t outer, size_t axis, size_t inner, size_t block) {
  const size_t blocks = (axis + block - 1) / block;
  return {outer, axis, inner, block, blocks * inner, inner, 1, outer * blocks * inner};
}

std::vector<Case> layouts() {
  std::vector<Case> cases;
  for (size_t n = 0; n <= 70; ++n) cases.push_back({per_tensor(n), "per tensor"});
  cases.push_back({per_tensor(2051), "per tensor, past two chunks"});
  for (auto [o, a, i] : {std::array<size_t, 3>{1, 5, 1}, {3, 37, 1}, {2, 3, 7}, {4, 9, 130}, {1, 1100, 1}, {2, 2, 1030}}) {
    cases.push_back({per_axis(o, a, i), "per axis"});
  }
  for (auto [o, a, i, b] : {std::array<size_t, 4>{1, 64, 1, 32}, {3, 1024, 1, 32}, {2, 512, 1, 64}, {5, 96, 1, 16}, {40, 64, 1, 2}, {3, 70, 1, 32}, {2, 33, 1, 4}, {5, 17, 1, 3}, {2, 9, 1, 1},
                            {1, 2100, 1, 32}, {2, 10, 6, 4}, {3, 7, 5, 2}, {1, 5, 1030, 2}, {2, 8, 3, 8}, {1, 40, 1, 40},
                            {2, 6, 1, 7}}) {
    cases.push_back({blocked(o, a, i, b), "blocked"});
  }
  return cases;
}

}  // namespace

TEST_CASE("QuantizeLinear: the kernel writes the reference's bytes for every output type and layout") {
  std::mt19937 rng(20261202);
  size_t elements = 0;
  for (const Kind& kind : kQuantized) {
    for (const Case& c : layouts()) {
      for (int saturate = 0; saturate < 2; ++saturate) {
        if (!ref::float8_kind(kind.type) && saturate == 0) continue;  // integers always clamp
        const tessera::ScaleLayout& l = c.layout;
        const size_t n = l.outer * l.axis_dim * l.inner;
        std::vector<float> scale(l.scales), zero(l.scales), x(n);
        for (float& s : scale) s = scale_value(rng);
        for (float& z : zero) z = zero_value(rng, kind.type);
        for (size_t e = 0; e < n; ++e) x[e] = x_value(rng, scale[ref::scale_index(l, e)]);
        const std::vector<float> x_in = x, scale_in = scale, zero_in = zero;
        const std::vector<uint8_t> want = ref::quantize_linear(x, scale, zero, kind.type, l, saturate == 1);
        std::vector<uint8_t> got(want.size() + 16, 0xa5);
        INFO(kind.name << " " << c.what << " [" << l.outer << ", " << l.axis_dim << ", " << l.inner << "] block " << l.block
                       << " saturate " << saturate);
        REQUIRE(tessera::quantize_linear(x.data(), scale.data(), zero.data(), got.data(), onnx_of(kind.name), l, saturate == 1) ==
                tessera::Status::ok);
        CHECK(std::vector<uint8_t>(got.begin(), got.begin() + want.size()) == want);
        CHECK(std::vector<uint8_t>(got.begin() + want.size(), got.end()) == std::vector<uint8_t>(16, 0xa5));
        CHECK(same_bits(x, x_in));
        CHECK(same_bits(scale, scale_in));
        CHECK(same_bits(zero, zero_in));
        elements += n;
      }
    }
  }
  CHECK(elements > 100000);
}

TEST_CASE("DequantizeLinear: the kernel writes the reference's float32 bits for every input type and layout") {
  std::mt19937 rng(77);
  std::vector<Kind> kinds(std::begin(kQuantized), std::end(kQuantized));
  kinds.push_back({"int32", QuantType::int32});
  for (const Kind& kind : kinds) {
    for (const Case& c : layouts()) {
      const tessera::ScaleLayout& l = c.layout;
      const size_t n = l.outer * l.axis_dim * l.inner;
      std::vector<float> scale(l.scales), zero(l.scales);
      for (float& s : scale) s = scale_value(rng);
      for (float& z : zero) z = kind.type == QuantType::int32 ? 0.0f : zero_value(rng, kind.type);
      std::vector<uint8_t> x((n * ref::quant_bits(kind.type) + 7) / 8);
      for (uint8_t& b : x) b = static_cast<uint8_t>(rng());
      if (ref::quant_bits(kind.type) == 4 && n % 2 == 1) x.back() &= 0x0f;  // the unused nibble 0, as tensors hold it
      const std::vector<uint8_t> x_in = x;
      const std::vector<uint32_t> want = ref::dequantize_linear(x, scale, zero, kind.type, l);
      std::vector<uint32_t> got(n + 4, 0xa5a5a5a5u);
      INFO(kind.name << " " << c.what << " [" << l.outer << ", " << l.axis_dim << ", " << l.inner << "] block " << l.block);
      REQUIRE(tessera::dequantize_linear(x.data(), onnx_of(kind.name), scale.data(), zero.data(), reinterpret_cast<float*>(got.data()), l) ==
              tessera::Status::ok);
      CHECK(std::vector<uint32_t>(got.begin(), got.begin() + n) == want);
      CHECK(std::vector<uint32_t>(got.begin() + n, got.end()) == std::vector<uint32_t>(4, 0xa5a5a5a5u));
      CHECK(x == x_in);
    }
  }
}

TEST_CASE("QuantizeLinear and DequantizeLinear: ties round to even, NaN and saturation, by hand") {
  const tessera::ScaleLayout l = per_tensor(8);
  const float x[8] = {0.5f, 1.5f, 2.5f, -2.5f, NAN, 1000.0f, -1000.0f, -0.0f};
  const float s = 1.0f, z = 0.0f;
  int8_t y[8];
  REQUIRE(tessera::quantize_linear(x, &s, &z, y, onnx_of("int8"), l, true) == tessera::Status::ok);
  const int8_t want[8] = {0, 2, 2, -2, 0, 127, -128, 0};
  CHECK(std::memcmp(y, want, 8) == 0);
  uint8_t f8[8];
  const float big = 1.0f / 1024;  // x / big beyond e4m3fn's 448
  REQUIRE(tessera::quantize_linear(x, &big, &z, f8, onnx_of("float8e4m3fn"), l, false) == tessera::Status::ok);
  CHECK(f8[4] == 0x7f);  // NaN
  CHECK(f8[5] == 0x7f);  // unsaturated overflow: NaN with the sign
  CHECK(f8[6] == 0xff);
  CHECK(f8[7] == 0x80);  // -0 kept
  const uint8_t codes[2] = {0x8f, 0x07};  // int4: -1, -8, 7, 0
  float back[4];
  const float half = 0.5f, one = 1.0f;
  REQUIRE(tessera::dequantize_linear(codes, onnx_of("int4"), &half, &one, back, per_tensor(4)) == tessera::Status::ok);
  const float want_back[4] = {-1.0f, -4.5f, 3.0f, -0.5f};
  CHECK(std::memcmp(back, want_back, 16) == 0);
}

TEST_CASE("QuantizeLinear and DequantizeLinear refuse what the header forbids, writing nothing") {
  const float x[4] = {1, 2, 3, 4}, s[2] = {1, 1}, z[2] = {0, 0};
  uint8_t y[4] = {9, 9, 9, 9};
  tessera::ScaleLayout l = per_tensor(4);
  CHECK(tessera::quantize_linear(x, s, z, y, onnx_of("float32"), l, true) == tessera::Status::refused);  // not a quantized type
  CHECK(tessera::quantize_linear(x, s, z, y, onnx_of("int2"), l, true) == tessera::Status::refused);
  l.block = 0;
  CHECK(tessera::quantize_linear(x, s, z, y, onnx_of("int8"), l, true) == tessera::Status::refused);
  l = per_tensor(4);
  l.inner_step = 2;
  CHECK(tessera::quantize_linear(x, s, z, y, onnx_of("int8"), l, true) == tessera::Status::refused);
  l = per_axis(1, 4, 1);  // four scales, but only two given
  l.scales = 2;
  CHECK(tessera::quantize_linear(x, s, z, y, onnx_of("int8"), l, true) == tessera::Status::refused);
  CHECK(tessera::dequantize_linear(y, onnx_of("int8"), s, z, reinterpret_cast<float*>(y), l) == tessera::Status::refused);
  l = per_axis(1, 4, 1);
  l.axis_stride = 2;
  CHECK(tessera::dequantize_linear(y, onnx_of("uint8"), s, z, reinterpret_cast<float*>(y), l) == tessera::Status::refused);
  CHECK(tessera::dequantize_linear(y, onnx_of("float16"), s, z, reinterpret_cast<float*>(y), per_tensor(4)) == tessera::Status::refused);
  CHECK(std::vector<uint8_t>(y, y + 4) == std::vector<uint8_t>(4, 9));
}
