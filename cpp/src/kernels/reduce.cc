// The reduction engine: ReduceSum, Mean, Max, Min, Prod, L1, L2, LogSum,
// LogSumExp and SumSquare over x viewed as [outer, n, inner], n the reduced
// extent (JS merges the reduced axes into one run first: when they are not
// adjacent it moves them together with the strided move, so one pass here
// always suffices). y is [outer, inner].
//
// Order (fixed, so tessera.wasm, tessera-scalar.wasm and native agree to the
// bit; no reassociation anywhere):
//   inner > 1: acc[i] for every inner i, updated in k = 0 .. n-1 order. The
//     update is elementwise across i, so it runs as SIMD128 vectors across
//     the inner axis (fold_v; [1, 84, 8400] over axis 1 is 8400-wide
//     vectors) without changing any lane's order.
//   inner == 1: four lane accumulators, lane j taking k = j mod 4, combined
//     as (l0 + l1) + (l2 + l3) (the same for max, min and prod).
// float16 and bfloat16 accumulate in float32 and round once; float32 in
// float32; float64 in float64. Integers wrap (unsigned arithmetic); their
// Mean, L2, LogSum and LogSumExp finish in float64 and truncate toward 0
// (as numpy's astype; NaN gives 0, out of range saturates).
// NaN: sums and products give the canonical quiet NaN (its payload would
// otherwise differ between builds); Max and Min return a NaN element (the
// first met in the order above) when one is present, as numpy's maximum does.
// exp and log are math-v128.h's (float64, the same bits in every build);
// Softmax and LogSoftmax of float32, float16 and bfloat16 take exp-f32-v128.h's.
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "exp-f32-v128.h"
#include "half-v128.h"
#include "math-v128.h"
#include "tessera/reduce.h"
#include "tessera/tables.h"

