// CumSum along one axis of x viewed as [outer, n, inner] (tessera/cumsum.h).
//
// inner > 1: the lanes run across the inner axis. A tile of up to four
//   vectors (64 bytes: one cache line of each row; one vector of eight for
//   float16 and bfloat16) keeps its running sums in
//   registers while it walks the axis, each lane its own sequential sum; the
//   inner elements past the last whole vector take the scalar walk, lane by
//   lane. inner == 1: the scalar walk along each contiguous line (each sum
//   depends on the one before: there is nothing to put side by side).
// Every lane adds in the same order as the scalar walk and rounds the same
// way (float16 and bfloat16 through half-v128.h's conversions in both), so
// both walks, and every build, give the same bits.
#include <cstring>
#include <type_traits>

#include "half-v128.h"
#include "tessera/cumsum.h"
#include "tessera/simd.h"
#include "tessera/tables.h"

namespace tessera {
namespace {

struct Half16 { uint16_t bits; };
struct Brain16 { uint16_t bits; };

// ---------------------------------------------------------------- one stored type
// Scalar: the accumulator A of one element and its load, add and store.
// Vector: V holds kLanes elements' sums (halves: two float32 vectors, the
// even and the odd elements of eight).
template <class T> struct Sum;

template <> struct Sum<float> {
  using A = float;
  static A load(float v) { return v; }
  static A add(A a, A b) { return a + b; }
  static float store(A a) { return a != a ? bit_nan() : a; }
  static float bit_nan() { const uint32_t b = 0x7fc00000u; float f; std::memcpy(&f, &b, 4); return f; }
  static constexpr size_t kLanes = 4;
  struct V { v128_t v; };
  static V vload(const float* p) { return {wasm_v128_load(p)}; }
  static V vadd(V a, V b) { return {wasm_f32x4_add(a.v, b.v)}; }
  static void vstore(float* p, V a) { wasm_v128_store(p, wasm_v128_bitselect(wasm_i32x4_splat(0x7fc00000), a.v, wasm_f32x4_ne(a.v, a.v))); }
};

template <> struct Sum<double> {
  using A = double;
  static A load(double v) { return v; }
  static A add(A a, A b) { return a + b; }
  static double store(A a) {
    if (a == a) return a;
    const uint64_t b = 0x7ff8000000000000ull;
    double d;
    std::memcpy(&d, &b, 8);
    return d;
  }
  static constexpr size_t kLanes = 2;
  struct V { v128_t v; };
  static V vload(const double* p) { return {wasm_v128_load(p)}; }
  static V vadd(V a, V b) { return {wasm_f64x2_add(a.v, b.v)}; }
  static void vstore(double* p, V a) {
    wasm_v128_store(p, wasm_v128_bitselect(wasm_i64x2_splat(0x7ff8000000000000ll), a.v, wasm_f64x2_ne(a.v, a.v)));
  }
};

// Integers: unsigned arithmetic, which wraps (signed overflow would be UB).
template <class T>
struct IntSum {
  using A = std::make_unsigned_t<T>;
  static A load(T v) { return static_cast<A>(v); }
  static A add(A a, A b) { return static_cast<A>(a + b); }
  static T store(A a) { return static_cast<T>(a); }
  static constexpr size_t kLanes = 16 / sizeof(T);
  struct V { v128_t v; };
  static V vload(const T* p) { return {wasm_v128_load(p)}; }
  static V vadd(V a, V b) {
    if constexpr (sizeof(T) == 8) return {wasm_i64x2_add(a.v, b.v)};
    else return {wasm_i32x4_add(a.v, b.v)};
  }
  static void vstore(T* p, V a) { wasm_v128_store(p, a.v); }
};
template <> struct Sum<uint32_t> : IntSum<uint32_t> {};
template <> struct Sum<uint64_t> : IntSum<uint64_t> {};

// float16 and bfloat16: float32 sums; the vector conversions, on one lane
// for the scalar walk, so both round alike (NaN to the canonical one).
template <class T, v128_t (*kToF32)(v128_t), v128_t (*kFromF32)(v128_t)>
struct HalfSum {
  using A = float;
  static A load(T v) { return wasm_f32x4_extract_lane(kToF32(wasm_i32x4_splat(v.bits)), 0); }
  static A add(A a, A b) { return a + b; }
  static T store(A a) { return {static_cast<uint16_t>(wasm_i32x4_extract_lane(kFromF32(wasm_f32x4_splat(a)), 0))}; }
  static constexpr size_t kLanes = 8;
  struct V { v128_t even, odd; };
  // The even elements (the low half of each 32-bit lane) and the odd ones (the high half), as F16Lanes and BF16Lanes split them.
  static V vload(const T* p) {
    const v128_t h = wasm_v128_load(p);
    return {kToF32(wasm_v128_and(h, wasm_i32x4_splat(0xffff))), kToF32(wasm_u32x4_shr(h, 16))};
  }
  static V vadd(V a, V b) { return {wasm_f32x4_add(a.even, b.even), wasm_f32x4_add(a.odd, b.odd)}; }
  static void vstore(T* p, V a) { wasm_v128_store(p, wasm_v128_or(kFromF32(a.even), wasm_i32x4_shl(kFromF32(a.odd), 16))); }
};
// The conversions out of line: each is called once per vector (or element)
// stored, and inlined at every store they were most of this file's bytes.
[[gnu::noinline]] v128_t f16_widen(v128_t h) { return f16x4_to_f32x4(h); }
[[gnu::noinline]] v128_t f16_narrow(v128_t f) { return f32x4_to_f16x4(f); }
inline v128_t bf16_widen(v128_t h) { return wasm_i32x4_shl(h, 16); }
[[gnu::noinline]] v128_t bf16_narrow(v128_t f) { return f32x4_to_bf16x4(f); }
template <> struct Sum<Half16> : HalfSum<Half16, f16_widen, f16_narrow> {};
template <> struct Sum<Brain16> : HalfSum<Brain16, bf16_widen, bf16_narrow> {};

// ---------------------------------------------------------------- the walks
// One line, `step` apart, in the scan's order: y_s = x_0 + ... + x_s. The
// exclusive scan is this one over the first n - 1 elements, written one step
// on, after a 0 (so neither walk tests a flag per element).
template <class T>
void walk_scalar(const T* x, T* y, size_t n, ptrdiff_t step) {
  using S = Sum<T>;
  typename S::A acc = S::load(*x);
  *y = S::store(acc);
#pragma clang loop unroll(disable)  // each sum waits for the one before: unrolled, only the bytes grow
  for (size_t s = 1; s < n; s++) {
    x += step;
    y += step;
    acc = S::add(acc, S::load(*x));
    *y = S::store(acc);
  }
}

// kV whole vectors side by side, each its own running sums.
template <class T, size_t kV>
void walk_vectors(const T* x, T* y, size_t n, ptrdiff_t step) {
  using S = Sum<T>;
  constexpr size_t L = S::kLanes;
  typename S::V acc[kV];
  for (size_t v = 0; v < kV; v++) {
    acc[v] = S::vload(x + v * L);
    S::vstore(y + v * L, acc[v]);
  }
#pragma clang loop unroll(disable)  // the kV vectors side by side are the unrolling
  for (size_t s = 1; s < n; s++) {
    x += step;
    y += step;
    for (size_t v = 0; v < kV; v++) {
      acc[v] = S::vadd(acc[v], S::vload(x + v * L));
      S::vstore(y + v * L, acc[v]);
    }
  }
}

template <class T>
void cum_sum_typed(const T* x, T* y, size_t outer, size_t n, size_t inner, bool exclusive, bool reverse) {
  constexpr size_t L = Sum<T>::kLanes;
  const ptrdiff_t step = reverse ? -static_cast<ptrdiff_t>(inner) : static_cast<ptrdiff_t>(inner);
  const size_t first = reverse ? (n - 1) * inner : 0;
  const size_t steps = exclusive ? n - 1 : n;
  for (size_t o = 0; o < outer; o++) {
    const T* line = x + o * n * inner + first;
    T* out = y + o * n * inner + first;
    if (exclusive) {
      std::memset(static_cast<void*>(out), 0, inner * sizeof(T));  // the first row: +0 (0 bits in every type)
      out += step;
    }
    if (steps == 0) continue;
    size_t i = 0;
    if (inner > 1) {
      // The tile of four only where a vector's add is one instruction: for the
      // halves (two conversions per vector) it cost about 3.5 KB of tessera.wasm.
      if constexpr (L <= 4) {
        for (; i + 4 * L <= inner; i += 4 * L) walk_vectors<T, 4>(line + i, out + i, steps, step);
      }
      for (; i + L <= inner; i += L) walk_vectors<T, 1>(line + i, out + i, steps, step);
    }
    for (; i < inner; i++) walk_scalar(line + i, out + i, steps, step);
  }
}

}  // namespace

Status cum_sum(uint32_t type, const void* x, void* y, size_t outer, size_t n, size_t inner, bool exclusive, bool reverse) {
  const bool any = n > 0 && outer > 0 && inner > 0;
  switch (type) {
#define TESSERA_CUMSUM(name, T)                                                                                \
    case onnx_type(name):                                                                                      \
      if (any) cum_sum_typed(static_cast<const T*>(x), static_cast<T*>(y), outer, n, inner, exclusive, reverse); \
      return Status::ok;
    TESSERA_CUMSUM("float32", float)
    TESSERA_CUMSUM("float64", double)
    TESSERA_CUMSUM("float16", Half16)
    TESSERA_CUMSUM("bfloat16", Brain16)
    TESSERA_CUMSUM("uint32", uint32_t)
    TESSERA_CUMSUM("uint64", uint64_t)
    case onnx_type("int32"): return cum_sum(onnx_type("uint32"), x, y, outer, n, inner, exclusive, reverse);  // wrapping: sign-blind
    case onnx_type("int64"): return cum_sum(onnx_type("uint64"), x, y, outer, n, inner, exclusive, reverse);
#undef TESSERA_CUMSUM
    default: return Status::refused;
  }
}

}  // namespace tessera
