// Kernel declarations. Kernels trust their arguments (the TypeScript layer
// validates every spec constraint first) and assert them in native builds.
//
// Names follow XNNPACK: data type (or element width, for kernels that only
// move bytes), then the op. All sizes are in elements unless named *_bytes.
#pragma once
#include <cstddef>
#include <cstdint>

namespace tessera {

// ---------------------------------------------------------------- Floor
// y = floor(x), toward -infinity. -0, NaN (bit pattern kept), +/-Inf and
// integral values come back unchanged. In place (x == y) is allowed.
void f32_floor(const float* x, float* y, size_t n);
void f64_floor(const double* x, double* y, size_t n);
void f16_floor(const uint16_t* x, uint16_t* y, size_t n);   // IEEE binary16 bits
void bf16_floor(const uint16_t* x, uint16_t* y, size_t n);  // bfloat16 bits

}  // namespace tessera
