// exp, log, tanh, sigmoid (unary) and float pow (binary): the error in ulps
// against a wider reference over dense sweeps, the maxima README.md records,
// and a hash of the output bits over a fixed input set, equal in every build
// (natively through SIMDe's SSE2, tessera.wasm, tessera-scalar.wasm).
// float32: every 4099th bit pattern (1M inputs) against double libm;
// float64 (where long double is wider than double, natively on x86): 1M
// inputs spread over each function's interesting range, against long double.
#include <doctest/doctest.h>

#include <cfloat>
#include <cstdio>

#include "elementwise-support.h"

namespace {

using namespace ew;

// The error of got against the exact value, in ulps of the result type at
// the exact value (0 when both are NaN or equal, a large number when one
// side is NaN or infinite and the other not).
template <class T>
double ulp_error(T got, long double exact) {
  if (std::isnan(got) && std::isnan(exact)) return 0;
  if (std::isnan(got) || std::isnan(exact)) return 1e9;
  if (static_cast<long double>(got) == exact) return 0;
  if (std::isinf(got) || std::isinf(exact)) {
    // Overflow to Inf is right when exact rounds to Inf.
    const long double max = std::numeric_limits<T>::max();
    const long double half_ulp_past = max + std::ldexp(1.0L, std::numeric_limits<T>::max_exponent - std::numeric_limits<T>::digits - 1);
    if (std::isinf(got) && std::fabs(exact) >= half_ulp_past && std::signbit(got) == std::signbit(exact)) return 0;
    return 1e9;
  }
  int e;
  std::frexp(static_cast<double>(exact), &e);
  const int min_e = std::numeric_limits<T>::min_exponent;
  const long double ulp = std::ldexp(1.0L, std::max(e, min_e) - std::numeric_limits<T>::digits);
  return static_cast<double>(std::fabs(static_cast<long double>(got) - exact) / ulp);
}

uint64_t fnv(uint64_t h, uint64_t v) {
  for (int i = 0; i < 8; ++i) h = (h ^ ((v >> (8 * i)) & 0xff)) * 0x100000001b3ull;
  return h;
}

template <class T>
std::vector<T> run(UnaryOp op, const std::vector<T>& x) {
  std::vector<T> y(x.size());
  REQUIRE(tessera::unary(op, kOnnx<T>, x.data(), y.data(), x.size(), nullptr) == tessera::Status::ok);
  return y;
}

template <class T>
uint64_t hash_of(const std::vector<T>& y) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (T v : y) h = fnv(h, bits_of(v));
  return h;
}

std::vector<float> f32_sweep() {
  std::vector<float> x;
  for (uint64_t b = 0; b < (uint64_t{1} << 32); b += 4099) x.push_back(ref::bits_cast<float>(static_cast<uint32_t>(b)));
  return x;
}

long double exact(UnaryOp op, long double v) {
  switch (op) {
    case UnaryOp::exp: return std::exp(v);
    case UnaryOp::log: return std::log(v);
    case UnaryOp::tanh: return std::tanh(v);
    default: return v >= 0 ? 1 / (1 + std::exp(-v)) : std::exp(v) / (1 + std::exp(v));
  }
}

std::vector<double> f64_sweep(UnaryOp op) {
  std::mt19937_64 rng(7);
  std::vector<double> x;
  auto range = [&](double lo, double hi, size_t n) {
    std::uniform_real_distribution<double> d(lo, hi);
    for (size_t i = 0; i < n; ++i) x.push_back(d(rng));
  };
  switch (op) {
    case UnaryOp::exp: range(-745.2, 709.8, 400000); range(-1, 1, 300000); range(-1e-8, 1e-8, 100000); break;
    case UnaryOp::log:
      for (int i = 0; i < 500000; ++i) x.push_back(ref::bits_cast<double>(rng() >> 1));  // every positive magnitude
      range(0.5, 2, 300000);
      range(1 - 1e-6, 1 + 1e-6, 100000);
      break;
    case UnaryOp::tanh: range(-20, 20, 400000); range(-0.6, 0.6, 300000); range(-1e-8, 1e-8, 100000); break;
    default: range(-745, 40, 400000); range(-2, 2, 300000); range(-1e-8, 1e-8, 100000); break;
  }
  for (double s : {0.0, -0.0, double(INFINITY), -double(INFINITY), DBL_MIN, DBL_TRUE_MIN, DBL_MAX, -DBL_MAX, 1.0, -1.0}) x.push_back(s);
  return x;
}

const char* name(UnaryOp op) {
  return op == UnaryOp::exp ? "exp" : op == UnaryOp::log ? "log" : op == UnaryOp::tanh ? "tanh" : "sigmoid";
}

}  // namespace

