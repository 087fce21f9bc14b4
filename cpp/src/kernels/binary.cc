// Binary elementwise ops on the broadcasting engine (broadcast.h): one
// block per op and type, one vector of inputs (16 output bools for the
// comparisons) at a time.
//
// SIMD128 throughout, except where WebAssembly has no instruction: integer
// division, modulus and powers, per-lane shifts, and float fmod (exact, so
// C's fmod gives the same bits everywhere) run one lane at a time inside the
// block. int8 multiplies as int16 (no i8x16.mul); 64-bit unsigned compares
// flip the sign bit (no u64x2.gt). float16 and bfloat16 compute in float32
// lanes and round once; float32 pow computes in float64 lanes.
//
// NaN results of float arithmetic (+ - * / pow fmod) are the canonical quiet
// NaN (0x7fc00000, 0x7ff8000000000000, float16 0x7e00, bfloat16 0x7fc0):
// hardware differs in the bits it gives. min and max return a NaN operand
// itself (a's when both are).
#include <cmath>
#include <utility>

#include "broadcast.h"
#include "lanes-v128.h"
#include "tessera/elementwise.h"
#include "tessera/tables.h"

namespace tessera {
namespace {

template <class T>
constexpr bool kF32 = std::is_same_v<T, float>;
template <class T>
constexpr bool kF64 = std::is_same_v<T, double>;

// ---------------------------------------------------------------- arithmetic
struct Add {
  template <class T>
  static v128_t v(v128_t a, v128_t b) {
    if constexpr (kF32<T>) return canonical_nan<T>(wasm_f32x4_add(a, b));
    else if constexpr (kF64<T>) return canonical_nan<T>(wasm_f64x2_add(a, b));
    else if constexpr (sizeof(T) == 1) return wasm_i8x16_add(a, b);
    else if constexpr (sizeof(T) == 2) return wasm_i16x8_add(a, b);
    else if constexpr (sizeof(T) == 4) return wasm_i32x4_add(a, b);
    else return wasm_i64x2_add(a, b);
  }
};

struct Sub {
  template <class T>
  static v128_t v(v128_t a, v128_t b) {
    if constexpr (kF32<T>) return canonical_nan<T>(wasm_f32x4_sub(a, b));
    else if constexpr (kF64<T>) return canonical_nan<T>(wasm_f64x2_sub(a, b));
    else if constexpr (sizeof(T) == 1) return wasm_i8x16_sub(a, b);
    else if constexpr (sizeof(T) == 2) return wasm_i16x8_sub(a, b);
    else if constexpr (sizeof(T) == 4) return wasm_i32x4_sub(a, b);
    else return wasm_i64x2_sub(a, b);
  }
};

struct Mul {
  template <class T>
  static v128_t v(v128_t a, v128_t b) {
    if constexpr (kF32<T>) return canonical_nan<T>(wasm_f32x4_mul(a, b));
    else if constexpr (kF64<T>) return canonical_nan<T>(wasm_f64x2_mul(a, b));
    else if constexpr (sizeof(T) == 1) {
      // No i8x16.mul: the low byte of a 16-bit product is the product of the
      // low bytes; the odd bytes multiply shifted into the high byte.
      const v128_t high = wasm_i16x8_splat(static_cast<int16_t>(0xff00));
      const v128_t even = wasm_i16x8_mul(a, b);
      const v128_t odd = wasm_i16x8_mul(wasm_u16x8_shr(a, 8), wasm_v128_and(b, high));
      return wasm_v128_bitselect(odd, even, high);
    } else if constexpr (sizeof(T) == 2) {
      return wasm_i16x8_mul(a, b);
    } else if constexpr (!TESSERA_SIMD128) {
      // SIMDe's portable i32x4/i64x2 mul multiplies signed C integers, whose
      // overflow C leaves undefined (UBSan stops on it); unsigned lanes wrap
      // as WebAssembly does.
      using Un = std::make_unsigned_t<T>;
      return lanewise<Un>(a, b, [](Un x, Un y) -> Un { return x * y; });
    } else if constexpr (sizeof(T) == 4) {
      return wasm_i32x4_mul(a, b);
    } else {
      return wasm_i64x2_mul(a, b);
    }
  }
};

// Integers truncate toward zero and wrap (INT_MIN / -1 is INT_MIN); the
// caller has refused a 0 divisor.
struct Div {
  template <class T>
  static v128_t v(v128_t a, v128_t b) {
    if constexpr (kF32<T>) return canonical_nan<T>(wasm_f32x4_div(a, b));
    else if constexpr (kF64<T>) return canonical_nan<T>(wasm_f64x2_div(a, b));
    else {
      return lanewise<T>(a, b, [](T x, T y) -> T {
        if constexpr (std::is_signed_v<T>) {
          if (y == -1) return static_cast<T>(0 - static_cast<std::make_unsigned_t<T>>(x));
        }
        return static_cast<T>(x / y);
      });
    }
  }
};

// Mod with fmod = 0: the result takes the divisor's sign (Python's %).
struct Mod {
  template <class T>
  static v128_t v(v128_t a, v128_t b) {
    return lanewise<T>(a, b, [](T x, T y) -> T {
      if constexpr (std::is_signed_v<T>) {
        if (y == -1) return 0;
        T r = static_cast<T>(x % y);
        if (r != 0 && ((r < 0) != (y < 0))) r = static_cast<T>(r + y);
        return r;
      } else {
        return static_cast<T>(x % y);
      }
    });
  }
};

// Mod with fmod = 1: the dividend's sign (C's % and fmod, which is exact).
struct Fmod {
  template <class T>
  static v128_t v(v128_t a, v128_t b) {
    if constexpr (std::is_floating_point_v<T>) {
      return canonical_nan<T>(lanewise<T>(a, b, [](T x, T y) -> T { return std::fmod(x, y); }));
    } else {
      return lanewise<T>(a, b, [](T x, T y) -> T {
        if constexpr (std::is_signed_v<T>) {
          if (y == -1) return 0;
        }
        return static_cast<T>(x % y);
      });
    }
  }
};

// Integer powers by squaring, wrapping. A negative exponent gives 1 / x^-e
// truncated toward zero: 1 for x = 1, +-1 for x = -1, 0 otherwise.
template <class T>
T int_pow(T base, T exponent) {
  using U = std::make_unsigned_t<T>;
  using Wide = std::conditional_t<(sizeof(T) < 4), uint32_t, U>;  // no promotion to int
  if constexpr (std::is_signed_v<T>) {
    if (exponent < 0) return base == 1 ? 1 : base == -1 ? ((exponent & 1) ? -1 : 1) : 0;
  }
  U result = 1, square = static_cast<U>(base);
  for (U e = static_cast<U>(exponent); e != 0; e >>= 1) {
    if (e & 1) result = static_cast<U>(Wide{result} * square);
    square = static_cast<U>(Wide{square} * square);
  }
  return static_cast<T>(result);
}

[[gnu::noinline]] v128_t pow_f64x2(v128_t a, v128_t b) { return math::pow_f64(a, b); }
[[gnu::noinline]] v128_t pow_f32_in_f64x2(v128_t a, v128_t b) { return math::pow<9, 6>(a, b); }

struct Pow {
  template <class T>
  static v128_t v(v128_t a, v128_t b) {
    if constexpr (kF32<T>) return canonical_nan<T>(f32x4_via_f64(a, b, pow_f32_in_f64x2));
    else if constexpr (kF64<T>) return canonical_nan<T>(pow_f64x2(a, b));
    // A lambda, not the function pointer: where lanewise is not inlined (the
    // scalar build's -Os) int64's int_pow would land in the function table,
    // an i64 signature the JS loader must then legalize (dynCall_jjj), and
    // the two builds' loaders would differ.
    else return lanewise<T>(a, b, [](T x, T y) { return int_pow<T>(x, y); });
  }
};

// ---------------------------------------------------------------- min, max
template <bool kMax>
struct MinMax {
  template <class T>
  static v128_t v(v128_t a, v128_t b) {
    if constexpr (std::is_floating_point_v<T>) return float_min_max<T>(a, b, kMax);
    else return int_min_max<T>(a, b, kMax);
  }
};

// ---------------------------------------------------------------- shifts
template <bool kLeft>
struct Shift {
  template <class T>
  static v128_t v(v128_t a, v128_t b) {  // no per-lane variable shift in SIMD128
    return lanewise<T>(a, b, [](T x, T y) -> T {
      if (y >= sizeof(T) * 8) return 0;
      return static_cast<T>(kLeft ? x << y : x >> y);
    });
  }
};

// ---------------------------------------------------------------- comparisons (lane masks)
struct Equal {
  template <class T>
  static v128_t v(v128_t a, v128_t b) {
    if constexpr (kF32<T>) return wasm_f32x4_eq(a, b);
    else if constexpr (kF64<T>) return wasm_f64x2_eq(a, b);
    else if constexpr (sizeof(T) == 1) return wasm_i8x16_eq(a, b);
    else if constexpr (sizeof(T) == 2) return wasm_i16x8_eq(a, b);
    else if constexpr (sizeof(T) == 4) return wasm_i32x4_eq(a, b);
    else return wasm_i64x2_eq(a, b);
  }
};

template <bool kOrEqual>
struct Greater {
  template <class T>
  static v128_t v(v128_t a, v128_t b) {
    if constexpr (kF32<T>) return kOrEqual ? wasm_f32x4_ge(a, b) : wasm_f32x4_gt(a, b);
    else if constexpr (kF64<T>) return kOrEqual ? wasm_f64x2_ge(a, b) : wasm_f64x2_gt(a, b);
    else if constexpr (sizeof(T) == 8) {
      v128_t x = a, y = b;
      if constexpr (std::is_unsigned_v<T>) {
        x = wasm_v128_xor(a, wasm_i64x2_splat(INT64_MIN));
        y = wasm_v128_xor(b, wasm_i64x2_splat(INT64_MIN));
      }
      return kOrEqual ? wasm_i64x2_ge(x, y) : wasm_i64x2_gt(x, y);
    } else if constexpr (std::is_same_v<T, int8_t>) return kOrEqual ? wasm_i8x16_ge(a, b) : wasm_i8x16_gt(a, b);
    else if constexpr (std::is_same_v<T, uint8_t>) return kOrEqual ? wasm_u8x16_ge(a, b) : wasm_u8x16_gt(a, b);
    else if constexpr (std::is_same_v<T, int16_t>) return kOrEqual ? wasm_i16x8_ge(a, b) : wasm_i16x8_gt(a, b);
    else if constexpr (std::is_same_v<T, uint16_t>) return kOrEqual ? wasm_u16x8_ge(a, b) : wasm_u16x8_gt(a, b);
    else if constexpr (std::is_same_v<T, int32_t>) return kOrEqual ? wasm_i32x4_ge(a, b) : wasm_i32x4_gt(a, b);
    else return kOrEqual ? wasm_u32x4_ge(a, b) : wasm_u32x4_gt(a, b);
  }
};

// bool operands: any non-zero byte is true.
template <int kWhich>  // 0 and, 1 or, 2 xor
struct Logical {
  template <class T>
  static v128_t v(v128_t a, v128_t b) {
    const v128_t x = wasm_i8x16_ne(a, wasm_i8x16_splat(0)), y = wasm_i8x16_ne(b, wasm_i8x16_splat(0));
    return kWhich == 0 ? wasm_v128_and(x, y) : kWhich == 1 ? wasm_v128_or(x, y) : wasm_v128_xor(x, y);
  }
};

// ---------------------------------------------------------------- blocks
// One vector of each operand; float16 and bfloat16 split into float32 halves.
template <class T, class Op>
struct SameBlock {
  static constexpr uint8_t kElements = 16 / sizeof(T), kInSize = sizeof(T), kOutSize = sizeof(T);
  static void run(const unsigned char* a, const unsigned char* b, unsigned char* y) {
    const v128_t va = load(a), vb = load(b);
    if constexpr (kIsHalf<T>) {
      using L = HalfLanes<T>;
      store(y, L::merge(Op::template v<float>(L::even(va), L::even(vb)), Op::template v<float>(L::odd(va), L::odd(vb))));
    } else {
      store(y, Op::template v<T>(va, vb));
    }
  }
};

// 16 elements in, 16 bools out.
template <class T, class Op>
struct CompareBlock {
  static constexpr uint8_t kElements = 16, kInSize = sizeof(T), kOutSize = 1;
  static void run(const unsigned char* a, const unsigned char* b, unsigned char* y) {
    v128_t masks[sizeof(T)];
    for (size_t i = 0; i < sizeof(T); ++i) {
      const v128_t va = load(a + 16 * i), vb = load(b + 16 * i);
      if constexpr (kIsHalf<T>) {
        using L = HalfLanes<T>;
        masks[i] = half_mask(Op::template v<float>(L::even(va), L::even(vb)), Op::template v<float>(L::odd(va), L::odd(vb)));
      } else {
        masks[i] = Op::template v<T>(va, vb);
      }
    }
    store(y, bools_of<sizeof(T)>(masks));
  }
};

// The kernel of op for element type T (less and less_or_equal arrive as
// greater and greater_or_equal with the operands swapped); none: loop null.
template <class T>
BlockKernel binary_kernel(BinaryOp op) {
  using W = std::conditional_t<kIsInt<T>, signed_of<T>, T>;  // one integer kernel per width where the sign is moot
  switch (op) {
    case BinaryOp::add: return kernel2<SameBlock<W, Add>>();
    case BinaryOp::sub: return kernel2<SameBlock<W, Sub>>();
    case BinaryOp::mul: return kernel2<SameBlock<W, Mul>>();
    case BinaryOp::div: return kernel2<SameBlock<T, Div>>();
    case BinaryOp::pow: return kernel2<SameBlock<T, Pow>>();
    case BinaryOp::mod:
      if constexpr (kIsInt<T>) return kernel2<SameBlock<T, Mod>>();
      break;
    case BinaryOp::fmod: return kernel2<SameBlock<T, Fmod>>();
    case BinaryOp::min: return kernel2<SameBlock<T, MinMax<false>>>();
    case BinaryOp::max: return kernel2<SameBlock<T, MinMax<true>>>();
    case BinaryOp::equal: return kernel2<CompareBlock<W, Equal>>();
    case BinaryOp::greater: return kernel2<CompareBlock<T, Greater<false>>>();
    case BinaryOp::greater_or_equal: return kernel2<CompareBlock<T, Greater<true>>>();
    case BinaryOp::shift_left:
      if constexpr (std::is_unsigned_v<T>) return kernel2<SameBlock<T, Shift<true>>>();
      break;
    case BinaryOp::shift_right:
      if constexpr (std::is_unsigned_v<T>) return kernel2<SameBlock<T, Shift<false>>>();
      break;
    default: break;
  }
  return {};
}

BlockKernel bool_kernel(BinaryOp op) {
  switch (op) {
    case BinaryOp::equal: return kernel2<CompareBlock<int8_t, Equal>>();
    case BinaryOp::logical_and: return kernel2<CompareBlock<uint8_t, Logical<0>>>();
    case BinaryOp::logical_or: return kernel2<CompareBlock<uint8_t, Logical<1>>>();
    case BinaryOp::logical_xor: return kernel2<CompareBlock<uint8_t, Logical<2>>>();
    default: return {};
  }
}

BlockKernel find_kernel(BinaryOp op, uint32_t type) {
  switch (type) {
    case onnx_type("int8"): return binary_kernel<int8_t>(op);
    case onnx_type("uint8"): return binary_kernel<uint8_t>(op);
    case onnx_type("int16"): return binary_kernel<int16_t>(op);
    case onnx_type("uint16"): return binary_kernel<uint16_t>(op);
    case onnx_type("int32"): return binary_kernel<int32_t>(op);
    case onnx_type("uint32"): return binary_kernel<uint32_t>(op);
    case onnx_type("int64"): return binary_kernel<int64_t>(op);
    case onnx_type("uint64"): return binary_kernel<uint64_t>(op);
    case onnx_type("float32"): return binary_kernel<float>(op);
    case onnx_type("float64"): return binary_kernel<double>(op);
    case onnx_type("float16"): return binary_kernel<f16_t>(op);
    case onnx_type("bfloat16"): return binary_kernel<bf16_t>(op);
    case onnx_type("bool"): return bool_kernel(op);
    default: return {};
  }
}

bool is_integer_type(uint32_t type) {
  for (const char* name : {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}) {
    if (type == onnx_type(name)) return true;
  }
  return false;
}

}  // namespace

Status binary(BinaryOp op, uint32_t onnx_type, const void* a, const void* b, void* y, size_t rank,
              const uint32_t* dims, const uint32_t* a_strides, const uint32_t* b_strides) {
  if (rank > limits::max_rank) return Status::refused;
  if (op == BinaryOp::less || op == BinaryOp::less_or_equal) {  // a < b is b > a
    op = op == BinaryOp::less ? BinaryOp::greater : BinaryOp::greater_or_equal;
    std::swap(a, b);
    std::swap(a_strides, b_strides);
  }
  const BlockKernel k = find_kernel(op, onnx_type);
  if (k.loop == nullptr) return Status::refused;
  if ((op == BinaryOp::div || op == BinaryOp::mod || op == BinaryOp::fmod) && is_integer_type(onnx_type)) {
    const size_t reach = broadcast_reach(rank, dims, b_strides);
    if (xx_first_zero(b, reach, k.in_size[1]) < reach) return Status::zero_divisor;
  }
  const void* inputs[2] = {a, b};
  const uint32_t* strides[2] = {a_strides, b_strides};
  return broadcast(k, inputs, y, rank, dims, strides) ? Status::ok : Status::refused;
}

}  // namespace tessera
