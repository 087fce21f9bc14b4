// The reduction engine against its reference, bit for bit for Sum, Mean,
// Max, Min, Prod, L1, L2 and SumSquare: every reduced length 0..67 (each
// tail of the four-lane fold), inner 1 (contiguous) and 1..9 (lanes across
// the inner axis), several outer rows, float32, float64, float16, bfloat16,
// int32 (wrapping), uint8 and int64; canaries past the output, the input
// untouched. LogSum and LogSumExp within a few ulps of libm.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "elementwise-support.h"
#include "reference/reduce.h"
#include "tessera/reduce.h"
#include "tessera/tables.h"

namespace {

using tessera::ReduceOp;
using tessera::reference::BHalf;
using tessera::reference::Half;
namespace ref = tessera::reference;

// Each element type's ONNX number: the elementwise tests' table.
template <class T> constexpr uint32_t kType = ew::kOnnx<T>;

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

namespace {

// Values for the SIMD128 paths' edge cases: signed zeros (ties whose bits
// differ), two NaN payloads (Max and Min must return the first met in the
// documented order), infinities, repeated small numbers (ties).
template <class T>
T edge_value(std::mt19937& rng) {
  const int k = static_cast<int>(rng() % 16);
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
    const Bits nan_a = static_cast<Bits>(sizeof(T) == 4 ? 0x7fc00001ull : 0x7ff8000000000001ull);
    const Bits nan_b = static_cast<Bits>(sizeof(T) == 4 ? 0xffc00123ull : 0xfff8000000000123ull);
    if (k == 0 || k == 1) {
      if (rng() % 4) return static_cast<T>(k == 0 ? 2.0 : -2.0);  // NaN rarer than the rest
      T v;
      const Bits b = k == 0 ? nan_a : nan_b;
      std::memcpy(&v, &b, sizeof v);
      return v;
    }
    const double pool[] = {0.0, -0.0, 0.0, -0.0, 1, -1, 2, -2, 0.5, INFINITY, -INFINITY, 3, -3, 1e-3};
    return static_cast<T>(pool[k - 2]);
  } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BHalf>) {
    const double pool[] = {0.0, -0.0, 0.0, -0.0, 1, -1, 2, -2, 0.5, INFINITY, -INFINITY, 3, -3, 1e-3, 0.25, NAN};
    const double v = k == 15 && rng() % 4 ? 5.0 : pool[k];
    if constexpr (std::is_same_v<T, Half>) return ref::to_half(v);
    else return ref::to_bhalf(v);
  } else {
    const T lo = std::numeric_limits<T>::lowest(), hi = std::numeric_limits<T>::max();
    const T pool[] = {lo, hi, T(0), T(1), T(2), T(3), T(lo + 1), T(hi - 1), T(0), T(1), T(5), T(7), T(2), T(3), lo, hi};
    return pool[k];
  }
}

template <class T>
void check_edges() {
  std::mt19937 rng(23);
  const ReduceOp ops[] = {ReduceOp::sum, ReduceOp::mean, ReduceOp::max, ReduceOp::min, ReduceOp::prod,
                          ReduceOp::l1, ReduceOp::l2, ReduceOp::sum_square};
  for (ReduceOp op : ops) {
    // inner: 1 (four lanes), 4..11 (whole vectors and each tail), 2048 + 5
    // (past the first block of the inner axis: a second block with a tail).
    for (size_t inner : {size_t{1}, size_t{4}, size_t{5}, size_t{6}, size_t{7}, size_t{8}, size_t{11}, size_t{2053}}) {
      const size_t max_n = inner > 100 ? 5 : inner == 1 ? 30 : 14;
      for (size_t n = 0; n <= max_n; n++) {
        for (int round = 0; round < (inner > 100 ? 1 : 6); round++) {
          const size_t outer = 1 + (n + round) % 2;
          std::vector<T> x(outer * n * inner);
          for (auto& v : x) v = edge_value<T>(rng);
          std::vector<T> y(outer * inner);
          std::vector<uint64_t> work((tessera::reduce_work_bytes(outer * inner) + 7) / 8);
          REQUIRE(tessera::reduce(op, kType<T>, x.data(), y.data(), outer, n, inner, work.data()) == tessera::Status::ok);
          const std::vector<T> want = ref::reduce(op, x, outer, n, inner);
          for (size_t j = 0; j < want.size(); j++) {
            INFO("size " << sizeof(T) << " y " << static_cast<double>(ref::reduce_load(y[j])) << " want " << static_cast<double>(ref::reduce_load(want[j])) << " round " << round); INFO("op " << static_cast<int>(op) << " n " << n << " inner " << inner << " j " << j);
            CHECK(same_bits(y[j], want[j]));
          }
        }
      }
    }
  }
}

