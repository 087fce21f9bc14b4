// Floor kernels against the scalar reference, bit for bit: the edge-case
// table, every length 0..67 (tails), in place and out of place, random bit
// patterns, and every 16-bit pattern in every lane of a vector.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
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

// ---------------------------------------------------------------- 16-bit formats
// A kernel works on 8 halves per vector, and the 16-bit kernels compute two
// of them in each 32-bit lane: a bug can leak one element's bits into its
// neighbour (issue 17: -0 in an even position set a bit of the odd one above
// it, in the scalar build only). So every pattern is floored in every
// position of a vector, beside varied neighbours, and the output compared
// with the reference bit for bit:
//  - lane k of vector j holds (j * m_k + k) mod 2^16, m_k odd: each lane runs
//    through all 65536 patterns, beside pseudo-random ones;
//  - vector j holds pattern j eight times (each beside itself: -0 beside -0);
//  - every pattern beside each special pattern, in even and in odd positions.
namespace {

constexpr size_t kPatterns = 65536;
constexpr size_t kLanes = 8;
constexpr uint16_t kSpecials[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x3c00, 0xbc00,
                                  0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe01, 0x7f80, 0x7f81, 0xff81,
                                  0x7fff, 0xffff};

std::string hex(unsigned value) {
  char text[8];
  std::snprintf(text, sizeof text, "0x%04x", value);
  return text;
}

using Floor16 = void (*)(const uint16_t*, uint16_t*, size_t);

std::vector<std::vector<uint16_t>> layouts_of_every_pattern_in_every_lane() {
  std::vector<std::vector<uint16_t>> layouts;
  constexpr uint32_t kMultipliers[kLanes] = {1, 0x9e37, 0x3b, 0xfff1, 0x5bd1, 0x2b, 0xc2b3, 0x7fff};
  std::vector<uint16_t> permuted(kPatterns * kLanes), repeated(kPatterns * kLanes);
  for (uint32_t j = 0; j < kPatterns; ++j) {
    for (uint32_t k = 0; k < kLanes; ++k) {
      permuted[j * kLanes + k] = static_cast<uint16_t>(j * kMultipliers[k] + k);
      repeated[j * kLanes + k] = static_cast<uint16_t>(j);
    }
  }
  layouts.push_back(permuted);
  layouts.push_back(repeated);
  for (uint16_t special : kSpecials) {
    std::vector<uint16_t> even(2 * kPatterns), odd(2 * kPatterns);
    for (uint32_t p = 0; p < kPatterns; ++p) {
      even[2 * p] = static_cast<uint16_t>(p), even[2 * p + 1] = special;
      odd[2 * p] = special, odd[2 * p + 1] = static_cast<uint16_t>(p);
    }
    layouts.push_back(even);
    layouts.push_back(odd);
  }
  return layouts;
}

// Counts the mismatches (one CHECK per element would take minutes under the
// sanitizers) and shows the first few with their positions.
void check_every_pattern_in_every_lane(Floor16 kernel, uint16_t (*reference)(uint16_t)) {
  std::vector<uint16_t> expected(kPatterns);
  for (size_t p = 0; p < kPatterns; ++p) expected[p] = reference(static_cast<uint16_t>(p));
  std::vector<bool> seen(kPatterns * kLanes);
  for (const auto& x : layouts_of_every_pattern_in_every_lane()) {
    std::vector<uint16_t> y(x.size());
    kernel(x.data(), y.data(), x.size());
    size_t mismatches = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      seen[x[i] * kLanes + i % kLanes] = true;
      if (y[i] == expected[x[i]]) continue;
      if (++mismatches <= 8) {
        FAIL_CHECK("floor(" << hex(x[i]) << ") in lane " << i % kLanes << " beside " << hex(x[i ^ 1]) << " is "
                            << hex(y[i]) << ", want " << hex(expected[x[i]]));
      }
    }
    CHECK(mismatches == 0);
  }
  CHECK(static_cast<size_t>(std::count(seen.begin(), seen.end(), true)) == kPatterns * kLanes);  // the layouts cover what they claim
}

}  // namespace

TEST_CASE("f16_floor: every pattern in every lane, beside varied neighbours") {
  check_every_pattern_in_every_lane(tessera::f16_floor, tessera::reference::floor_f16);
}

TEST_CASE("bf16_floor: every pattern in every lane, beside varied neighbours") {
  check_every_pattern_in_every_lane(tessera::bf16_floor, tessera::reference::floor_bf16);
}

TEST_CASE("f16_floor: -0 beside the smallest negative subnormal (issue 17, the scalar build returned 0xbc04)") {
  const uint16_t x[] = {0x8000, 0x8001};
  uint16_t y[2];
  tessera::f16_floor(x, y, 2);
  CHECK(hex(y[0]) == hex(0x8000));
  CHECK(hex(y[1]) == hex(0xbc00));
}

TEST_CASE("f16_floor and bf16_floor: the documented edge cases, at every length 0..67") {
  std::vector<uint16_t> all(kPatterns), half(kPatterns), brain(kPatterns);
  for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<uint16_t>(i);
  tessera::f16_floor(all.data(), half.data(), all.size());
  tessera::bf16_floor(all.data(), brain.data(), all.size());
  CHECK(hex(half[0x8001]) == hex(0xbc00));  // negative subnormal -> -1
  CHECK(hex(half[0x8000]) == hex(0x8000));  // -0 stays -0
  CHECK(hex(half[0x7e01]) == hex(0x7e01));  // NaN payload kept
  CHECK(hex(brain[0x8001]) == hex(0xbf80));  // negative subnormal -> -1
  CHECK(hex(brain[0x7f81]) == hex(0x7f81));  // signalling NaN kept
  check_all_lengths(all, tessera::f16_floor, tessera::reference::floor_f16);
  check_all_lengths(all, tessera::bf16_floor, tessera::reference::floor_bf16);
}