namespace tessera {
namespace {

struct Half16 { uint16_t bits; };
struct Brain16 { uint16_t bits; };

inline float half_to_float(uint16_t h) { return wasm_f32x4_extract_lane(f16x4_to_f32x4(wasm_i32x4_splat(h)), 0); }
inline uint16_t float_to_half(float f) {
  return static_cast<uint16_t>(wasm_i32x4_extract_lane(f32x4_to_f16x4(wasm_f32x4_splat(f)), 0));
}
inline float brain_to_float(uint16_t h) {
  uint32_t b = uint32_t{h} << 16;
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
inline uint16_t float_to_brain(float f) {
  return static_cast<uint16_t>(wasm_i32x4_extract_lane(f32x4_to_bf16x4(wasm_f32x4_splat(f)), 0));
}
// One copy of exp and log for every type and loop (inlined, each call site
// cost kilobytes of tessera.wasm; the call is small beside the polynomial).
__attribute__((noinline)) v128_t exp_lanes(v128_t v) { return math::exp<13>(v); }
__attribute__((noinline)) v128_t log_lanes(v128_t v) { return math::log<11>(v); }
inline double exp64(double v) { return wasm_f64x2_extract_lane(exp_lanes(wasm_f64x2_splat(v)), 0); }
inline double log64(double v) { return wasm_f64x2_extract_lane(log_lanes(wasm_f64x2_splat(v)), 0); }

// Loops whose unrolled copies would cost more wasm bytes than they save time
// (scalar tails, and the vector loops of the many type instantiations).
#if defined(__clang__)
#define TESSERA_NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define TESSERA_NO_UNROLL
#endif

// Each stored type: its accumulator A, and the two conversions.
template <class T> struct Traits;
template <> struct Traits<float> {
  using A = float;
  static A load(float v) { return v; }
  static float store(A a) { return a; }
};
template <> struct Traits<double> {
  using A = double;
  static A load(double v) { return v; }
  static double store(A a) { return a; }
};
template <> struct Traits<Half16> {
  using A = float;
  static A load(Half16 v) { return half_to_float(v.bits); }
  static Half16 store(A a) { return {float_to_half(a)}; }
};
template <> struct Traits<Brain16> {
  using A = float;
  static A load(Brain16 v) { return brain_to_float(v.bits); }
  static Brain16 store(A a) { return {float_to_brain(a)}; }
};
template <class T> constexpr bool kInteger = std::is_integral_v<T>;

template <class T, bool = std::is_integral_v<T>> struct AccOf { using type = std::make_unsigned_t<T>; };
template <class T> struct AccOf<T, false> { using type = typename Traits<T>::A; };
template <class T>
using Acc = typename AccOf<T>::type;

template <class T>
Acc<T> load(T v) {
  if constexpr (kInteger<T>) return static_cast<Acc<T>>(v);
  else return Traits<T>::load(v);
}

template <class A>
bool is_nan(A a) {
  if constexpr (std::is_floating_point_v<A>) return a != a;
  else return false;
}

template <class T>
T store(Acc<T> a) {
  if constexpr (kInteger<T>) return static_cast<T>(a);
  else {
    if (a != a) a = std::numeric_limits<Acc<T>>::quiet_NaN();  // canonical: +, quiet, no payload
    return Traits<T>::store(a);
  }
}

// The signed view of an integer accumulator, for comparisons.
template <class T>
T value_of(Acc<T> a) { return static_cast<T>(a); }

template <class T>
bool greater(Acc<T> a, Acc<T> b) {
  if constexpr (kInteger<T>) return value_of<T>(a) > value_of<T>(b);
  else return a > b;
}

// max/min that keep the first NaN: once m is NaN it stays.
template <class T, bool kMax>
Acc<T> pick(Acc<T> m, Acc<T> v) {
  if (is_nan(m)) return m;
  if (is_nan(v)) return v;
  if constexpr (kMax) return greater<T>(v, m) ? v : m;
  else return greater<T>(m, v) ? v : m;
}

template <class T>
Acc<T> lowest() {
  if constexpr (kInteger<T>) return static_cast<Acc<T>>(std::numeric_limits<T>::lowest());
  else return -std::numeric_limits<Acc<T>>::infinity();
}
template <class T>
Acc<T> highest() {
  if constexpr (kInteger<T>) return static_cast<Acc<T>>(std::numeric_limits<T>::max());
  else return std::numeric_limits<Acc<T>>::infinity();
}

template <class T>
T from_double(double d) {
  if constexpr (kInteger<T>) {
    if (d != d) return 0;
    if (d <= static_cast<double>(std::numeric_limits<T>::lowest())) return std::numeric_limits<T>::lowest();
    if (d >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
    return static_cast<T>(d);
  } else {
    return store<T>(static_cast<Acc<T>>(d));
  }
}

template <class T>
double to_double(Acc<T> a) {
  if constexpr (kInteger<T>) return static_cast<double>(value_of<T>(a));
  else return static_cast<double>(a);
}

// One pass: out[o * inner + i] = fold over k of step(acc, pre(x[(o n + k) inner + i])), from init.
template <class T, class Pre, class Step>
void fold(const T* x, Acc<T>* out, size_t outer, size_t n, size_t inner, Acc<T> init, Pre pre, Step step) {
  using A = Acc<T>;
  if (inner == 1) {
    for (size_t o = 0; o < outer; o++) {
      const T* row = x + o * n;
      A l0 = init, l1 = init, l2 = init, l3 = init;
      size_t k = 0;
      for (; k + 4 <= n; k += 4) {
        l0 = step(l0, pre(load(row[k]), o, 0));
        l1 = step(l1, pre(load(row[k + 1]), o, 0));
        l2 = step(l2, pre(load(row[k + 2]), o, 0));
        l3 = step(l3, pre(load(row[k + 3]), o, 0));
      }
      if (k < n) l0 = step(l0, pre(load(row[k]), o, 0));
      if (k + 1 < n) l1 = step(l1, pre(load(row[k + 1]), o, 0));
      if (k + 2 < n) l2 = step(l2, pre(load(row[k + 2]), o, 0));
      out[o] = step(step(l0, l1), step(l2, l3));
    }
    return;
  }
  for (size_t o = 0; o < outer; o++) {
    A* acc = out + o * inner;
    for (size_t i = 0; i < inner; i++) acc[i] = init;
    for (size_t k = 0; k < n; k++) {
      const T* row = x + (o * n + k) * inner;
      for (size_t i = 0; i < inner; i++) acc[i] = step(acc[i], pre(load(row[i]), o, i));
    }
  }
}

// ---------------------------------------------------------------- SIMD128 lanes
// The float types fold in accumulator lanes: four float32 (float16 and
// bfloat16 widen exactly) or two float64 in a v128. Every vector operation
// is lanewise and each lane sees its elements in the scalar order, so the
// bits are the scalar fold's. Only compares, bitselect, add, mul and neg are
// used (README.md's audit: the same in WebAssembly and SIMDe's C); no
// f32x4.min/max, whose -0 and NaN rules SIMDe does not follow.
// tessera-scalar.wasm (WebAssembly without SIMD128: SIMDe's portable C, at
// -Os) keeps the plain loops for the folds and ArgMax/ArgMin: there the
// vector kernels were element loops anyway, and 52 KB over that build's size
// budget. The doctest suite runs on that build too, so both stay checked.
#if !TESSERA_SIMD128 && defined(__wasm__)
constexpr bool kVectorKernels = false;
#else
constexpr bool kVectorKernels = true;
#endif

template <class T> constexpr bool kFloat =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, Half16> || std::is_same_v<T, Brain16>;

template <class T>
constexpr size_t kLanes = sizeof(Acc<T>) == 8 ? 2 : 4;

// kLanes<T> elements from p, as accumulator lanes.
template <class T>
v128_t load_lanes(const T* p) {
  if constexpr (std::is_same_v<T, Half16>) return f16x4_to_f32x4(wasm_u32x4_load16x4(p));
  else if constexpr (std::is_same_v<T, Brain16>) return wasm_i32x4_shl(wasm_u32x4_load16x4(p), 16);
  else return wasm_v128_load(p);
}

template <class A> v128_t vsplat(A v) {
  if constexpr (sizeof(A) == 8) return wasm_f64x2_splat(v);
  else return wasm_f32x4_splat(v);
}
template <class A> v128_t vadd(v128_t a, v128_t b) { return sizeof(A) == 8 ? wasm_f64x2_add(a, b) : wasm_f32x4_add(a, b); }
template <class A> v128_t vmul(v128_t a, v128_t b) { return sizeof(A) == 8 ? wasm_f64x2_mul(a, b) : wasm_f32x4_mul(a, b); }
template <class A> v128_t vle(v128_t a, v128_t b) { return sizeof(A) == 8 ? wasm_f64x2_le(a, b) : wasm_f32x4_le(a, b); }
template <class A> v128_t vge(v128_t a, v128_t b) { return sizeof(A) == 8 ? wasm_f64x2_ge(a, b) : wasm_f32x4_ge(a, b); }
template <class A> v128_t vlt(v128_t a, v128_t b) { return sizeof(A) == 8 ? wasm_f64x2_lt(a, b) : wasm_f32x4_lt(a, b); }
template <class A> v128_t vne(v128_t a, v128_t b) { return sizeof(A) == 8 ? wasm_f64x2_ne(a, b) : wasm_f32x4_ne(a, b); }
template <class A> v128_t vneg(v128_t a) { return sizeof(A) == 8 ? wasm_f64x2_neg(a) : wasm_f32x4_neg(a); }

// pick<T, kMax> in lanes: keep m where m is NaN or v does not beat it
// (le/ge are false for a NaN v, which then replaces m).
template <class A, bool kMax>
v128_t vpick(v128_t m, v128_t v) {
  const v128_t keep = wasm_v128_or(kMax ? vle<A>(v, m) : vge<A>(v, m), vne<A>(m, m));
  return wasm_v128_bitselect(m, v, keep);
}

// fold for the float types, explicitly in SIMD128 (the compiler vectorized
// neither Max nor Min; nor, for float16, the loads). Same order as fold:
// inner == 1 keeps the four lane accumulators l0..l3 in one f32x4 (two
// f64x2), loading four elements a step; inner > 1 runs acc[i] across the
// inner axis in vectors, in blocks of kBlock lanes that stay in L1 while
// every row k passes over them, the last inner % kLanes lanes one at a time.
// (Two rows a pass would halve the accumulator traffic for a third more
// code: L1 takes the traffic, tessera.wasm's size budget not the code.)
template <class T, class Pre, class Step, class PreV, class StepV>
void fold_v(const T* x, Acc<T>* out, size_t outer, size_t n, size_t inner, Acc<T> init, Pre pre, Step step, PreV prev,
            StepV stepv) {
  using A = Acc<T>;
  constexpr size_t L = kLanes<T>;
  if (inner == 1) {
    const v128_t vinit = vsplat<A>(init);
    TESSERA_NO_UNROLL
    for (size_t o = 0; o < outer; o++) {
      const T* row = x + o * n;
      v128_t l[4 / L];
      for (auto& v : l) v = vinit;
      size_t k = 0;
      for (; k + 4 <= n; k += 4) {
        TESSERA_NO_UNROLL
        for (size_t h = 0; h < 4 / L; h++) l[h] = stepv(l[h], prev(load_lanes(row + k + h * L)));
      }
      alignas(16) A lanes[4];
      TESSERA_NO_UNROLL
      for (size_t h = 0; h < 4 / L; h++) wasm_v128_store(lanes + h * L, l[h]);
      A l0 = lanes[0], l1 = lanes[1], l2 = lanes[2], l3 = lanes[3];
      if (k < n) l0 = step(l0, pre(load(row[k]), o, 0));
      if (k + 1 < n) l1 = step(l1, pre(load(row[k + 1]), o, 0));
      if (k + 2 < n) l2 = step(l2, pre(load(row[k + 2]), o, 0));
      out[o] = step(step(l0, l1), step(l2, l3));
    }
    return;
  }
  constexpr size_t kBlock = 2048;
  TESSERA_NO_UNROLL
  for (size_t o = 0; o < outer; o++) {
    const T* base = x + o * n * inner;
    TESSERA_NO_UNROLL
    for (size_t i0 = 0; i0 < inner; i0 += kBlock) {
      const size_t len = inner - i0 < kBlock ? inner - i0 : kBlock;
      const size_t vlen = len - len % L;
      A* a = out + o * inner + i0;
      TESSERA_NO_UNROLL
      for (size_t i = 0; i < len; i++) a[i] = init;
      TESSERA_NO_UNROLL
      for (size_t k = 0; k < n; k++) {
        const T* r0 = base + k * inner + i0;
        TESSERA_NO_UNROLL
        for (size_t i = 0; i < vlen; i += L) wasm_v128_store(a + i, stepv(wasm_v128_load(a + i), prev(load_lanes(r0 + i))));
        TESSERA_NO_UNROLL
        for (size_t i = vlen; i < len; i++) a[i] = step(a[i], pre(load(r0[i]), o, i0 + i));
      }
    }
  }
}

// fold, through fold_v for the float types.
template <class T, class Pre, class Step, class PreV, class StepV>
void fold_any(const T* x, Acc<T>* out, size_t outer, size_t n, size_t inner, Acc<T> init, Pre pre, Step step, PreV prev,
              StepV stepv) {
  if constexpr (kFloat<T> && kVectorKernels) fold_v(x, out, outer, n, inner, init, pre, step, prev, stepv);
  else fold(x, out, outer, n, inner, init, pre, step);
}

template <class T>
Status reduce_typed(ReduceOp op, const T* x, T* y, size_t outer, size_t n, size_t inner, void* work) {
  using A = Acc<T>;
  A* acc = static_cast<A*>(work);
  const size_t m = outer * inner;
  auto none = [](A v, size_t, size_t) { return v; };
  auto add = [](A a, A b) -> A { return static_cast<A>(a + b); };
  auto times = [](A a, A b) -> A { return static_cast<A>(a * b); };
  auto square = [](A v, size_t, size_t) -> A { return static_cast<A>(v * v); };
  auto magnitude = [](A v, size_t, size_t) -> A {
    if constexpr (kInteger<T>) return greater<T>(A{0}, v) ? static_cast<A>(A{0} - v) : v;
    else return v < 0 ? -v : v;
  };
  // The same steps in lanes (used by fold_v, for the float types only).
  using VA = std::conditional_t<kFloat<T>, A, float>;
  auto vnone = [](v128_t v) { return v; };
  auto vsquare = [](v128_t v) { return vmul<VA>(v, v); };
  auto vmagnitude = [](v128_t v) { return wasm_v128_bitselect(vneg<VA>(v), v, vlt<VA>(v, vsplat<VA>(0))); };
  auto vaddf = [](v128_t a, v128_t b) { return vadd<VA>(a, b); };
  auto vtimes = [](v128_t a, v128_t b) { return vmul<VA>(a, b); };
  switch (op) {
    case ReduceOp::sum: case ReduceOp::mean: case ReduceOp::log_sum:
      fold_any(x, acc, outer, n, inner, A{0}, none, add, vnone, vaddf);
      break;
    case ReduceOp::sum_square: case ReduceOp::l2:
      fold_any(x, acc, outer, n, inner, A{0}, square, add, vsquare, vaddf);
      break;
    case ReduceOp::l1:
      fold_any(x, acc, outer, n, inner, A{0}, magnitude, add, vmagnitude, vaddf);
      break;
    case ReduceOp::prod:
      fold_any(x, acc, outer, n, inner, A{1}, none, times, vnone, vtimes);
      break;
    case ReduceOp::max: case ReduceOp::log_sum_exp:
      fold_any(x, acc, outer, n, inner, lowest<T>(), none, [](A a, A b) { return pick<T, true>(a, b); }, vnone,
               [](v128_t m, v128_t v) { return vpick<VA, true>(m, v); });
      break;
    case ReduceOp::min:
      fold_any(x, acc, outer, n, inner, highest<T>(), none, [](A a, A b) { return pick<T, false>(a, b); }, vnone,
               [](v128_t m, v128_t v) { return vpick<VA, false>(m, v); });
      break;
    default: return Status::refused;
  }
  switch (op) {
    case ReduceOp::sum: case ReduceOp::sum_square: case ReduceOp::l1: case ReduceOp::prod:
      for (size_t j = 0; j < m; j++) y[j] = store<T>(acc[j]);
      break;
    case ReduceOp::max: case ReduceOp::min:
      // Exact: an element itself (no canonicalization), or the empty set's identity.
      for (size_t j = 0; j < m; j++) {
        if constexpr (kInteger<T>) y[j] = static_cast<T>(acc[j]);
        else y[j] = Traits<T>::store(acc[j]);
      }
      break;
    case ReduceOp::mean:
      for (size_t j = 0; j < m; j++) {
        if constexpr (kInteger<T>) y[j] = n == 0 ? T{0} : from_double<T>(std::trunc(to_double<T>(acc[j]) / static_cast<double>(n)));
        else y[j] = store<T>(static_cast<A>(acc[j] / static_cast<A>(n)));
      }
      break;
    case ReduceOp::l2:
      for (size_t j = 0; j < m; j++) {
        if constexpr (kInteger<T>) y[j] = from_double<T>(std::sqrt(to_double<T>(acc[j])));
        else y[j] = store<T>(std::sqrt(acc[j]));
      }
      break;
    case ReduceOp::log_sum:
      for (size_t j = 0; j < m; j++) y[j] = from_double<T>(log64(to_double<T>(acc[j])));
      break;
    case ReduceOp::log_sum_exp: {
      // acc holds each output's max; the sum of exp(x - max) in float64 (the
      // accumulator of this op: exp's error and the sum's stay far below the
      // output's ulp), then log(sum) + max.
      double* sums = reinterpret_cast<double*>(static_cast<uint8_t*>(work) + ((m * sizeof(A) + 7) & ~size_t{7}));
      const A* maxima = acc;
      for (size_t j = 0; j < m; j++) sums[j] = 0;
      for (size_t o = 0; o < outer; o++) {
        for (size_t k = 0; k < n; k++) {
          const T* row = x + (o * n + k) * inner;
          for (size_t i = 0; i < inner; i++) {
            const double mx = to_double<T>(maxima[o * inner + i]);
            if (std::isfinite(mx)) sums[o * inner + i] += exp64(to_double<T>(load(row[i])) - mx);
          }
        }
      }
      for (size_t j = 0; j < m; j++) {
        const double mx = to_double<T>(maxima[j]);
        y[j] = from_double<T>(std::isfinite(mx) ? log64(sums[j]) + mx : mx);
      }
      break;
    }
  }
  return Status::ok;
}


// ArgMax / ArgMin: the index of the first best element along n (the last
// with select_last), as int64. NaN counts as larger and smaller than every
// number (numpy's argmax and argmin return the first NaN; with select_last
// the last NaN). Ties compare equal: -0 and +0 tie.
// The best index of the elements base[k * stride], k from k0 to n-1, given
// the best so far at best_at: the scalar rule, and the vector kernels'
// tails (one copy per type: tessera.wasm's size budget).
template <class T>
__attribute__((noinline)) size_t best_index_from(const T* base, size_t k0, size_t n, size_t stride, bool is_max, bool last, size_t best_at) {
  using A = Acc<T>;
  A best = load(base[best_at * stride]);
  TESSERA_NO_UNROLL
  for (size_t k = k0; k < n; k++) {
    const A v = load(base[k * stride]);
    bool take;
    if (is_nan(best)) take = last && is_nan(v);
    else if (is_nan(v)) take = true;
    else if (is_max) take = greater<T>(v, best) || (last && !greater<T>(best, v));
    else take = greater<T>(best, v) || (last && !greater<T>(v, best));
    if (take) { best = v; best_at = k; }
  }
  return best_at;
}

template <class T>
size_t best_index(const T* base, size_t n, size_t stride, bool is_max, bool last) {
  return best_index_from(base, 1, n, stride, is_max, last, 0);
}

// ArgMax / ArgMin in SIMD128: each lane keeps its best value and that
// value's index. Values go to lanes of 32 bits (float16 and bfloat16 widen
// to float32, 8- and 16-bit integers to int32, exactly) or 64 bits; unsigned
// lanes have their sign bit flipped so that signed compares order them.
// Indices are int32 lanes beside 32-bit values (n < 2^31 is checked), int64
// beside 64-bit ones.
template <class T>
constexpr bool kWide = sizeof(T) == 8;
template <class T>
constexpr size_t kArgLanes = kWide<T> ? 2 : 4;

template <class T>
v128_t arg_load(const T* p) {
  if constexpr (std::is_same_v<T, Half16>) return f16x4_to_f32x4(wasm_u32x4_load16x4(p));
  else if constexpr (std::is_same_v<T, Brain16>) return wasm_i32x4_shl(wasm_u32x4_load16x4(p), 16);
  else if constexpr (std::is_same_v<T, int8_t>) return wasm_i32x4_extend_low_i16x8(wasm_i16x8_extend_low_i8x16(wasm_v128_load32_zero(p)));
  else if constexpr (std::is_same_v<T, uint8_t>) return wasm_u32x4_extend_low_u16x8(wasm_u16x8_extend_low_u8x16(wasm_v128_load32_zero(p)));
  else if constexpr (std::is_same_v<T, int16_t>) return wasm_i32x4_load16x4(p);
  else if constexpr (std::is_same_v<T, uint16_t>) return wasm_u32x4_load16x4(p);
  else if constexpr (std::is_same_v<T, uint32_t>) return wasm_v128_xor(wasm_v128_load(p), wasm_i32x4_splat(INT32_MIN));
  else if constexpr (std::is_same_v<T, uint64_t>) return wasm_v128_xor(wasm_v128_load(p), wasm_i64x2_splat(INT64_MIN));
  else return wasm_v128_load(p);
}

// The lanes where v replaces the best b: the scalar rule of best_index,
// written for ArgMax on (p, q) = (v, b); ArgMin passes (b, v) (is_max and
// is_last are masks: one copy of each kernel serves all four). Floats, not last: unless b is
// NaN or v does not beat it (le is false for a NaN v); last: v at least as
// good, or v NaN (a NaN b is then kept only by a number). Integers: gt, or
// ge with last.
template <class T>
v128_t arg_take(v128_t v, v128_t b, v128_t is_max, v128_t is_last) {
  const v128_t p = wasm_v128_bitselect(v, b, is_max), q = wasm_v128_bitselect(b, v, is_max);
  if constexpr (kFloat<T>) {
    using A = Acc<T>;
    const v128_t first = wasm_v128_not(wasm_v128_or(vle<A>(p, q), vne<A>(b, b)));
    return wasm_v128_bitselect(wasm_v128_or(vge<A>(p, q), vne<A>(v, v)), first, is_last);
  } else if constexpr (kWide<T>) {
    return wasm_v128_bitselect(wasm_i64x2_ge(p, q), wasm_i64x2_gt(p, q), is_last);
  } else {
    return wasm_v128_bitselect(wasm_i32x4_ge(p, q), wasm_i32x4_gt(p, q), is_last);
  }
}

template <class T>
v128_t index_splat(size_t k) {
  if constexpr (kWide<T>) return wasm_i64x2_splat(static_cast<int64_t>(k));
  else return wasm_i32x4_splat(static_cast<int32_t>(k));
}

// The lane values as scalars, to combine lanes (the lane's type: float,
// double, int32 or int64, each ordered as T is).
template <class T>
using LaneOf = std::conditional_t<kFloat<T>, std::conditional_t<kWide<T>, double, float>, std::conditional_t<kWide<T>, int64_t, int32_t>>;

// A contiguous line p[0 .. n-1]: 2 vectors of lanes (any lane split gives the
// same answer: each lane finds the first (last) best of its own elements,
// and the lanes are combined by value, then index), the rest one at a time.
template <class T>
size_t best_index_line(const T* p, size_t n, bool want_max, bool want_last) {
  const v128_t is_max = wasm_i32x4_splat(want_max ? -1 : 0), is_last = wasm_i32x4_splat(want_last ? -1 : 0);
  constexpr size_t L = kArgLanes<T>, G = 2 * L;
  using V = LaneOf<T>;
  if (n < 2 * G || n > size_t{INT32_MAX}) return best_index_from(p, 1, n, 1, want_max, want_last, 0);
  v128_t b0 = arg_load(p), b1 = arg_load(p + L);
  v128_t i0, i1, at0, at1;
  if constexpr (kWide<T>) {
    at0 = i0 = wasm_i64x2_make(0, 1);
    at1 = i1 = wasm_i64x2_make(2, 3);
  } else {
    at0 = i0 = wasm_i32x4_make(0, 1, 2, 3);
    at1 = i1 = wasm_i32x4_make(4, 5, 6, 7);
  }
  const v128_t step = index_splat<T>(G);
  size_t k = G;
  for (; k + G <= n; k += G) {
    i0 = kWide<T> ? wasm_i64x2_add(i0, step) : wasm_i32x4_add(i0, step);
    i1 = kWide<T> ? wasm_i64x2_add(i1, step) : wasm_i32x4_add(i1, step);
    const v128_t v0 = arg_load(p + k), v1 = arg_load(p + k + L);
    const v128_t t0 = arg_take<T>(v0, b0, is_max, is_last), t1 = arg_take<T>(v1, b1, is_max, is_last);
    b0 = wasm_v128_bitselect(v0, b0, t0);
    b1 = wasm_v128_bitselect(v1, b1, t1);
    at0 = wasm_v128_bitselect(i0, at0, t0);
    at1 = wasm_v128_bitselect(i1, at1, t1);
  }
  alignas(16) V val[G];
  alignas(16) std::conditional_t<kWide<T>, int64_t, int32_t> idx[G];
  wasm_v128_store(val, b0);
  wasm_v128_store(val + L, b1);
  wasm_v128_store(idx, at0);
  wasm_v128_store(idx + L, at1);
  size_t best = 0;
  TESSERA_NO_UNROLL
  for (size_t j = 1; j < G; j++) {
    const V a = val[j], c = val[best];
    const bool an = is_nan(a), cn = is_nan(c);
    const bool earlier = want_last ? idx[j] > idx[best] : idx[j] < idx[best];
    bool better;
    if (an || cn) better = an && (!cn || earlier);
    else if (a == c) better = earlier;
    else better = want_max ? a > c : a < c;
    if (better) best = j;
  }
  return best_index_from(p, k, n, 1, want_max, want_last, static_cast<size_t>(idx[best]));
}


// Lanes across the inner axis (inner >= the lane count): blocks of kBlock
// vectors of best values and indices on the stack, every row k passing over
// them in order; then the indices widened to int64. The last inner % lanes
// lanes one at a time.
template <class T>
void arg_strided(const T* x, int64_t* y, size_t outer, size_t n, size_t inner, bool want_max, bool want_last) {
  const v128_t is_max = wasm_i32x4_splat(want_max ? -1 : 0), is_last = wasm_i32x4_splat(want_last ? -1 : 0);
  constexpr size_t L = kArgLanes<T>, kBlock = 64;
  const size_t vinner = inner - inner % L;
  v128_t best[kBlock], at[kBlock];
  TESSERA_NO_UNROLL
  for (size_t o = 0; o < outer; o++) {
    const T* base = x + o * n * inner;
    int64_t* out = y + o * inner;
    TESSERA_NO_UNROLL
    for (size_t i0 = 0; i0 < vinner; i0 += kBlock * L) {
      const size_t nv = (vinner - i0) / L < kBlock ? (vinner - i0) / L : kBlock;
      TESSERA_NO_UNROLL
      for (size_t v = 0; v < nv; v++) {
        best[v] = arg_load(base + i0 + v * L);
        at[v] = wasm_i32x4_splat(0);
      }
      TESSERA_NO_UNROLL
      for (size_t k = 1; k < n; k++) {
        const T* row = base + k * inner + i0;
        const v128_t kv = index_splat<T>(k);
        TESSERA_NO_UNROLL
        for (size_t v = 0; v < nv; v++) {
          const v128_t val = arg_load(row + v * L);
          const v128_t take = arg_take<T>(val, best[v], is_max, is_last);
          best[v] = wasm_v128_bitselect(val, best[v], take);
          at[v] = wasm_v128_bitselect(kv, at[v], take);
        }
      }
      TESSERA_NO_UNROLL
      for (size_t v = 0; v < nv; v++) {
        int64_t* dst = out + i0 + v * L;
        if constexpr (kWide<T>) wasm_v128_store(dst, at[v]);
        else {
          wasm_v128_store(dst, wasm_i64x2_extend_low_i32x4(at[v]));
          wasm_v128_store(dst + 2, wasm_i64x2_extend_high_i32x4(at[v]));
        }
      }
    }
    TESSERA_NO_UNROLL
    for (size_t i = vinner; i < inner; i++) out[i] = static_cast<int64_t>(best_index_from(base + i, 1, n, inner, want_max, want_last, 0));
  }
}

template <class T>
void arg_typed(const T* x, int64_t* y, size_t outer, size_t n, size_t inner, bool is_max, bool last) {
  if constexpr (kVectorKernels) {
    if (inner == 1) {
      TESSERA_NO_UNROLL
      for (size_t o = 0; o < outer; o++) y[o] = static_cast<int64_t>(best_index_line(x + o * n, n, is_max, last));
      return;
    }
    if (n <= size_t{INT32_MAX}) {
      arg_strided(x, y, outer, n, inner, is_max, last);
      return;
    }
  }
  TESSERA_NO_UNROLL
  for (size_t o = 0; o < outer; o++) {
    TESSERA_NO_UNROLL
    for (size_t i = 0; i < inner; i++) y[o * inner + i] = static_cast<int64_t>(best_index(x + o * n * inner + i, n, inner, is_max, last));
  }
}

// Softmax, LogSoftmax, Hardmax along n: per line the max, then (in float64,
// math-v128.h's exp and log, one rounding into T) exp(x - max) / sum or
// (x - max) - log(sum); Hardmax puts 1 at arg_typed's first largest index.
// A line holding a NaN gives NaN throughout (Hardmax: 1 at the first NaN).
// Four float64 lanes (two f64x2) of line[k .. k+3], as the scalar loop's
// static_cast<double>(load(...)): exact.
template <class T>
void load_f64x4(const T* p, v128_t& lo, v128_t& hi) {
  if constexpr (std::is_same_v<T, double>) {
    lo = wasm_v128_load(p);
    hi = wasm_v128_load(p + 2);
  } else {
    const v128_t f = load_lanes(p);
    lo = wasm_f64x2_promote_low_f32x4(f);
    hi = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(f, f, 2, 3, 2, 3));
  }
}

// Four results (float64) rounded into T as store<T>(static_cast<Acc<T>>(r)):
// float64 -> float32 by demote (round to nearest, as the cast), a NaN to
// the canonical quiet NaN before the float16 / bfloat16 rounding (which
// maps every NaN to its own canonical one anyway).
template <class T>
void store_f64x4(T* p, v128_t lo, v128_t hi) {
  if constexpr (std::is_same_v<T, double>) {
    const v128_t nan = wasm_f64x2_splat(std::numeric_limits<double>::quiet_NaN());
    wasm_v128_store(p, wasm_v128_bitselect(nan, lo, wasm_f64x2_ne(lo, lo)));
    wasm_v128_store(p + 2, wasm_v128_bitselect(nan, hi, wasm_f64x2_ne(hi, hi)));
  } else {
    v128_t f = wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo), wasm_f32x4_demote_f64x2_zero(hi), 0, 1, 4, 5);
    f = wasm_v128_bitselect(wasm_f32x4_splat(std::numeric_limits<float>::quiet_NaN()), f, wasm_f32x4_ne(f, f));
    if constexpr (std::is_same_v<T, float>) wasm_v128_store(p, f);
    else {
      const v128_t h = std::is_same_v<T, Half16> ? f32x4_to_f16x4(f) : f32x4_to_bf16x4(f);
      wasm_v128_store64_lane(p, wasm_u16x8_narrow_i32x4(h, h), 0);
    }
  }
}

// float32 lanes (float32, float16, bfloat16) of Softmax and LogSoftmax:
// exp(x - m) by exp-f32-v128.h with x - m kept exact as a two-sum pair, so
// each exp is within 1 ulp of the exact exp(x - m); the exps summed in
// float64, lanes k mod 4 (k < n - n % 4) combined as (l0 + l1) + (l2 + l3),
// then the rest in k order; Softmax's output e * (1 / sum) in float64,
// rounded once into T; LogSoftmax's (x - m) - log(sum) in float64. The
// strided loop does the same operations in the same order (one lane).
__attribute__((noinline)) v128_t softmax_exp(v128_t v, v128_t vm) {
  const v128_t d = wasm_f32x4_sub(v, vm);
  const v128_t bb = wasm_f32x4_sub(d, v);
  const v128_t dl = wasm_f32x4_sub(wasm_f32x4_sub(v, wasm_f32x4_sub(d, bb)), wasm_f32x4_add(vm, bb));
  return math32::exp_f32x4(d, dl);
}
inline float softmax_exp1(float v, float m) {
  return wasm_f32x4_extract_lane(softmax_exp(wasm_f32x4_splat(v), wasm_f32x4_splat(m)), 0);
}

// The float32-lane line: m is the line's max (finite or an infinity, no NaN).
// Softmax float32 writes the exps into out and scales them in place (out is
// the work block: each exp computed once; out may be the input, read at k
// before k is written); float16 and bfloat16 compute them again.
template <class T>
void softmax_line_f32(const T* line, T* out, size_t n, uint32_t kind, float m) {
  const size_t n4 = n - n % 4;
  const v128_t vm = wasm_f32x4_splat(m);
  v128_t s01 = wasm_f64x2_splat(0), s23 = wasm_f64x2_splat(0);
  TESSERA_NO_UNROLL
  for (size_t k = 0; k < n4; k += 4) {
    const v128_t e = softmax_exp(load_lanes(line + k), vm);
    if constexpr (std::is_same_v<T, float>) if (kind == 0) wasm_v128_store(out + k, e);
    s01 = wasm_f64x2_add(s01, wasm_f64x2_promote_low_f32x4(e));
    s23 = wasm_f64x2_add(s23, wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(e, e, 2, 3, 2, 3)));
  }
  double sum = (wasm_f64x2_extract_lane(s01, 0) + wasm_f64x2_extract_lane(s01, 1)) +
               (wasm_f64x2_extract_lane(s23, 0) + wasm_f64x2_extract_lane(s23, 1));
  TESSERA_NO_UNROLL
  for (size_t k = n4; k < n; k++) sum += static_cast<double>(softmax_exp1(load(line[k]), m));
  if (kind == 0) {
    const double inv = 1 / sum;
    const v128_t vinv = wasm_f64x2_splat(inv);
    TESSERA_NO_UNROLL
    for (size_t k = 0; k < n4; k += 4) {
      v128_t e;
      if constexpr (std::is_same_v<T, float>) e = wasm_v128_load(out + k);
      else e = softmax_exp(load_lanes(line + k), vm);
      store_f64x4(out + k, wasm_f64x2_mul(wasm_f64x2_promote_low_f32x4(e), vinv),
                  wasm_f64x2_mul(wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(e, e, 2, 3, 2, 3)), vinv));
    }
    TESSERA_NO_UNROLL
    for (size_t k = n4; k < n; k++) out[k] = store<T>(static_cast<float>(static_cast<double>(softmax_exp1(load(line[k]), m)) * inv));
    return;
  }
  const double log_sum = log64(sum);
  const v128_t vmax = wasm_f64x2_splat(m), vlog = wasm_f64x2_splat(log_sum);
  TESSERA_NO_UNROLL
  for (size_t k = 0; k < n4; k += 4) {
    v128_t lo, hi;
    load_f64x4(line + k, lo, hi);
    store_f64x4(out + k, wasm_f64x2_sub(wasm_f64x2_sub(lo, vmax), vlog), wasm_f64x2_sub(wasm_f64x2_sub(hi, vmax), vlog));
  }
  TESSERA_NO_UNROLL
  for (size_t k = n4; k < n; k++) out[k] = store<T>(static_cast<float>((static_cast<double>(load(line[k])) - m) - log_sum));
}

