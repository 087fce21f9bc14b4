// Resize's separable passes: one axis of [outer, n_in, inner] resampled to
// [outer, n_out, inner], each output row a weighted sum of `taps` input rows
// (linear, cubic, antialiased filters) or one input row copied (nearest). The
// caller (js/src/ops/image-audio/resize-plan.ts) computes each output
// position's source rows and weights once per call, in float64, so no index
// or weight arithmetic runs per element here.
//
// Sums run in float64 whatever the storage type (every intermediate of a
// multi-axis resize is float64): a float32 result is then the float64 sum
// rounded once, within 1 ulp of the exact value, the same bits in every build
// (multiply then add, never a fused multiply-add: wasm has none in SIMD128).
// Integer outputs round half to even and saturate to the type's range.
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "tessera/image-audio.h"
#include "tessera/simd.h"

namespace tessera {
namespace {

template <class T>
double to_double(T v) { return static_cast<double>(v); }

// Round half to even, then saturate (NaN gives 0), into an integer type.
template <class T>
T from_double(double v) {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(v);
  } else {
    if (!(v == v)) return T{0};
    // rint (round half to even in the default mode) is one f64.nearest in wasm; nearbyint is a libm call.
    const double r = __builtin_rint(v);
    constexpr double lo = static_cast<double>(std::numeric_limits<T>::min());
    // 2^bits or 2^(bits - 1), the first value past T's max (for 64 bits, max as a double is already it).
    constexpr double hi_open = static_cast<double>(std::numeric_limits<T>::max()) + (sizeof(T) == 8 ? 0.0 : 1.0);
    if (r <= lo) return std::numeric_limits<T>::min();
    if (r >= hi_open) return std::numeric_limits<T>::max();
    return static_cast<T>(r);
  }
}

// Two consecutive values as an f64x2 (SIMD128 for float32 and float64, lanes otherwise).
template <class T>
v128_t load2(const T* p) {
  if constexpr (std::is_same_v<T, double>) {
    return wasm_v128_load(p);
  } else if constexpr (std::is_same_v<T, float>) {
    return wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(p));
  } else {
    return wasm_f64x2_make(to_double(p[0]), to_double(p[1]));
  }
}

template <class T>
void store2(T* p, v128_t v) {
  if constexpr (std::is_same_v<T, double>) {
    wasm_v128_store(p, v);
  } else if constexpr (std::is_same_v<T, float>) {
    wasm_v128_store64_lane(p, wasm_f32x4_demote_f64x2_zero(v), 0);
  } else {
    p[0] = from_double<T>(wasm_f64x2_extract_lane(v, 0));
    p[1] = from_double<T>(wasm_f64x2_extract_lane(v, 1));
  }
}

// Eight consecutive 8-bit values as four f64x2 (exact): one 8-byte load and
// widening, where lane by lane conversion made the uint8 pass over a frame's
// rows slower than the same pass over float64 rows eight times its size.
template <class S>
void load8(const S* p, v128_t* v) {
  const v128_t bytes = wasm_v128_load64_zero(p);
  const v128_t h = std::is_same_v<S, uint8_t> ? wasm_u16x8_extend_low_u8x16(bytes) : wasm_i16x8_extend_low_i8x16(bytes);
  const v128_t lo = wasm_i32x4_extend_low_i16x8(h), hi = wasm_i32x4_extend_high_i16x8(h);
  v[0] = wasm_f64x2_convert_low_i32x4(lo);
  v[1] = wasm_f64x2_convert_low_i32x4(wasm_i32x4_shuffle(lo, lo, 2, 3, 2, 3));
  v[2] = wasm_f64x2_convert_low_i32x4(hi);
  v[3] = wasm_f64x2_convert_low_i32x4(wasm_i32x4_shuffle(hi, hi, 2, 3, 2, 3));
}

