// What the index kernels (gather.cc, scatter.cc) share: reading an index
// entry of either width, its check and normalization, the report of the
// first bad one, and the row-major walk of GatherElements and ScatterElements.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "tessera/kernels.h"
#include "tessera/simd.h"

namespace tessera::index_walk {

// Index entries are int32 or int64 (index_bytes 4 or 8).
inline int64_t index_at(const void* indices, size_t i, size_t index_bytes) {
  if (index_bytes == 4) {
    int32_t v;
    std::memcpy(&v, static_cast<const unsigned char*>(indices) + i * 4, 4);
    return v;
  }
  int64_t v;
  std::memcpy(&v, static_cast<const unsigned char*>(indices) + i * 8, 8);
  return v;
}

// v normalized into [0, extent), or false when it lies outside [-extent, extent).
inline bool normalize(int64_t v, uint32_t extent, uint64_t* out) {
  const int64_t e = extent;
  if (v < -e || v >= e) return false;
  *out = static_cast<uint64_t>(v < 0 ? v + e : v);
  return true;
}

inline void report(IndexResult* result, size_t position, int64_t value) {
  result->position = static_cast<uint32_t>(position);
  result->value = value;
}

// One element of ES bytes.
template <size_t ES>
inline void copy_element(unsigned char* d, const unsigned char* s) {
  if constexpr (ES == 16) {
    wasm_v128_store(d, wasm_v128_load(s));
  } else {
    unsigned char tmp[ES];
    std::memcpy(tmp, s, ES);
    std::memcpy(d, tmp, ES);
  }
}

// Walks the output of GatherElements/ScatterElements in row-major order:
// for each element, its flat position i and the offset (in elements) of the
// same index in the other tensor with the axis coordinate dropped.
struct ElementWalk {
  size_t rank;
  const uint32_t* dims;     // of indices (= output of Gather, = updates of Scatter)
  const uint32_t* strides;  // of the data tensor, in elements
  uint32_t counter[kMaxIndexRank];
  uint64_t base = 0;  // sum over axes != axis of counter[d] * strides[d]
  size_t axis;

  void advance() {
    for (size_t d = rank; d-- > 0;) {
      if (++counter[d] < dims[d]) {
        if (d != axis) base += strides[d];
        return;
      }
      if (d != axis) base -= uint64_t{strides[d]} * (dims[d] - 1);
      counter[d] = 0;
    }
  }
};

}  // namespace tessera::index_walk
