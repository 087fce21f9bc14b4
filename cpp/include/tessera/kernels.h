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

// ---------------------------------------------------------------- Fill
// y[i] = value for every i < n. Fixed-size elements of element_size bytes
// (1, 2, 4, 8 or 16; value points at one element), or packed: x4 two 4-bit
// elements a byte, x2 four 2-bit elements a byte (dtypes.inc), whose unused
// high bits in a partial last byte are left 0.
void xx_fill(void* y, size_t n, size_t element_size, const void* value);
void x4_fill(uint8_t* y, uint64_t n, uint8_t nibble);  // low 4 bits of nibble
void x2_fill(uint8_t* y, uint64_t n, uint8_t crumb);   // low 2 bits of crumb

// ---------------------------------------------------------------- Tile
// numpy.tile without broadcast: y has dims[i] * repeats[i] along axis i and
// y[o] = x[o mod dims], row-major; rank 0 copies one element, a 0 in dims or
// repeats writes nothing. Elements of element_size bytes (1, 2, 4, 8, 16);
// y does not overlap x.
void xx_tile(const void* x, void* y, size_t element_size, size_t rank, const uint32_t* dims,
             const uint32_t* repeats);

// ---------------------------------------------------------------- AsStrided
// y[i_0..i_k] = flat(x)[offset + sum_j i_j * stride[j]] (strides in
// elements), y row-major with dims size; rank 0 to 8, rank 0 is x[offset].
// The caller guarantees every index read lies inside x; y does not overlap x.
void xx_as_strided(const void* x, void* y, size_t element_size, size_t rank, const uint32_t* size,
                   const uint32_t* stride, uint32_t offset);

// ---------------------------------------------------------------- Strided move
// y[sum_j i_j * y_stride[j]] = x[sum_j i_j * (+/-) x_stride[j]] for every
// index of dims size (strides in elements; bit j of reversed makes axis j's
// x stride negative, so x points at the element of index 0 and may be read
// backward). Rank 0 to 32 (limits::move_max_axes); rank 0 copies *x. The
// caller guarantees every element read lies inside x, no two indices write
// one y element, and y does not overlap what is read.
void xx_strided_move(const void* x, void* y, size_t element_size, size_t rank, const uint32_t* size,
                     const uint32_t* x_stride, const uint32_t* y_stride, uint32_t reversed);

// ---------------------------------------------------------------- Pack
// Packed 4-bit (x4) or 2-bit (x2) storage <-> one element per byte (in its
// low bits). Pack masks each byte to its low bits and leaves unused bits 0.
// The two buffers do not overlap.
void x4_unpack(const uint8_t* packed, uint8_t* bytes, size_t n);
void x4_pack(const uint8_t* bytes, uint8_t* packed, size_t n);
void x2_unpack(const uint8_t* packed, uint8_t* bytes, size_t n);
void x2_pack(const uint8_t* bytes, uint8_t* packed, size_t n);

// ---------------------------------------------------------------- Cast
// y[i] = x[i] converted, one kernel per row of tessera/casts.inc (named
// input-output-cast), by the rules of ONNX Cast as cast.cc states them.
// Same-width casts may run in place; otherwise x and y do not overlap.
#define TESSERA_CAST(from, to, kernel, In, Out) void kernel(const In* x, Out* y, size_t n);
#include "tessera/casts.inc"
#undef TESSERA_CAST

}  // namespace tessera
