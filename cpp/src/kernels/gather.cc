// Gather and scatter by an index tensor (ONNX Gather, GatherND, Compress,
// GatherElements, ScatterElements, ScatterND), NonZero and Trilu.
//
// The index kernels check every index as they go: an index outside
// [-extent, extent) stops the kernel, which writes the position of that
// index entry (and its value) to `result` so that the caller can name it in
// its error. Whatever was written to y by then is the caller's scratch; it
// never reaches the user. Negative indices count from the end.
#include <cstring>

#include "bytes-v128.h"
#include "index-walk.h"
#include "tessera/kernels.h"
#include "tessera/tables.h"

namespace tessera {

using index_walk::ElementWalk;
using index_walk::copy_element;
using index_walk::index_at;
using index_walk::normalize;
using index_walk::report;

namespace {

template <size_t ES>
bool gather_elements_es(const unsigned char* x, const void* indices, unsigned char* y, size_t rank,
                        const uint32_t* dims, const uint32_t* strides, size_t axis, uint32_t axis_dim,
                        size_t index_bytes, size_t n, IndexResult* result) {
  ElementWalk walk{rank, dims, strides, {}, 0, axis};
  for (size_t i = 0; i < n; ++i, walk.advance()) {
    const int64_t v = index_at(indices, i, index_bytes);
    uint64_t at;
    if (!normalize(v, axis_dim, &at)) {
      report(result, i, v);
      return false;
    }
    copy_element<ES>(y + i * ES, x + (walk.base + at * strides[axis]) * ES);
  }
  return true;
}

}  // namespace

// ---------------------------------------------------------------- gather of rows
bool xx_gather_rows(const void* x, const void* indices, void* y, size_t row_bytes, size_t outer,
                    size_t x_rows, size_t n, bool batched, size_t k, const uint32_t* dims,
                    size_t index_bytes, IndexResult* result) {
  const auto* xs = static_cast<const unsigned char*>(x);
  auto* ys = static_cast<unsigned char*>(y);
  for (size_t b = 0; b < outer; ++b) {
    const size_t first = batched ? b * n * k : 0;
    const unsigned char* block = xs + b * x_rows * row_bytes;
    for (size_t j = 0; j < n; ++j) {
      // The row a tuple of k indices names, row-major over dims.
      uint64_t row = 0;
      for (size_t c = 0; c < k; ++c) {
        const size_t position = first + j * k + c;
        const int64_t v = index_at(indices, position, index_bytes);
        uint64_t at;
        if (!normalize(v, dims[c], &at)) {
          report(result, position, v);
          return false;
        }
        row = row * dims[c] + at;
      }
      copy_bytes(ys + (b * n + j) * row_bytes, block + row * row_bytes, row_bytes);
    }
  }
  return true;
}

// ---------------------------------------------------------------- GatherElements
bool xx_gather_elements(const void* x, const void* indices, void* y, size_t element_size, size_t rank,
                        const uint32_t* dims, const uint32_t* strides, size_t axis, uint32_t axis_dim,
                        size_t index_bytes, IndexResult* result) {
  TESSERA_ASSERT(rank >= 1 && rank <= kMaxIndexRank && axis < rank);
  size_t n = 1;
  for (size_t d = 0; d < rank; ++d) n *= dims[d];
  const auto* xs = static_cast<const unsigned char*>(x);
  auto* ys = static_cast<unsigned char*>(y);
  switch (element_size) {
    case 1: return gather_elements_es<1>(xs, indices, ys, rank, dims, strides, axis, axis_dim, index_bytes, n, result);
    case 2: return gather_elements_es<2>(xs, indices, ys, rank, dims, strides, axis, axis_dim, index_bytes, n, result);
    case 4: return gather_elements_es<4>(xs, indices, ys, rank, dims, strides, axis, axis_dim, index_bytes, n, result);
    case 8: return gather_elements_es<8>(xs, indices, ys, rank, dims, strides, axis, axis_dim, index_bytes, n, result);
    default: return gather_elements_es<16>(xs, indices, ys, rank, dims, strides, axis, axis_dim, index_bytes, n, result);
  }
}

// ---------------------------------------------------------------- NonZero
// An element is zero when its bits, with the sign bit of each of its `lanes`
// equal parts cleared where `ignore_sign` (a float's -0 is zero, its NaN is
// not), are all 0. All-zero 16-byte blocks are skipped a vector at a time.
size_t xx_nonzero_positions(const void* x, size_t n, size_t element_size, size_t sign_lanes, uint32_t* positions) {
  const auto* xs = static_cast<const unsigned char*>(x);
  // The mask of the bits that count, over one 16-byte vector.
  unsigned char mask_bytes[16];
  std::memset(mask_bytes, 0xff, 16);
  if (sign_lanes > 0) {
    const size_t lane = element_size / sign_lanes;
    for (size_t at = lane - 1; at < 16; at += lane) mask_bytes[at] = 0x7f;  // little-endian: the top byte holds the sign
  }
  const v128_t mask = wasm_v128_load(mask_bytes);
  size_t count = 0;
  size_t i = 0;
  const size_t per_vector = 16 / element_size;
  for (; i + per_vector <= n; i += per_vector) {
    const v128_t v = wasm_v128_and(wasm_v128_load(xs + i * element_size), mask);
    if (!wasm_v128_any_true(v)) continue;
    for (size_t e = 0; e < per_vector; ++e) {
      bool nonzero = false;
      for (size_t b = 0; b < element_size; ++b) nonzero |= (xs[(i + e) * element_size + b] & mask_bytes[b % 16]) != 0;
      if (nonzero) positions[count++] = static_cast<uint32_t>(i + e);
    }
  }
  for (; i < n; ++i) {
    bool nonzero = false;
    for (size_t b = 0; b < element_size; ++b) nonzero |= (xs[i * element_size + b] & mask_bytes[b % 16]) != 0;
    if (nonzero) positions[count++] = static_cast<uint32_t>(i);
  }
  return count;
}

// y[d * count + i] = coordinate d of flat position positions[i], row-major over dims.
void nonzero_coords(const uint32_t* positions, size_t count, size_t rank, const uint32_t* dims, int64_t* y) {
  for (size_t i = 0; i < count; ++i) {
    uint32_t p = positions[i];
    for (size_t d = rank; d-- > 0;) {
      y[d * count + i] = p % dims[d];
      p /= dims[d];
    }
  }
}

// ---------------------------------------------------------------- Trilu
// Each row of each matrix: a run kept, the rest zero. Row i keeps columns
// j >= i + k (upper) or j <= i + k (lower); k arrives as k + rows (>= 0).
void xx_trilu(const void* x, void* y, size_t element_size, size_t matrices, size_t rows, size_t cols,
              int64_t k, bool upper) {
  const auto* xs = static_cast<const unsigned char*>(x);
  auto* ys = static_cast<unsigned char*>(y);
  const size_t row_bytes = cols * element_size;
  for (size_t m = 0; m < matrices; ++m) {
    for (size_t i = 0; i < rows; ++i) {
      const size_t at = (m * rows + i) * row_bytes;
      const int64_t edge = static_cast<int64_t>(i) + k;  // first kept column (upper) or last kept (lower)
      size_t begin, end;  // the kept columns [begin, end)
      if (upper) {
        begin = edge <= 0 ? 0 : edge >= static_cast<int64_t>(cols) ? cols : static_cast<size_t>(edge);
        end = cols;
      } else {
        begin = 0;
        end = edge < 0 ? 0 : edge >= static_cast<int64_t>(cols) ? cols : static_cast<size_t>(edge) + 1;
      }
      std::memset(ys + at, 0, begin * element_size);
      copy_bytes(ys + at + begin * element_size, xs + at + begin * element_size, (end - begin) * element_size);
      std::memset(ys + at + end * element_size, 0, (cols - end) * element_size);
    }
  }
}

}  // namespace tessera
