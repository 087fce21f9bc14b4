// The module's JavaScript surface. The only file that includes Embind.
//
// Every function takes byte offsets into the module's memory (as the JS
// layer allocated them) and sizes; the TypeScript layer has already checked
// every spec constraint, so these only dispatch to kernels.
//
// The per-call entry points (kernels, benchmark roofline) are plain C exports
// that JS calls as the instance's own functions: through Embind, built with
// -sDYNAMIC_EXECUTION=0, a call went through a generic invoker (argument
// arrays, apply, a wire-type conversion per argument) costing 1-3 us, more
// than a small op's whole work (bench/run.mjs, tile 4x4). Their arguments are
// all i32, which needs no conversion. Embind keeps the cold queries.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <malloc.h>

#include "tessera/kernels.h"
#include "tessera/simd.h"

#define TESSERA_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE

namespace {

template <class T>
T* at(uintptr_t offset) {
  return reinterpret_cast<T*>(offset);
}

bool element_size_ok(size_t bytes) {
  return bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8 || bytes == 16;
}

bool simd128() { return TESSERA_SIMD128; }

// Bytes malloc has handed out and not had back: the leak tests watch this.
size_t heap_bytes_in_use() { return mallinfo().uordblks; }

// Bytes malloc holds free (the top of the heap included): with the memory
// the module may still grow by, what a large request can possibly get.
size_t heap_bytes_free() { return mallinfo().fordblks; }

}  // namespace

// ONNX TensorProto number -> floor kernel; 0 for types Floor does not take.
TESSERA_EXPORT int tessera_floor(int onnx_type, uintptr_t x, uintptr_t y, size_t n) {
  switch (onnx_type) {
    case 1: tessera::f32_floor(at<const float>(x), at<float>(y), n); return 0;
    case 11: tessera::f64_floor(at<const double>(x), at<double>(y), n); return 0;
    case 10: tessera::f16_floor(at<const uint16_t>(x), at<uint16_t>(y), n); return 0;
    case 16: tessera::bf16_floor(at<const uint16_t>(x), at<uint16_t>(y), n); return 0;
    default: return 1;
  }
}

// ---------------------------------------------------------------- data movement
// Element sizes in bytes (1, 2, 4, 8, 16) or packed widths in bits (4, 2); any
// other returns 1 and writes nothing. dims, repeats, size and stride are
// arrays of `rank` uint32 at the given offsets.
TESSERA_EXPORT int tessera_tile(size_t element_size, uintptr_t x, uintptr_t y, size_t rank, uintptr_t dims,
                                uintptr_t repeats) {
  if (!element_size_ok(element_size)) return 1;
  tessera::xx_tile(at<const void>(x), at<void>(y), element_size, rank, at<const uint32_t>(dims),
                   at<const uint32_t>(repeats));
  return 0;
}

TESSERA_EXPORT int tessera_fill(size_t element_size, uintptr_t y, size_t n, uintptr_t value) {
  if (!element_size_ok(element_size)) return 1;
  tessera::xx_fill(at<void>(y), n, element_size, at<const void>(value));
  return 0;
}

TESSERA_EXPORT int tessera_fill_packed(int bits, uintptr_t y, size_t n, int value) {
  const auto v = static_cast<uint8_t>(value);
  switch (bits) {
    case 4: tessera::x4_fill(at<uint8_t>(y), n, v); return 0;
    case 2: tessera::x2_fill(at<uint8_t>(y), n, v); return 0;
    default: return 1;
  }
}

TESSERA_EXPORT int tessera_as_strided(size_t element_size, uintptr_t x, uintptr_t y, size_t rank,
                                      uintptr_t size, uintptr_t stride, uint32_t offset) {
  if (!element_size_ok(element_size) || rank > 8) return 1;
  tessera::xx_as_strided(at<const void>(x), at<void>(y), element_size, rank, at<const uint32_t>(size),
                         at<const uint32_t>(stride), offset);
  return 0;
}

TESSERA_EXPORT int tessera_pack(int bits, uintptr_t bytes, uintptr_t packed, size_t n) {
  switch (bits) {
    case 4: tessera::x4_pack(at<const uint8_t>(bytes), at<uint8_t>(packed), n); return 0;
    case 2: tessera::x2_pack(at<const uint8_t>(bytes), at<uint8_t>(packed), n); return 0;
    default: return 1;
  }
}

TESSERA_EXPORT int tessera_unpack(int bits, uintptr_t packed, uintptr_t bytes, size_t n) {
  switch (bits) {
    case 4: tessera::x4_unpack(at<const uint8_t>(packed), at<uint8_t>(bytes), n); return 0;
    case 2: tessera::x2_unpack(at<const uint8_t>(packed), at<uint8_t>(bytes), n); return 0;
    default: return 1;
  }
}

// ---------------------------------------------------------------- benchmark roofline
// Not kernels: what bench/run.mjs measures the kernels against, in this same
// module. Under -mbulk-memory the builtins are single memory.copy /
// memory.fill instructions; memory.copy is not always the fastest copy (see
// copy_bytes in bytes-v128.h), so a plain vector loop is here too and the
// bench takes the faster. The floor loop is f32x4.floor and nothing else (no
// NaN-payload care, no tail), the speed the f32 floor kernel should reach.
// Reached from JS only through the module's internal Kernels, never through
// the public API.
TESSERA_EXPORT void tessera_bench_copy_bytes(uintptr_t dst, uintptr_t src, size_t n) {
  __builtin_memcpy(at<void>(dst), at<const void>(src), n);
}

TESSERA_EXPORT void tessera_bench_copy_v128(uintptr_t dst, uintptr_t src, size_t n) {  // n: a multiple of 16
  auto* d = at<unsigned char>(dst);
  const auto* s = at<const unsigned char>(src);
  for (size_t i = 0; i + 16 <= n; i += 16) wasm_v128_store(d + i, wasm_v128_load(s + i));
}

TESSERA_EXPORT void tessera_bench_fill_bytes(uintptr_t dst, int byte, size_t n) {
  __builtin_memset(at<void>(dst), byte, n);
}

TESSERA_EXPORT void tessera_bench_f32_floor_plain(uintptr_t x, uintptr_t y, size_t n) {
  const float* in = at<const float>(x);
  float* out = at<float>(y);
  for (size_t i = 0; i + 4 <= n; i += 4) wasm_v128_store(out + i, wasm_f32x4_floor(wasm_v128_load(in + i)));
}

EMSCRIPTEN_BINDINGS(tessera) {
  emscripten::function("simd128", &simd128);
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);
  emscripten::function("heapBytesFree", &heap_bytes_free);
}
