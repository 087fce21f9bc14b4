// Slow, obviously correct references for the index kernels (gather.cc,
// scatter.cc): one element at a time, each index turned into an offset by
// the op's definition. Returns false at the first index out of range, with
// its position, as the kernels do.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace tessera::reference {

inline int64_t index_entry(const void* indices, size_t i, size_t index_bytes) {
  if (index_bytes == 4) {
    int32_t v;
    std::memcpy(&v, static_cast<const unsigned char*>(indices) + 4 * i, 4);
    return v;
  }
  int64_t v;
  std::memcpy(&v, static_cast<const unsigned char*>(indices) + 8 * i, 8);
  return v;
}

// ---------------------------------------------------------------- gather of rows
inline bool gather_rows(const void* x, const void* indices, void* y, size_t row_bytes, size_t outer, size_t x_rows,
                        size_t n, bool batched, size_t k, const uint32_t* dims, size_t index_bytes, size_t* bad) {
  for (size_t b = 0; b < outer; ++b) {
    for (size_t j = 0; j < n; ++j) {
      size_t row = 0;
      for (size_t c = 0; c < k; ++c) {
        const size_t position = (batched ? b * n * k : 0) + j * k + c;
        int64_t v = index_entry(indices, position, index_bytes);
        if (v < 0) v += dims[c];
        if (v < 0 || v >= static_cast<int64_t>(dims[c])) {
          *bad = position;
          return false;
        }
        row = row * dims[c] + static_cast<size_t>(v);
      }
      for (size_t byte = 0; byte < row_bytes; ++byte) {
        static_cast<unsigned char*>(y)[(b * n + j) * row_bytes + byte] =
            static_cast<const unsigned char*>(x)[(b * x_rows + row) * row_bytes + byte];
      }
    }
  }
  return true;
}

// The flat offset in a tensor of `strides` of the multi-index of flat
// position i over dims, its `axis` coordinate replaced by `at`.
inline size_t element_offset(size_t i, size_t rank, const uint32_t* dims, const uint32_t* strides, size_t axis,
                             size_t at) {
  size_t offset = 0;
  for (size_t d = rank; d-- > 0;) {
    const size_t coordinate = i % dims[d];
    i /= dims[d];
    offset += (d == axis ? at : coordinate) * strides[d];
  }
  return offset;
}

// ---------------------------------------------------------------- GatherElements
inline bool gather_elements(const void* x, const void* indices, void* y, size_t es, size_t rank, const uint32_t* dims,
                            const uint32_t* strides, size_t axis, uint32_t axis_dim, size_t index_bytes, size_t* bad) {
  size_t n = 1;
  for (size_t d = 0; d < rank; ++d) n *= dims[d];
  for (size_t i = 0; i < n; ++i) {
    int64_t v = index_entry(indices, i, index_bytes);
    if (v < 0) v += axis_dim;
    if (v < 0 || v >= static_cast<int64_t>(axis_dim)) {
      *bad = i;
      return false;
    }
    const size_t from = element_offset(i, rank, dims, strides, axis, static_cast<size_t>(v));
    std::memcpy(static_cast<unsigned char*>(y) + i * es, static_cast<const unsigned char*>(x) + from * es, es);
  }
  return true;
}

// ---------------------------------------------------------------- ScatterElements (reduction none)
inline bool scatter_elements(void* y, const void* indices, const void* updates, size_t es, size_t rank,
                             const uint32_t* dims, const uint32_t* strides, size_t axis, uint32_t axis_dim,
                             size_t index_bytes, size_t* bad) {
  size_t n = 1;
  for (size_t d = 0; d < rank; ++d) n *= dims[d];
  for (size_t i = 0; i < n; ++i) {
    int64_t v = index_entry(indices, i, index_bytes);
    if (v < 0) v += axis_dim;
    if (v < 0 || v >= static_cast<int64_t>(axis_dim)) {
      *bad = i;
      return false;
    }
    const size_t to = element_offset(i, rank, dims, strides, axis, static_cast<size_t>(v));
    std::memcpy(static_cast<unsigned char*>(y) + to * es, static_cast<const unsigned char*>(updates) + i * es, es);
  }
  return true;
}

// ---------------------------------------------------------------- NonZero
inline std::vector<uint32_t> nonzero_positions(const void* x, size_t n, size_t es, size_t sign_lanes) {
  std::vector<uint32_t> positions;
  const auto* bytes = static_cast<const unsigned char*>(x);
  for (size_t i = 0; i < n; ++i) {
    bool nonzero = false;
    for (size_t b = 0; b < es; ++b) {
      unsigned char byte = bytes[i * es + b];
      // The top byte of each lane holds its sign bit (little-endian).
      if (sign_lanes > 0 && b % (es / sign_lanes) == es / sign_lanes - 1) byte &= 0x7f;
      if (byte != 0) nonzero = true;
    }
    if (nonzero) positions.push_back(static_cast<uint32_t>(i));
  }
  return positions;
}

// ---------------------------------------------------------------- Trilu
inline void trilu(const void* x, void* y, size_t es, size_t matrices, size_t rows, size_t cols, int64_t k, bool upper) {
  for (size_t m = 0; m < matrices; ++m) {
    for (size_t i = 0; i < rows; ++i) {
      for (size_t j = 0; j < cols; ++j) {
        const int64_t diagonal = static_cast<int64_t>(j) - static_cast<int64_t>(i);
        const bool keep = upper ? diagonal >= k : diagonal <= k;
        const size_t at = ((m * rows + i) * cols + j) * es;
        for (size_t b = 0; b < es; ++b) {
          static_cast<unsigned char*>(y)[at + b] = keep ? static_cast<const unsigned char*>(x)[at + b] : 0;
        }
      }
    }
  }
}

}  // namespace tessera::reference