// The scalar rule of ArgMax / ArgMin, one output at a time.
template <class T>
bool arg_nan(T v) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BHalf>) return std::isnan(ref::to_double(v));
  else if constexpr (std::is_floating_point_v<T>) return std::isnan(v);
  else return false;
}
template <class T>
bool arg_less(T a, T b) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BHalf>) return ref::to_double(a) < ref::to_double(b);
  else return a < b;
}

template <class T>
int64_t arg_want(const T* base, size_t n, size_t stride, bool is_max, bool last) {
  size_t want = 0;
  for (size_t k = 1; k < n; k++) {
    const T v = base[k * stride], b = base[want * stride];
    if (arg_nan(b)) { if (last && arg_nan(v)) want = k; continue; }
    const bool beats = is_max ? arg_less(b, v) : arg_less(v, b);
    const bool ties = !arg_less(b, v) && !arg_less(v, b);
    if (arg_nan(v) || beats || (last && ties)) want = k;
  }
  return static_cast<int64_t>(want);
}

template <class T>
void check_arg() {
  std::mt19937 rng(29);
  // inner 1 (two vectors a step along the line: n past 2, 3, 4 steps), 2..9
  // (lanes across the inner axis and each tail), 260 and 259 (past the first
  // block of 64 vectors, with a tail).
  for (size_t inner : {size_t{1}, size_t{2}, size_t{3}, size_t{4}, size_t{5}, size_t{8}, size_t{9}, size_t{259}, size_t{260}}) {
    const size_t max_n = inner > 100 ? 6 : 40;
    for (size_t n = 1; n <= max_n; n++) {
      for (int round = 0; round < 3; round++) {
        const size_t outer = 1 + (n + round) % 2;
        std::vector<T> x(outer * n * inner);
        for (auto& v : x) v = edge_value<T>(rng);
        for (int mode = 0; mode < 4; mode++) {
          const bool is_max = mode & 1, last = mode & 2;
          std::vector<int64_t> y(outer * inner + 1, -7);
          REQUIRE(tessera::arg_reduce(kType<T>, x.data(), y.data(), outer, n, inner, is_max, last) == tessera::Status::ok);
          for (size_t o = 0; o < outer; o++) {
            for (size_t i = 0; i < inner; i++) {
              INFO("n " << n << " inner " << inner << " o " << o << " i " << i << " max " << is_max << " last " << last);
              CHECK(y[o * inner + i] == arg_want(x.data() + o * n * inner + i, n, inner, is_max, last));
            }
          }
          CHECK(y.back() == -7);
        }
      }
    }
  }
}

// Softmax, LogSoftmax and Hardmax of contiguous lines (inner == 1, the
// SIMD128 path) against the same lines as a column of [n, 2] (inner == 2:
// the one-line-at-a-time loop), bit for bit.
template <class T>
void check_softmax() {
  std::mt19937 rng(31);
  std::vector<size_t> lengths;
  for (size_t n = 0; n <= 40; n++) lengths.push_back(n);
  lengths.push_back(1000);
  lengths.push_back(1003);
  lengths.push_back(1500);  // past the 1024 exps softmax_line keeps
  for (uint32_t kind = 0; kind < 3; kind++) {
    for (size_t n : lengths) {
      for (int round = 0; round < (n > 100 ? 2 : 8); round++) {
        std::vector<T> x(n), strided(2 * n);
        for (size_t k = 0; k < n; k++) {
          // Mostly finite: a NaN or an infinity makes the whole line NaN.
          T v = edge_value<T>(rng);
          if (round < 5 && (arg_nan(v) || std::isinf(static_cast<double>(ref::reduce_load(v))))) v = edge_value<T>(rng);
          if (round < 4 && (arg_nan(v) || std::isinf(static_cast<double>(ref::reduce_load(v))))) {
            if constexpr (std::is_same_v<T, Half>) v = ref::to_half(-0.0);
            else if constexpr (std::is_same_v<T, BHalf>) v = ref::to_bhalf(-0.0);
            else v = static_cast<T>(-0.0);
          }
          x[k] = strided[2 * k] = strided[2 * k + 1] = v;
        }
        std::vector<T> y(n + 1), want(2 * n);
        std::memset(static_cast<void*>(&y.back()), 0x5a, sizeof(T));
        const T canary = y.back();
        REQUIRE(tessera::softmax(kType<T>, x.data(), y.data(), 1, n, 1, kind) == tessera::Status::ok);
        REQUIRE(tessera::softmax(kType<T>, strided.data(), want.data(), 1, n, 2, kind) == tessera::Status::ok);
        for (size_t k = 0; k < n; k++) {
          INFO("kind " << kind << " n " << n << " k " << k << " round " << round);
          CHECK(same_bits(y[k], want[2 * k]));
        }
        CHECK(same_bits(y.back(), canary));
      }
    }
  }
}

}  // namespace

