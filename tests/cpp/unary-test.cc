// The unary kernels against the reference, bit for bit (exp, log, tanh and
// sigmoid within 1 ulp, below): every op and type served, every length
// 0..67 (every tail of the 2x-unrolled map), in place and out, canaries
// past the output, each type's special values.
#include <doctest/doctest.h>

#include <algorithm>

#include "elementwise-support.h"

namespace {

using namespace ew;

template <class T>
T flip_sign(T v) {
  uint64_t b = bits_of(v) ^ (uint64_t{1} << (sizeof(T) * 8 - 1));
  return of_bits<T>(b);
}

template <class T>
T clear_sign(T v) {
  uint64_t b = bits_of(v) & ~(uint64_t{1} << (sizeof(T) * 8 - 1));
  return of_bits<T>(b);
}

template <class T>
T canonical_nan() {
  if constexpr (std::is_same_v<T, float>) return ref::bits_cast<float>(0x7fc00000u);
  else if constexpr (std::is_same_v<T, double>) return ref::bits_cast<double>(0x7ff8000000000000ull);
  else if constexpr (std::is_same_v<T, Half>) return {0x7e00};
  else return {0x7fc0};
}

// A float op on the value, through double for the 16-bit formats, NaN input kept.
template <class T, class F>
T float_op(T x, F f) {
  if (ref::is_nan(x)) return x;
  if constexpr (kHalf<T>) return ref::from_double<T>(f(value(x)));
  else return static_cast<T>(f(x));
}

template <class T>
struct Bounds {
  T lo, hi;
};

template <class T>
T unary_reference(UnaryOp op, T x, Bounds<T> clip) {
  if constexpr (kInt<T>) {
    using Un = std::make_unsigned_t<T>;
    switch (op) {
      case UnaryOp::neg: return static_cast<T>(static_cast<Un>(Un{0} - static_cast<Un>(x)));
      case UnaryOp::abs: return x < 0 ? static_cast<T>(static_cast<Un>(Un{0} - static_cast<Un>(x))) : x;
      case UnaryOp::sign: return static_cast<T>((x > 0) - (x < 0));
      case UnaryOp::relu: return x > 0 ? x : T(0);
      case UnaryOp::clip: return std::min(std::max(x, clip.lo), clip.hi);
      default: break;
    }
  } else {
    switch (op) {
      case UnaryOp::neg: return flip_sign(x);
      case UnaryOp::abs: return clear_sign(x);
      case UnaryOp::ceil: return float_op(x, [](auto v) { return std::ceil(v); });
      case UnaryOp::round: return float_op(x, [](auto v) { return std::nearbyint(v); });
      case UnaryOp::floor: return float_op(x, [](auto v) { return std::floor(v); });
      case UnaryOp::sqrt: return value(x) < 0 ? canonical_nan<T>() : float_op(x, [](auto v) { return std::sqrt(v); });
      case UnaryOp::reciprocal: return float_op(x, [](auto v) { return decltype(v)(1) / v; });
      case UnaryOp::sign: return float_op(x, [](auto v) { return decltype(v)(v > 0 ? 1 : v < 0 ? -1 : 0); });
      case UnaryOp::relu: return float_op(x, [](auto v) { return v > 0 ? v : decltype(v)(0); });
      case UnaryOp::clip:
        if (ref::is_nan(x)) return x;
        if constexpr (kHalf<T>) {
          if (ref::is_nan(clip.lo) || ref::is_nan(clip.hi)) return canonical_nan<T>();
          return ref::from_double<T>(ref::float_min(ref::float_max(value(x), value(clip.lo)), value(clip.hi)));
        } else {
          return ref::float_min(ref::float_max(x, clip.lo), clip.hi);
        }
      default: break;
    }
  }
  FAIL("no reference");
  return x;
}

template <class T>
void check_lengths(UnaryOp op, const std::vector<T>& pool, const void* params, Bounds<T> clip) {
  for (size_t n = 0; n <= 67; ++n) {
    std::vector<T> x(n), want(n);
    for (size_t i = 0; i < n; ++i) x[i] = pool[(i * 7 + n * 5) % pool.size()];
    for (size_t i = 0; i < n; ++i) want[i] = unary_reference(op, x[i], clip);
    std::vector<unsigned char> y(n * sizeof(T) + 16, 0xa5);
    REQUIRE(tessera::unary(op, kOnnx<T>, x.data(), y.data(), n, params) == tessera::Status::ok);
    if (n > 0 && std::memcmp(y.data(), want.data(), n * sizeof(T)) != 0) {
      size_t i = 0;
      while (std::memcmp(y.data() + i * sizeof(T), &want[i], sizeof(T)) == 0) ++i;
      T got;
      std::memcpy(&got, y.data() + i * sizeof(T), sizeof(T));
      FAIL_CHECK("op " << static_cast<int>(op) << " type " << kOnnx<T> << " n " << n << ": x = " << value(x[i]) << " (bits "
                       << bits_of(x[i]) << ") gives bits " << bits_of(got) << ", want " << bits_of(want[i]));
    }
    for (size_t i = n * sizeof(T); i < y.size(); ++i) REQUIRE(y[i] == 0xa5);
    REQUIRE(tessera::unary(op, kOnnx<T>, x.data(), x.data(), n, params) == tessera::Status::ok);  // in place
    CHECK((n == 0 || std::memcmp(x.data(), want.data(), n * sizeof(T)) == 0));
  }
}

template <class T>
void run_type() {
  std::mt19937_64 rng(kOnnx<T> * 7919);
  const std::vector<T> values = pool<T>(rng);
  std::vector<UnaryOp> ops = {UnaryOp::abs, UnaryOp::sign, UnaryOp::clip};
  if constexpr (kFloat<T> || std::is_signed_v<T>) ops.insert(ops.end(), {UnaryOp::neg, UnaryOp::relu});
  if constexpr (kFloat<T>) {
    ops.insert(ops.end(), {UnaryOp::ceil, UnaryOp::round, UnaryOp::floor, UnaryOp::sqrt, UnaryOp::reciprocal});
  }
  for (UnaryOp op : ops) {
    CAPTURE(static_cast<int>(op));
    if (op == UnaryOp::clip) {
      // Bounds from the pool (NaN, infinities and lo > hi included).
      for (size_t k = 0; k < 24; ++k) {
        Bounds<T> b{values[(k * 5) % values.size()], values[(k * 11 + 3) % values.size()]};
        if (k == 0) b = {values[0], values[1]};
        T params[2] = {b.lo, b.hi};
        check_lengths(op, values, params, b);
      }
    } else {
      check_lengths(op, values, nullptr, {});
    }
  }
}

}  // namespace

