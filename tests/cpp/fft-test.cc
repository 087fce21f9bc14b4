// The FFT against a naive DFT in long double: every length 1..70 (powers of
// two and Bluestein), the lengths the issue names (400, 512, 1000, 4096),
// forward and inverse, float32 and float64; the error is measured relative to
// the input's 2-norm, max_k |z_k - Z_k| / ||x||_2, and must stay within
// 8 eps log2(m) (m the power of two the length transforms at). Plans are
// cached (the second run gives the same bits) and the cache is bounded.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "tessera/image-audio.h"

namespace {

using Complex = std::vector<long double>;

Complex naive_dft(const Complex& x, bool inverse) {
  const size_t n = x.size() / 2;
  Complex z(2 * n, 0.0L);
  const long double tau = 6.283185307179586476925286766559L;
  // The n twiddles once, not n^2 of them: under WebAssembly a long double is
  // software quad, whose cos and sin made this reference take minutes at 4096.
  std::vector<long double> cosines(n), sines(n);
  for (size_t t = 0; t < n; t++) {
    const long double angle = tau * static_cast<long double>(t) / static_cast<long double>(n) * (inverse ? 1 : -1);
    cosines[t] = std::cos(angle);
    sines[t] = std::sin(angle);
  }
  for (size_t k = 0; k < n; k++) {
    long double re = 0, im = 0;
    for (size_t j = 0; j < n; j++) {
      const size_t t = (j * k) % n;
      const long double c = cosines[t], s = sines[t];
      re += x[2 * j] * c - x[2 * j + 1] * s;
      im += x[2 * j] * s + x[2 * j + 1] * c;
    }
    z[2 * k] = re;
    z[2 * k + 1] = im;
  }
  return z;
}

size_t transform_length(size_t n) {
  if ((n & (n - 1)) == 0) return n;
  size_t m = 1;
  while (m < 2 * n - 1) m <<= 1;
  return m;
}

// The FFT of T on random values in [-1, 1): its error relative to ||x||_2.
template <class T, class Fft>
double relative_error(size_t n, bool inverse, Fft fft, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<T> x(2 * n), z(2 * n + 2, T(7)), work(tessera::fft_work_elements(n));
  Complex exact(2 * n);
  long double norm = 0;
  for (size_t i = 0; i < 2 * n; i++) {
    x[i] = static_cast<T>(uniform(rng));
    exact[i] = x[i];
    norm += exact[i] * exact[i];
  }
  const std::vector<T> input = x;
  fft(x.data(), z.data(), n, inverse, work.data());
  CHECK(x == input);
  CHECK(z[2 * n] == T(7));  // nothing past the end
  const Complex want = naive_dft(exact, inverse);
  long double worst = 0;
  for (size_t i = 0; i < 2 * n; i++) worst = std::fmax(worst, std::fabs(static_cast<long double>(z[i]) - want[i]));
  return static_cast<double>(worst / std::sqrt(norm));
}

template <class T, class Fft>
void check_bound(size_t n, Fft fft, const char* name) {
  const double eps = std::numeric_limits<T>::epsilon();
  const double bound = 8 * eps * std::log2(static_cast<double>(transform_length(n)) + 1);
  for (bool inverse : {false, true}) {
    const double error = relative_error<T>(n, inverse, fft, static_cast<unsigned>(n * 2 + inverse));
    CAPTURE(n);
    CAPTURE(inverse);
    CHECK(error <= bound);
    if (n == 400 || n == 512 || n == 1000 || n == 4096) {
      std::printf("fft %s n=%zu %s: max error / ||x||_2 = %.3g (%.2f eps)\n", name, n, inverse ? "inverse" : "forward", error, error / eps);
    }
  }
}

}  // namespace

TEST_CASE("fft: every length 1..70 and 400, 512, 1000, 4096 within 8 eps log2(m) of ||x||_2, float32 and float64") {
  std::vector<size_t> lengths;
  for (size_t n = 1; n <= 70; n++) lengths.push_back(n);
  for (size_t n : {400, 512, 1000, 4096}) lengths.push_back(n);
  for (size_t n : lengths) {
    check_bound<float>(n, tessera::f32_fft, "float32");
    check_bound<double>(n, tessera::f64_fft, "float64");
  }
}

