// QuantizeLinear and DequantizeLinear (cpp/src/kernels/quantize.cc): how
// TypeScript calls them. JS validates everything first and hands over the
// scale and the zero point as float32 (every scale and zero point type the
// kernel is given holds float32 values exactly).
//
//   quantizeLinear(x, scale, zero, y, yType, layout, saturate)
//     x      float32 [outer, axisDim, inner]
//     y      yType: int8, uint8, int16, uint16, int4, uint4 (two a byte, the
//            even element in the low nibble) or a float8 kind
//     y = round(x / s) + z, clamped to the type's range (integers), or
//         x / s (+ z where z is not 0) cast to the float8 kind as Cast does,
//         by `saturate` (float8). The division is float32's (never a
//         reciprocal), round is half to even and a NaN quotient is 0 for the
//         integers; a NaN is the kind's one unsigned NaN for float8.
//   dequantizeLinear(x, xType, scale, zero, y, layout)
//     x      xType: int8, uint8, int16, uint16, int32, int4, uint4 or a float8 kind
//     y      float32: f32(f32(x - z) * s); a NaN as x86 gives it: the first
//            NaN operand's (x, z, then s), quieted, or 0xffc00000 for a new one
//
//   layout: outer, axisDim, inner, block, outerStride, axisStride, innerStep,
//   scales. Element (o, a, i) takes scale and zero point index
//   o * outerStride + (a / block) * axisStride + i * innerStep:
//       per tensor  outer 1, axisDim 1, inner n, block 1, strides 0, 0, 0
//       per axis    block 1, strides 0, 1, 0
//       blocked     block B, strides ceil(axisDim / B) * inner, inner, 1
//   scales is the scale's (and zero point's) element count. Returns refused
//   (nothing written) for a type it does not serve, a block of 0, an
//   innerStep other than 0 or 1, or an index at or past scales.
#pragma once
#include <cstddef>
#include <cstdint>

#include "tessera/elementwise.h"

namespace tessera {

struct ScaleLayout {
  size_t outer, axis_dim, inner, block, outer_stride, axis_stride, inner_step, scales;
};

Status quantize_linear(const float* x, const float* scale, const float* zero, void* y, uint32_t y_type,
                       const ScaleLayout& layout, bool saturate);
Status dequantize_linear(const void* x, uint32_t x_type, const float* scale, const float* zero, float* y,
                         const ScaleLayout& layout);

}  // namespace tessera