TEST_CASE_TEMPLATE("unary: every op against the reference at every length", T, int8_t, uint8_t, int16_t, uint16_t,
                   int32_t, uint32_t, int64_t, uint64_t, float, double, Half, BHalf) {
  run_type<T>();
}

TEST_CASE_TEMPLATE("unary: isnan and isinf (both, positive only, negative only, neither)", T, float, double, Half, BHalf) {
  std::mt19937_64 rng(5);
  const std::vector<T> values = pool<T>(rng);
  for (size_t n = 0; n <= 67; n += 3) {
    std::vector<T> x(n);
    for (size_t i = 0; i < n; ++i) x[i] = values[(i * 3 + n) % values.size()];
    std::vector<uint8_t> y(n + 16, 0xa5);
    REQUIRE(tessera::unary(UnaryOp::isnan, kOnnx<T>, x.data(), y.data(), n, nullptr) == tessera::Status::ok);
    for (size_t i = 0; i < n; ++i) CHECK(y[i] == (ref::is_nan(x[i]) ? 1 : 0));
    CHECK(y[n] == 0xa5);
    for (int flags = 0; flags < 4; ++flags) {
      const uint8_t detect[2] = {static_cast<uint8_t>(flags & 1), static_cast<uint8_t>(flags >> 1)};
      REQUIRE(tessera::unary(UnaryOp::isinf, kOnnx<T>, x.data(), y.data(), n, detect) == tessera::Status::ok);
      for (size_t i = 0; i < n; ++i) {
        const double v = value(x[i]);
        CHECK(y[i] == ((std::isinf(v) && ((v > 0 && detect[0]) || (v < 0 && detect[1]))) ? 1 : 0));
      }
      CHECK(y[n] == 0xa5);
    }
  }
}

