// Where against the reference byte for byte for every element width over
// every broadcast pattern (the condition, x and y each broadcast), and the
// zero finder at every length and position.
#include <doctest/doctest.h>

#include "elementwise-support.h"

using namespace ew;

TEST_CASE("where: every width, every broadcast pattern of condition, x and y") {
  std::mt19937 rng(3);
  const std::vector<std::vector<uint32_t>> shapes[] = {
      {{}, {}, {}}, {{5}, {}, {5}}, {{3, 1}, {1, 4}, {3, 4}}, {{2, 3, 4}, {4}, {3, 1}}, {{1, 1, 6}, {2, 1, 6}, {}},
      {{2, 1, 2, 1, 2, 1}, {1, 2, 1, 2, 1, 2}, {2, 2, 2, 2, 2, 2}}, {{0, 3}, {3}, {1, 3}}, {{67}, {67}, {67}},
      {{33}, {}, {33}}, {{17}, {17}, {}}, {{4, 17}, {4, 1}, {17}}};
  for (size_t size : {1, 2, 4, 8, 16}) {
    for (const auto& s : shapes) {
      const auto dims = broadcast_dims(s);
      const auto cs = strides_for(s[0], dims.size()), xs = strides_for(s[1], dims.size()), ys = strides_for(s[2], dims.size());
      std::vector<uint8_t> c(count(s[0]));
      for (auto& v : c) v = static_cast<uint8_t>(rng() % 3 == 0 ? 0 : rng() % 2 ? 1 : 0x80);
      std::vector<uint8_t> x(count(s[1]) * size), y(count(s[2]) * size);
      for (auto& v : x) v = static_cast<uint8_t>(rng());
      for (auto& v : y) v = static_cast<uint8_t>(rng());
      const size_t n = count(dims);
      std::vector<uint8_t> got(n * size + 32, 0xa5), want(n * size);
      REQUIRE(tessera::where(c.data(), x.data(), y.data(), got.data(), size, dims.size(), dims.data(), cs.data(), xs.data(),
                             ys.data()) == tessera::Status::ok);
      ref::where(c.data(), x.data(), y.data(), want.data(), size, dims.size(), dims.data(), cs.data(), xs.data(), ys.data());
      CAPTURE(size);
      CAPTURE(text(dims));
      CHECK(std::equal(want.begin(), want.end(), got.begin()));
      for (size_t i = n * size; i < got.size(); ++i) REQUIRE(got[i] == 0xa5);
    }
  }
  const uint8_t c = 1;
  const uint32_t one = 1;
  uint8_t out[3];
  CHECK(tessera::where(&c, &c, &c, out, 3, 1, &one, &one, &one, &one) == tessera::Status::refused);
}

TEST_CASE("xx_first_zero: every width, length and position") {
  for (size_t size : {1, 2, 4, 8, 16}) {
    for (size_t n = 0; n <= 70; ++n) {
      for (size_t zero = 0; zero <= n; ++zero) {  // zero == n: none
        std::vector<uint8_t> x(n * size, 0);
        for (size_t i = 0; i < n; ++i) x[i * size + (i % size)] = static_cast<uint8_t>(1 + i % 250);  // one non-zero byte each
        if (zero < n) std::fill(x.begin() + static_cast<std::ptrdiff_t>(zero * size), x.begin() + static_cast<std::ptrdiff_t>((zero + 1) * size), 0);
        if (zero + 1 < n) x[(zero + 1) * size] = 0, x[(zero + 1) * size + size - 1] = 0;  // a later element partly zero
        REQUIRE(tessera::xx_first_zero(x.data(), n, size) == zero);
      }
    }
  }
}