// The strided loop's float32-lane line (inner > 1): softmax_line_f32's
// numbers one element at a time.
template <class T>
void softmax_strided_f32(const T* line, T* out, size_t n, size_t inner, uint32_t kind, bool nan, float m) {
  if (nan) {
    TESSERA_NO_UNROLL
    for (size_t k = 0; k < n; k++) out[k * inner] = store<T>(std::numeric_limits<float>::quiet_NaN());
    return;
  }
  const size_t n4 = n - n % 4;
  double acc[4] = {0, 0, 0, 0};
  TESSERA_NO_UNROLL
  for (size_t k = 0; k < n4; k++) acc[k % 4] += static_cast<double>(softmax_exp1(load(line[k * inner]), m));
  double sum = (acc[0] + acc[1]) + (acc[2] + acc[3]);
  TESSERA_NO_UNROLL
  for (size_t k = n4; k < n; k++) sum += static_cast<double>(softmax_exp1(load(line[k * inner]), m));
  const double inv = 1 / sum, log_sum = kind == 0 ? 0 : log64(sum);
  TESSERA_NO_UNROLL
  for (size_t k = 0; k < n; k++) {
    const float v = load(line[k * inner]);
    const double r = kind == 0 ? static_cast<double>(softmax_exp1(v, m)) * inv : (static_cast<double>(v) - m) - log_sum;
    out[k * inner] = store<T>(static_cast<float>(r));
  }
}

