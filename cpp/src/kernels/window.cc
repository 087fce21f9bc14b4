// The cosine windows of HannWindow, HammingWindow and BlackmanWindow, in
// float64 (the ops round once to their output type): the same libm in every
// engine, so the same bits everywhere one build runs.
#include <cmath>

#include "tessera/image-audio.h"

namespace tessera {

void f64_cosine_window(double* y, size_t n, size_t period, Window kind) {
  // Hamming's 25/46 and 21/46 are the spec's (its function body's), not 0.54 and 0.46.
  const double a0 = kind == Window::hann ? 0.5 : kind == Window::hamming ? 25.0 / 46.0 : 0.42;
  const double a1 = kind == Window::hann ? 0.5 : kind == Window::hamming ? 21.0 / 46.0 : 0.5;
  const double a2 = kind == Window::blackman ? 0.08 : 0.0;
  constexpr double kTau = 6.283185307179586476925286766559;
  for (size_t k = 0; k < n; k++) {
    if (period == 0) {  // one symmetric point: the window's peak, as numpy, scipy and torch give
      y[k] = 1.0;
      continue;
    }
    const double angle = kTau * static_cast<double>(k) / static_cast<double>(period);
    double v = a0 - a1 * std::cos(angle);
    if (a2 != 0.0) v += a2 * std::cos(2.0 * angle);
    y[k] = v;
  }
}

}  // namespace tessera
