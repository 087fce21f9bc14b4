// Resize's pass against the slow reference, bit for bit: every inner length
// 0..19 (the 8-bit inputs' eight-element body, the f64x2 pairs and their tail), 1 to 6 taps, float32, float64 and
// uint8/int8 outputs (half to even, saturating), extrapolated rows, and the
// nearest row copy of every element size.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "reference/resize.h"
#include "tessera/image-audio.h"

namespace {

template <class S, class D>
void check_filter(uint32_t x_type, uint32_t y_type, double lo, double hi) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> value(lo, hi), weight(-0.3, 1.2);
  for (uint32_t inner = 0; inner <= 19; inner++) {
    for (uint32_t taps = 1; taps <= 6; taps++) {
      const uint32_t outer = 2, n_in = 5, n_out = 7;
      std::vector<S> x(outer * n_in * inner);
      for (auto& v : x) v = static_cast<S>(value(rng));
      std::vector<double> w(n_out * taps);
      std::vector<int32_t> idx(n_out * taps);
      for (size_t k = 0; k < w.size(); k++) {
        w[k] = weight(rng);
        idx[k] = static_cast<int32_t>(rng() % n_in);
      }
      idx[3 * taps] = -1;  // row 3 extrapolates
      std::vector<D> got(outer * n_out * inner + 1, D(0x5a)), want(outer * n_out * inner);
      const tessera::ResizeAxis a{outer, n_in, n_out, inner, taps};
      REQUIRE(tessera::resize_filter(x.data(), got.data(), x_type, y_type, a, w.data(), idx.data(), 2.5));
      tessera::reference::resize_filter(x.data(), want.data(), outer, n_in, n_out, inner, taps, w.data(), idx.data(), 2.5);
      CAPTURE(inner);
      CAPTURE(taps);
      if (!want.empty()) CHECK(std::memcmp(got.data(), want.data(), want.size() * sizeof(D)) == 0);  // an empty vector's data() may be null
      CHECK(got.back() == D(0x5a));  // nothing written past the end
    }
  }
}

}  // namespace

TEST_CASE("resize filter: float32, float64 and integer outputs match the reference at every inner length") {
  check_filter<float, float>(1, 1, -4, 4);
  check_filter<double, double>(11, 11, -4, 4);
  check_filter<float, double>(1, 11, -4, 4);
  check_filter<double, float>(11, 1, -4, 4);
  check_filter<uint8_t, uint8_t>(2, 2, 0, 255);
  check_filter<uint8_t, double>(2, 11, 0, 255);  // an image's first pass: into the float64 intermediate
  check_filter<int8_t, double>(3, 11, -128, 127);
  check_filter<int8_t, int8_t>(3, 3, -128, 127);
  check_filter<double, uint8_t>(11, 2, -50, 300);
  check_filter<int32_t, int64_t>(6, 7, -1e6, 1e6);
}

TEST_CASE("resize filter: integers round half to even and saturate") {
  const uint8_t x[4] = {1, 2, 3, 255};
  const double w[4] = {0.5, 1.25, 0.5, 2.0};  // 0.5, 2.5, 1.5, 510
  const int32_t idx[4] = {0, 1, 2, 3};
  uint8_t y[4];
  const tessera::ResizeAxis a{1, 4, 4, 1, 1};
  REQUIRE(tessera::resize_filter(x, y, 2, 2, a, w, idx, 0));
  CHECK(y[0] == 0);
  CHECK(y[1] == 2);
  CHECK(y[2] == 2);
  CHECK(y[3] == 255);
  int8_t z[1];
  const int8_t xi[1] = {-100};
  const double wi[1] = {2.0};
  const tessera::ResizeAxis b{1, 1, 1, 1, 1};
  REQUIRE(tessera::resize_filter(xi, z, 3, 3, b, wi, idx, 0));
  CHECK(z[0] == -128);
  CHECK_FALSE(tessera::resize_filter(x, y, 9, 2, a, w, idx, 0));  // bool is no filter type
}

TEST_CASE("resize nearest: rows copied, extrapolated rows filled, every element size and inner length") {
  for (size_t element : {1, 2, 4, 8, 16}) {
    for (uint32_t inner = 0; inner <= 5; inner++) {
      const uint32_t outer = 3, n_in = 4, n_out = 6;
      const int32_t idx[6] = {0, 3, -1, 1, 1, 2};
      std::vector<uint8_t> x(outer * n_in * inner * element), y(outer * n_out * inner * element), e(16);
      for (size_t i = 0; i < x.size(); i++) x[i] = static_cast<uint8_t>(i * 13 + 1);
      for (size_t i = 0; i < 16; i++) e[i] = static_cast<uint8_t>(200 + i);
      const tessera::ResizeAxis a{outer, n_in, n_out, inner, 1};
      tessera::resize_nearest(x.data(), y.data(), element, a, idx, e.data());
      const size_t row = inner * element;
      for (uint32_t o = 0; o < outer; o++) {
        for (uint32_t j = 0; j < n_out; j++) {
          for (size_t b = 0; b < row; b++) {
            const uint8_t want = idx[j] < 0 ? e[b % element] : x[(o * n_in + idx[j]) * row + b];
            REQUIRE(y[(o * n_out + j) * row + b] == want);
          }
        }
      }
    }
  }
}
