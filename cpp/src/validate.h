// The spec checks the TypeScript layer makes before it calls a kernel
// (js/src/ops/*.ts), in C++: for callers outside the browser (the fuzzers)
// that must give the kernels only what the API would. On success each check
// also yields the kernel's uint32 arguments, converted as the API converts
// them, and the output's element count.
//
// Parameters arrive as int64 (ONNX's type for repeats, shape, size, stride
// and offset); element widths in bits (2, 4, 8, ..., 128) so packed types
// count their bytes as the API does, ceil(n * bits / 8).
#pragma once
#include <cstddef>
#include <cstdint>

#include "tessera/tables.h"

namespace tessera::validate {

inline constexpr uint64_t kMemoryLimit = limits::memory_bytes;
inline constexpr size_t kMaxStridedRank = limits::as_strided_max_rank;
inline constexpr size_t kMaxRank = limits::max_rank;
// JavaScript numbers name dims exactly up to 2^53 - 1: an output extent past
// that cannot be a Tensor's dim, even in an empty output.
inline constexpr uint64_t kMaxSafeInteger = (uint64_t{1} << 53) - 1;

enum class Check {
  ok,
  count_mismatch,   // repeats (stride) must have one entry per dim (size entry)
  negative,         // repeats, shape, stride or offset below 0
  not_positive,     // a size entry of 0 or less
  too_many_axes,    // more axes than limits.inc allows (AsStrided's size, any shape)
  out_of_bounds,    // AsStrided: the largest index read lies outside the input
  too_large,        // the output's bytes exceed WebAssembly memory
  unsafe_extent,    // an output extent past 2^53 - 1, which JavaScript cannot name
};

// Element count of extents (each >= 0), or more than kMemoryLimit * 8 when it
// is larger (saturating: no overflow whatever the extents). A 0 anywhere
// makes 0, however large the others.
inline uint64_t saturating_count(const uint64_t* extents, size_t n) {
  constexpr uint64_t kCap = kMemoryLimit * 8 + 1;  // more elements than any 2-bit output in memory
  for (size_t i = 0; i < n; ++i) {
    if (extents[i] == 0) return 0;
  }
  uint64_t count = 1;
  for (size_t i = 0; i < n; ++i) {
    count = extents[i] > kCap / count ? kCap : count * extents[i];
  }
  return count;
}

inline bool fits_in_memory(uint64_t elements, unsigned element_bits) {
  // elements <= 8 * kMemoryLimit + 1 (< 2^35) here, so the product cannot overflow.
  return (elements * element_bits + 7) / 8 <= kMemoryLimit;
}

// ---------------------------------------------------------------- Tile
// The input's dims (of a tensor that exists: each fits in memory) and repeats
// as given. Sets repeats32 (rank entries) and *elements.
inline Check tile(unsigned element_bits, size_t rank, const uint32_t* dims, size_t repeats_count,
                  const int64_t* repeats, uint32_t* repeats32, uint64_t* elements) {
  if (repeats_count != rank) return Check::count_mismatch;
  uint64_t extents[kMaxRank];
  if (rank > kMaxRank) return Check::too_many_axes;  // the TypeScript side refuses such dims before
  bool empty = false;
  for (size_t i = 0; i < rank; ++i) {
    if (repeats[i] < 0) return Check::negative;
    empty = empty || dims[i] == 0 || repeats[i] == 0;
  }
  for (size_t i = 0; i < rank; ++i) {
    const auto r = static_cast<uint64_t>(repeats[i]);
    if (r > kMaxSafeInteger || (dims[i] != 0 && r > kMaxSafeInteger / dims[i])) return Check::unsafe_extent;
    extents[i] = dims[i] * r;  // at most 2^53 - 1: no overflow
  }
  *elements = saturating_count(extents, rank);
  if (!fits_in_memory(*elements, element_bits)) return Check::too_large;
  // An empty output calls no kernel; otherwise every repeat is at most the
  // output's element count, so it fits in uint32.
  for (size_t i = 0; i < rank; ++i) repeats32[i] = empty ? 0 : static_cast<uint32_t>(repeats[i]);
  return Check::ok;
}

// ---------------------------------------------------------------- ConstantOfShape
inline Check constant_of_shape(unsigned element_bits, size_t rank, const int64_t* shape, uint64_t* elements) {
  uint64_t extents[kMaxRank];
  if (rank > kMaxRank) return Check::too_many_axes;  // shape has at most max_rank entries
  for (size_t i = 0; i < rank; ++i) {
    if (shape[i] < 0) return Check::negative;
    if (static_cast<uint64_t>(shape[i]) > kMaxSafeInteger) return Check::unsafe_extent;
    extents[i] = static_cast<uint64_t>(shape[i]);
  }
  *elements = saturating_count(extents, rank);
  return fits_in_memory(*elements, element_bits) ? Check::ok : Check::too_large;
}

// ---------------------------------------------------------------- AsStrided
// size (rank entries), stride (stride_count entries), offset (offset_count
// entries, exactly one wanted) over an input of input_elements. Sets size32,
// stride32 (a stride along an extent-1 axis is never used: 0), offset32.
inline Check as_strided(unsigned element_bits, uint64_t input_elements, size_t rank, const int64_t* size,
                        size_t stride_count, const int64_t* stride, size_t offset_count, const int64_t* offset,
                        uint32_t* size32, uint32_t* stride32, uint32_t* offset32, uint64_t* elements) {
  if (rank > kMaxStridedRank) return Check::too_many_axes;
  for (size_t i = 0; i < rank; ++i) {
    if (size[i] <= 0) return Check::not_positive;
  }
  if (stride_count != rank) return Check::count_mismatch;
  for (size_t i = 0; i < rank; ++i) {
    if (stride[i] < 0) return Check::negative;
  }
  if (offset_count != 1) return Check::count_mismatch;
  if (offset[0] < 0) return Check::negative;

  // offset + sum((size - 1) * stride): at most 9 terms below 2^126, exact in 128 bits.
  unsigned __int128 largest = static_cast<uint64_t>(offset[0]);
  for (size_t i = 0; i < rank; ++i) {
    largest += static_cast<unsigned __int128>(static_cast<uint64_t>(size[i]) - 1) * static_cast<uint64_t>(stride[i]);
  }
  if (largest >= input_elements) return Check::out_of_bounds;

  uint64_t extents[kMaxStridedRank];
  for (size_t i = 0; i < rank; ++i) extents[i] = static_cast<uint64_t>(size[i]);
  *elements = saturating_count(extents, rank);
  if (!fits_in_memory(*elements, element_bits)) return Check::too_large;
  // Every index read is below input_elements, which fits in memory: uint32.
  for (size_t i = 0; i < rank; ++i) {
    size32[i] = static_cast<uint32_t>(size[i]);
    stride32[i] = size[i] == 1 ? 0 : static_cast<uint32_t>(stride[i]);
  }
  *offset32 = static_cast<uint32_t>(offset[0]);
  return Check::ok;
}

}  // namespace tessera::validate
