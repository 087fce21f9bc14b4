// The binary kernels against the reference, bit for bit (float pow within
// its documented ulp), over every op and type the kernel serves, every
// broadcast pattern of ew::patterns() (scalar-scalar, contiguous-scalar and
// back, inner and outer broadcast, rank 0..6, empty dims, every tail length),
// in place where allowed, with canaries past the output; plus the semantics
// worth naming one by one.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>

#include "elementwise-support.h"

namespace {

using namespace ew;

using ref::binary_bool;
using ref::binary_same;
using ref::is_comparison;

// Distance in units in the last place between two floats of one type (NaN
// and NaN: 0).
template <class T>
uint64_t ulps(T a, T b) {
  if (ref::is_nan(a) || ref::is_nan(b)) return ref::is_nan(a) && ref::is_nan(b) ? 0 : ~uint64_t{0};
  auto ordered = [](T v) {
    const uint64_t bits = bits_of(v);
    const uint64_t sign = uint64_t{1} << (sizeof(T) * 8 - 1);
    return static_cast<int64_t>((bits & sign) ? ~bits + 1 + sign : bits) * ((bits & sign) ? -1 : 1);
  };
  auto key = [](T v) -> int64_t {  // sign-magnitude bits to a monotone integer
    const uint64_t bits = bits_of(v);
    const uint64_t sign = uint64_t{1} << (sizeof(T) * 8 - 1);
    return (bits & sign) ? -static_cast<int64_t>(bits & ~sign) : static_cast<int64_t>(bits);
  };
  (void)ordered;
  const int64_t d = key(a) - key(b);
  return static_cast<uint64_t>(d < 0 ? -d : d);
}

// float pow's reference: long double where it is wider than double (x86),
// else double; the result rounded to T.
template <class T>
T pow_reference(T a, T b) {
  if constexpr (kHalf<T>) return ref::from_double<T>(static_cast<double>(std::pow(static_cast<float>(value(a)), static_cast<float>(value(b)))));
  else return static_cast<T>(std::pow(static_cast<long double>(a), static_cast<long double>(b)));
}

// The float pow tolerance in ulps: the kernels are within 1 ulp of the
// correctly rounded result (float64 within 0.52: docs/number-formats.md), so
// 1 from a reference that is itself correctly rounded in nearly all cases
// (long double on x86); 2 where the reference is double pow (within 1 ulp).
template <class T>
uint64_t pow_tolerance(T, T) {
  if constexpr (std::is_same_v<T, double>) return sizeof(long double) > sizeof(double) ? 1 : 2;
  else return 1;
}

// ---------------------------------------------------------------- the runner
template <class T>
void run_pattern(BinaryOp op, const std::vector<uint32_t>& a_dims, const std::vector<uint32_t>& b_dims,
                 const std::vector<T>& a_pool, const std::vector<T>& b_pool, size_t seed) {
  const auto dims = broadcast_dims({a_dims, b_dims});
  const auto a_strides = strides_for(a_dims, dims.size()), b_strides = strides_for(b_dims, dims.size());
  const size_t n = count(dims), na = count(a_dims), nb = count(b_dims);
  std::vector<T> a(na), b(nb);
  for (size_t i = 0; i < na; ++i) a[i] = a_pool[(i * 7 + seed) % a_pool.size()];
  for (size_t i = 0; i < nb; ++i) b[i] = b_pool[(i * 13 + seed * 3 + 1) % b_pool.size()];
  const bool to_bool = is_comparison(op);
  const size_t out_size = to_bool ? 1 : sizeof(T);
  std::vector<unsigned char> y(n * out_size + 32, 0xa5), want(n * out_size);

  const auto status = tessera::binary(op, kOnnx<T>, a.data(), b.data(), y.data(), dims.size(), dims.data(),
                                      a_strides.data(), b_strides.data());
  REQUIRE(status == tessera::Status::ok);
  for (size_t i = n * out_size; i < y.size(); ++i) REQUIRE(y[i] == 0xa5);
  if (to_bool) {
    ref::broadcast2(a.data(), b.data(), want.data(), dims.size(), dims.data(), a_strides.data(), b_strides.data(),
                    [op](T x, T z) { return binary_bool(op, x, z); });
  } else if (op == BinaryOp::pow && kFloat<T>) {
    std::vector<T> got(n), exact(n);
    if (n > 0) std::memcpy(got.data(), y.data(), n * sizeof(T));
    ref::broadcast2(a.data(), b.data(), exact.data(), dims.size(), dims.data(), a_strides.data(), b_strides.data(),
                    [](T x, T z) { return pow_reference(x, z); });
    size_t bad = 0;
    for (size_t o = 0; o < n; ++o) {
      // The operands again, by the same walk.
      size_t rest = o, ia = 0, ib = 0;
      for (size_t i = dims.size(); i-- > 0;) {
        ia += rest % dims[i] * a_strides[i];
        ib += rest % dims[i] * b_strides[i];
        rest /= dims[i];
      }
      if (ulps(got[o], exact[o]) > pow_tolerance(a[ia], b[ib]) && ++bad <= 5) {
        FAIL_CHECK("pow(" << value(a[ia]) << ", " << value(b[ib]) << ") = " << value(got[o]) << ", want " << value(exact[o]));
      }
    }
    CHECK(bad == 0);
    return;
  } else {
    ref::broadcast2(a.data(), b.data(), reinterpret_cast<T*>(want.data()), dims.size(), dims.data(), a_strides.data(),
                    b_strides.data(), [op](T x, T z) { return binary_same(op, x, z); });
  }
  if (!want.empty() && std::memcmp(y.data(), want.data(), want.size()) != 0) {
    size_t first = 0;
    while (y[first] == want[first]) ++first;
    FAIL_CHECK("op " << static_cast<int>(op) << " type " << kOnnx<T> << " a " << text(a_dims) << " b " << text(b_dims)
                     << ": byte " << first << " is " << int(y[first]) << ", want " << int(want[first]));
  }

  // In place: y over a, when a is not broadcast and has the output's type.
  if (!to_bool && na == n && n > 0) {
    std::vector<T> in_place = a;
    REQUIRE(tessera::binary(op, kOnnx<T>, in_place.data(), b.data(), in_place.data(), dims.size(), dims.data(),
                            a_strides.data(), b_strides.data()) == tessera::Status::ok);
    if (std::memcmp(in_place.data(), want.data(), want.size()) != 0) {
      size_t first = 0;
      while (reinterpret_cast<unsigned char*>(in_place.data())[first] == want[first]) ++first;
      FAIL_CHECK("in place: op " << static_cast<int>(op) << " type " << kOnnx<T> << " a " << text(a_dims) << " b "
                                 << text(b_dims) << ": byte " << first);
    }
  }
}

template <class T>
void run_op(BinaryOp op) {
  std::mt19937_64 rng(kOnnx<T> * 131 + static_cast<unsigned>(op));
  const std::vector<T> a_pool = pool<T>(rng);
  std::vector<T> b_pool = pool<T>(rng);
  for (T& v : b_pool) {
    if constexpr (kInt<T>) {
      if ((op == BinaryOp::div || op == BinaryOp::mod || op == BinaryOp::fmod) && v == 0) v = 3;
      if (op == BinaryOp::pow) v = static_cast<T>(static_cast<uint64_t>(v) % 70 - (std::is_signed_v<T> ? 3 : 0));
      if (op == BinaryOp::shift_left || op == BinaryOp::shift_right) v = static_cast<T>(static_cast<uint64_t>(v) % (sizeof(T) * 8 + 6));
    }
  }
  size_t seed = 0;
  for (const auto& pattern : patterns()) {  // no structured bindings: clang 14 cannot capture them
    const auto& a_dims = pattern.first;
    const auto& b_dims = pattern.second;
    CAPTURE(text(a_dims));
    CAPTURE(text(b_dims));
    run_pattern<T>(op, a_dims, b_dims, a_pool, b_pool, seed++);
  }
}

template <class T>
void run_type() {
  constexpr BinaryOp kAll[] = {BinaryOp::add, BinaryOp::sub, BinaryOp::mul, BinaryOp::div, BinaryOp::pow,
                               BinaryOp::fmod, BinaryOp::min, BinaryOp::max, BinaryOp::equal, BinaryOp::greater,
                               BinaryOp::less, BinaryOp::greater_or_equal, BinaryOp::less_or_equal};
  for (BinaryOp op : kAll) {
    CAPTURE(static_cast<int>(op));
    run_op<T>(op);
  }
  if constexpr (kInt<T>) run_op<T>(BinaryOp::mod);
  if constexpr (std::is_unsigned_v<T>) {
    run_op<T>(BinaryOp::shift_left);
    run_op<T>(BinaryOp::shift_right);
  }
}

}  // namespace

