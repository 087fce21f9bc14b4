// Resize's pass, one element at a time: output element (o, j, i) is the
// float64 sum, in tap order, of weight times input element (o, row, i),
// rounded once (integers: half to even by hand, then saturated). The slow
// reference the kernel (cpp/src/kernels/resize.cc) is tested against.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace tessera::reference {

template <class D>
D resize_round(double v) {
  if constexpr (std::is_floating_point_v<D>) {
    return static_cast<D>(v);
  } else {
    if (std::isnan(v)) return D{0};
    double r = std::floor(v);
    const double frac = v - r;
    if (frac > 0.5 || (frac == 0.5 && std::fmod(r, 2.0) != 0.0)) r += 1.0;
    const long double lo = static_cast<long double>(std::numeric_limits<D>::min());
    const long double hi = static_cast<long double>(std::numeric_limits<D>::max());
    if (static_cast<long double>(r) <= lo) return std::numeric_limits<D>::min();
    if (static_cast<long double>(r) >= hi) return std::numeric_limits<D>::max();
    return static_cast<D>(r);
  }
}

template <class S, class D>
void resize_filter(const S* x, D* y, size_t outer, size_t n_in, size_t n_out, size_t inner, size_t taps,
                   const double* weights, const int32_t* index, double extrapolation) {
  for (size_t o = 0; o < outer; o++) {
    for (size_t j = 0; j < n_out; j++) {
      for (size_t i = 0; i < inner; i++) {
        D& out = y[(o * n_out + j) * inner + i];
        if (index[j * taps] < 0) {
          out = resize_round<D>(extrapolation);
          continue;
        }
        double sum = 0.0;
        for (size_t k = 0; k < taps; k++) {
          sum += weights[j * taps + k] * static_cast<double>(x[(o * n_in + size_t(index[j * taps + k])) * inner + i]);
        }
        out = resize_round<D>(sum);
      }
    }
  }
}

}  // namespace tessera::reference
