// TopK against its reference, bit for bit (values and int64 indices): every
// line length 0..70 (past the four-key vector compare's tail), every k from
// 0 to n for the short lines and a spread of k for the long ones (a heap
// of one pair up to every pair), inner 1 (contiguous) and
// 2, 3, 5 (strided), largest and smallest, float32, float64, float16,
// bfloat16, int8, uint16, int32, uint64 and int64; values from a small set
// so ties are common, NaN of both signs and payloads, +-0, +-Inf; canaries
// past both outputs, the input untouched. And the refusals.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "elementwise-support.h"
#include "reference/topk-cumsum.h"
#include "tessera/tables.h"
#include "tessera/topk.h"

namespace {

// The element types, their ONNX numbers (kOnnx) and the reference's half types: the elementwise tests' one table.
using namespace ew;

template <class T>
T value_from(std::mt19937& rng) {
  std::uniform_int_distribution<int> d(-12, 12);
  const int k = d(rng);
  if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, Half> || std::is_same_v<T, BHalf>) {
    // Specials by their bits: NaNs of both signs and two payloads, -0.
    uint64_t bits = 0;
    double v = k / 2.0;
    if (k == 12) v = INFINITY;
    if (k == -12) v = -INFINITY;
    if (k == 0 && (rng() & 1)) v = -0.0;
    T out;
    if constexpr (std::is_same_v<T, Half>) out = ref::to_half(v);
    else if constexpr (std::is_same_v<T, BHalf>) out = ref::to_bhalf(v);
    else out = static_cast<T>(v);
    if (k == 11 || k == -11) {
      if constexpr (sizeof(T) == 2) bits = k > 0 ? 0x7e01 : 0xfc03;
      else if constexpr (sizeof(T) == 4) bits = k > 0 ? 0x7fc00001u : 0xff800005u;
      else bits = k > 0 ? 0x7ff8000000000001ull : 0xfff0000000000007ull;
      std::memcpy(&out, &bits, sizeof(T));
    }
    return out;
  } else {
    if constexpr (std::is_unsigned_v<T>) return k == 12 ? std::numeric_limits<T>::max() : static_cast<T>(k + 12);
    else return static_cast<T>(k == 12 ? std::numeric_limits<T>::max() : k == -12 ? std::numeric_limits<T>::lowest() : k);
  }
}

template <class T>
void check_given(std::vector<T> x, size_t outer, size_t n, size_t inner, size_t k, bool largest) {
  const std::vector<T> input = x;
  const size_t m = outer * k * inner;
  std::vector<T> values(m + 1);
  std::vector<int64_t> indices(m + 1, -7);
  std::memset(static_cast<void*>(&values.back()), 0x5a, sizeof(T));
  const T canary = values.back();
  std::vector<uint64_t> work(tessera::topk_work_bytes(n) / 8 + 1);
  REQUIRE(tessera::top_k(kOnnx<T>, x.data(), values.data(), indices.data(), work.data(), outer, n, inner, k, largest) ==
          tessera::Status::ok);
  std::vector<T> want_values;
  std::vector<int64_t> want_indices;
  ref::top_k(x, outer, n, inner, k, largest, want_values, want_indices);
  INFO("n " << n << " inner " << inner << " k " << k << " largest " << largest);
  if (m > 0) {
    CHECK(std::memcmp(values.data(), want_values.data(), m * sizeof(T)) == 0);
    CHECK(std::memcmp(indices.data(), want_indices.data(), m * sizeof(int64_t)) == 0);
  }
  CHECK(std::memcmp(&values.back(), &canary, sizeof(T)) == 0);
  CHECK(indices.back() == -7);
  if (!x.empty()) CHECK(std::memcmp(x.data(), input.data(), x.size() * sizeof(T)) == 0);
}

template <class T>
void check_one(std::mt19937& rng, size_t outer, size_t n, size_t inner, size_t k, bool largest) {
  std::vector<T> x(outer * n * inner);
  for (auto& v : x) v = value_from<T>(rng);
  check_given(x, outer, n, inner, k, largest);
}