TEST_CASE_TEMPLATE("binary: every op against the reference over every broadcast pattern", T, int8_t, uint8_t, int16_t,
                   uint16_t, int32_t, uint32_t, int64_t, uint64_t, float, double, Half, BHalf) {
  run_type<T>();
}

TEST_CASE("binary: bool and, or, xor, equal over every pattern") {
  const uint8_t pool[] = {0, 1, 1, 0, 0, 1, 2, 255};  // any non-zero byte is true
  for (BinaryOp op : {BinaryOp::logical_and, BinaryOp::logical_or, BinaryOp::logical_xor, BinaryOp::equal}) {
    size_t seed = 0;
    for (const auto& pattern : patterns()) {
      const auto& a_dims = pattern.first;
      const auto& b_dims = pattern.second;
      const auto dims = broadcast_dims({a_dims, b_dims});
      const auto as = strides_for(a_dims, dims.size()), bs = strides_for(b_dims, dims.size());
      std::vector<uint8_t> a(count(a_dims)), b(count(b_dims)), y(count(dims) + 16, 0xa5), want(count(dims));
      for (size_t i = 0; i < a.size(); ++i) a[i] = pool[(i * 3 + seed) % 8];
      for (size_t i = 0; i < b.size(); ++i) b[i] = pool[(i * 5 + seed + 1) % 8];
      ++seed;
      REQUIRE(tessera::binary(op, tessera::onnx_type("bool"), a.data(), b.data(), y.data(), dims.size(), dims.data(),
                              as.data(), bs.data()) == tessera::Status::ok);
      ref::broadcast2(a.data(), b.data(), want.data(), dims.size(), dims.data(), as.data(), bs.data(), [op](uint8_t x, uint8_t z) -> uint8_t {
        const bool p = x != 0, q = z != 0;
        return op == BinaryOp::logical_and ? p && q : op == BinaryOp::logical_or ? p || q : op == BinaryOp::logical_xor ? p != q : x == z;
      });
      CHECK(std::equal(want.begin(), want.end(), y.begin()));
      CHECK(y[want.size()] == 0xa5);
    }
  }
}

