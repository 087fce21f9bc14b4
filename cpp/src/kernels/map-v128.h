// The map engine of the unary kernels (Floor and the elementwise ones):
// applies a 128-bit vector op to every 16-byte block of a buffer, or, for
// ops whose output is bool, to every 16 elements of kInSize bytes, giving
// 16 bytes.
//
// The tail goes through the same vector op on a zero-padded copy, so it is
// bit-identical to the main path and never reads or writes past either
// buffer.
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

// The same with one copy of op (the elementwise unary kernels: dozens of
// ops and types, where three inlined copies cost 100 KB of tessera.wasm):
// the tail is the loop's last turn, on a zero-padded block.
template <class VectorOp>
inline void map_v128_compact(const void* x, void* y, size_t bytes, VectorOp op) {
  const auto* in = static_cast<const unsigned char*>(x);
  auto* out = static_cast<unsigned char*>(y);
  alignas(16) unsigned char block[16];
  for (size_t i = 0; i < bytes; i += 16) {
    const bool tail = bytes - i < 16;
    const unsigned char* src = in + i;
    unsigned char* dst = out + i;
    if (tail) {
      std::memset(block, 0, 16);
      std::memcpy(block, src, bytes - i);
      src = dst = block;
    }
    wasm_v128_store(dst, op(wasm_v128_load(src)));
    if (tail) std::memcpy(out + i, block, bytes - i);
  }
}

// y[i] (one byte) for 16 elements of kInSize bytes at a time: op reads
// kInSize vectors at its argument and returns 16 bytes.
template <size_t kInSize, class BlockOp>
inline void map_v128_to_bytes(const void* x, void* y, size_t n, BlockOp op) {
  const auto* in = static_cast<const unsigned char*>(x);
  auto* out = static_cast<unsigned char*>(y);
  alignas(16) unsigned char block[16 * kInSize];
  alignas(16) unsigned char bytes[16];
  for (size_t i = 0; i < n; i += 16) {  // one copy of op: the tail is the last turn, padded
    const bool tail = n - i < 16;
    const unsigned char* src = in + i * kInSize;
    if (tail) {
      std::memset(block, 0, sizeof block);
      std::memcpy(block, src, (n - i) * kInSize);
      src = block;
    }
    wasm_v128_store(tail ? bytes : out + i, op(src));
    if (tail) std::memcpy(out + i, bytes, n - i);
  }
}

}  // namespace tessera