template <class T>
void check_type() {
  std::mt19937 rng(11);
  for (bool largest : {true, false}) {
    for (size_t inner : {size_t{1}, size_t{2}, size_t{3}, size_t{5}}) {
      for (size_t n = 0; n <= 70; n++) {
        const size_t outer = 1 + n % 3;
        if (n <= 20) {
          for (size_t k = 0; k <= n; k++) check_one<T>(rng, outer, n, inner, k, largest);
        } else {
          for (size_t k : {size_t{0}, size_t{1}, size_t{2}, n / 8, n / 8 + 1, n / 2, n - 1, n}) check_one<T>(rng, outer, n, inner, k, largest);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("topk: float32, float64, float16, bfloat16 (NaN, +-0, ties) bit for bit against the reference") {
  check_type<float>();
  check_type<double>();
  check_type<Half>();
  check_type<BHalf>();
}

TEST_CASE("topk: int8, uint16, int32, int64, uint64 bit for bit against the reference") {
  check_type<int8_t>();
  check_type<uint16_t>();
  check_type<int32_t>();
  check_type<int64_t>();
  check_type<uint64_t>();
}

TEST_CASE("topk: a long line, k much smaller (the heap and its vector compare), and every NaN first when largest") {
  std::mt19937 rng(3);
  for (size_t n : {size_t{1000}, size_t{4099}}) {
    for (size_t k : {size_t{1}, size_t{5}, size_t{50}}) {
      check_one<float>(rng, 1, n, 1, k, true);
      check_one<float>(rng, 2, n, 1, k, false);
      check_one<int64_t>(rng, 1, n, 1, k, true);
    }
  }
  const float nan = NAN;
  const std::vector<float> x = {1.0f, nan, INFINITY, -0.0f, 0.0f, nan, -INFINITY};
  std::vector<float> v(7);
  std::vector<int64_t> at(7);
  std::vector<uint64_t> work(tessera::topk_work_bytes(7) / 8 + 1);
  REQUIRE(tessera::top_k(kOnnx<float>, x.data(), v.data(), at.data(), work.data(), 1, 7, 1, 7, true) == tessera::Status::ok);
  CHECK(at == std::vector<int64_t>{1, 5, 2, 0, 3, 4, 6});
  REQUIRE(tessera::top_k(kOnnx<float>, x.data(), v.data(), at.data(), work.data(), 1, 7, 1, 7, false) == tessera::Status::ok);
  CHECK(at == std::vector<int64_t>{6, 3, 4, 0, 2, 1, 5});
  CHECK(std::signbit(v[1]));  // -0 kept as the element it is
}

// A contiguous float32 line has a scan of its own (float compares with the heap
// top's element, then the flagged positions' keys): lines where every element
// enters, where none does after the first k, distinct values as logits have,
// and NaN tops, each way.
TEST_CASE("topk: float32 contiguous lines in order, distinct, and with NaN tops, bit for bit against the reference") {
  std::mt19937 rng(5);
  const size_t n = 4099;
  std::vector<float> ascending(n), distinct(n), nans_first(n);
  std::uniform_real_distribution<float> logit(-20.0f, 20.0f);
  for (size_t i = 0; i < n; i++) {
    ascending[i] = static_cast<float>(i) - 2000.0f;
    distinct[i] = logit(rng);
    nans_first[i] = i < 60 ? (i % 2 ? -NAN : NAN) : logit(rng);
  }
  const std::vector<float> descending(ascending.rbegin(), ascending.rend());
  const std::vector<float>* lines[] = {&ascending, &descending, &distinct, &nans_first};
  for (const auto* line : lines) {
    for (size_t k : {size_t{1}, size_t{4}, size_t{50}, size_t{100}}) {
      check_given(*line, 1, n, 1, k, true);
      check_given(*line, 1, n, 1, k, false);
    }
  }
}

TEST_CASE("topk: refuses an unknown type and k past the axis") {
  float x[2] = {1, 2}, v[3];
  int64_t at[3];
  uint64_t work[8];
  CHECK(tessera::top_k(tessera::onnx_type("string"), x, v, at, work, 1, 2, 1, 1, true) == tessera::Status::refused);
  CHECK(tessera::top_k(tessera::onnx_type("bool"), x, v, at, work, 1, 2, 1, 1, true) == tessera::Status::refused);
  CHECK(tessera::top_k(kOnnx<float>, x, v, at, work, 1, 2, 1, 3, true) == tessera::Status::refused);
}