// One contiguous line (inner == 1) of softmax_typed, in SIMD128 with the
// scalar loop's numbers: the max (the first largest element; only its sign
// can depend on which of equal elements is taken, so a zero max is read
// again from the first zero), then float32 lanes by softmax_line_f32, and
// float64: exp in f64x2 lanes, the sum added one term at
// a time in k order (a fixed float64 chain, as the scalar loop), the output
// four lanes at a time.
template <class T>
void softmax_line(const T* line, T* out, size_t n, uint32_t kind) {
  using A = Acc<T>;
  constexpr size_t L = kLanes<T>;
  const size_t n4 = n - n % 4;
  v128_t vm = vsplat<A>(-std::numeric_limits<A>::infinity()), vnan = wasm_i32x4_splat(0);
  TESSERA_NO_UNROLL
  for (size_t k = 0; k < n4; k += L) {
    const v128_t v = load_lanes(line + k);
    vm = wasm_v128_bitselect(v, vm, vlt<A>(vm, v));  // the scalar loop's v > m
    vnan = wasm_v128_or(vnan, vne<A>(v, v));
  }
  // NaN lanes took their NaN into vm: the line is NaN throughout then anyway.
  if (wasm_v128_any_true(vnan)) {
    TESSERA_NO_UNROLL
    for (size_t k = 0; k < n; k++) out[k] = store<T>(std::numeric_limits<A>::quiet_NaN());
    return;
  }
  alignas(16) A lanes[4];
  wasm_v128_store(lanes, vm);
  double m = -INFINITY;
  TESSERA_NO_UNROLL
  for (size_t j = 0; j < L; j++) if (static_cast<double>(lanes[j]) > m) m = static_cast<double>(lanes[j]);
  bool nan = false;
  TESSERA_NO_UNROLL
  for (size_t k = n4; k < n; k++) {
    const double v = static_cast<double>(load(line[k]));
    nan = nan || v != v;
    if (v > m) m = v;
  }
  if (nan) {
    TESSERA_NO_UNROLL
    for (size_t k = 0; k < n; k++) out[k] = store<T>(std::numeric_limits<A>::quiet_NaN());
    return;
  }
  if (m == 0) {
    TESSERA_NO_UNROLL
    for (size_t k = 0; k < n; k++) {
      const double v = static_cast<double>(load(line[k]));
      if (v == 0) { m = v; break; }
    }
  }
  if constexpr (!std::is_same_v<T, double>) {
    softmax_line_f32(line, out, n, kind, static_cast<float>(m));  // m is one of the line's floats: exact
    return;
  }
  const v128_t vmax = wasm_f64x2_splat(m);
  double sum = 0;
  // Softmax's first kKeep exps are kept for the output pass (the same values:
  // a [64, 1000] softmax computes each exp once; longer lines recompute the rest).
  constexpr size_t kKeep = 1024;
  alignas(16) double keep[kKeep];
  TESSERA_NO_UNROLL
  for (size_t k = 0; k < n4; k += 4) {
    v128_t lo, hi;
    load_f64x4(line + k, lo, hi);
    const v128_t e0 = exp_lanes(wasm_f64x2_sub(lo, vmax)), e1 = exp_lanes(wasm_f64x2_sub(hi, vmax));
    if (kind == 0 && k < kKeep) {
      wasm_v128_store(keep + k, e0);
      wasm_v128_store(keep + k + 2, e1);
    }
    sum += wasm_f64x2_extract_lane(e0, 0);
    sum += wasm_f64x2_extract_lane(e0, 1);
    sum += wasm_f64x2_extract_lane(e1, 0);
    sum += wasm_f64x2_extract_lane(e1, 1);
  }
  TESSERA_NO_UNROLL
  for (size_t k = n4; k < n; k++) sum += exp64(static_cast<double>(load(line[k])) - m);
  const double log_sum = log64(sum);
  const v128_t vsum = wasm_f64x2_splat(sum), vlog = wasm_f64x2_splat(log_sum);
  TESSERA_NO_UNROLL
  for (size_t k = 0; k < n4; k += 4) {
    v128_t lo, hi;
    load_f64x4(line + k, lo, hi);
    lo = wasm_f64x2_sub(lo, vmax);
    hi = wasm_f64x2_sub(hi, vmax);
    if (kind == 0) {
      lo = wasm_f64x2_div(k < kKeep ? wasm_v128_load(keep + k) : exp_lanes(lo), vsum);
      hi = wasm_f64x2_div(k < kKeep ? wasm_v128_load(keep + k + 2) : exp_lanes(hi), vsum);
    } else {
      lo = wasm_f64x2_sub(lo, vlog);
      hi = wasm_f64x2_sub(hi, vlog);
    }
    store_f64x4(out + k, lo, hi);
  }
  TESSERA_NO_UNROLL
  for (size_t k = n4; k < n; k++) {
    const double d = static_cast<double>(load(line[k])) - m;
    out[k] = store<T>(static_cast<A>(kind == 0 ? exp64(d) / sum : d - log_sum));
  }
}