TEST_CASE("binary: strides that are not a dense broadcast still give the definition (a transposed operand)") {
  const float a[6] = {1, 2, 3, 4, 5, 6};  // 2 x 3, read as its 3 x 2 transpose
  const float b[2] = {10, 20};
  const uint32_t dims[2] = {3, 2}, as[2] = {1, 3}, bs[2] = {0, 1};
  float y[6];
  REQUIRE(tessera::binary(BinaryOp::add, tessera::onnx_type("float32"), a, b, y, 2, dims, as, bs) == tessera::Status::ok);
  const float want[6] = {11, 24, 12, 25, 13, 26};
  CHECK(std::memcmp(y, want, sizeof y) == 0);
}

TEST_CASE("binary: the semantics named one by one") {
  const uint32_t dims[1] = {4}, one[1] = {1};
  auto run = [&](BinaryOp op, uint32_t type, const void* a, const void* b, void* y) {
    return tessera::binary(op, type, a, b, y, 1, dims, one, one);
  };
  {  // integer division truncates toward zero and wraps; both moduli
    const int32_t a[4] = {-7, 7, INT32_MIN, -7}, b[4] = {2, -2, -1, -2};
    int32_t q[4], m[4], f[4];
    REQUIRE(run(BinaryOp::div, kOnnx<int32_t>, a, b, q) == tessera::Status::ok);
    REQUIRE(run(BinaryOp::mod, kOnnx<int32_t>, a, b, m) == tessera::Status::ok);
    REQUIRE(run(BinaryOp::fmod, kOnnx<int32_t>, a, b, f) == tessera::Status::ok);
    CHECK(q[0] == -3);
    CHECK(q[1] == -3);
    CHECK(q[2] == INT32_MIN);
    CHECK(m[0] == 1);   // Python: -7 % 2 == 1
    CHECK(m[1] == -1);  // 7 % -2 == -1
    CHECK(m[2] == 0);
    CHECK(m[3] == -1);
    CHECK(f[0] == -1);  // C: the dividend's sign
    CHECK(f[1] == 1);
  }
  {  // a zero divisor is refused before anything is written, for every integer op that divides
    const int16_t a[4] = {1, 2, 3, 4}, b[4] = {1, 2, 0, 4};
    int16_t y[4] = {9, 9, 9, 9};
    for (BinaryOp op : {BinaryOp::div, BinaryOp::mod, BinaryOp::fmod}) {
      CHECK(run(op, kOnnx<int16_t>, a, b, y) == tessera::Status::zero_divisor);
      CHECK(y[0] == 9);
    }
    const float fa[4] = {1, -1, 0, 1}, fb[4] = {0, 0, 0, -0.0f};
    float fy[4];
    REQUIRE(run(BinaryOp::div, kOnnx<float>, fa, fb, fy) == tessera::Status::ok);  // floats divide by 0
    CHECK(fy[0] == INFINITY);
    CHECK(fy[1] == -INFINITY);
    CHECK(ref::bits_cast<uint32_t>(fy[2]) == 0x7fc00000u);  // the canonical NaN
    CHECK(fy[3] == -INFINITY);
  }
  {  // min and max: -0 below +0, NaN propagates (its own bits)
    const float a[4] = {-0.0f, 0.0f, NAN, 1}, b[4] = {0.0f, -0.0f, 1, ref::bits_cast<float>(0x7fc01234u)};
    float lo[4], hi[4];
    REQUIRE(run(BinaryOp::min, kOnnx<float>, a, b, lo) == tessera::Status::ok);
    REQUIRE(run(BinaryOp::max, kOnnx<float>, a, b, hi) == tessera::Status::ok);
    CHECK(ref::bits_cast<uint32_t>(lo[0]) == 0x80000000u);
    CHECK(ref::bits_cast<uint32_t>(lo[1]) == 0x80000000u);
    CHECK(ref::bits_cast<uint32_t>(hi[0]) == 0u);
    CHECK(ref::bits_cast<uint32_t>(hi[1]) == 0u);
    CHECK(std::isnan(lo[2]));
    CHECK(ref::bits_cast<uint32_t>(hi[3]) == 0x7fc01234u);
  }
  {  // integer powers wrap; negative exponents truncate
    const int8_t a[4] = {3, 2, -1, 2}, b[4] = {5, 7, -3, -1};
    int8_t y[4];
    REQUIRE(run(BinaryOp::pow, kOnnx<int8_t>, a, b, y) == tessera::Status::ok);
    CHECK(y[0] == static_cast<int8_t>(243));
    CHECK(y[1] == -128);
    CHECK(y[2] == -1);
    CHECK(y[3] == 0);
    const uint64_t ua[4] = {3, 2, 0, 1}, ub[4] = {UINT64_MAX, 64, 0, UINT64_MAX};
    uint64_t uy[4];
    REQUIRE(run(BinaryOp::pow, kOnnx<uint64_t>, ua, ub, uy) == tessera::Status::ok);
    uint64_t want = 1, square = 3;  // 3^(2^64 - 1) mod 2^64 by its own squarings
    for (int i = 0; i < 64; ++i) want *= square, square *= square;
    CHECK(uy[0] == want);
    CHECK(uy[1] == 0);
    CHECK(uy[2] == 1);  // 0^0
    CHECK(uy[3] == 1);
  }
  {  // float pow: C99's special cases, exact integer powers
    const double a[4] = {-8, -0.0, 2, -1}, b[4] = {1.0 / 3, -1, 10, INFINITY};
    double y[4];
    REQUIRE(run(BinaryOp::pow, kOnnx<double>, a, b, y) == tessera::Status::ok);
    CHECK(std::isnan(y[0]));
    CHECK(y[1] == -INFINITY);
    CHECK(y[2] == 1024);
    CHECK(y[3] == 1);
    // float64 pow is exact where the result is: 2^3, 10^2, 10^22, 4^0.5,
    // 2^-1074 (subnormal, rounded once), 3^33, x^1, x^-1 = 1 / x, x^2 = x * x.
    const double ea[10] = {2, 10, 10, 4, 2, 3, 0.1, 0.7, 1.1, 0.5}, eb[10] = {3, 2, 22, 0.5, -1074, 33, 1, -1, 2, 1074};
    double ey[10];
    const uint32_t ten[1] = {10};
    REQUIRE(tessera::binary(BinaryOp::pow, kOnnx<double>, ea, eb, ey, 1, ten, one, one) == tessera::Status::ok);
    const double volatile seven = 0.7, eleven = 1.1;
    const double want[10] = {8, 100, 1e22, 2, 0x1p-1074, 5559060566555523.0, 0.1, 1 / seven, eleven * eleven, 0x1p-1074};
    for (int i = 0; i < 10; ++i) CHECK(ey[i] == want[i]);
    const float fa[4] = {2, 10, -2, NAN}, fb[4] = {10, -2, 3, 0};
    float fy[4];
    REQUIRE(run(BinaryOp::pow, kOnnx<float>, fa, fb, fy) == tessera::Status::ok);
    CHECK(fy[0] == 1024);
    CHECK(fy[1] == 0.01f);
    CHECK(fy[2] == -8);
    CHECK(fy[3] == 1);
  }
  {  // shifts past the width give 0; uint64 compares see the top bit
    const uint32_t a[4] = {1, 1, 0x80000000u, 5}, b[4] = {31, 32, 31, 100};
    uint32_t l[4], r[4];
    REQUIRE(run(BinaryOp::shift_left, kOnnx<uint32_t>, a, b, l) == tessera::Status::ok);
    REQUIRE(run(BinaryOp::shift_right, kOnnx<uint32_t>, a, b, r) == tessera::Status::ok);
    CHECK(l[0] == 0x80000000u);
    CHECK(l[1] == 0);
    CHECK(r[2] == 1);
    CHECK(r[3] == 0);
    const uint64_t ua[4] = {UINT64_MAX, 1, 0x8000000000000000u, 0}, ub[4] = {1, UINT64_MAX, 0x7fffffffffffffffu, 0};
    uint8_t g[4];
    REQUIRE(run(BinaryOp::greater, kOnnx<uint64_t>, ua, ub, g) == tessera::Status::ok);
    const uint8_t want[4] = {1, 0, 1, 0};
    CHECK(std::memcmp(g, want, 4) == 0);
  }
  {  // float16: computed in float32 and rounded once; ties to even
    const uint16_t a[4] = {0x3c00, 0x3c00, 0x7bff, 0x0001}, b[4] = {0x1400, 0x1000, 0x7bff, 0x8001};
    uint16_t y[4];  // 1 + 2^-10 exactly; 1 + 2^-11 (a tie, to even: 1); max + max overflows; subnormals cancel to +0
    REQUIRE(run(BinaryOp::add, kOnnx<Half>, a, b, y) == tessera::Status::ok);
    CHECK(y[0] == 0x3c01);
    CHECK(y[1] == 0x3c00);
    CHECK(y[2] == 0x7c00);
    CHECK(y[3] == 0x0000);
  }
}

