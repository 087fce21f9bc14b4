// Byte-moving building blocks shared by Fill, Tile and AsStrided: copies that
// are cheap at every size, periodic fills from one vector, and replication of
// a block by copying what is already written. None of them touches a byte
// outside the ranges it is given.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "tessera/simd.h"

// Cheap precondition checks: on in native builds (doctest, sanitizers, fuzzers)
// whatever the optimization level, compiled out of the WebAssembly product,
// whose caller (the TypeScript layer) has validated everything already.
#if defined(__EMSCRIPTEN__)
#define TESSERA_ASSERT(condition) ((void)0)
#else
#include <cstdio>
#define TESSERA_ASSERT(condition)                                                   \
  ((condition) ? (void)0                                                            \
               : (std::fprintf(stderr, "%s:%d: assertion failed: %s\n", __FILE__, \
                               __LINE__, #condition),                               \
                  std::abort()))
#endif

namespace tessera {

// Interleaves of the low (high) halves of a and b, in ES-byte elements.
template <size_t ES>
v128_t zip_lo(v128_t a, v128_t b) {
  if constexpr (ES == 1) return wasm_i8x16_shuffle(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  if constexpr (ES == 2) return wasm_i16x8_shuffle(a, b, 0, 8, 1, 9, 2, 10, 3, 11);
  if constexpr (ES == 4) return wasm_i32x4_shuffle(a, b, 0, 4, 1, 5);
  if constexpr (ES == 8) return wasm_i32x4_shuffle(a, b, 0, 1, 4, 5);
}

template <size_t ES>
v128_t zip_hi(v128_t a, v128_t b) {
  if constexpr (ES == 1) return wasm_i8x16_shuffle(a, b, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  if constexpr (ES == 2) return wasm_i16x8_shuffle(a, b, 4, 12, 5, 13, 6, 14, 7, 15);
  if constexpr (ES == 4) return wasm_i32x4_shuffle(a, b, 2, 6, 3, 7);
  if constexpr (ES == 8) return wasm_i32x4_shuffle(a, b, 2, 3, 6, 7);
}

// ---------------------------------------------------------------- copy
// dst[0..n) = src[0..n), the ranges disjoint, n >= 16: vectors, and one last
// vector that may overlap the previous one (rewriting the same bytes).
inline void copy_v128(unsigned char* d, const unsigned char* s, size_t n) {
  size_t i = 0;
  for (; i + 64 <= n; i += 64) {
    const v128_t a = wasm_v128_load(s + i);
    const v128_t b = wasm_v128_load(s + i + 16);
    const v128_t c = wasm_v128_load(s + i + 32);
    const v128_t e = wasm_v128_load(s + i + 48);
    wasm_v128_store(d + i, a);
    wasm_v128_store(d + i + 16, b);
    wasm_v128_store(d + i + 32, c);
    wasm_v128_store(d + i + 48, e);
  }
  for (; i + 16 <= n; i += 16) wasm_v128_store(d + i, wasm_v128_load(s + i));
  if (i < n) wasm_v128_store(d + n - 16, wasm_v128_load(s + n - 16));
}

// Copies of 1 MiB and more are memcpy, which -mbulk-memory turns into
// memory.copy. Below that, vectors: V8 runs memory.copy as a call to the C
// library's memmove, and glibc's takes its `rep movsb` path from 2 KiB to
// about 512 KiB, which on AMD EPYC under a hypervisor moved 40-50x slower
// than this loop (bench/run.mjs; 1 KiB rows of a tile paid it 512 times).
// The loop keeps cache speed at every size on every host; above 1 MiB the
// library copy is as fast or faster (non-temporal stores).
constexpr size_t kBulkCopyBytes = size_t{1} << 20;

// dst[0..n) = src[0..n), the ranges disjoint. Short copies (the rows of a
// small tile, a narrow sliding window) are a few overlapping loads and
// stores.
inline void copy_bytes(void* dst, const void* src, size_t n) {
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
  if (n >= kBulkCopyBytes) {
    std::memcpy(d, s, n);
  } else if (n > 32) {
    copy_v128(d, s, n);
  } else if (n >= 16) {
    const v128_t head = wasm_v128_load(s);
    const v128_t tail = wasm_v128_load(s + n - 16);
    wasm_v128_store(d, head);
    wasm_v128_store(d + n - 16, tail);
  } else if (n >= 8) {
    uint64_t head, tail;
    std::memcpy(&head, s, 8);
    std::memcpy(&tail, s + n - 8, 8);
    std::memcpy(d, &head, 8);
    std::memcpy(d + n - 8, &tail, 8);
  } else if (n >= 4) {
    uint32_t head, tail;
    std::memcpy(&head, s, 4);
    std::memcpy(&tail, s + n - 4, 4);
    std::memcpy(d, &head, 4);
    std::memcpy(d + n - 4, &tail, 4);
  } else if (n >= 2) {
    uint16_t head, tail;
    std::memcpy(&head, s, 2);
    std::memcpy(&tail, s + n - 2, 2);
    std::memcpy(d, &head, 2);
    std::memcpy(d + n - 2, &tail, 2);
  } else if (n == 1) {
    *d = *s;
  }
}

// ---------------------------------------------------------------- splat
// A vector holding `bytes` bytes (1, 2, 4, 8 or 16) from p, repeated.
inline v128_t splat_bytes(const void* p, size_t bytes) {
  switch (bytes) {
    case 1: return wasm_v128_load8_splat(p);
    case 2: return wasm_v128_load16_splat(p);
    case 4: return wasm_v128_load32_splat(p);
    case 8: return wasm_v128_load64_splat(p);
    default: return wasm_v128_load(p);
  }
}

// ---------------------------------------------------------------- periodic fill
// Writes `bytes` bytes of a pattern whose period (1, 2, 4, 8 or 16 bytes)
// divides both 16 and `bytes`: whole vectors, then lane stores for the tail.
// The tail's length is a multiple of the period, so every lane store starts
// at a multiple of the period and takes lane 0 of the pattern.
inline void fill_v128(void* dst, size_t bytes, v128_t pattern) {
  auto* d = static_cast<unsigned char*>(dst);
  size_t i = 0;
  for (; i + 64 <= bytes; i += 64) {
    wasm_v128_store(d + i, pattern);
    wasm_v128_store(d + i + 16, pattern);
    wasm_v128_store(d + i + 32, pattern);
    wasm_v128_store(d + i + 48, pattern);
  }
  for (; i + 16 <= bytes; i += 16) wasm_v128_store(d + i, pattern);
  const size_t tail = bytes - i;
  if (tail & 8) {
    wasm_v128_store64_lane(d + i, pattern, 0);
    i += 8;
  }
  if (tail & 4) {
    wasm_v128_store32_lane(d + i, pattern, 0);
    i += 4;
  }
  if (tail & 2) {
    wasm_v128_store16_lane(d + i, pattern, 0);
    i += 2;
  }
  if (tail & 1) wasm_v128_store8_lane(d + i, pattern, 0);
}

// ---------------------------------------------------------------- replicate
// The first `block` bytes at dst are written; makes `count` copies in all,
// back to back. Each copy doubles what is written (1, 2, 4, ... blocks), so a
// tiny block takes log2(count) calls, not count. Past 64 KiB the copies stay
// that size, reading a source that is still in cache.
inline void replicate(void* dst, size_t block, size_t count) {
  if (count <= 1 || block == 0) return;
  auto* d = static_cast<unsigned char*>(dst);
  const size_t total = block * count;
  const size_t cap = block >= (size_t{64} << 10) ? block : ((size_t{64} << 10) / block) * block;
  size_t done = block;  // always a whole number of blocks
  while (done < total) {
    size_t n = done < cap ? done : cap;
    if (n > total - done) n = total - done;
    copy_bytes(d + done, d, n);
    done += n;
  }
}

}  // namespace tessera
