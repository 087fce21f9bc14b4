// Floor kernels against the scalar reference, bit for bit: the edge-case
// table, every length 0..67 (tails), in place and out of place, and random
// bit patterns.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <ios>
#include <limits>
#include <random>
#include <vector>

#include "reference/floor.h"
#include "tessera/kernels.h"

namespace {

template <class Bits, class Kernel, class Reference>
void check_all_lengths(const std::vector<Bits>& pool, Kernel kernel, Reference reference) {
  for (size_t n = 0; n <= 67; ++n) {
    std::vector<Bits> x(n), expected(n), y(n + 1, Bits(0x5a));  // one canary past the end
    for (size_t i = 0; i < n; ++i) x[i] = pool[(i * 7 + n) % pool.size()];
    for (size_t i = 0; i < n; ++i) expected[i] = reference(x[i]);
    const std::vector<Bits> input = x;

    kernel(x.data(), y.data(), n);
    CHECK(x == input);  // inputs are never written
    CHECK(std::equal(expected.begin(), expected.end(), y.begin()));
    CHECK(y[n] == Bits(0x5a));

    kernel(x.data(), x.data(), n);  // in place
    CHECK(x == expected);
  }
}

template <class Bits>
std::vector<Bits> with_random(std::vector<Bits> pool, size_t extra) {
  std::mt19937_64 rng(42);
  for (size_t i = 0; i < extra; ++i) pool.push_back(static_cast<Bits>(rng()));
  return pool;
}

template <class Float, class Bits>
Bits bits_of(Float f) {
  Bits b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

template <class Float, class Bits>
Float float_of(Bits b) {
  Float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}

}  // namespace

TEST_CASE("f32_floor matches the reference bit for bit") {
  using L = std::numeric_limits<float>;
  const float edges[] = {0.0f, -0.0f, 0.5f, -0.5f, 1.0f, -1.0f, 1.5f, -1.5f, 2.5f, -2.5f,
                         L::denorm_min(), -L::denorm_min(), L::min(), -L::min(),
                         8388607.5f, -8388607.5f, 8388608.0f, -8388608.0f, 16777217.0f,
                         L::max(), -L::max(), L::infinity(), -L::infinity(),
                         L::quiet_NaN(), -L::quiet_NaN(), 0.99999994f, -0.99999994f};
  std::vector<uint32_t> pool;
  for (float e : edges) pool.push_back(bits_of<float, uint32_t>(e));
  pool.push_back(0x7f800001u);  // signalling NaN: its payload must survive
  pool.push_back(0xffc01234u);
  pool = with_random(pool, 4000);

  auto kernel = [](const uint32_t* x, uint32_t* y, size_t n) {
    tessera::f32_floor(reinterpret_cast<const float*>(x), reinterpret_cast<float*>(y), n);
  };
  auto reference = [](uint32_t b) {
    return bits_of<float, uint32_t>(tessera::reference::floor_f32(float_of<float>(b)));
  };
  check_all_lengths(pool, kernel, reference);

  std::vector<uint32_t> y(pool.size());
  kernel(pool.data(), y.data(), pool.size());
  for (size_t i = 0; i < pool.size(); ++i) CHECK(y[i] == reference(pool[i]));
}

TEST_CASE("f32_floor edge values") {
  const float x[] = {-0.0f, -1e-45f, 1e-45f, -1.5f, 1.2f, 2.0f};
  float y[6];
  tessera::f32_floor(x, y, 6);
  CHECK(std::signbit(y[0]));
  CHECK(y[0] == 0.0f);
  CHECK(y[1] == -1.0f);  // negative subnormal floors to -1
  CHECK(y[2] == 0.0f);
  CHECK(!std::signbit(y[2]));
  CHECK(y[3] == -2.0f);
  CHECK(y[4] == 1.0f);
  CHECK(y[5] == 2.0f);
}

TEST_CASE("f64_floor matches the reference bit for bit") {
  using L = std::numeric_limits<double>;
  const double edges[] = {0.0, -0.0, 0.5, -0.5, -1.5, 2.5, L::denorm_min(), -L::denorm_min(),
                          4503599627370495.5, -4503599627370495.5, 4503599627370496.0,
                          L::max(), -L::max(), L::infinity(), -L::infinity(), L::quiet_NaN(),
                          -L::quiet_NaN()};
  std::vector<uint64_t> pool;
  for (double e : edges) pool.push_back(bits_of<double, uint64_t>(e));
  pool.push_back(0x7ff0000000000001ull);
  pool = with_random(pool, 4000);
  auto kernel = [](const uint64_t* x, uint64_t* y, size_t n) {
    tessera::f64_floor(reinterpret_cast<const double*>(x), reinterpret_cast<double*>(y), n);
  };
  auto reference = [](uint64_t b) {
    return bits_of<double, uint64_t>(tessera::reference::floor_f64(float_of<double>(b)));
  };
  check_all_lengths(pool, kernel, reference);
}

TEST_CASE("f16_floor: every one of the 65536 patterns") {
  std::vector<uint16_t> all(65536), y(65536);
  for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<uint16_t>(i);
  tessera::f16_floor(all.data(), y.data(), all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    INFO("pattern 0x" << std::hex << i);
    REQUIRE(y[i] == tessera::reference::floor_f16(all[i]));
  }
  CHECK(y[0x8001] == 0xbc00);  // negative subnormal -> -1
  CHECK(y[0x8000] == 0x8000);  // -0 stays -0
  CHECK(y[0x7e01] == 0x7e01);  // NaN payload kept
  check_all_lengths(all, tessera::f16_floor, tessera::reference::floor_f16);
}

TEST_CASE("bf16_floor: every one of the 65536 patterns") {
  std::vector<uint16_t> all(65536), y(65536);
  for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<uint16_t>(i);
  tessera::bf16_floor(all.data(), y.data(), all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    INFO("pattern 0x" << std::hex << i);
    REQUIRE(y[i] == tessera::reference::floor_bf16(all[i]));
  }
  CHECK(y[0x8001] == 0xbf80);  // negative subnormal -> -1
  CHECK(y[0x7f81] == 0x7f81);  // signalling NaN kept
  check_all_lengths(all, tessera::bf16_floor, tessera::reference::floor_bf16);
}
