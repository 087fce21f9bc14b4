// xx_strided_move against the index-arithmetic reference, byte for byte: x
// read forward and backward (reversed axes), y a box inside a larger output
// (its own strides), and the shapes the walk's fast paths take (contiguous
// runs, transposes, broadcasts, reversed rows). Inputs are exactly the span
// read, so AddressSanitizer catches a read outside it; bytes of y outside the
// box must keep their junk.
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

struct Move {
  std::vector<uint32_t> size, x_stride, y_stride;
  uint32_t reversed;
};

std::string list(const std::vector<uint32_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

void check_move(std::mt19937& rng, size_t es, const Move& m) {
  CAPTURE(es);
  CAPTURE(list(m.size));
  CAPTURE(list(m.x_stride));
  CAPTURE(list(m.y_stride));
  CAPTURE(m.reversed);
  // The span read: the first element is `back` elements past the lowest one read.
  size_t back = 0, forward = 0, y_last = 0;
  for (size_t a = 0; a < m.size.size(); ++a) {
    const size_t reach = size_t{m.size[a] - 1} * m.x_stride[a];
    ((m.reversed >> a) & 1 ? back : forward) += reach;
    y_last += size_t{m.size[a] - 1} * m.y_stride[a];
  }
  const auto x = testing::random_bytes(rng, (back + forward + 1) * es);
  const auto x_before = x;
  Output y((y_last + 1) * es), expected((y_last + 1) * es);
  const unsigned char* first = x.data() + back * es;
  tessera::xx_strided_move(first, y.data(), es, m.size.size(), m.size.data(), m.x_stride.data(), m.y_stride.data(),
                           m.reversed);
  tessera::reference::strided_move(first, expected.data(), es, m.size.size(), m.size.data(), m.x_stride.data(),
                                   m.y_stride.data(), m.reversed);
  REQUIRE(y.contents() == expected.contents());
  REQUIRE(y.canaries_intact());
  REQUIRE(x == x_before);
}

// y strides of a row-major box of dims `size` inside an output `pad` elements wider on each axis.
std::vector<uint32_t> box_strides(const std::vector<uint32_t>& size, const std::vector<uint32_t>& pad) {
  std::vector<uint32_t> stride(size.size());
  uint32_t step = 1;
  for (size_t a = size.size(); a-- > 0;) {
    stride[a] = step;
    step *= size[a] + pad[a];
  }
  return stride;
}

}  // namespace

TEST_CASE("xx_strided_move: random shapes, signed x strides, boxes of a larger y, every element size") {
  std::mt19937 rng(35);
  for (size_t es : testing::kElementSizes) {
    for (int trial = 0; trial < 400; ++trial) {
      const size_t rank = testing::uniform(rng, 0, 7);
      Move m{std::vector<uint32_t>(rank), std::vector<uint32_t>(rank), {}, 0};
      std::vector<uint32_t> pad(rank);
      size_t elements;
      do {
        elements = 1;
        for (size_t a = 0; a < rank; ++a) {
          m.size[a] = static_cast<uint32_t>(testing::uniform(rng, 1, rank <= 2 ? 40 : 5));
          m.x_stride[a] = static_cast<uint32_t>(testing::uniform(rng, 0, 6));
          pad[a] = testing::uniform(rng, 0, 3) == 0 ? static_cast<uint32_t>(testing::uniform(rng, 1, 3)) : 0;
          if (testing::uniform(rng, 0, 2) == 0) m.reversed |= 1u << a;
          elements *= m.size[a];
        }
      } while (elements > 4096);
      m.y_stride = box_strides(m.size, pad);
      check_move(rng, es, m);
    }
  }
}

