// Slow, obviously correct references for the data-movement kernels: one
// element at a time, each output index turned into its input index by the
// op's definition (divides and all).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace tessera::reference {

// ---------------------------------------------------------------- Fill
inline void fill(void* y, size_t n, size_t element_size, const void* value) {
  for (size_t i = 0; i < n; ++i) {
    std::memcpy(static_cast<unsigned char*>(y) + i * element_size, value, element_size);
  }
}

// ---------------------------------------------------------------- packed elements
// bits is 4 or 2; elements are stored from the low bits of each byte up.
inline uint8_t get_packed(const uint8_t* packed, size_t i, unsigned bits) {
  const size_t per_byte = 8 / bits;
  const unsigned shift = static_cast<unsigned>((i % per_byte) * bits);
  return static_cast<uint8_t>((packed[i / per_byte] >> shift) & ((1u << bits) - 1));
}

inline void set_packed(uint8_t* packed, size_t i, unsigned bits, uint8_t value) {
  const size_t per_byte = 8 / bits;
  const unsigned shift = static_cast<unsigned>((i % per_byte) * bits);
  const unsigned mask = ((1u << bits) - 1) << shift;
  packed[i / per_byte] = static_cast<uint8_t>((packed[i / per_byte] & ~mask) | ((value << shift) & mask));
}

inline size_t packed_bytes(size_t n, unsigned bits) { return (n * bits + 7) / 8; }

// Starts from zeros, so bits past the last element stay 0.
inline void pack(const uint8_t* bytes, uint8_t* packed, size_t n, unsigned bits) {
  for (size_t i = 0; i < packed_bytes(n, bits); ++i) packed[i] = 0;
  for (size_t i = 0; i < n; ++i) set_packed(packed, i, bits, bytes[i]);
}

inline void unpack(const uint8_t* packed, uint8_t* bytes, size_t n, unsigned bits) {
  for (size_t i = 0; i < n; ++i) bytes[i] = get_packed(packed, i, bits);
}

inline void fill_packed(uint8_t* y, size_t n, unsigned bits, uint8_t value) {
  for (size_t i = 0; i < packed_bytes(n, bits); ++i) y[i] = 0;
  for (size_t i = 0; i < n; ++i) set_packed(y, i, bits, value);
}

// ---------------------------------------------------------------- Tile
inline void tile(const void* x, void* y, size_t element_size, size_t rank, const uint32_t* dims,
                 const uint32_t* repeats) {
  size_t total = 1;
  for (size_t a = 0; a < rank; ++a) total *= size_t{dims[a]} * repeats[a];
  for (size_t o = 0; o < total; ++o) {
    // Output multi-index from the flat index (last axis fastest), each
    // coordinate taken modulo the input extent, folded into an input index.
    size_t rest = o, in = 0, in_scale = 1;
    for (size_t a = rank; a-- > 0;) {
      const size_t extent = size_t{dims[a]} * repeats[a];
      const size_t coordinate = rest % extent;
      rest /= extent;
      in += (coordinate % dims[a]) * in_scale;
      in_scale *= dims[a];
    }
    std::memcpy(static_cast<unsigned char*>(y) + o * element_size,
                static_cast<const unsigned char*>(x) + in * element_size, element_size);
  }
}

// ---------------------------------------------------------------- AsStrided
inline void as_strided(const void* x, void* y, size_t element_size, size_t rank, const uint32_t* size,
                       const uint32_t* stride, uint32_t offset) {
  size_t total = 1;
  for (size_t a = 0; a < rank; ++a) total *= size[a];
  for (size_t o = 0; o < total; ++o) {
    size_t rest = o, in = offset;
    for (size_t a = rank; a-- > 0;) {
      in += (rest % size[a]) * stride[a];
      rest /= size[a];
    }
    std::memcpy(static_cast<unsigned char*>(y) + o * element_size,
                static_cast<const unsigned char*>(x) + in * element_size, element_size);
  }
}

// ---------------------------------------------------------------- strided move
inline void strided_move(const void* x, void* y, size_t element_size, size_t rank, const uint32_t* size,
                         const uint32_t* x_stride, const uint32_t* y_stride, uint32_t reversed) {
  size_t total = 1;
  for (size_t a = 0; a < rank; ++a) total *= size[a];
  for (size_t o = 0; o < total; ++o) {
    size_t rest = o;
    int64_t in = 0;
    size_t out = 0;
    for (size_t a = rank; a-- > 0;) {
      const size_t i = rest % size[a];
      rest /= size[a];
      in += ((reversed >> a) & 1 ? -1 : 1) * static_cast<int64_t>(i * x_stride[a]);
      out += i * y_stride[a];
    }
    std::memcpy(static_cast<unsigned char*>(y) + out * element_size,
                static_cast<const unsigned char*>(x) + in * static_cast<int64_t>(element_size), element_size);
  }
}

}  // namespace tessera::reference
