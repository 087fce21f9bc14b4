// The index kernels (gather.cc, scatter.cc) against their references
// (reference/gather.h), byte for byte: every row length from 0 to a few
// vectors past copy_v128's 64-byte unroll, random shapes for every element
// size and index width, the first bad index reported at its position, and
// the reductions of scatter on the ONNX examples and edge values.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "buffers.h"
#include "reference/gather.h"
#include "tessera/kernels.h"
#include "tessera/tables.h"

using testing::Output;

namespace {

// n index entries of index_bytes each, values in [-extent, extent).
std::vector<uint8_t> random_indices(std::mt19937& rng, size_t n, size_t index_bytes, uint32_t extent) {
  std::vector<uint8_t> bytes(n * index_bytes);
  for (size_t i = 0; i < n; ++i) {
    const int64_t v = static_cast<int64_t>(testing::uniform(rng, 0, 2 * size_t{extent} - 1)) - extent;
    if (index_bytes == 4) {
      const auto w = static_cast<int32_t>(v);
      std::memcpy(&bytes[i * 4], &w, 4);
    } else {
      std::memcpy(&bytes[i * 8], &v, 8);
    }
  }
  return bytes;
}

void set_index(std::vector<uint8_t>& bytes, size_t i, size_t index_bytes, int64_t v) {
  if (index_bytes == 4) {
    const auto w = static_cast<int32_t>(v);
    std::memcpy(&bytes[i * 4], &w, 4);
  } else {
    std::memcpy(&bytes[i * 8], &v, 8);
  }
}

std::vector<uint32_t> strides_of(const std::vector<uint32_t>& dims) {
  std::vector<uint32_t> strides(dims.size());
  uint32_t s = 1;
  for (size_t d = dims.size(); d-- > 0;) {
    strides[d] = s;
    s *= dims[d];
  }
  return strides;
}

}  // namespace

TEST_CASE("xx_gather_rows: every row length 0..100 bytes, both index widths, against the reference") {
  std::mt19937 rng(35);
  for (size_t index_bytes : {4, 8}) {
    for (size_t row_bytes = 0; row_bytes <= 100; ++row_bytes) {
      const size_t outer = testing::uniform(rng, 1, 3), x_rows = testing::uniform(rng, 1, 9), n = testing::uniform(rng, 0, 7);
      const uint32_t dims[1] = {static_cast<uint32_t>(x_rows)};
      const auto x = testing::random_bytes(rng, outer * x_rows * row_bytes);
      const auto indices = random_indices(rng, n, index_bytes, dims[0]);
      Output y(outer * n * row_bytes), want(outer * n * row_bytes);
      tessera::IndexResult result{};
      size_t bad = 0;
      CAPTURE(row_bytes);
      REQUIRE(tessera::xx_gather_rows(x.data(), indices.data(), y.data(), row_bytes, outer, x_rows, n, false, 1, dims,
                                      index_bytes, &result));
      REQUIRE(tessera::reference::gather_rows(x.data(), indices.data(), want.data(), row_bytes, outer, x_rows, n, false,
                                              1, dims, index_bytes, &bad));
      REQUIRE(y.contents() == want.contents());
      REQUIRE(y.canaries_intact());
    }
  }
}

TEST_CASE("xx_gather_rows: GatherND tuples with batches, and the first bad index named") {
  std::mt19937 rng(12);
  for (int trial = 0; trial < 300; ++trial) {
    const size_t k = testing::uniform(rng, 1, 3), outer = testing::uniform(rng, 1, 3), n = testing::uniform(rng, 0, 5);
    std::vector<uint32_t> dims(k);
    size_t x_rows = 1;
    for (auto& d : dims) x_rows *= (d = static_cast<uint32_t>(testing::uniform(rng, 1, 4)));
    const size_t row_bytes = testing::uniform(rng, 1, 40);
    const auto x = testing::random_bytes(rng, outer * x_rows * row_bytes);
    std::vector<uint8_t> indices(outer * n * k * 8);
    for (size_t i = 0; i < outer * n * k; ++i) {
      const uint32_t extent = dims[i % k];
      set_index(indices, i, 8, static_cast<int64_t>(testing::uniform(rng, 0, 2 * size_t{extent} - 1)) - extent);
    }
    const bool poison = n > 0 && trial % 3 == 0;
    size_t poisoned = 0;
    if (poison) {
      poisoned = testing::uniform(rng, 0, outer * n * k - 1);
      set_index(indices, poisoned, 8, trial % 2 ? dims[poisoned % k] : -int64_t{dims[poisoned % k]} - 1);
    }
    Output y(outer * n * row_bytes), want(outer * n * row_bytes);
    tessera::IndexResult result{};
    size_t bad = 0;
    const bool ok = tessera::xx_gather_rows(x.data(), indices.data(), y.data(), row_bytes, outer, x_rows, n, true, k,
                                            dims.data(), 8, &result);
    const bool want_ok = tessera::reference::gather_rows(x.data(), indices.data(), want.data(), row_bytes, outer, x_rows,
                                                         n, true, k, dims.data(), 8, &bad);
    REQUIRE(ok == want_ok);
    REQUIRE(ok == !poison);
    if (ok) REQUIRE(y.contents() == want.contents());
    else REQUIRE(result.position == poisoned);
    REQUIRE(y.canaries_intact());
  }
}