template <class T>
void softmax_typed(const T* x, T* y, size_t outer, size_t n, size_t inner, uint32_t kind) {
  if (n == 0) return;  // nothing to write (and no first element for Hardmax to read)
  if (inner == 1 && kind != 2) {
    TESSERA_NO_UNROLL
    for (size_t o = 0; o < outer; o++) softmax_line(x + o * n, y + o * n, n, kind);
    return;
  }
  TESSERA_NO_UNROLL
  for (size_t o = 0; o < outer; o++) {
    TESSERA_NO_UNROLL
    for (size_t i = 0; i < inner; i++) {
      const T* line = x + o * n * inner + i;
      T* out = y + o * n * inner + i;
      if (kind == 2) {
        size_t at;
        if constexpr (kVectorKernels) at = inner == 1 ? best_index_line(line, n, true, false) : best_index(line, n, inner, true, false);
        else at = best_index(line, n, inner, true, false);
        TESSERA_NO_UNROLL
        for (size_t k = 0; k < n; k++) out[k * inner] = store<T>(static_cast<Acc<T>>(k == at ? 1 : 0));
        continue;
      }
      double m = -INFINITY;
      bool nan = false;
      TESSERA_NO_UNROLL
      for (size_t k = 0; k < n; k++) {
        const double v = static_cast<double>(load(line[k * inner]));
        nan = nan || v != v;
        if (v > m) m = v;
      }
      if constexpr (!std::is_same_v<T, double>) {
        softmax_strided_f32(line, out, n, inner, kind, nan, static_cast<float>(m));
        continue;
      }
      double sum = 0;
      TESSERA_NO_UNROLL
      for (size_t k = 0; k < n; k++) sum += exp64(static_cast<double>(load(line[k * inner])) - m);
      const double log_sum = log64(sum);
      TESSERA_NO_UNROLL
      for (size_t k = 0; k < n; k++) {
        const double d = static_cast<double>(load(line[k * inner])) - m;
        const double r = nan ? NAN : kind == 0 ? exp64(d) / sum : d - log_sum;
        out[k * inner] = store<T>(static_cast<Acc<T>>(r));
      }
    }
  }
}

}  // namespace

