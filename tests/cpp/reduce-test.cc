// The reduction engine against its reference, bit for bit for Sum, Mean,
// Max, Min, Prod, L1, L2 and SumSquare: every reduced length 0..67 (each
// tail of the four-lane fold), inner 1 (contiguous) and 1..9 (lanes across
// the inner axis), several outer rows, float32, float64, float16, bfloat16,
// int32 (wrapping), uint8 and int64; canaries past the output, the input
// untouched. LogSum and LogSumExp within a few ulps of libm.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "reference/reduce.h"
#include "tessera/reduce.h"
#include "tessera/tables.h"

namespace {

using tessera::ReduceOp;
using tessera::reference::BHalf;
using tessera::reference::Half;
namespace ref = tessera::reference;

template <class T> constexpr uint32_t kType = 0;
template <> constexpr uint32_t kType<float> = tessera::onnx_type("float32");
template <> constexpr uint32_t kType<double> = tessera::onnx_type("float64");
template <> constexpr uint32_t kType<Half> = tessera::onnx_type("float16");
template <> constexpr uint32_t kType<BHalf> = tessera::onnx_type("bfloat16");
template <> constexpr uint32_t kType<int32_t> = tessera::onnx_type("int32");
template <> constexpr uint32_t kType<uint8_t> = tessera::onnx_type("uint8");
template <> constexpr uint32_t kType<int64_t> = tessera::onnx_type("int64");

template <class T>
T value_from(std::mt19937& rng, ReduceOp op) {
  std::uniform_int_distribution<int> d(-40, 40);
  const int k = d(rng);
  const double special = k == 40 ? NAN : k == 39 ? INFINITY : k == 38 ? -INFINITY : 0;
  const double v = op == ReduceOp::prod ? (k % 2 ? 1.0 : -1.0) * (0.75 + (k + 40) / 160.0) : k / 3.0;
  if constexpr (std::is_same_v<T, Half>) return ref::to_half(special != 0 || k == 40 ? special : v);
  else if constexpr (std::is_same_v<T, BHalf>) return ref::to_bhalf(special != 0 || k == 40 ? special : v);
  else if constexpr (std::is_floating_point_v<T>) return static_cast<T>(special != 0 || k == 40 ? special : v);
  else return static_cast<T>(k * 1000003);  // wraps int32 sums and products
}

template <class T>
bool same_bits(const T& a, const T& b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }

template <class T>
void check_type() {
  std::mt19937 rng(7);
  const ReduceOp ops[] = {ReduceOp::sum, ReduceOp::mean, ReduceOp::max, ReduceOp::min, ReduceOp::prod,
                          ReduceOp::l1, ReduceOp::l2, ReduceOp::sum_square};
  for (ReduceOp op : ops) {
    for (size_t inner : {size_t{1}, size_t{2}, size_t{3}, size_t{4}, size_t{9}}) {
      for (size_t n = 0; n <= 67; n++) {
        const size_t outer = 1 + n % 3;
        std::vector<T> x(outer * n * inner);
        for (auto& v : x) v = value_from<T>(rng, op);
        const std::vector<T> input = x;
        std::vector<T> y(outer * inner + 1);
        std::memset(static_cast<void*>(&y.back()), 0x5a, sizeof(T));
        const T canary = y.back();
        std::vector<uint64_t> work((tessera::reduce_work_bytes(outer * inner) + 7) / 8);
        REQUIRE(tessera::reduce(op, kType<T>, x.data(), y.data(), outer, n, inner, work.data()) == tessera::Status::ok);
        const std::vector<T> want = ref::reduce(op, x, outer, n, inner);
        for (size_t j = 0; j < want.size(); j++) {
          INFO("op " << static_cast<int>(op) << " n " << n << " inner " << inner << " j " << j);
          CHECK(same_bits(y[j], want[j]));
        }
        CHECK(same_bits(y.back(), canary));
        // Compared only when there are bytes: an empty vector's data() may be null, which memcmp must not see.
        if (!x.empty()) CHECK(std::memcmp(x.data(), input.data(), x.size() * sizeof(T)) == 0);
      }
    }
  }
}

}  // namespace

