// The module's JavaScript surface. The only file that includes Embind.
//
// Every function takes byte offsets into the module's memory (as the JS
// layer allocated them) and sizes; the TypeScript layer has already checked
// every spec constraint, so these only dispatch to kernels.
#include <emscripten/bind.h>

#include <malloc.h>

#include "tessera/kernels.h"
#include "tessera/simd.h"

namespace {

template <class T>
T* at(uintptr_t offset) {
  return reinterpret_cast<T*>(offset);
}

// ONNX TensorProto number -> floor kernel; 0 for types Floor does not take.
int floor_kernel(int onnx_type, uintptr_t x, uintptr_t y, size_t n) {
  switch (onnx_type) {
    case 1: tessera::f32_floor(at<const float>(x), at<float>(y), n); return 0;
    case 11: tessera::f64_floor(at<const double>(x), at<double>(y), n); return 0;
    case 10: tessera::f16_floor(at<const uint16_t>(x), at<uint16_t>(y), n); return 0;
    case 16: tessera::bf16_floor(at<const uint16_t>(x), at<uint16_t>(y), n); return 0;
    default: return 1;
  }
}

bool simd128() { return TESSERA_SIMD128; }

// Bytes malloc has handed out and not had back: the leak tests watch this.
size_t heap_bytes_in_use() { return mallinfo().uordblks; }

}  // namespace

EMSCRIPTEN_BINDINGS(tessera) {
  emscripten::function("floor", &floor_kernel);
  emscripten::function("simd128", &simd128);
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);
}