size_t reduce_work_bytes(size_t outputs) { return (2 * outputs + 2) * 8; }

Status reduce(ReduceOp op, uint32_t type, const void* x, void* y, size_t outer, size_t n, size_t inner, void* work) {
  switch (type) {
    case onnx_type("float32"): return reduce_typed(op, static_cast<const float*>(x), static_cast<float*>(y), outer, n, inner, work);
    case onnx_type("float64"): return reduce_typed(op, static_cast<const double*>(x), static_cast<double*>(y), outer, n, inner, work);
    case onnx_type("float16"): return reduce_typed(op, static_cast<const Half16*>(x), static_cast<Half16*>(y), outer, n, inner, work);
    case onnx_type("bfloat16"): return reduce_typed(op, static_cast<const Brain16*>(x), static_cast<Brain16*>(y), outer, n, inner, work);
    case onnx_type("int8"): return reduce_typed(op, static_cast<const int8_t*>(x), static_cast<int8_t*>(y), outer, n, inner, work);
    case onnx_type("uint8"): case onnx_type("bool"):
      return reduce_typed(op, static_cast<const uint8_t*>(x), static_cast<uint8_t*>(y), outer, n, inner, work);
    case onnx_type("int16"): return reduce_typed(op, static_cast<const int16_t*>(x), static_cast<int16_t*>(y), outer, n, inner, work);
    case onnx_type("uint16"): return reduce_typed(op, static_cast<const uint16_t*>(x), static_cast<uint16_t*>(y), outer, n, inner, work);
    case onnx_type("int32"): return reduce_typed(op, static_cast<const int32_t*>(x), static_cast<int32_t*>(y), outer, n, inner, work);
    case onnx_type("uint32"): return reduce_typed(op, static_cast<const uint32_t*>(x), static_cast<uint32_t*>(y), outer, n, inner, work);
    case onnx_type("int64"): return reduce_typed(op, static_cast<const int64_t*>(x), static_cast<int64_t*>(y), outer, n, inner, work);
    case onnx_type("uint64"): return reduce_typed(op, static_cast<const uint64_t*>(x), static_cast<uint64_t*>(y), outer, n, inner, work);
    default: return Status::refused;
  }
}

}  // namespace tessera

