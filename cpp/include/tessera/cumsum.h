// CumSum (cpp/src/kernels/cumsum.cc): how TypeScript calls it.
//
//   cumSum(x, y, onnxType, outer, n, inner, exclusive, reverse)
//     x, y       [outer, n, inner] of x's type, n the extent of the axis
//     exclusive  1: y at step s is the sum of the s elements before it (0 at the first)
//     reverse    1: the scan runs from the end of the axis to its start
//   Order (fixed, so tessera.wasm, tessera-scalar.wasm and native agree to
//   the bit): each line is one running sum in the scan's order, started from
//   its first element itself (not 0 + x: a -0 stays -0, as numpy's cumsum),
//   s_0 = x_0, s_j = s_(j-1) + x_j; nothing is reassociated. float16 and
//   bfloat16 run in float32 and each output is s_j rounded once to nearest
//   even; float32 in float32, float64 in float64; integers wrap. A NaN output
//   is the format's canonical quiet NaN (payloads would differ between builds).
//   Types: int32, uint32, int64, uint64, float16, bfloat16, float32, float64.
#pragma once
#include <cstddef>
#include <cstdint>

#include "tessera/elementwise.h"

namespace tessera {

Status cum_sum(uint32_t onnx_type, const void* x, void* y, size_t outer, size_t n, size_t inner, bool exclusive, bool reverse);

}  // namespace tessera