template <class S, class D>
void filter_pass(const S* x, D* y, const ResizeAxis& a, const double* weights, const int32_t* index, double extrapolation) {
  const size_t inner = a.inner, taps = a.taps;
  for (size_t o = 0; o < a.outer; o++) {
    const S* xo = x + o * size_t{a.n_in} * inner;
    D* yo = y + o * size_t{a.n_out} * inner;
    for (size_t j = 0; j < a.n_out; j++) {
      D* row = yo + j * inner;
      const double* w = weights + j * taps;
      const int32_t* src = index + j * taps;
      if (src[0] < 0) {  // outside tf_crop_and_resize's roi
        const D e = from_double<D>(extrapolation);
        for (size_t i = 0; i < inner; i++) row[i] = e;
        continue;
      }
      size_t i = 0;
      // Only into float64 (an image's first pass) or the input's own type: each instantiation is ~1 KB of tessera.wasm.
      if constexpr ((std::is_same_v<S, uint8_t> || std::is_same_v<S, int8_t>) && (std::is_same_v<D, double> || std::is_same_v<D, S>)) {
        // The same products summed in the same order as the pairs below, eight elements a step.
        for (; i + 8 <= inner; i += 8) {
          v128_t sum[4] = {wasm_f64x2_splat(0.0), wasm_f64x2_splat(0.0), wasm_f64x2_splat(0.0), wasm_f64x2_splat(0.0)};
          for (size_t k = 0; k < taps; k++) {
            v128_t v[4];
            load8(xo + size_t(src[k]) * inner + i, v);
            const v128_t wk = wasm_f64x2_splat(w[k]);
            for (int q = 0; q < 4; q++) sum[q] = wasm_f64x2_add(sum[q], wasm_f64x2_mul(wk, v[q]));
          }
          for (int q = 0; q < 4; q++) store2(row + i + 2 * q, sum[q]);
        }
      }
      for (; i + 2 <= inner; i += 2) {
        v128_t sum = wasm_f64x2_splat(0.0);
        for (size_t k = 0; k < taps; k++) {
          const v128_t v = load2(xo + size_t(src[k]) * inner + i);
          sum = wasm_f64x2_add(sum, wasm_f64x2_mul(wasm_f64x2_splat(w[k]), v));
        }
        store2(row + i, sum);
      }
      for (; i < inner; i++) {
        double sum = 0.0;
        for (size_t k = 0; k < taps; k++) sum += w[k] * to_double(xo[size_t(src[k]) * inner + i]);
        row[i] = from_double<D>(sum);
      }
    }
  }
}

template <class S>
bool filter_to(const void* x, void* y, uint32_t y_type, const ResizeAxis& a, const double* w, const int32_t* idx, double e) {
  const S* xs = static_cast<const S*>(x);
  switch (y_type) {
    case 1: filter_pass(xs, static_cast<float*>(y), a, w, idx, e); return true;
    case 2: filter_pass(xs, static_cast<uint8_t*>(y), a, w, idx, e); return true;
    case 3: filter_pass(xs, static_cast<int8_t*>(y), a, w, idx, e); return true;
    case 4: filter_pass(xs, static_cast<uint16_t*>(y), a, w, idx, e); return true;
    case 5: filter_pass(xs, static_cast<int16_t*>(y), a, w, idx, e); return true;
    case 6: filter_pass(xs, static_cast<int32_t*>(y), a, w, idx, e); return true;
    case 7: filter_pass(xs, static_cast<int64_t*>(y), a, w, idx, e); return true;
    case 11: filter_pass(xs, static_cast<double*>(y), a, w, idx, e); return true;
    case 12: filter_pass(xs, static_cast<uint32_t*>(y), a, w, idx, e); return true;
    case 13: filter_pass(xs, static_cast<uint64_t*>(y), a, w, idx, e); return true;
    default: return false;
  }
}

}  // namespace

bool resize_filter(const void* x, void* y, uint32_t x_type, uint32_t y_type, const ResizeAxis& a, const double* weights,
                   const int32_t* index, double extrapolation) {
  switch (x_type) {
    case 1: return filter_to<float>(x, y, y_type, a, weights, index, extrapolation);
    case 2: return filter_to<uint8_t>(x, y, y_type, a, weights, index, extrapolation);
    case 3: return filter_to<int8_t>(x, y, y_type, a, weights, index, extrapolation);
    case 4: return filter_to<uint16_t>(x, y, y_type, a, weights, index, extrapolation);
    case 5: return filter_to<int16_t>(x, y, y_type, a, weights, index, extrapolation);
    case 6: return filter_to<int32_t>(x, y, y_type, a, weights, index, extrapolation);
    case 7: return filter_to<int64_t>(x, y, y_type, a, weights, index, extrapolation);
    case 11: return filter_to<double>(x, y, y_type, a, weights, index, extrapolation);
    case 12: return filter_to<uint32_t>(x, y, y_type, a, weights, index, extrapolation);
    case 13: return filter_to<uint64_t>(x, y, y_type, a, weights, index, extrapolation);
    default: return false;
  }
}

void resize_nearest(const uint8_t* x, uint8_t* y, size_t element_size, const ResizeAxis& a, const int32_t* index,
                    const uint8_t* extrapolation) {
  const size_t row = size_t{a.inner} * element_size;
  if (row == 0) return;  // nothing to move (and an empty buffer's pointer may be null, which memcpy must not see)
  for (size_t o = 0; o < a.outer; o++) {
    const uint8_t* xo = x + o * size_t{a.n_in} * row;
    uint8_t* yo = y + o * size_t{a.n_out} * row;
    for (size_t j = 0; j < a.n_out; j++) {
      uint8_t* to = yo + j * row;
      if (index[j] < 0) {
        for (size_t i = 0; i < row; i += element_size) std::memcpy(to + i, extrapolation, element_size);
      } else {
        std::memcpy(to, xo + size_t(index[j]) * row, row);
      }
    }
  }
}

}  // namespace tessera