namespace tessera {

Status arg_reduce(uint32_t type, const void* x, int64_t* y, size_t outer, size_t n, size_t inner, bool is_max, bool last) {
  if (n == 0) return Status::refused;
  switch (type) {
#define TESSERA_ARG(name, T) \
    case onnx_type(name): arg_typed(static_cast<const T*>(x), y, outer, n, inner, is_max, last); return Status::ok;
    TESSERA_ARG("float32", float)
    TESSERA_ARG("float64", double)
    TESSERA_ARG("float16", Half16)
    TESSERA_ARG("bfloat16", Brain16)
    TESSERA_ARG("int8", int8_t)
    TESSERA_ARG("uint8", uint8_t)
    TESSERA_ARG("int16", int16_t)
    TESSERA_ARG("uint16", uint16_t)
    TESSERA_ARG("int32", int32_t)
    TESSERA_ARG("uint32", uint32_t)
    TESSERA_ARG("int64", int64_t)
    TESSERA_ARG("uint64", uint64_t)
#undef TESSERA_ARG
    default: return Status::refused;
  }
}

}  // namespace tessera

namespace tessera {

Status softmax(uint32_t type, const void* x, void* y, size_t outer, size_t n, size_t inner, uint32_t kind) {
  if (kind > 2) return Status::refused;
  switch (type) {
    case onnx_type("float32"): softmax_typed(static_cast<const float*>(x), static_cast<float*>(y), outer, n, inner, kind); return Status::ok;
    case onnx_type("float64"): softmax_typed(static_cast<const double*>(x), static_cast<double*>(y), outer, n, inner, kind); return Status::ok;
    case onnx_type("float16"): softmax_typed(static_cast<const Half16*>(x), static_cast<Half16*>(y), outer, n, inner, kind); return Status::ok;
    case onnx_type("bfloat16"): softmax_typed(static_cast<const Brain16*>(x), static_cast<Brain16*>(y), outer, n, inner, kind); return Status::ok;
    default: return Status::refused;
  }
}

}  // namespace tessera