TEST_CASE("xx_gather_elements and xx_scatter_elements (none): random shapes, every element size") {
  std::mt19937 rng(7);
  for (size_t es : testing::kElementSizes) {
    for (int trial = 0; trial < 200; ++trial) {
      const size_t rank = testing::uniform(rng, 1, 4), axis = testing::uniform(rng, 0, rank - 1);
      const size_t index_bytes = trial % 2 ? 4 : 8;
      std::vector<uint32_t> data_dims(rank), dims(rank);
      for (size_t d = 0; d < rank; ++d) {
        data_dims[d] = static_cast<uint32_t>(testing::uniform(rng, 1, 4));
        dims[d] = d == axis ? static_cast<uint32_t>(testing::uniform(rng, 0, 5))
                            : static_cast<uint32_t>(testing::uniform(rng, 1, data_dims[d]));
      }
      size_t data_n = 1, n = 1;
      for (size_t d = 0; d < rank; ++d) data_n *= data_dims[d], n *= dims[d];
      const auto strides = strides_of(data_dims);
      const auto x = testing::random_bytes(rng, data_n * es);
      const auto indices = random_indices(rng, n, index_bytes, data_dims[axis]);
      Output y(n * es), want(n * es);
      tessera::IndexResult result{};
      size_t bad = 0;
      CAPTURE(es);
      CAPTURE(rank);
      REQUIRE(tessera::xx_gather_elements(x.data(), indices.data(), y.data(), es, rank, dims.data(), strides.data(), axis,
                                          data_dims[axis], index_bytes, &result));
      REQUIRE(tessera::reference::gather_elements(x.data(), indices.data(), want.data(), es, rank, dims.data(),
                                                  strides.data(), axis, data_dims[axis], index_bytes, &bad));
      REQUIRE(y.contents() == want.contents());
      REQUIRE(y.canaries_intact());

      // Scatter the gathered values' source back: updates of the indices' dims into a copy of x.
      const auto updates = testing::random_bytes(rng, n * es);
      Output s(data_n * es), s_want(data_n * es);
      std::memcpy(s.data(), x.data(), data_n * es);
      std::memcpy(s_want.data(), x.data(), data_n * es);
      tessera::Reducer none;
      REQUIRE(tessera::make_reducer(0, es, tessera::Reduction::none, &none));
      REQUIRE(tessera::xx_scatter_elements(s.data(), indices.data(), updates.data(), rank, dims.data(), strides.data(),
                                           axis, data_dims[axis], index_bytes, none, &result));
      REQUIRE(tessera::reference::scatter_elements(s_want.data(), indices.data(), updates.data(), es, rank, dims.data(),
                                                   strides.data(), axis, data_dims[axis], index_bytes, &bad));
      REQUIRE(s.contents() == s_want.contents());
      REQUIRE(s.canaries_intact());
    }
  }
}

