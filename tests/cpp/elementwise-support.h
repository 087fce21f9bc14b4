// Shared by the elementwise tests: the element types with their ONNX
// numbers, value pools with the special values of each type, numpy's
// broadcast strides, and the reference of each binary op on two values.
#pragma once
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "reference/elementwise.h"
#include "tessera/elementwise.h"
#include "tessera/tables.h"

namespace ew {

using tessera::BinaryOp;
using tessera::UnaryOp;
using tessera::reference::BHalf;
using tessera::reference::Half;
namespace ref = tessera::reference;

template <class T> inline constexpr uint32_t kOnnx = 0;
template <> inline constexpr uint32_t kOnnx<int8_t> = tessera::onnx_type("int8");
template <> inline constexpr uint32_t kOnnx<uint8_t> = tessera::onnx_type("uint8");
template <> inline constexpr uint32_t kOnnx<int16_t> = tessera::onnx_type("int16");
template <> inline constexpr uint32_t kOnnx<uint16_t> = tessera::onnx_type("uint16");
template <> inline constexpr uint32_t kOnnx<int32_t> = tessera::onnx_type("int32");
template <> inline constexpr uint32_t kOnnx<uint32_t> = tessera::onnx_type("uint32");
template <> inline constexpr uint32_t kOnnx<int64_t> = tessera::onnx_type("int64");
template <> inline constexpr uint32_t kOnnx<uint64_t> = tessera::onnx_type("uint64");
template <> inline constexpr uint32_t kOnnx<float> = tessera::onnx_type("float32");
template <> inline constexpr uint32_t kOnnx<double> = tessera::onnx_type("float64");
template <> inline constexpr uint32_t kOnnx<Half> = tessera::onnx_type("float16");
template <> inline constexpr uint32_t kOnnx<BHalf> = tessera::onnx_type("bfloat16");

template <class T> constexpr bool kHalf = ref::kHalf<T>;
template <class T> constexpr bool kFloat = std::is_floating_point_v<T> || kHalf<T>;
template <class T> constexpr bool kInt = std::is_integral_v<T>;

template <class T>
double value(T v) {
  if constexpr (kHalf<T>) return ref::to_double(v);
  else return static_cast<double>(v);
}

template <class T>
T of_bits(uint64_t bits) {
  T v;
  std::memcpy(&v, &bits, sizeof v);  // little-endian: the low bytes
  return v;
}

template <class T>
uint64_t bits_of(T v) {
  uint64_t b = 0;
  std::memcpy(&b, &v, sizeof v);
  return b;
}

// Special values first, then random bit patterns and moderate values.
template <class T>
std::vector<T> pool(std::mt19937_64& rng, size_t extra = 300) {
  std::vector<T> p;
  if constexpr (kInt<T>) {
    using L = std::numeric_limits<T>;
    for (T v : {T(0), T(1), T(2), T(3), T(7), L::max(), L::min(), T(L::max() - 1), T(L::min() + 1), T(100)}) p.push_back(v);
    if constexpr (std::is_signed_v<T>) for (T v : {T(-1), T(-2), T(-3), T(-7), T(-100)}) p.push_back(v);
    for (size_t i = 0; i < extra; ++i) p.push_back(static_cast<T>(rng()));
    for (size_t i = 0; i < extra / 3; ++i) p.push_back(static_cast<T>(static_cast<int>(rng() % 41) - 20));
  } else if constexpr (kHalf<T>) {
    const bool f16 = std::is_same_v<T, Half>;
    for (uint16_t b : {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x3c00, 0xbc00, 0x4000, 0x3800, 0x3555}) p.push_back({b});
    const uint16_t f16_specials[] = {0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe01, 0x7bff, 0xfbff, 0x0400};
    const uint16_t bf16_specials[] = {0x7f80, 0xff80, 0x7fc0, 0x7f81, 0xffc1, 0x7f7f, 0xff7f, 0x0080};
    for (uint16_t b : f16 ? f16_specials : bf16_specials) p.push_back({b});
    for (size_t i = 0; i < extra; ++i) p.push_back({static_cast<uint16_t>(rng())});
    std::uniform_real_distribution<double> moderate(-20, 20);
    for (size_t i = 0; i < extra / 2; ++i) p.push_back(ref::from_double<T>(moderate(rng)));
  } else {
    using L = std::numeric_limits<T>;
    for (T v : {T(0), T(-0.0), T(1), T(-1), T(2), T(0.5), T(-0.5), T(1.5), T(2.5), T(-2.5), T(3), T(1e-3), L::denorm_min(),
                -L::denorm_min(), L::min(), -L::min(), L::max(), -L::max(), L::infinity(), -L::infinity(), L::quiet_NaN(),
                -L::quiet_NaN(), L::epsilon(), T(100), T(-7), T(7)}) {
      p.push_back(v);
    }
    if constexpr (sizeof(T) == 4) p.push_back(ref::bits_cast<float>(0x7f800001u));  // signalling NaN
    else p.push_back(ref::bits_cast<double>(0x7ff0000000000001ull));
    for (size_t i = 0; i < extra; ++i) p.push_back(of_bits<T>(rng()));
    std::uniform_real_distribution<double> moderate(-20, 20);
    for (size_t i = 0; i < extra; ++i) p.push_back(static_cast<T>(moderate(rng)));
  }
  return p;
}

// ---------------------------------------------------------------- shapes
struct Shape {
  std::vector<uint32_t> dims;
};

// numpy: the output's dims, and each input's strides over them (0 where it
// has extent 1 or lacks the axis).
inline std::vector<uint32_t> broadcast_dims(const std::vector<std::vector<uint32_t>>& inputs) {
  size_t rank = 0;
  for (const auto& d : inputs) rank = std::max(rank, d.size());
  std::vector<uint32_t> out(rank, 1);
  for (const auto& d : inputs) {
    for (size_t i = 0; i < d.size(); ++i) {
      uint32_t& o = out[rank - d.size() + i];
      if (d[i] != 1) o = d[i];
    }
  }
  return out;
}

inline std::vector<uint32_t> strides_for(const std::vector<uint32_t>& dims, size_t rank) {
  std::vector<uint32_t> s(rank, 0);
  uint32_t step = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    s[rank - dims.size() + i] = dims[i] == 1 ? 0 : step;
    step *= dims[i];
  }
  return s;
}

