// The elementwise kernels: binary ops with broadcasting, Where, unary maps,
// and the zero finder integer division needs. How TypeScript calls them
// (the exports are rows of exports.inc, defined in cpp/bindings/bindings.cc):
//
//   binary(a, b, y, onnxType, op, rank, dims, aStrides, bStrides)
//     a, b, y   byte offsets of the inputs and the output (y row-major, dense)
//     onnxType  the inputs' ONNX type number (dtypes.inc); both inputs have it
//     op        a code of BINARY_OPS (elementwise.inc); the output is that
//               type, or bool (1 byte, 0 or 1) for the rows marked bool
//     rank      the output's rank (0 .. limits.max_rank)
//     dims      rank uint32 extents of the output (a 0 anywhere: nothing runs)
//     aStrides, bStrides
//               rank uint32 strides each, in ELEMENTS of that input, one per
//               output axis: 0 where the input broadcasts (an extent 1, or an
//               axis it lacks), its row-major stride elsewhere. Numpy's rule
//               is JS's: align the shapes right, pad with 1s, stride 0 for 1s.
//               Any strides are correct; dense inputs broadcast this way are
//               the fast ones.
//     The kernel merges adjacent axes that broadcast alike (here, the one
//     place: JS passes the shapes as they are) and walks the output as runs
//     along the merged inner axis, in which each input is contiguous or one
//     repeated scalar: [1, 3, 224, 224] - [3, 1, 1] is 3 runs of 50176.
//     y may be a or b exactly (in place) when that input is not broadcast
//     and has the output's type; otherwise y overlaps neither.
//   where(condition, x, y, output, elementSize, rank, dims, cStrides, xStrides, yStrides)
//     output[i] = condition[i] != 0 ? x[i] : y[i], broadcast as binary's
//     operands; condition is bool (1 byte), x, y and output elements of
//     elementSize bytes (1, 2, 4, 8 or 16: any type, Where moves bytes).
//   unary(x, y, n, onnxType, op, params)
//     y[i] = op(x[i]) for n elements; op a code of UNARY_OPS; y has x's type
//     or bool as the row says; in place (x == y) when both are one width.
//     params: clip: two elements of the type, min then max;
//     isinf: two bytes, detect_positive then detect_negative; others: unused.
//   firstZero(x, n, elementSize, index)
//     writes as uint32 at `index` the index of the first element of x whose
//     bytes are all 0 (an integer 0), or n when none is: JS names the
//     divisor's first zero in its SpecError before it runs Div or Mod.
//
// Statuses (status.inc): 0 ok; 1 refused (an op, type or width the kernel
// does not serve, nothing written); 2 zero_divisor (integer div, mod or fmod
// with a 0 anywhere in b: nothing written).
//
// Types served (anything else is refused; JS casts mixed Pow operands to one
// type first): every numeric type int8..int64, uint8..uint64, float16,
// bfloat16, float32, float64, except: mod integers only; neg, relu signed
// integers and floats; ceil, round, sqrt, reciprocal, exp, log, sigmoid,
// tanh, isnan, isinf, floor floats; shifts unsigned; logical ops bool;
// equal also bool. float16 and bfloat16 compute in float32 lanes and round
// once to nearest even (exact for + - * / sqrt).
#pragma once
#include <cstddef>
#include <cstdint>

namespace tessera {

enum class BinaryOp : uint32_t {
#define TESSERA_BINARY(name, code, output, types) name = code,
#define TESSERA_UNARY(name, code, output, types, parameters)
#include "tessera/elementwise.inc"
#undef TESSERA_UNARY
#undef TESSERA_BINARY
};

enum class UnaryOp : uint32_t {
#define TESSERA_UNARY(name, code, output, types, parameters) name = code,
#define TESSERA_BINARY(name, code, output, types)
#include "tessera/elementwise.inc"
#undef TESSERA_BINARY
#undef TESSERA_UNARY
};

enum class Status : int {
#define TESSERA_STATUS(name, code) name = code,
#include "tessera/status.inc"
#undef TESSERA_STATUS
};

// ---------------------------------------------------------------- kernels
// The exports' C++ side, pointers instead of offsets (strides in elements).
Status binary(BinaryOp op, uint32_t onnx_type, const void* a, const void* b, void* y, size_t rank,
              const uint32_t* dims, const uint32_t* a_strides, const uint32_t* b_strides);

Status where(const uint8_t* condition, const void* x, const void* y, void* output, size_t element_size,
             size_t rank, const uint32_t* dims, const uint32_t* c_strides, const uint32_t* x_strides,
             const uint32_t* y_strides);

Status unary(UnaryOp op, uint32_t onnx_type, const void* x, void* y, size_t n, const void* params);

// The index of the first all-zero element, n when there is none.
size_t xx_first_zero(const void* x, size_t n, size_t element_size);

}  // namespace tessera