TEST_CASE("fft: a cached plan gives the same bits as a fresh one; the cache stays bounded") {
  for (size_t n : {12, 400, 1024}) {
    std::vector<float> x(2 * n), a(2 * n), b(2 * n), work(tessera::fft_work_elements(n));
    for (size_t i = 0; i < 2 * n; i++) x[i] = static_cast<float>(std::sin(0.37 * static_cast<double>(i)));
    tessera::fft_release_plans();
    tessera::f32_fft(x.data(), a.data(), n, false, work.data());
    CHECK(tessera::fft_cached_plans() == 1);
    tessera::f32_fft(x.data(), b.data(), n, false, work.data());
    CHECK(a == b);
  }
  for (size_t n = 2; n < 200; n++) {
    std::vector<double> x(2 * n, 1.0), work(tessera::fft_work_elements(n));
    tessera::f64_fft(x.data(), x.data(), n, false, work.data());  // in place
    CHECK(std::fabs(x[0] - static_cast<double>(n)) < 1e-9 * static_cast<double>(n));
    CHECK(tessera::fft_cached_plans() <= 16);
  }
}

TEST_CASE("fft: a length whose tables pass the arena is made in work for the call") {
  const size_t n = 3 * 4096 * 4;  // Bluestein at m = 2^17: tables far past the arena
  std::vector<float> x(2 * n, 0.0f), z(2 * n), work(tessera::fft_work_elements(n));
  x[2] = 1.0f;  // a delta at 1: z_k = exp(-2 pi i k / n)
  const size_t before = tessera::fft_cached_plans();
  tessera::f32_fft(x.data(), z.data(), n, false, work.data());
  CHECK(tessera::fft_cached_plans() == before);
  for (size_t k = 0; k < n; k += 997) {
    const double angle = -6.283185307179586 * static_cast<double>(k) / static_cast<double>(n);
    CHECK(std::fabs(z[2 * k] - std::cos(angle)) < 1e-4);
    CHECK(std::fabs(z[2 * k + 1] - std::sin(angle)) < 1e-4);
  }
}

TEST_CASE("dft lines: strided gather and scatter, zero padding, a window, one-sided, and a real inverse") {
  // Two lines of 5 real samples at stride 2 (interleaved lines), n_fft 8, one-sided output.
  const float x[10] = {1, 10, 2, 20, 3, 30, 4, 40, 5, 50};
  const float window[5] = {1, 0.5f, 0.25f, 0.5f, 1};
  std::vector<float> y(2 * 5 * 2, -1.0f), work(tessera::dft_work_elements(8));
  tessera::DftLines p{1, 0, 0, 2, 1, 10, 2, 2, 5, 0, 8, 5, 0, 0};
  tessera::f32_dft_lines(x, window, y.data(), p, work.data());
  for (size_t line = 0; line < 2; line++) {
    for (size_t k = 0; k < 5; k++) {
      double re = 0, im = 0;
      for (size_t j = 0; j < 5; j++) {
        const double v = x[2 * j + line] * window[j], angle = -6.283185307179586 * static_cast<double>(j * k) / 8;
        re += v * std::cos(angle);
        im += v * std::sin(angle);
      }
      CHECK(std::fabs(y[line * 10 + 2 * k] - re) < 1e-4);
      CHECK(std::fabs(y[line * 10 + 2 * k + 1] - im) < 1e-4);
    }
  }
  // The real inverse of that one-sided spectrum gives the windowed samples back, padded to 8.
  std::vector<float> back(8, -1.0f);
  tessera::DftLines inv{1, 0, 0, 1, 0, 0, 2, 1, 5, 1, 8, 8, 1, 1};
  tessera::f32_dft_lines(y.data(), nullptr, back.data(), inv, work.data());
  for (size_t j = 0; j < 8; j++) CHECK(std::fabs(back[j] - (j < 5 ? x[2 * j] * window[j] : 0.0f)) < 1e-5);
}