TEST_CASE("exp, log, tanh, sigmoid float32: within 1 ulp, and the same bits in every build") {
  const std::vector<float> x = f32_sweep();
  // FNV-1a of the output bits, measured natively; both wasm builds must agree.
  const struct { UnaryOp op; uint64_t hash; } kCases[] = {
      {UnaryOp::exp, 0x44efdfc7ea777361ull}, {UnaryOp::log, 0x44e18572578bcd80ull},
      {UnaryOp::tanh, 0x3c6e31c094c1bcffull}, {UnaryOp::sigmoid, 0xe84e70842b80225dull}};
  for (const auto& c : kCases) {
    const std::vector<float> y = run(c.op, x);
    double worst = 0;
    float worst_x = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      const double e = ulp_error(y[i], static_cast<long double>(exact(c.op, static_cast<double>(x[i]))));
      if (e > worst) worst = e, worst_x = x[i];
    }
    std::printf("float32 %-8s max error %.4f ulp (at %a) over %zu inputs, hash %016llx\n", name(c.op), worst, worst_x,
                x.size(), static_cast<unsigned long long>(hash_of(y)));
    CHECK(worst <= 1.0);
    if (c.hash != 0) CHECK(hash_of(y) == c.hash);
  }
}

TEST_CASE("exp, log, tanh, sigmoid float64: within 1 ulp (against long double), the same bits in every build") {
  const struct { UnaryOp op; uint64_t hash; } kCases[] = {
      {UnaryOp::exp, 0x849763bdc445cb55ull}, {UnaryOp::log, 0x7bc8a610ce830640ull},
      {UnaryOp::tanh, 0x6de3f08b7faefb57ull}, {UnaryOp::sigmoid, 0xcd82bcef6a0492b4ull}};
  for (const auto& c : kCases) {
    const std::vector<double> x = f64_sweep(c.op);
    const std::vector<double> y = run(c.op, x);
    if (c.hash != 0) CHECK(hash_of(y) == c.hash);
    if (LDBL_MANT_DIG < 64 || LDBL_MANT_DIG > 64) {
      std::printf("float64 %-8s hash %016llx (no 80-bit long double here: ulps measured natively)\n", name(c.op),
                  static_cast<unsigned long long>(hash_of(y)));
      continue;
    }
    double worst = 0, worst_x = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      const double e = ulp_error(y[i], exact(c.op, static_cast<long double>(x[i])));
      if (e > worst) worst = e, worst_x = x[i];
    }
    std::printf("float64 %-8s max error %.4f ulp (at %a) over %zu inputs, hash %016llx\n", name(c.op), worst, worst_x,
                x.size(), static_cast<unsigned long long>(hash_of(y)));
    CHECK(worst <= 1.0);
  }
}

TEST_CASE("pow float64: within 1 ulp (against long double), the same bits in every build") {
  // x over every magnitude with y making |y log x| up to 760 (results from
  // 0 through the subnormals to Inf), x near 1 with large |y|, x in [0.5, 2]
  // with |y| <= 10, small integer y, subnormal x.
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<double> x, y;
  for (int i = 0; i < 800000; ++i) {
    double a, b;
    switch (i % 6) {
      case 0: a = std::exp2(u(rng) * 2097 - 1074), b = (u(rng) * 1480 - 760) / std::log(a); break;
      case 1: a = std::exp2(u(rng) * 2097 - 1074), b = (u(rng) * 10 + 700) / std::log(a); break;
      case 2: a = std::exp2(u(rng) * 2097 - 1074), b = (u(rng) * 46 - 746) / std::log(a); break;
      case 3:
        a = 1 + std::floor(std::exp2(u(rng) * 20)) * 0x1p-52 * (u(rng) < 0.5 ? -1 : 1);
        b = (u(rng) * 1450 - 745) / std::log(a);
        break;
      case 4: a = 0.5 + 1.5 * u(rng), b = u(rng) * 20 - 10; break;
      default:
        b = std::round(u(rng) * 128 - 64), b = b == 0 ? 3 : b;
        a = std::exp2((u(rng) * 2 - 1) * 1000 / std::fabs(b)) * (u(rng) < 0.2 ? -1 : 1);
        break;
    }
    x.push_back(a), y.push_back(b);
  }
  std::vector<double> z(x.size());
  const uint32_t dims[1] = {static_cast<uint32_t>(x.size())}, one[1] = {1};
  REQUIRE(tessera::binary(BinaryOp::pow, kOnnx<double>, x.data(), y.data(), z.data(), 1, dims, one, one) == tessera::Status::ok);
  const uint64_t kHash = 0x18b08f803e456bd1ull;  // FNV-1a of the output bits, measured natively; both wasm builds must agree
  if (kHash != 0) CHECK(hash_of(z) == kHash);
  if (LDBL_MANT_DIG != 64) {
    std::printf("float64 pow      hash %016llx (no 80-bit long double here: ulps measured natively)\n",
                static_cast<unsigned long long>(hash_of(z)));
    return;
  }
  double worst = 0;
  size_t worst_i = 0, off = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double e = ulp_error(z[i], std::pow(static_cast<long double>(x[i]), static_cast<long double>(y[i])));
    if (e > 0.5) ++off;
    if (e > worst) worst = e, worst_i = i;
  }
  std::printf("float64 pow      max error %.4f ulp (at %a, %a) over %zu inputs, %zu beyond 0.5, hash %016llx\n", worst,
              x[worst_i], y[worst_i], x.size(), off, static_cast<unsigned long long>(hash_of(z)));
  CHECK(worst <= 1.0);
}
