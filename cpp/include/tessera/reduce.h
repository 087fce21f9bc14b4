// The reduction engine (cpp/src/kernels/reduce.cc): how TypeScript calls it.
//
//   reduce(x, y, work, onnxType, op, outer, n, inner)
//     x      byte offset of the input, viewed as [outer, n, inner] (JS has
//            merged the reduced axes into the middle one: n is their product)
//     y      the output, [outer, inner], x's type
//     work   reduce_work_bytes(outer * inner) bytes (8-aligned), scratch
//     op     a ReduceOp code below
//   Types: float32, float64, float16, bfloat16, int8, uint8, bool (max, min),
//   int32, uint32, int64, uint64; anything else is refused.
//   An empty reduction (n == 0) gives each op's identity: 0 for sums, 1 for
//   prod, -inf / the type's lowest for max, +inf / the highest for min, NaN
//   for a float mean (0 for an integer one), -inf for LogSum and LogSumExp.
//   argReduce(x, y, onnxType, outer, n, inner, isMax, selectLast)
//     y: [outer, inner] int64, the index along n of the first largest
//     (isMax) or smallest element, the last with selectLast; a NaN beats
//     every number. n must be at least 1. Every numeric type but bool.
//   softmax(x, y, onnxType, outer, n, inner, kind)
//     along n of [outer, n, inner]: kind 0 Softmax, 1 LogSoftmax, 2 Hardmax;
//     float32, float64, float16, bfloat16; y has x's type and dims.
#pragma once
#include <cstddef>
#include <cstdint>

#include "tessera/elementwise.h"

namespace tessera {

enum class ReduceOp : uint32_t {
  sum = 0, mean = 1, max = 2, min = 3, prod = 4, l1 = 5, l2 = 6, log_sum = 7, log_sum_exp = 8, sum_square = 9,
};

size_t reduce_work_bytes(size_t outputs);

Status arg_reduce(uint32_t type, const void* x, int64_t* y, size_t outer, size_t n, size_t inner, bool is_max, bool last);

Status softmax(uint32_t type, const void* x, void* y, size_t outer, size_t n, size_t inner, uint32_t kind);

Status reduce(ReduceOp op, uint32_t onnx_type, const void* x, void* y, size_t outer, size_t n, size_t inner, void* work);

}  // namespace tessera
