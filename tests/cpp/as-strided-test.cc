// xx_as_strided against the index-arithmetic reference, byte for byte:
// hundreds of random size/stride/offset combinations per element size, the
// two examples of the ATB spec, and the shapes each fast path exists for
// (transposes across block edges, sliding windows, broadcasts). Inputs are
// exactly as long as the last index read, so AddressSanitizer catches any
// read past them.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "buffers.h"
#include "reference/data-movement.h"
#include "tessera/kernels.h"

using testing::Output;

namespace {

size_t input_elements(const std::vector<uint32_t>& size, const std::vector<uint32_t>& stride,
                      uint32_t offset) {
  size_t last = offset;
  for (size_t a = 0; a < size.size(); ++a) last += size_t{size[a] - 1} * stride[a];
  return last + 1;
}

void check_as_strided(std::mt19937& rng, size_t es, const std::vector<uint32_t>& size,
                      const std::vector<uint32_t>& stride, uint32_t offset) {
  size_t out_elements = 1;
  for (uint32_t s : size) out_elements *= s;
  const auto x = testing::random_bytes(rng, input_elements(size, stride, offset) * es);
  const auto x_before = x;
  Output y(out_elements * es), expected(out_elements * es);
  tessera::xx_as_strided(x.data(), y.data(), es, size.size(), size.data(), stride.data(), offset);
  tessera::reference::as_strided(x.data(), expected.data(), es, size.size(), size.data(), stride.data(),
                                 offset);
  REQUIRE(y.contents() == expected.contents());
  REQUIRE(y.canaries_intact());
  REQUIRE(x == x_before);
}

std::string list(const std::vector<uint32_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

// The ATB example: x = [[1, 2, 3], [4, 5, 6], [7, 8, 9]], size [2, 2], stride [2, 3].
template <class T>
std::vector<T> spec_example(uint32_t offset) {
  const T x[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  const uint32_t size[2] = {2, 2}, stride[2] = {2, 3};
  std::vector<T> y(4);
  tessera::xx_as_strided(x, y.data(), sizeof(T), 2, size, stride, offset);
  return y;
}

}  // namespace

TEST_CASE("xx_as_strided: the ATB spec examples") {
  CHECK(spec_example<float>(0) == std::vector<float>{1, 4, 3, 6});
  CHECK(spec_example<float>(2) == std::vector<float>{3, 6, 5, 8});
  CHECK(spec_example<uint16_t>(0) == std::vector<uint16_t>{1, 4, 3, 6});  // float16's width
  CHECK(spec_example<int64_t>(2) == std::vector<int64_t>{3, 6, 5, 8});
  CHECK(spec_example<uint8_t>(2) == std::vector<uint8_t>{3, 6, 5, 8});

  // Rank 0: the one element at the offset.
  const double x[4] = {1.5, 2.5, 3.5, 4.5};
  double y[2] = {0, -1};
  tessera::xx_as_strided(x, y, 8, 0, nullptr, nullptr, 3);
  CHECK(y[0] == 4.5);
  CHECK(y[1] == -1);
}

TEST_CASE("xx_as_strided: random sizes, strides and offsets, every element size") {
  std::mt19937 rng(99);
  for (size_t es : testing::kElementSizes) {
    for (int trial = 0; trial < 400; ++trial) {
      const size_t rank = testing::uniform(rng, 1, 8);
      const size_t max_size = rank <= 2 ? 40 : rank <= 4 ? 9 : 4;
      std::vector<uint32_t> size(rank), stride(rank);
      size_t out_elements;
      do {
        out_elements = 1;
        for (size_t a = 0; a < rank; ++a) {
          size[a] = static_cast<uint32_t>(testing::uniform(rng, 1, max_size));
          stride[a] = static_cast<uint32_t>(testing::uniform(rng, 0, 5));
          out_elements *= size[a];
        }
      } while (out_elements > 4096);
      const auto offset = static_cast<uint32_t>(testing::uniform(rng, 0, 40));
      CAPTURE(es);
      CAPTURE(list(size));
      CAPTURE(list(stride));
      CAPTURE(offset);
      check_as_strided(rng, es, size, stride, offset);
    }
  }
}

TEST_CASE("xx_as_strided: transposes, across tile and vector-block edges") {
  std::mt19937 rng(3);
  const std::pair<uint32_t, uint32_t> shapes[] = {{37, 53}, {53, 37}, {16, 16}, {32, 64}, {2, 2},
                                                  {130, 67}, {257, 3}, {3, 257}, {1, 40}, {17, 1},
                                                  {600, 130}, {130, 600}};  // tiles of 256 x rows, a partial one
  for (size_t es : testing::kElementSizes) {
    for (const auto& shape : shapes) {
      const uint32_t rows = shape.first, cols = shape.second;  // not a structured binding: CAPTURE needs a variable clang 14 can capture
      CAPTURE(es);
      CAPTURE(rows);
      CAPTURE(cols);
      check_as_strided(rng, es, {cols, rows}, {1, cols}, 0);  // x is rows x cols
      check_as_strided(rng, es, {cols, rows}, {1, cols + 3}, 5);  // a sub-matrix, offset
      check_as_strided(rng, es, {cols, rows}, {2, 2 * cols}, 1);  // every other column
    }
    // Every permutation of a 5 x 17 x 19 tensor's axes.
    const uint32_t dims[3] = {5, 17, 19}, strides[3] = {17 * 19, 19, 1};
    size_t order[3] = {0, 1, 2};
    do {
      CAPTURE(es);
      check_as_strided(rng, es, {dims[order[0]], dims[order[1]], dims[order[2]]},
                       {strides[order[0]], strides[order[1]], strides[order[2]]}, 0);
    } while (std::next_permutation(order, order + 3));
  }
}

// Three planes to one interleaved run and back (interleave3 and deinterleave3
// in as-strided.cc: NCHW -> NHWC and HWC -> CHW of three colours), every
// length from 1 to 40 and past a long run, so that every tail of the 48-byte
// groups is met; and a 3-wide side that must not take them (a sub-matrix).
TEST_CASE("xx_as_strided: three channels interleaved and deinterleaved, every tail") {
  std::mt19937 rng(5);
  for (size_t es : testing::kElementSizes) {
    CAPTURE(es);
    for (uint32_t n = 1; n <= 60; n = n < 40 ? n + 1 : n + 20) {
      for (uint32_t pixels : {n, 1000 + n % 17}) {
        CAPTURE(pixels);
        check_as_strided(rng, es, {pixels, 3}, {1, pixels}, 0);   // planes -> interleaved
        check_as_strided(rng, es, {3, pixels}, {1, 3}, 0);        // interleaved -> planes
        check_as_strided(rng, es, {pixels, 3}, {1, pixels + 2}, 1);  // planes apart, offset
        check_as_strided(rng, es, {3, pixels}, {1, 4}, 2);        // four channels' first three: the general transpose
      }
    }
  }
}

TEST_CASE("xx_as_strided: sliding windows, broadcasts and strided rows") {
  std::mt19937 rng(4);
  for (size_t es : testing::kElementSizes) {
    CAPTURE(es);
    for (uint32_t w : {1u, 2u, 3u, 5u, 8u, 16u, 17u, 40u}) {
      CAPTURE(w);
      check_as_strided(rng, es, {101 - w, w}, {1, 1}, 0);     // every window of 100
      check_as_strided(rng, es, {(100 - w) / 2, w}, {2, 1}, 1);  // windows 2 apart
    }
    check_as_strided(rng, es, {10, 12, 3, 3}, {14, 1, 14, 1}, 0);  // 3x3 patches of 12x14
    check_as_strided(rng, es, {4, 1000}, {1, 0}, 2);           // each element, 1000 times
    check_as_strided(rng, es, {1000, 4}, {0, 1}, 2);           // one row, 1000 times
    check_as_strided(rng, es, {7, 5, 9}, {0, 9, 0}, 0);
    check_as_strided(rng, es, {3, 4, 5}, {0, 0, 0}, 3);        // one element everywhere
    check_as_strided(rng, es, {6, 1, 7}, {0, 4, 1}, 0);        // an extent-1 axis between
    check_as_strided(rng, es, {1000}, {3}, 1);                 // a long strided row
    check_as_strided(rng, es, {5, 100}, {500, 5}, 0);
    check_as_strided(rng, es, {2, 3, 4, 5, 2, 2, 2, 2}, {1, 2, 3, 4, 5, 0, 1, 2}, 7);  // rank 8
    check_as_strided(rng, es, {60, 70}, {70, 1}, 9);           // a contiguous block, one copy
  }
}