inline size_t count(const std::vector<uint32_t>& dims) {
  size_t n = 1;
  for (uint32_t d : dims) n *= d;
  return n;
}

inline std::string text(const std::vector<uint32_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? "," : "") + std::to_string(dims[i]);
  return s + "]";
}

// The broadcast patterns every binary op runs over: (a dims, b dims).
inline std::vector<std::pair<std::vector<uint32_t>, std::vector<uint32_t>>> patterns() {
  std::vector<std::pair<std::vector<uint32_t>, std::vector<uint32_t>>> p = {
      {{}, {}},                                  // scalar-scalar
      {{1, 3, 9, 9}, {3, 1, 1}},                 // the image normalization shape
      {{3, 5, 7}, {3, 5, 1}},                    // inner broadcast
      {{3, 5, 1}, {3, 5, 7}},
      {{4, 9}, {9}},                             // outer broadcast
      {{9}, {4, 9}},
      {{2, 1, 3}, {1, 4, 1}},                    // both broadcast
      {{2, 1, 3, 1, 2, 3}, {1, 2, 1, 3, 2, 1}},  // rank 6
      {{1, 1, 1, 1, 1, 1}, {2, 3, 4, 5, 1, 1}},
      {{0, 3}, {1, 3}},                          // empty
      {{3, 0}, {3, 1}},
      {{0}, {}},
      {{}, {2, 2, 2}},                           // rank 0 against rank 3
      {{17, 1}, {1, 33}},                        // an outer product
      {{5, 2}, {2}},                             // short inner runs
  };
  for (uint32_t n = 0; n <= 67; n += (n < 40 ? 1 : 9)) {  // every tail of the widest block, both ways
    p.push_back({{n}, {n}});
    p.push_back({{n}, {}});
    p.push_back({{}, {n}});
  }
  return p;
}

}  // namespace ew
