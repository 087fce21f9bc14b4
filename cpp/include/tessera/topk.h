// TopK (cpp/src/kernels/topk.cc): how TypeScript calls it.
//
//   topK(x, values, indices, work, onnxType, outer, n, inner, k, largest)
//     x        the input viewed as [outer, n, inner], n the extent of the axis
//     values   [outer, k, inner], x's type: the selected elements' own bits
//     indices  [outer, k, inner] int64: their positions along the axis
//     work     topk_work_bytes(n) bytes, 8-aligned
//     k        0 <= k <= n (anything else is refused)
//     largest  1: the k largest, in descending order; 0: the k smallest, ascending
//   Every line comes out sorted (sorted = 0 leaves the order to the
//   implementation: this one is the sorted order too). The order is total:
//   a NaN (any payload, either sign) is above +Inf and equal to every other
//   NaN, -0 equals +0, and equal elements keep the lower index first, as
//   ONNX's reference (numpy's lexsort) and onnxruntime's CPU kernel order them.
//   Types: every integer but the packed ones, float16, bfloat16, float32, float64.
#pragma once
#include <cstddef>
#include <cstdint>

#include "tessera/elementwise.h"

namespace tessera {

// One line at a time: the heap's k pairs (at most 16 bytes each), 16 for
// alignment, and the line's keys (at most 8 bytes each); k <= n.
constexpr size_t topk_work_bytes(size_t n) { return 24 * n + 16; }

Status top_k(uint32_t onnx_type, const void* x, void* values, int64_t* indices, void* work, size_t outer, size_t n,
             size_t inner, size_t k, bool largest);

}  // namespace tessera
