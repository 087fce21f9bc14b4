// Unary elementwise ops on the map engine Floor uses (map-v128.h): one
// vector op per op and type. float16 and bfloat16 compute in float32 lanes
// and round once (neg and abs work on their bits); every float op but neg
// and abs gives a NaN input back with its bits unchanged, and sqrt's own
// NaN (of a negative number) is the canonical quiet NaN. exp, log, tanh and
// sigmoid are math-v128.h's, float32 through float64, but float32 exp:
// exp-f32-v128.h's, in f32x4 lanes (within 1 ulp over every float32 input).
#include <cstring>

#include "exp-f32-v128.h"

#include "lanes-v128.h"
#include "map-v128.h"
#include "tessera/elementwise.h"
#include "tessera/kernels.h"
#include "tessera/tables.h"

namespace tessera {
namespace {

template <class T>
constexpr bool kF32 = std::is_same_v<T, float>;
template <class T>
constexpr bool kF64 = std::is_same_v<T, double>;

// The sign bit of each lane of T's width.
template <class T>
v128_t sign_bits() {
  if constexpr (sizeof(T) == 2) return wasm_i16x8_splat(INT16_MIN);
  else if constexpr (sizeof(T) == 4) return wasm_i32x4_splat(INT32_MIN);
  else return wasm_i64x2_splat(INT64_MIN);
}

template <class T>
v128_t keep_nan(v128_t x, v128_t r) {
  return wasm_v128_bitselect(x, r, nan_mask<T>(x));
}

template <class T>
v128_t with_sign_of(v128_t x, v128_t r) {
  return wasm_v128_or(r, wasm_v128_and(x, sign_bits<T>()));
}

template <class T>
v128_t splat_of(double v) {
  return kF32<T> ? wasm_f32x4_splat(static_cast<float>(v)) : wasm_f64x2_splat(v);
}

template <class T>
v128_t eq_zero(v128_t x) {
  if constexpr (sizeof(T) == 1) return wasm_i8x16_eq(x, wasm_i8x16_splat(0));
  else if constexpr (sizeof(T) == 2) return wasm_i16x8_eq(x, wasm_i16x8_splat(0));
  else if constexpr (sizeof(T) == 4) return wasm_i32x4_eq(x, wasm_i32x4_splat(0));
  else return wasm_i64x2_eq(x, wasm_i64x2_splat(0));
}

// One element of kSize bytes at p in every lane.
template <size_t kSize>
v128_t splat_element(const void* p) {
  if constexpr (kSize == 1) return wasm_v128_load8_splat(p);
  else if constexpr (kSize == 2) return wasm_v128_load16_splat(p);
  else if constexpr (kSize == 4) return wasm_v128_load32_splat(p);
  else return wasm_v128_load64_splat(p);
}

template <class T>
v128_t gt_zero(v128_t x) {
  if constexpr (kF32<T>) return wasm_f32x4_gt(x, wasm_f32x4_splat(0));
  else if constexpr (kF64<T>) return wasm_f64x2_gt(x, wasm_f64x2_splat(0));
  else if constexpr (sizeof(T) == 1) return wasm_i8x16_gt(x, wasm_i8x16_splat(0));
  else if constexpr (sizeof(T) == 2) return wasm_i16x8_gt(x, wasm_i16x8_splat(0));
  else if constexpr (sizeof(T) == 4) return wasm_i32x4_gt(x, wasm_i32x4_splat(0));
  else return wasm_i64x2_gt(x, wasm_i64x2_splat(0));
}

template <class T>
v128_t lt_zero(v128_t x) {
  if constexpr (kF32<T>) return wasm_f32x4_lt(x, wasm_f32x4_splat(0));
  else if constexpr (kF64<T>) return wasm_f64x2_lt(x, wasm_f64x2_splat(0));
  else if constexpr (sizeof(T) == 1) return wasm_i8x16_lt(x, wasm_i8x16_splat(0));
  else if constexpr (sizeof(T) == 2) return wasm_i16x8_lt(x, wasm_i16x8_splat(0));
  else if constexpr (sizeof(T) == 4) return wasm_i32x4_lt(x, wasm_i32x4_splat(0));
  else return wasm_i64x2_lt(x, wasm_i64x2_splat(0));
}

// ---------------------------------------------------------------- the heavy float ops
// Not inlined: each is a long polynomial, called from several loops.
[[gnu::noinline]] v128_t exp_f64x2(v128_t x) { return math::exp<13>(x); }
[[gnu::noinline]] v128_t log_f64x2(v128_t x) { return math::log<11>(x); }
[[gnu::noinline]] v128_t tanh_f64x2(v128_t x) { return math::tanh<13>(x); }
[[gnu::noinline]] v128_t sigmoid_f64x2(v128_t x) { return math::sigmoid<13>(x); }
[[gnu::noinline]] v128_t exp_f32x4(v128_t x) { return math32::exp_f32x4(x); }
[[gnu::noinline]] v128_t log_f32_in_f64x2(v128_t x) { return math::log<5>(x); }
[[gnu::noinline]] v128_t tanh_f32_in_f64x2(v128_t x) { return math::tanh<8>(x); }
[[gnu::noinline]] v128_t sigmoid_f32_in_f64x2(v128_t x) { return math::sigmoid<8>(x); }

// ---------------------------------------------------------------- ops
// Each: v<T>(x) for T an integer, float or double; kBits: works on the
// bits of the 16-bit float formats too (no float32 round trip).
struct Neg {
  static constexpr bool kBits = true;
  template <class T>
  v128_t v(v128_t x) const {
    if constexpr (kIsFloat<T>) return wasm_v128_xor(x, sign_bits<T>());
    else if constexpr (sizeof(T) == 1) return wasm_i8x16_neg(x);
    else if constexpr (sizeof(T) == 2) return wasm_i16x8_neg(x);
    else if constexpr (sizeof(T) == 4) return wasm_i32x4_neg(x);
    else return wasm_i64x2_neg(x);
  }
};

struct Abs {
  static constexpr bool kBits = true;
  template <class T>
  v128_t v(v128_t x) const {
    if constexpr (kIsFloat<T>) return wasm_v128_andnot(x, sign_bits<T>());
    else if constexpr (std::is_unsigned_v<T>) return x;
    else {
      // (x ^ s) - s, s all ones where negative; wraps (abs(INT_MIN) is
      // INT_MIN). SIMDe's portable abs negates a signed INT_MIN, which C
      // leaves undefined (UBSan stops on it).
      v128_t s;
      if constexpr (sizeof(T) == 1) s = wasm_i8x16_shr(x, 7);
      else if constexpr (sizeof(T) == 2) s = wasm_i16x8_shr(x, 15);
      else if constexpr (sizeof(T) == 4) s = wasm_i32x4_shr(x, 31);
      else s = wasm_i64x2_shr(x, 63);
      const v128_t flipped = wasm_v128_xor(x, s);
      if constexpr (sizeof(T) == 1) return wasm_i8x16_sub(flipped, s);
      else if constexpr (sizeof(T) == 2) return wasm_i16x8_sub(flipped, s);
      else if constexpr (sizeof(T) == 4) return wasm_i32x4_sub(flipped, s);
      else return wasm_i64x2_sub(flipped, s);
    }
  }
};

#define TESSERA_FLOAT_OP(Name, f32_expr, f64_expr)        \
  struct Name {                                           \
    static constexpr bool kBits = false;                  \
    template <class T>                                    \
    v128_t v(v128_t x) const {                            \
      if constexpr (kF32<T>) return keep_nan<T>(x, f32_expr); \
      else return keep_nan<T>(x, f64_expr);               \
    }                                                     \
  };
// Rounding never changes a sign, and SIMDe's SSE2 ceil (native builds)
// gives +0 for -0.5: the sign bit is put back from x.
TESSERA_FLOAT_OP(Ceil, with_sign_of<T>(x, wasm_f32x4_ceil(x)), with_sign_of<T>(x, wasm_f64x2_ceil(x)))
TESSERA_FLOAT_OP(Round, with_sign_of<T>(x, wasm_f32x4_nearest(x)), with_sign_of<T>(x, wasm_f64x2_nearest(x)))
TESSERA_FLOAT_OP(Sqrt, canonical_nan<T>(wasm_f32x4_sqrt(x)), canonical_nan<T>(wasm_f64x2_sqrt(x)))
TESSERA_FLOAT_OP(Reciprocal, wasm_f32x4_div(wasm_f32x4_splat(1), x), wasm_f64x2_div(wasm_f64x2_splat(1), x))
TESSERA_FLOAT_OP(Exp, exp_f32x4(x), exp_f64x2(x))
TESSERA_FLOAT_OP(Log, f32x4_via_f64(x, log_f32_in_f64x2), log_f64x2(x))
TESSERA_FLOAT_OP(Tanh, f32x4_via_f64(x, tanh_f32_in_f64x2), tanh_f64x2(x))
TESSERA_FLOAT_OP(Sigmoid, f32x4_via_f64(x, sigmoid_f32_in_f64x2), sigmoid_f64x2(x))
#undef TESSERA_FLOAT_OP

// -1, 0 or 1: +0 for either zero, NaN kept.
struct Sign {
  static constexpr bool kBits = false;
  template <class T>
  v128_t v(v128_t x) const {
    if constexpr (std::is_floating_point_v<T>) {
      v128_t r = wasm_v128_bitselect(splat_of<T>(1), splat_of<T>(0), gt_zero<T>(x));
      r = wasm_v128_bitselect(splat_of<T>(-1), r, lt_zero<T>(x));
      return keep_nan<T>(x, r);
    } else if constexpr (std::is_unsigned_v<T>) {
      return wasm_v128_andnot(one<T>(), eq_zero<T>(x));
    } else {
      return wasm_v128_or(wasm_v128_and(gt_zero<T>(x), one<T>()), lt_zero<T>(x));
    }
  }
  template <class T>
  static v128_t one() {
    if constexpr (sizeof(T) == 1) return wasm_i8x16_splat(1);
    else if constexpr (sizeof(T) == 2) return wasm_i16x8_splat(1);
    else if constexpr (sizeof(T) == 4) return wasm_i32x4_splat(1);
    else return wasm_i64x2_splat(1);
  }
};

// x > 0 ? x : +0, NaN kept.
struct Relu {
  static constexpr bool kBits = false;
  template <class T>
  v128_t v(v128_t x) const {
    if constexpr (std::is_floating_point_v<T>) {
      return wasm_v128_and(x, wasm_v128_or(gt_zero<T>(x), nan_mask<T>(x)));
    } else {
      return wasm_v128_and(x, gt_zero<T>(x));
    }
  }
};

// min(max(x, lo), hi), NaN propagating: numpy.clip's order (lo > hi gives hi).
template <class T>
struct Clip {
  static constexpr bool kBits = false;
  v128_t lo, hi;  // in T's lanes, float32 ones for the 16-bit formats
  template <class L>
  v128_t v(v128_t x) const {
    if constexpr (std::is_floating_point_v<L>) {
      return keep_nan<L>(x, float_min_max<L>(float_min_max<L>(x, lo, true), hi, false));
    } else {
      return int_min_max<L>(int_min_max<L>(x, lo, true), hi, false);
    }
  }
};

// One vector of T through op; the 16-bit float formats as float32 halves.
template <class T, class Op>
v128_t apply(const Op& op, v128_t x) {
  if constexpr (kIsHalf<T>) {
    if constexpr (Op::kBits) {
      return op.template v<T>(x);
    } else {
      using L = HalfLanes<T>;
      return keep_nan<T>(x, L::merge(op.template v<float>(L::even(x)), op.template v<float>(L::odd(x))));
    }
  } else {
    return op.template v<T>(x);
  }
}

// One function per op and type (not inlined into the dispatcher).
template <class T, class Op>
[[gnu::noinline]] void map(const void* x, void* y, size_t n, const Op& op) {
  map_v128_compact(x, y, n * sizeof(T), [&op](v128_t v) { return apply<T>(op, v); });
}

// ---------------------------------------------------------------- bool outputs
template <class T>
v128_t inf_mask(v128_t x, bool negative) {
  if constexpr (kF32<T>) return wasm_i32x4_eq(x, wasm_i32x4_splat(static_cast<int32_t>(negative ? 0xff800000u : 0x7f800000u)));
  else if constexpr (kF64<T>) return wasm_i64x2_eq(x, wasm_i64x2_splat(static_cast<int64_t>(negative ? 0xfff0000000000000ull : 0x7ff0000000000000ull)));
  else {
    const uint16_t inf = std::is_same_v<T, f16_t> ? 0x7c00 : 0x7f80;
    return wasm_i16x8_eq(x, wasm_i16x8_splat(static_cast<int16_t>(negative ? inf | 0x8000 : inf)));
  }
}

template <class T>
[[gnu::noinline]] void isnan(const void* x, void* y, size_t n) {
  map_v128_to_bytes<sizeof(T)>(x, y, n, [](const unsigned char* p) {
    v128_t masks[sizeof(T)];
    for (size_t i = 0; i < sizeof(T); ++i) masks[i] = nan_mask<T>(load(p + 16 * i));
    return bools_of<sizeof(T)>(masks);
  });
}

template <class T>
[[gnu::noinline]] void isinf(const void* x, void* y, size_t n, bool positive, bool negative) {
  const v128_t want_positive = wasm_i8x16_splat(positive ? -1 : 0), want_negative = wasm_i8x16_splat(negative ? -1 : 0);
  map_v128_to_bytes<sizeof(T)>(x, y, n, [=](const unsigned char* p) {
    v128_t masks[sizeof(T)];
    for (size_t i = 0; i < sizeof(T); ++i) {
      const v128_t v = load(p + 16 * i);
      masks[i] = wasm_v128_or(wasm_v128_and(inf_mask<T>(v, false), want_positive), wasm_v128_and(inf_mask<T>(v, true), want_negative));
    }
    return bools_of<sizeof(T)>(masks);
  });
}

// Clip's bounds, two elements of T at params, as lanes.
template <class T>
Clip<T> clip_of(const void* params) {
  T bounds[2];
  std::memcpy(bounds, params, sizeof bounds);
  if constexpr (kIsHalf<T>) {
    using L = HalfLanes<T>;
    return {L::even(wasm_i16x8_splat(static_cast<int16_t>(bounds[0].bits))),
            L::even(wasm_i16x8_splat(static_cast<int16_t>(bounds[1].bits)))};
  } else {
    return {splat_element<sizeof(T)>(&bounds[0]), splat_element<sizeof(T)>(&bounds[1])};
  }
}

// ---------------------------------------------------------------- dispatch
template <class T>
bool unary_of(UnaryOp op, const void* x, void* y, size_t n, const void* params) {
  constexpr bool kSigned = kIsFloat<T> || std::is_signed_v<T>;
  using W = std::conditional_t<kIsInt<T>, signed_of<T>, T>;
  switch (op) {
    case UnaryOp::neg:
      if constexpr (kSigned) return map<W>(x, y, n, Neg{}), true;
      break;
    case UnaryOp::abs: return map<T>(x, y, n, Abs{}), true;
    case UnaryOp::sign: return map<T>(x, y, n, Sign{}), true;
    case UnaryOp::relu:
      if constexpr (kSigned) return map<T>(x, y, n, Relu{}), true;
      break;
    case UnaryOp::clip: return map<T>(x, y, n, clip_of<T>(params)), true;
    default: break;
  }
  if constexpr (kIsFloat<T>) {
    switch (op) {
      case UnaryOp::ceil: return map<T>(x, y, n, Ceil{}), true;
      case UnaryOp::round: return map<T>(x, y, n, Round{}), true;
      case UnaryOp::sqrt: return map<T>(x, y, n, Sqrt{}), true;
      case UnaryOp::reciprocal: return map<T>(x, y, n, Reciprocal{}), true;
      case UnaryOp::exp: return map<T>(x, y, n, Exp{}), true;
      case UnaryOp::log: return map<T>(x, y, n, Log{}), true;
      case UnaryOp::tanh: return map<T>(x, y, n, Tanh{}), true;
      case UnaryOp::sigmoid: return map<T>(x, y, n, Sigmoid{}), true;
      case UnaryOp::isnan: return isnan<T>(x, y, n), true;
      case UnaryOp::isinf: {
        uint8_t flags[2];
        std::memcpy(flags, params, 2);
        return isinf<T>(x, y, n, flags[0] != 0, flags[1] != 0), true;
      }
      default: break;
    }
  }
  return false;
}

bool floor_of(uint32_t type, const void* x, void* y, size_t n) {
  switch (type) {
    case onnx_type("float32"): return f32_floor(static_cast<const float*>(x), static_cast<float*>(y), n), true;
    case onnx_type("float64"): return f64_floor(static_cast<const double*>(x), static_cast<double*>(y), n), true;
    case onnx_type("float16"): return f16_floor(static_cast<const uint16_t*>(x), static_cast<uint16_t*>(y), n), true;
    case onnx_type("bfloat16"): return bf16_floor(static_cast<const uint16_t*>(x), static_cast<uint16_t*>(y), n), true;
    default: return false;
  }
}

// Not: bool bytes, any non-zero one true.
void logical_not(const void* x, void* y, size_t n) {
  map_v128_compact(x, y, n, [](v128_t v) { return wasm_v128_and(wasm_i8x16_eq(v, wasm_i8x16_splat(0)), wasm_i8x16_splat(1)); });
}

}  // namespace

Status unary(UnaryOp op, uint32_t type, const void* x, void* y, size_t n, const void* params) {
  bool served = false;
  if (op == UnaryOp::floor) {
    served = floor_of(type, x, y, n);
  } else if (op == UnaryOp::logical_not) {
    served = type == onnx_type("bool");
    if (served) logical_not(x, y, n);
  } else {
    switch (type) {
      case onnx_type("int8"): served = unary_of<int8_t>(op, x, y, n, params); break;
      case onnx_type("uint8"): served = unary_of<uint8_t>(op, x, y, n, params); break;
      case onnx_type("int16"): served = unary_of<int16_t>(op, x, y, n, params); break;
      case onnx_type("uint16"): served = unary_of<uint16_t>(op, x, y, n, params); break;
      case onnx_type("int32"): served = unary_of<int32_t>(op, x, y, n, params); break;
      case onnx_type("uint32"): served = unary_of<uint32_t>(op, x, y, n, params); break;
      case onnx_type("int64"): served = unary_of<int64_t>(op, x, y, n, params); break;
      case onnx_type("uint64"): served = unary_of<uint64_t>(op, x, y, n, params); break;
      case onnx_type("float32"): served = unary_of<float>(op, x, y, n, params); break;
      case onnx_type("float64"): served = unary_of<double>(op, x, y, n, params); break;
      case onnx_type("float16"): served = unary_of<f16_t>(op, x, y, n, params); break;
      case onnx_type("bfloat16"): served = unary_of<bf16_t>(op, x, y, n, params); break;
      default: break;
    }
  }
  return served ? Status::ok : Status::refused;
}

}  // namespace tessera
