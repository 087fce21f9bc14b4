// Slow, obviously correct references for TopK and CumSum
// (cpp/src/kernels/topk.cc, cumsum.cc), one line of the axis at a time.
//
// TopK: the line's (value, index) pairs put in order by an insertion sort
// whose comparison is written from the rule itself (a NaN above every
// number and equal to every NaN, -0 equal to +0, integers compared as
// themselves, ties by the lower index), and the first k taken.
// CumSum: the running sum in the scan's order, from the first element
// itself (never 0 + x), float16 and bfloat16 held in float32 and each
// output rounded once, integers wrapping, a NaN output the format's
// canonical quiet NaN.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "reference/elementwise.h"

namespace tessera::reference {

// ---------------------------------------------------------------- TopK
template <class T>
bool topk_is_nan(const T& v) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BHalf>) return std::isnan(to_double(v));
  else if constexpr (std::is_floating_point_v<T>) return std::isnan(v);
  else return false;
}

// a before b in ascending order (a strictly below b), the NaN rule included.
template <class T>
bool topk_below(const T& a, const T& b) {
  if (topk_is_nan(a)) return false;
  if (topk_is_nan(b)) return true;
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BHalf>) return to_double(a) < to_double(b);
  else return a < b;  // -0 < +0 is false: they tie
}

// values and indices of x as [outer, n, inner], [outer, k, inner] each.
template <class T>
void top_k(const std::vector<T>& x, size_t outer, size_t n, size_t inner, size_t k, bool largest, std::vector<T>& values,
           std::vector<int64_t>& indices) {
  values.assign(outer * k * inner, T{});
  indices.assign(outer * k * inner, 0);
  for (size_t o = 0; o < outer; o++) {
    for (size_t i = 0; i < inner; i++) {
      std::vector<size_t> order;
      for (size_t j = 0; j < n; j++) {
        // Insert j after every element that comes before it or ties with it (they have lower indices).
        const T& v = x[(o * n + j) * inner + i];
        size_t at = order.size();
        while (at > 0) {
          const T& w = x[(o * n + order[at - 1]) * inner + i];
          const bool v_first = largest ? topk_below(w, v) : topk_below(v, w);
          if (!v_first) break;
          at--;
        }
        order.insert(order.begin() + static_cast<ptrdiff_t>(at), j);
      }
      for (size_t r = 0; r < k; r++) {
        values[(o * k + r) * inner + i] = x[(o * n + order[r]) * inner + i];
        indices[(o * k + r) * inner + i] = static_cast<int64_t>(order[r]);
      }
    }
  }
}

// ---------------------------------------------------------------- CumSum
// The accumulator: float for the halves, the unsigned type for integers (wrapping), else T.
template <class T, bool = std::is_integral_v<T>> struct CumAcc { using type = std::make_unsigned_t<T>; };
template <class T> struct CumAcc<T, false> { using type = T; };
template <> struct CumAcc<Half, false> { using type = float; };
template <> struct CumAcc<BHalf, false> { using type = float; };

template <class T>
std::vector<T> cum_sum(const std::vector<T>& x, size_t outer, size_t n, size_t inner, bool exclusive, bool reverse) {
  constexpr bool kHalfType = std::is_same_v<T, Half> || std::is_same_v<T, BHalf>;
  using A = typename CumAcc<T>::type;
  auto load = [](const T& v) -> A {
    if constexpr (kHalfType) return static_cast<float>(to_double(v));
    else return static_cast<A>(v);
  };
  auto store = [](A a) -> T {
    if constexpr (std::is_floating_point_v<A>) {
      if (std::isnan(a)) a = std::numeric_limits<A>::quiet_NaN();
      if constexpr (std::is_same_v<T, Half>) return to_half(a);
      else if constexpr (std::is_same_v<T, BHalf>) return to_bhalf(a);
      else return static_cast<T>(a);
    } else {
      return static_cast<T>(a);
    }
  };
  std::vector<T> y(x.size());
  for (size_t o = 0; o < outer; o++) {
    for (size_t i = 0; i < inner; i++) {
      A acc{};
      for (size_t step = 0; step < n; step++) {
        const size_t j = reverse ? n - 1 - step : step;
        const size_t at = (o * n + j) * inner + i;
        const A v = load(x[at]);
        if (exclusive) {
          y[at] = step == 0 ? T{} : store(acc);
          acc = step == 0 ? v : static_cast<A>(acc + v);
        } else {
          acc = step == 0 ? v : static_cast<A>(acc + v);
          y[at] = store(acc);
        }
      }
    }
  }
  return y;
}

}  // namespace tessera::reference