TEST_CASE("binary: refused arguments write nothing") {
  const uint32_t dims[1] = {4}, one[1] = {1};
  const float a[4] = {1, 2, 3, 4};
  float y[4] = {7, 7, 7, 7};
  auto run = [&](uint32_t op, uint32_t type) {
    return tessera::binary(static_cast<BinaryOp>(op), type, a, a, y, 1, dims, one, one);
  };
  CHECK(run(static_cast<uint32_t>(BinaryOp::mod), kOnnx<float>) == tessera::Status::refused);  // fmod = 0 on floats
  CHECK(run(static_cast<uint32_t>(BinaryOp::shift_left), kOnnx<int32_t>) == tessera::Status::refused);
  CHECK(run(static_cast<uint32_t>(BinaryOp::logical_and), kOnnx<float>) == tessera::Status::refused);
  CHECK(run(static_cast<uint32_t>(BinaryOp::add), tessera::onnx_type("string")) == tessera::Status::refused);
  CHECK(run(static_cast<uint32_t>(BinaryOp::add), tessera::onnx_type("bool")) == tessera::Status::refused);
  CHECK(run(0, kOnnx<float>) == tessera::Status::refused);
  CHECK(run(99, kOnnx<float>) == tessera::Status::refused);
  CHECK(y[0] == 7);
}