TEST_CASE("scatter reductions: ONNX's examples, wrapping integers, NaN and float16 rounding") {
  using tessera::onnx_type;
  using tessera::Reduction;
  // scatternd_add: data [[1..4] x 4] rows, indices [[0], [0]] each adds [5, 5, 5, 5].
  float data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  const int64_t rows[2] = {0, 0};
  const float updates[8] = {5, 5, 5, 5, 6, 6, 6, 6};
  const uint32_t dims[1] = {2};
  tessera::Reducer add, mul, max, min;
  REQUIRE(tessera::make_reducer(onnx_type("float32"), 4, Reduction::add, &add));
  tessera::IndexResult result{};
  REQUIRE(tessera::xx_scatter_nd(data, rows, updates, 4, 2, 1, dims, add, &result));
  const float added[8] = {12, 13, 14, 15, 5, 6, 7, 8};
  for (int i = 0; i < 8; ++i) CHECK(data[i] == added[i]);

  // int8 wraps; uint8 products wrap.
  int8_t a8[1] = {120};
  const int8_t b8[1] = {10};
  REQUIRE(tessera::make_reducer(onnx_type("int8"), 1, Reduction::add, &add));
  add.apply(reinterpret_cast<unsigned char*>(a8), reinterpret_cast<const unsigned char*>(b8), 1);
  CHECK(a8[0] == -126);
  uint8_t u8[1] = {200};
  const uint8_t v8[1] = {3};
  REQUIRE(tessera::make_reducer(onnx_type("uint8"), 1, Reduction::mul, &mul));
  mul.apply(u8, v8, 1);
  CHECK(u8[0] == 88);

  // max and min: a NaN on either side wins.
  float f[3] = {1.0f, NAN, 2.0f};
  const float g[3] = {NAN, 1.0f, 3.0f};
  REQUIRE(tessera::make_reducer(onnx_type("float32"), 4, Reduction::max, &max));
  max.apply(reinterpret_cast<unsigned char*>(f), reinterpret_cast<const unsigned char*>(g), 3);
  CHECK(std::isnan(f[0]));
  CHECK(std::isnan(f[1]));
  CHECK(f[2] == 3.0f);
  int64_t h[2] = {-5, 7};
  const int64_t k[2] = {3, -9};
  REQUIRE(tessera::make_reducer(onnx_type("int64"), 8, Reduction::min, &min));
  min.apply(reinterpret_cast<unsigned char*>(h), reinterpret_cast<const unsigned char*>(k), 2);
  CHECK(h[0] == -5);
  CHECK(h[1] == -9);

  // float16 ties to even: 2048 + 1 stays 2048; (1 + 2^-10) + 2^-11 goes up to 1 + 2^-9.
  uint16_t half[2] = {0x6800, 0x3c01};          // 2048, 1 + 2^-10
  const uint16_t plus[2] = {0x3c00, 0x1000};    // 1, 2^-11
  REQUIRE(tessera::make_reducer(onnx_type("float16"), 2, Reduction::add, &add));
  add.apply(reinterpret_cast<unsigned char*>(half), reinterpret_cast<const unsigned char*>(plus), 2);
  CHECK(half[0] == 0x6800);
  CHECK(half[1] == 0x3c02);

  // complex64 product; complex max has no reducer, nor strings.
  float c[2] = {1, 2};
  const float d[2] = {3, 4};
  REQUIRE(tessera::make_reducer(onnx_type("complex64"), 8, Reduction::mul, &mul));
  mul.apply(reinterpret_cast<unsigned char*>(c), reinterpret_cast<const unsigned char*>(d), 1);
  CHECK(c[0] == -5);
  CHECK(c[1] == 10);
  CHECK_FALSE(tessera::make_reducer(onnx_type("complex64"), 8, Reduction::max, &max));
  CHECK_FALSE(tessera::make_reducer(onnx_type("string"), 4, Reduction::add, &add));
}

TEST_CASE("xx_nonzero_positions: every length 0..80, every element size, signed zeros and NaN") {
  std::mt19937 rng(9);
  for (size_t es : testing::kElementSizes) {
    for (size_t lanes : {0, 1, 2}) {
      if (lanes == 2 && es < 8) continue;
      for (size_t n = 0; n <= 80; ++n) {
        auto x = testing::random_bytes(rng, n * es);
        for (size_t i = 0; i < n * es; ++i) if (rng() % 3) x[i] = rng() % 4 == 0 ? 0x80 : 0;  // zeros and -0s mostly
        std::vector<uint32_t> got(n + 1, 0xcdcdcdcd);
        const size_t count = tessera::xx_nonzero_positions(x.data(), n, es, lanes, got.data());
        const auto want = tessera::reference::nonzero_positions(x.data(), n, es, lanes);
        CAPTURE(es);
        CAPTURE(n);
        REQUIRE(count == want.size());
        REQUIRE(std::vector<uint32_t>(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(count)) == want);
        REQUIRE(got[n] == 0xcdcdcdcd);
      }
    }
  }
  // nonzero_example: [[1, 0], [1, 1]] -> [[0, 1, 1], [0, 0, 1]].
  const uint32_t positions[3] = {0, 2, 3}, dims[2] = {2, 2};
  int64_t y[6];
  tessera::nonzero_coords(positions, 3, 2, dims, y);
  const int64_t expected[6] = {0, 1, 1, 0, 0, 1};
  for (int i = 0; i < 6; ++i) CHECK(y[i] == expected[i]);
}

TEST_CASE("xx_trilu: random matrices and every k from far below to far above, both parts") {
  std::mt19937 rng(14);
  for (size_t es : testing::kElementSizes) {
    for (int trial = 0; trial < 60; ++trial) {
      const size_t matrices = testing::uniform(rng, 0, 3), rows = testing::uniform(rng, 0, 7), cols = testing::uniform(rng, 0, 9);
      const auto x = testing::random_bytes(rng, matrices * rows * cols * es);
      for (int64_t k = -9; k <= 10; ++k) {
        for (bool upper : {false, true}) {
          Output y(x.size()), want(x.size());
          tessera::xx_trilu(x.data(), y.data(), es, matrices, rows, cols, k, upper);
          tessera::reference::trilu(x.data(), want.data(), es, matrices, rows, cols, k, upper);
          CAPTURE(k);
          REQUIRE(y.contents() == want.contents());
          REQUIRE(y.canaries_intact());
        }
      }
    }
  }
}
