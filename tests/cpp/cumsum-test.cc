// CumSum against its reference, bit for bit: every line length 0..12, every
// inner width 1..40 (inner == 1 the scalar walk; then one vector, the tile of
// four, and each tail of lanes past them, for 2-, 4- and 8-lane types),
// several outer rows, exclusive and reverse; float32, float64, float16,
// bfloat16 (sums held in float32, each output rounded once), int32 and int64
// (wrapping), uint32 and uint64; NaN, +-Inf and -0 among the inputs;
// canaries past the output, the input untouched.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "elementwise-support.h"
#include "reference/topk-cumsum.h"
#include "tessera/cumsum.h"
#include "tessera/tables.h"

namespace {

// The element types, their ONNX numbers (kOnnx) and the reference's half types: the elementwise tests' one table.
using namespace ew;

template <class T>
T value_from(std::mt19937& rng) {
  std::uniform_int_distribution<int> d(-200, 200);
  const int k = d(rng);
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<int64_t>(k) * 1000000007 * 1000003);  // sums wrap
  } else {
    // Mostly values whose sums round (thirds), now and then a special.
    double v = k / 3.0 + k * 1e-3;
    if (k == 200) v = NAN;
    if (k == 199) v = INFINITY;
    if (k == -199) v = -INFINITY;
    if (k == 0) v = -0.0;
    if constexpr (std::is_same_v<T, Half>) return ref::to_half(v);
    else if constexpr (std::is_same_v<T, BHalf>) return ref::to_bhalf(v);
    else return static_cast<T>(v);
  }
}

template <class T>
void check_type() {
  std::mt19937 rng(5);
  for (bool exclusive : {false, true}) {
    for (bool reverse : {false, true}) {
      for (size_t inner = 1; inner <= 40; inner++) {
        for (size_t n = 0; n <= 12; n++) {
          const size_t outer = 1 + (n + inner) % 3;
          std::vector<T> x(outer * n * inner);
          for (auto& v : x) v = value_from<T>(rng);
          const std::vector<T> input = x;
          std::vector<T> y(x.size() + 1);
          std::memset(static_cast<void*>(y.data()), 0xa5, y.size() * sizeof(T));
          const T canary = y.back();
          REQUIRE(tessera::cum_sum(kOnnx<T>, x.data(), y.data(), outer, n, inner, exclusive, reverse) == tessera::Status::ok);
          const std::vector<T> want = ref::cum_sum(x, outer, n, inner, exclusive, reverse);
          INFO("n " << n << " inner " << inner << " exclusive " << exclusive << " reverse " << reverse);
          if (!want.empty()) CHECK(std::memcmp(y.data(), want.data(), want.size() * sizeof(T)) == 0);
          CHECK(std::memcmp(&y.back(), &canary, sizeof(T)) == 0);
          if (!x.empty()) CHECK(std::memcmp(x.data(), input.data(), x.size() * sizeof(T)) == 0);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("cumsum: float32, float64, float16, bfloat16 bit for bit against the reference") {
  check_type<float>();
  check_type<double>();
  check_type<Half>();
  check_type<BHalf>();
}

TEST_CASE("cumsum: int32, uint32, int64, uint64 (wrapping) bit for bit against the reference") {
  check_type<int32_t>();
  check_type<uint32_t>();
  check_type<int64_t>();
  check_type<uint64_t>();
}

TEST_CASE("cumsum: the spec's example, a -0 first element kept, and float16 held in float32") {
  const float x[3] = {1, 2, 3};
  float y[3];
  const bool flags[4][2] = {{false, false}, {true, false}, {false, true}, {true, true}};
  const float want[4][3] = {{1, 3, 6}, {0, 1, 3}, {6, 5, 3}, {5, 3, 0}};
  for (int f = 0; f < 4; f++) {
    REQUIRE(tessera::cum_sum(kOnnx<float>, x, y, 1, 3, 1, flags[f][0], flags[f][1]) == tessera::Status::ok);
    CHECK(std::memcmp(y, want[f], sizeof y) == 0);
  }
  const float z[2] = {-0.0f, -0.0f};
  REQUIRE(tessera::cum_sum(kOnnx<float>, z, y, 1, 2, 1, false, false) == tessera::Status::ok);
  CHECK((std::signbit(y[0]) && std::signbit(y[1])));
  // 2048 + 1 + 1 in float16 steps would stay 2048; in float32 it is 2050.
  const Half h[3] = {ref::to_half(2048), ref::to_half(1), ref::to_half(1)};
  Half out[3];
  REQUIRE(tessera::cum_sum(kOnnx<Half>, h, out, 1, 3, 1, false, false) == tessera::Status::ok);
  CHECK(ref::to_double(out[2]) == 2050);
}

TEST_CASE("cumsum: refuses a type it does not take, even with no element") {
  float x = 1, y = 0;
  CHECK(tessera::cum_sum(tessera::onnx_type("int8"), &x, &y, 1, 1, 1, false, false) == tessera::Status::refused);
  CHECK(tessera::cum_sum(tessera::onnx_type("string"), &x, &y, 0, 0, 0, false, false) == tessera::Status::refused);
}
