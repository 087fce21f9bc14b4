// xx_tile against the index-arithmetic reference, byte for byte: hundreds of
// random shapes per element size (rank 0 to 6, dims 0 to 7, repeats 0 to 4),
// the ONNX example, and the shapes each fast path exists for.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "buffers.h"
#include "reference/data-movement.h"
#include "tessera/kernels.h"

using testing::Output;

namespace {

// Runs the kernel and the reference on random input of the given shape and
// compares everything: output bytes, canaries, the input left unmodified.
void check_tile(std::mt19937& rng, size_t es, const std::vector<uint32_t>& dims,
                const std::vector<uint32_t>& repeats) {
  size_t in_elements = 1, out_elements = 1;
  for (size_t a = 0; a < dims.size(); ++a) {
    in_elements *= dims[a];
    out_elements *= size_t{dims[a]} * repeats[a];
  }
  const auto x = testing::random_bytes(rng, in_elements * es);
  const auto x_before = x;
  Output y(out_elements * es), expected(out_elements * es);
  tessera::xx_tile(x.data(), y.data(), es, dims.size(), dims.data(), repeats.data());
  tessera::reference::tile(x.data(), expected.data(), es, dims.size(), dims.data(), repeats.data());
  REQUIRE(y.contents() == expected.contents());
  REQUIRE(y.canaries_intact());
  REQUIRE(x == x_before);
}

std::string shape(const std::vector<uint32_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

}  // namespace

TEST_CASE("xx_tile: random shapes against the reference, every element size") {
  std::mt19937 rng(2024);
  for (size_t es : testing::kElementSizes) {
    for (int trial = 0; trial < 400; ++trial) {
      const size_t rank = testing::uniform(rng, 0, 6);
      const bool zeros = trial % 8 == 0;  // empty outputs now and then, not most of the time
      std::vector<uint32_t> dims(rank), repeats(rank);
      size_t out_elements;
      do {
        out_elements = 1;
        for (size_t a = 0; a < rank; ++a) {
          dims[a] = static_cast<uint32_t>(testing::uniform(rng, zeros ? 0 : 1, 7));
          repeats[a] = static_cast<uint32_t>(testing::uniform(rng, zeros ? 0 : 1, 4));
          out_elements *= size_t{dims[a]} * repeats[a];
        }
      } while (out_elements > 20000);
      CAPTURE(es);
      CAPTURE(shape(dims));
      CAPTURE(shape(repeats));
      check_tile(rng, es, dims, repeats);
    }
  }
}

TEST_CASE("xx_tile: the ONNX example and edge shapes") {
  // tile_precomputed: [[0, 1], [2, 3]] by [2, 2].
  const float x[4] = {0, 1, 2, 3};
  const uint32_t dims[2] = {2, 2}, repeats[2] = {2, 2};
  float y[16];
  tessera::xx_tile(x, y, 4, 2, dims, repeats);
  const float expected[16] = {0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 2, 3, 2, 3};
  for (int i = 0; i < 16; ++i) CHECK(y[i] == expected[i]);

  // Rank 0 copies its one element; a zero dim or repeat writes nothing.
  const uint8_t scalar[1] = {0x42};
  uint8_t one[2] = {0x5a, 0xcd};
  tessera::xx_tile(scalar, one, 1, 0, nullptr, nullptr);
  CHECK(one[0] == 0x42);
  CHECK(one[1] == 0xcd);
  const uint32_t zero_dim[2] = {0, 3}, zero_repeat[2] = {2, 0}, some[2] = {3, 2};
  Output untouched(8);
  tessera::xx_tile(x, untouched.data(), 4, 2, zero_dim, some);
  tessera::xx_tile(x, untouched.data(), 4, 2, some, zero_repeat);
  CHECK(untouched.contents() == std::vector<uint8_t>(8, 0xcd));
  CHECK(untouched.canaries_intact());

  std::mt19937 rng(5);
  for (size_t es : testing::kElementSizes) {
    CAPTURE(es);
    check_tile(rng, es, {1}, {1});
    check_tile(rng, es, {1, 1, 1}, {1, 1, 1});
    check_tile(rng, es, {5, 7}, {1, 1});           // a plain copy
    check_tile(rng, es, {1}, {1000});               // one element broadcast (splat fill)
    check_tile(rng, es, {3, 1}, {2, 333});          // broadcast along the rows
    check_tile(rng, es, {2}, {1001});               // a small row, many times
    check_tile(rng, es, {3}, {1001});               // a row of odd bytes (doubling copies)
    check_tile(rng, es, {700, 3}, {1, 2});          // many small rows
    check_tile(rng, es, {1, 5, 1}, {3, 1, 4});      // extent-1 axes between repeats
    check_tile(rng, es, {2, 3, 4, 5}, {1, 2, 1, 3});
    check_tile(rng, es, {4, 1, 3}, {2, 5, 1});
    check_tile(rng, es, {1, 1, 1, 1, 1, 1, 1, 1}, {2, 1, 2, 1, 2, 1, 2, 1});  // rank 8
    check_tile(rng, es, {129, 67}, {3, 2});        // rows past the 32-byte small-copy limit
    check_tile(rng, es, {40000}, {3});              // repeats past the 64 KiB copy cap
    check_tile(rng, es, {3, 4}, {9000, 1});
  }
}