TEST_CASE("xx_strided_move: the fast paths, forward and reversed") {
  std::mt19937 rng(36);
  for (size_t es : testing::kElementSizes) {
    for (uint32_t n : {1u, 2u, 3u, 15u, 16u, 17u, 33u, 100u}) {
      CAPTURE(n);
      check_move(rng, es, {{n}, {1}, {1}, 1});                        // one reversed run
      check_move(rng, es, {{7, n}, {n, 1}, {n, 1}, 3});                 // a reversed block: one run
      check_move(rng, es, {{7, n}, {n, 1}, {n + 5, 1}, 0});             // rows into a wider output
      check_move(rng, es, {{n, 9}, {1, n}, {9, 1}, 0});                 // a transpose
      check_move(rng, es, {{n, 9}, {1, n}, {12, 1}, 0});                // a transpose into a box
      check_move(rng, es, {{n, 9}, {1, n}, {9, 1}, 2});                 // a transpose, columns reversed
      check_move(rng, es, {{5, n}, {0, 1}, {n, 1}, 0});                 // a broadcast row
      check_move(rng, es, {{5, n}, {0, 1}, {n + 2, 1}, 0});             // a broadcast row into a box
      check_move(rng, es, {{n, 4}, {2, 0}, {4, 1}, 1});                 // reversed, each element 4 times
      check_move(rng, es, {{n, 3}, {3, 1}, {1, n}, 0});                 // y strided innermost
    }
    check_move(rng, es, {{300, 200}, {1, 300}, {200, 1}, 0});           // transpose tiles, partial
    check_move(rng, es, {{300, 200}, {1, 300}, {208, 1}, 0});
    check_move(rng, es, {{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048},
                         {2048, 1024, 512, 256, 128, 64, 32, 16, 8, 4, 2, 1}, 0x555});  // rank 12, reversed axes
    check_move(rng, es, {{}, {}, {}, 0});                                // rank 0: one element
  }
}

// The transpose paths, per shape: y [n1, n0] reading x's column i along its
// rows (x stride 1 along i, s0 along j). Extents from 0 to 2 register blocks
// and 64-byte tiles plus tails for every element size (N = 16 / es columns,
// 64 / es rows), the narrow and short ones on their own (NCHW -> NHWC's 3
// columns, HWC -> CHW's 3 or 4 rows), x columns further apart than the
// output is tall (a transpose of a crop), and into a box of a larger y.
TEST_CASE("xx_strided_move: transposes in register blocks and tiles, every extent and element size") {
  std::mt19937 rng(37);
  const uint32_t rows[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129};
  const uint32_t cols[] = {2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33};
  for (size_t es : testing::kElementSizes) {
    for (uint32_t n1 : rows) {
      for (uint32_t n0 : cols) {
        check_move(rng, es, {{n1, n0}, {1, n1}, {n0, 1}, 0});
        check_move(rng, es, {{n1, n0}, {1, n1 + 3}, {n0, 1}, 0});
        check_move(rng, es, {{n1, n0}, {1, n1}, {n0 + 1, 1}, 0});
      }
    }
    for (const auto& [n1, n0] : std::vector<std::pair<uint32_t, uint32_t>>{
             {300, 3}, {3, 300}, {4, 1000}, {1000, 4}, {513, 257}, {257, 513}, {1, 5}, {2, 2}}) {
      check_move(rng, es, {{n1, n0}, {1, n1}, {n0, 1}, 0});
      check_move(rng, es, {{n1, n0}, {1, n1}, {n0 + 2, 1}, 0});
    }
    // NCHW -> NHWC and back through a batch axis, and a reversed outer axis.
    check_move(rng, es, {{2, 37, 3}, {111, 1, 37}, {111, 3, 1}, 0});
    check_move(rng, es, {{2, 3, 37}, {111, 1, 3}, {111, 37, 1}, 1});
  }
}

// A contiguous innermost run of 2 to 16 bytes moves as one wider element
// when every outer stride counts whole runs (HWC -> WHC), and byte by byte
// when one does not.
TEST_CASE("xx_strided_move: short contiguous runs as wide elements") {
  std::mt19937 rng(38);
  for (size_t es : testing::kElementSizes) {
    for (uint32_t run : {1u, 2u, 3u, 4u, 8u, 16u}) {
      for (uint32_t n : {1u, 5u, 16u, 17u, 70u}) {
        CAPTURE(run);
        CAPTURE(n);
        check_move(rng, es, {{n, 9, run}, {run, n * run, 1}, {9 * run, run, 1}, 0});         // HWC -> WHC
        check_move(rng, es, {{n, 9, run}, {run, n * run, 1}, {9 * run, run, 1}, 1});         // a reversed axis
        check_move(rng, es, {{n, 9, run}, {run, n * run + 1, 1}, {9 * run, run, 1}, 0});     // a stride of no whole run
        check_move(rng, es, {{n, 9, run}, {0, run, 1}, {9 * run + run, run, 1}, 0});         // broadcast, into a box
      }
    }
  }
}
