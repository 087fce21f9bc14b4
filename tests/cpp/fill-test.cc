// Fill kernels against the reference, byte for byte: every element size and
// every length 0..67 (and a few long ones), values whose bytes are all equal
// (the memset path) and differ (the vector path), canaries past the end.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "buffers.h"
#include "reference/data-movement.h"
#include "tessera/kernels.h"

using testing::Output;

namespace {

std::vector<size_t> lengths() {
  std::vector<size_t> n;
  for (size_t i = 0; i <= 67; ++i) n.push_back(i);
  for (size_t i : {127, 128, 129, 1000, 4099}) n.push_back(i);
  return n;
}

}  // namespace

TEST_CASE("xx_fill: every element size and length, equal and distinct bytes") {
  std::mt19937 rng(7);
  for (size_t es : testing::kElementSizes) {
    std::vector<std::vector<uint8_t>> values = {
        std::vector<uint8_t>(es, 0x00), std::vector<uint8_t>(es, 0xff),
        std::vector<uint8_t>(es, 0x3c), testing::random_bytes(rng, es)};
    if (es > 1) {
      values.back()[0] = static_cast<uint8_t>(values.back()[1] + 1);  // not all equal
      std::vector<uint8_t> low_byte_differs(es, 0);
      low_byte_differs[es - 1] = 1;
      values.push_back(low_byte_differs);
    }
    for (const auto& value : values) {
      for (size_t n : lengths()) {
        CAPTURE(es);
        CAPTURE(n);
        const auto value_before = value;
        Output y(n * es), expected(n * es);
        tessera::xx_fill(y.data(), n, es, value.data());
        tessera::reference::fill(expected.data(), n, es, value.data());
        REQUIRE(y.contents() == expected.contents());
        REQUIRE(y.canaries_intact());
        REQUIRE(value == value_before);
      }
    }
  }
}

TEST_CASE("xx_fill writes at any byte alignment") {
  const uint8_t value[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  for (size_t shift = 0; shift < 16; ++shift) {
    for (size_t n = 0; n <= 9; ++n) {
      Output y(shift + n * 8), expected(shift + n * 8);
      tessera::xx_fill(y.data() + shift, n, 8, value);
      tessera::reference::fill(expected.data() + shift, n, 8, value);
      REQUIRE(y.contents() == expected.contents());  // bytes before the start untouched too
      REQUIRE(y.canaries_intact());
    }
  }
}

TEST_CASE("x4_fill and x2_fill: every value and length, last byte's unused bits 0") {
  for (unsigned bits : {4u, 2u}) {
    for (unsigned value = 0; value < 256; value += (value < 20 ? 1 : 37)) {  // high bits are ignored
      for (size_t n : lengths()) {
        CAPTURE(bits);
        CAPTURE(value);
        CAPTURE(n);
        const size_t bytes = tessera::reference::packed_bytes(n, bits);
        Output y(bytes), expected(bytes);
        const auto v = static_cast<uint8_t>(value);
        if (bits == 4) {
          tessera::x4_fill(y.data(), n, v);
        } else {
          tessera::x2_fill(y.data(), n, v);
        }
        tessera::reference::fill_packed(expected.data(), n, bits, v);
        REQUIRE(y.contents() == expected.contents());
        REQUIRE(y.canaries_intact());
      }
    }
  }
  // Spot checks of the layout itself.
  uint8_t y[3] = {0xee, 0xee, 0xee};
  tessera::x4_fill(y, 5, 0x7);
  CHECK(y[0] == 0x77);
  CHECK(y[1] == 0x77);
  CHECK(y[2] == 0x07);
  tessera::x2_fill(y, 7, 0x2);
  CHECK(y[0] == 0xaa);
  CHECK(y[1] == 0x2a);
}