TEST_CASE("reduce: SIMD128 paths of the float types: every tail, a second inner block, signed zeros and NaN payloads first met") {
  check_edges<float>();
  check_edges<double>();
  check_edges<Half>();
  check_edges<BHalf>();
}

TEST_CASE("reduce: integer types at their extremes, every tail and a second inner block") {
  check_edges<int32_t>();
  check_edges<uint8_t>();
  check_edges<int64_t>();
}

TEST_CASE("arg_reduce: every type, ties, signed zeros, NaN anywhere, extremes; contiguous and across the inner axis") {
  check_arg<float>();
  check_arg<double>();
  check_arg<Half>();
  check_arg<BHalf>();
  check_arg<int8_t>();
  check_arg<uint8_t>();
  check_arg<int16_t>();
  check_arg<uint16_t>();
  check_arg<int32_t>();
  check_arg<uint32_t>();
  check_arg<int64_t>();
  check_arg<uint64_t>();
}

TEST_CASE("softmax: contiguous lines (SIMD128) give the strided loop's bits, every length 0..40 and 1000, 1003, 1500") {
  check_softmax<float>();
  check_softmax<double>();
  check_softmax<Half>();
  check_softmax<BHalf>();
}

// float32 Softmax and LogSoftmax against long double: exp-f32-v128.h's exp
// of the exact x - max (within 1 ulp), a float64 sum, one rounding of e / sum:
// within 1.5 ulp of the exact result (the maximum printed), for logits as a
// model gives them and for spreads where x - max is far from exact in float32.
TEST_CASE("softmax float32: within 1.5 ulp of long double (exp in float32 lanes)") {
  std::mt19937 rng(5);
  double worst[2] = {0, 0};
  for (float spread : {20.0f, 100.0f, 1000.0f}) {
    for (size_t n : {size_t{7}, size_t{1000}, size_t{32003}}) {
      std::uniform_real_distribution<float> d(-spread, spread);
      std::vector<float> x(n), y(n);
      for (float& v : x) v = d(rng);
      for (uint32_t kind = 0; kind < 2; kind++) {
        REQUIRE(tessera::softmax(kType<float>, x.data(), y.data(), 1, n, 1, kind) == tessera::Status::ok);
        long double m = x[0], sum = 0;
        for (float v : x) m = std::max(m, static_cast<long double>(v));
        for (float v : x) sum += std::exp(static_cast<long double>(v) - m);
        for (size_t k = 0; k < n; k++) {
          const long double want = kind == 0 ? std::exp(static_cast<long double>(x[k]) - m) / sum
                                             : (static_cast<long double>(x[k]) - m) - std::log(sum);
          if (want == 0 || (kind == 0 && want < 0x1p-126L)) continue;  // subnormal results: ulp 2^-149
          int e;
          std::frexp(static_cast<double>(want), &e);
          const double err = static_cast<double>(std::fabs(static_cast<long double>(y[k]) - want) / std::ldexp(1.0L, e - 24));
          worst[kind] = std::max(worst[kind], err);
        }
      }
    }
  }
  std::printf("float32 Softmax max error %.4f ulp, LogSoftmax %.4f ulp (against long double)\n", worst[0], worst[1]);
  CHECK(worst[0] <= 1.5);
  CHECK(worst[1] <= 1.0);
}