TEST_CASE("reduce: float32, float64, float16, bfloat16 bit for bit against the reference") {
  check_type<float>();
  check_type<double>();
  check_type<Half>();
  check_type<BHalf>();
}

TEST_CASE("reduce: int32 (wrapping), uint8, int64 bit for bit against the reference") {
  check_type<int32_t>();
  check_type<uint8_t>();
  check_type<int64_t>();
}

TEST_CASE("reduce: LogSum and LogSumExp of float64 within 4 ulps of libm; empty sets give -inf") {
  for (size_t n = 0; n <= 40; n++) {
    std::vector<double> x(n);
    for (size_t k = 0; k < n; k++) x[k] = 0.25 + static_cast<double>(k % 7) * 1.5;
    double y[2] = {0, 0};
    std::vector<uint64_t> work(8);
    REQUIRE(tessera::reduce(ReduceOp::log_sum_exp, kType<double>, x.data(), y, 1, n, 1, work.data()) == tessera::Status::ok);
    REQUIRE(tessera::reduce(ReduceOp::log_sum, kType<double>, x.data(), y + 1, 1, n, 1, work.data()) == tessera::Status::ok);
    double m = -INFINITY, s = 0, t = 0;
    for (double v : x) m = std::fmax(m, v);
    for (double v : x) s += std::exp(v - m), t += v;
    const double lse = n == 0 ? -INFINITY : m + std::log(s);
    const double ls = std::log(t);
    if (n == 0) {
      CHECK(y[0] == -INFINITY);
      CHECK(y[1] == -INFINITY);
    } else {
      CHECK(std::fabs(y[0] - lse) <= 4 * std::fabs(lse) * 2.3e-16);
      CHECK(std::fabs(y[1] - ls) <= 4 * std::fabs(ls) * 2.3e-16 + 1e-300);
    }
  }
}

TEST_CASE("reduce: refuses an unknown type or op") {
  float x = 1, y = 0;
  uint64_t work[4];
  CHECK(tessera::reduce(ReduceOp::sum, tessera::onnx_type("string"), &x, &y, 1, 1, 1, work) == tessera::Status::refused);
  CHECK(tessera::reduce(static_cast<ReduceOp>(99), kType<float>, &x, &y, 1, 1, 1, work) == tessera::Status::refused);
}

TEST_CASE("arg_reduce: first or last best index along n, a NaN wins, every length 1..40 and inner 1..5") {
  std::mt19937 rng(11);
  for (size_t inner = 1; inner <= 5; inner++) {
    for (size_t n = 1; n <= 40; n++) {
      std::vector<float> x(2 * n * inner);
      for (auto& v : x) v = static_cast<float>(static_cast<int>(rng() % 5)) - 2.0f;
      if (n > 3) x[3 * inner] = NAN;
      for (int mode = 0; mode < 4; mode++) {
        const bool is_max = mode & 1, last = mode & 2;
        std::vector<int64_t> y(2 * inner + 1, -7);
        REQUIRE(tessera::arg_reduce(kType<float>, x.data(), y.data(), 2, n, inner, is_max, last) == tessera::Status::ok);
        for (size_t o = 0; o < 2; o++) {
          for (size_t i = 0; i < inner; i++) {
            int64_t want = 0;
            for (size_t k = 1; k < n; k++) {
              const float v = x[(o * n + k) * inner + i], b = x[(o * n + static_cast<size_t>(want)) * inner + i];
              if (std::isnan(b)) { if (last && std::isnan(v)) want = static_cast<int64_t>(k); continue; }
              if (std::isnan(v) || (is_max ? v > b : v < b) || (last && v == b)) want = static_cast<int64_t>(k);
            }
            CHECK(y[o * inner + i] == want);
          }
        }
        CHECK(y.back() == -7);
      }
    }
  }
  float one = 1;
  int64_t y = 0;
  CHECK(tessera::arg_reduce(kType<float>, &one, &y, 1, 0, 1, true, false) == tessera::Status::refused);
}