TEST_CASE("unary: not, and refusals") {
  std::vector<uint8_t> x(37), y(37 + 16, 0xa5);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<uint8_t>(i % 3 == 0 ? 0 : i % 3 == 1 ? 1 : 200);
  REQUIRE(tessera::unary(UnaryOp::logical_not, tessera::onnx_type("bool"), x.data(), y.data(), x.size(), nullptr) == tessera::Status::ok);
  for (size_t i = 0; i < x.size(); ++i) CHECK(y[i] == (x[i] == 0 ? 1 : 0));
  CHECK(y[37] == 0xa5);
  CHECK(tessera::unary(UnaryOp::logical_not, kOnnx<uint8_t>, x.data(), y.data(), 1, nullptr) == tessera::Status::refused);
  CHECK(tessera::unary(UnaryOp::exp, kOnnx<int32_t>, x.data(), y.data(), 1, nullptr) == tessera::Status::refused);
  CHECK(tessera::unary(UnaryOp::neg, kOnnx<uint32_t>, x.data(), y.data(), 1, nullptr) == tessera::Status::refused);
  CHECK(tessera::unary(UnaryOp::floor, kOnnx<int8_t>, x.data(), y.data(), 1, nullptr) == tessera::Status::refused);
  CHECK(tessera::unary(static_cast<UnaryOp>(0), kOnnx<float>, x.data(), y.data(), 1, nullptr) == tessera::Status::refused);
  CHECK(tessera::unary(static_cast<UnaryOp>(999), kOnnx<float>, x.data(), y.data(), 1, nullptr) == tessera::Status::refused);
  CHECK(y[0] == 1);  // untouched by the refusals
}

TEST_CASE("unary: the edge cases named one by one") {
  const float x[8] = {-0.0f, 2.5f, -2.5f, 0.5f, -1e-45f, ref::bits_cast<float>(0xffc01234u), -4.0f, INFINITY};
  float y[8];
  REQUIRE(tessera::unary(UnaryOp::round, kOnnx<float>, x, y, 8, nullptr) == tessera::Status::ok);
  CHECK(ref::bits_cast<uint32_t>(y[0]) == 0x80000000u);  // -0 stays -0
  CHECK(y[1] == 2);                                      // ties to even
  CHECK(y[2] == -2);
  CHECK(y[3] == 0);
  CHECK(ref::bits_cast<uint32_t>(y[4]) == 0x80000000u);
  CHECK(ref::bits_cast<uint32_t>(y[5]) == 0xffc01234u);  // NaN payload kept
  REQUIRE(tessera::unary(UnaryOp::sqrt, kOnnx<float>, x, y, 8, nullptr) == tessera::Status::ok);
  CHECK(ref::bits_cast<uint32_t>(y[0]) == 0x80000000u);  // sqrt(-0) = -0
  CHECK(ref::bits_cast<uint32_t>(y[6]) == 0x7fc00000u);  // sqrt(-4): the canonical NaN
  CHECK(y[7] == INFINITY);
  REQUIRE(tessera::unary(UnaryOp::sign, kOnnx<float>, x, y, 8, nullptr) == tessera::Status::ok);
  CHECK(ref::bits_cast<uint32_t>(y[0]) == 0u);  // sign(-0) = +0, as numpy
  CHECK(y[4] == -1);
  REQUIRE(tessera::unary(UnaryOp::relu, kOnnx<float>, x, y, 8, nullptr) == tessera::Status::ok);
  CHECK(ref::bits_cast<uint32_t>(y[0]) == 0u);  // relu(-0) = +0
  CHECK(ref::bits_cast<uint32_t>(y[5]) == 0xffc01234u);
  const int32_t i[4] = {INT32_MIN, -5, 0, 7};
  int32_t o[4];
  REQUIRE(tessera::unary(UnaryOp::abs, kOnnx<int32_t>, i, o, 4, nullptr) == tessera::Status::ok);
  CHECK(o[0] == INT32_MIN);  // wraps
  CHECK(o[1] == 5);
  REQUIRE(tessera::unary(UnaryOp::neg, kOnnx<int32_t>, i, o, 4, nullptr) == tessera::Status::ok);
  CHECK(o[0] == INT32_MIN);
  const int32_t bounds[2] = {-3, 2};
  REQUIRE(tessera::unary(UnaryOp::clip, kOnnx<int32_t>, i, o, 4, bounds) == tessera::Status::ok);
  CHECK(o[0] == -3);
  CHECK(o[3] == 2);
  const uint16_t h[4] = {0x3e00, 0xbe00, 0x3c01, 0x7e01};  // 1.5, -1.5, 1 + 2^-10, a NaN
  uint16_t r[4];
  REQUIRE(tessera::unary(UnaryOp::round, kOnnx<Half>, h, r, 4, nullptr) == tessera::Status::ok);
  CHECK(r[0] == 0x4000);
  CHECK(r[1] == 0xc000);
  CHECK(r[2] == 0x3c00);
  CHECK(r[3] == 0x7e01);
}
