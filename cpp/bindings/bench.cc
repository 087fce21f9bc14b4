// The benchmark's roofline, linked only into tessera-bench.wasm (the bench
// build, never the package): what bench/ measures the kernels against, in
// the same module. Under -mbulk-memory the builtins are single memory.copy /
// memory.fill instructions; memory.copy is not always the fastest copy (see
// copy_bytes in bytes-v128.h), so a plain vector loop is here too and the
// bench takes the faster. The floor loop is f32x4.floor and nothing else (no
// NaN-payload care, no tail), the speed the f32 floor kernel should reach.
#include <emscripten/emscripten.h>

#include <cstddef>
#include <cstdint>

#include "tessera/simd.h"

#define TESSERA_BENCH_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE

TESSERA_BENCH_EXPORT void tessera_bench_copy_bytes(uintptr_t dst, uintptr_t src, size_t n) {
  __builtin_memcpy(reinterpret_cast<void*>(dst), reinterpret_cast<const void*>(src), n);
}

TESSERA_BENCH_EXPORT void tessera_bench_copy_v128(uintptr_t dst, uintptr_t src, size_t n) {  // n: a multiple of 16
  auto* d = reinterpret_cast<unsigned char*>(dst);
  const auto* s = reinterpret_cast<const unsigned char*>(src);
  for (size_t i = 0; i + 16 <= n; i += 16) wasm_v128_store(d + i, wasm_v128_load(s + i));
}

TESSERA_BENCH_EXPORT void tessera_bench_fill_bytes(uintptr_t dst, int byte, size_t n) {
  __builtin_memset(reinterpret_cast<void*>(dst), byte, n);
}

TESSERA_BENCH_EXPORT void tessera_bench_f32_floor_plain(uintptr_t x, uintptr_t y, size_t n) {
  const auto* in = reinterpret_cast<const float*>(x);
  auto* out = reinterpret_cast<float*>(y);
  for (size_t i = 0; i + 4 <= n; i += 4) wasm_v128_store(out + i, wasm_f32x4_floor(wasm_v128_load(in + i)));
}

// One read of n bytes and nothing else (n: a multiple of 16), the least a
// reduction's kernel does: the lanes are xor-ed together and returned, so the
// loads stay.
TESSERA_BENCH_EXPORT int tessera_bench_read_v128(uintptr_t src, size_t n) {
  const auto* s = reinterpret_cast<const unsigned char*>(src);
  v128_t acc = wasm_i32x4_splat(0);
  for (size_t i = 0; i + 16 <= n; i += 16) acc = wasm_v128_xor(acc, wasm_v128_load(s + i));
  return wasm_i32x4_extract_lane(acc, 0) ^ wasm_i32x4_extract_lane(acc, 1) ^ wasm_i32x4_extract_lane(acc, 2) ^ wasm_i32x4_extract_lane(acc, 3);
}
