// Applies a 128-bit vector op to every 16-byte block of a buffer.
//
// The tail (fewer than 16 bytes) goes through the same vector op on a
// zero-padded copy, so it is bit-identical to the main path and never reads
// or writes past either buffer.
#pragma once
#include <cstring>

#include "tessera/simd.h"

namespace tessera {

template <class VectorOp>
inline void map_v128(const void* x, void* y, size_t bytes, VectorOp op) {
  const auto* in = static_cast<const unsigned char*>(x);
  auto* out = static_cast<unsigned char*>(y);
  size_t i = 0;
  for (; i + 32 <= bytes; i += 32) {
    const v128_t a = wasm_v128_load(in + i);
    const v128_t b = wasm_v128_load(in + i + 16);
    wasm_v128_store(out + i, op(a));
    wasm_v128_store(out + i + 16, op(b));
  }
  for (; i + 16 <= bytes; i += 16) {
    wasm_v128_store(out + i, op(wasm_v128_load(in + i)));
  }
  if (i < bytes) {
    alignas(16) unsigned char block[16] = {};
    std::memcpy(block, in + i, bytes - i);
    wasm_v128_store(block, op(wasm_v128_load(block)));
    std::memcpy(out + i, block, bytes - i);
  }
}

}  // namespace tessera
