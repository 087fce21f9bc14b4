// Kernel declarations of the image and audio ops: window functions, the FFT
// behind DFT and STFT, and Resize's separable passes. Like tessera/kernels.h,
// the kernels trust their arguments (the TypeScript layer checked them).
#pragma once
#include <cstddef>
#include <cstdint>

namespace tessera {

// ---------------------------------------------------------------- windows
// The generalized cosine windows of HannWindow, HammingWindow and
// BlackmanWindow, in float64: y[k] = a0 - a1 cos(2 pi k / period) + a2 cos(4 pi k / period)
// for k < n. Hann (0.5, 0.5, 0), Hamming (25/46, 21/46, 0), Blackman
// (0.42, 0.5, 0.08). period is n (periodic) or n - 1 (symmetric); a period of
// 0 (a symmetric window of one point) gives [1], as numpy, scipy and torch do.
enum class Window : uint32_t { hann = 0, hamming = 1, blackman = 2 };
void f64_cosine_window(double* y, size_t n, size_t period, Window kind);

// ---------------------------------------------------------------- FFT
// A complex FFT of any length n >= 1 over interleaved (re, im) values:
// z[k] = sum_j x[j] exp(-2 pi i j k / n), or with inverse exp(+2 pi i j k / n)
// (no 1/n: the caller scales). Powers of two run as radix-2 Stockham passes
// (SIMD128: two float32 complex a vector), other lengths by Bluestein's
// chirp-z over a power of two m >= 2n - 1. Twiddles and chirps are computed
// in float64, rounded once to T and cached per length and type in a static
// arena of fft_arena_bytes (no heap: a cached plan never shows as a leak);
// a length whose tables do not fit gets them in `work` for the call.
// `work` holds fft_work_elements(n) elements of T. x and z may be the same.
size_t fft_work_elements(size_t n);
void f32_fft(const float* x, float* z, size_t n, bool inverse, float* work);
void f64_fft(const double* x, double* z, size_t n, bool inverse, double* work);
// Drops every cached plan, and the plans cached now (tests).
void fft_release_plans();
size_t fft_cached_plans();
constexpr size_t fft_arena_bytes = 256 * 1024;

// The DFT driver behind DFT and STFT: many lines of samples, each gathered
// (strided, real or complex, zero-padded or cut to n_fft, times a window),
// transformed and scattered (strided). All strides count elements of T.
struct DftLines {
  uint32_t outer, outer_in, outer_out;   // lines = outer x inner; each level's stride in x and in y
  uint32_t inner, inner_in, inner_out;
  uint32_t sample_in, bin_out;           // stride between a line's samples in x, between its bins in y
  uint32_t n_in;                         // samples (or, for a real inverse, one-sided bins) a line has in x
  uint32_t in_complex;                   // x holds (re, im) pairs, else reals
  uint32_t n_fft;                        // the transform's length (>= 1)
  uint32_t n_out;                        // bins written per line (n_fft, or n_fft / 2 + 1 one-sided)
  uint32_t real_inverse;                 // a Hermitian one-sided x extended to n_fft; y gets the reals
  uint32_t inverse;                      // inverse transform, scaled by 1 / n_fft
};
constexpr size_t dft_lines_params = 14;  // uint32 fields, in this order
// `work` holds dft_work_elements(n_fft) elements of T; window (n_in values) may be null.
size_t dft_work_elements(size_t n_fft);
void f32_dft_lines(const float* x, const float* window, float* y, const DftLines& p, float* work);
void f64_dft_lines(const double* x, const double* window, double* y, const DftLines& p, double* work);

}  // namespace tessera

namespace tessera {

// ---------------------------------------------------------------- Resize
// One separable pass of Resize over x viewed as [outer, n_in, inner], giving
// y as [outer, n_out, inner]. Filter (linear, cubic, antialiased): output row
// j is sum_k weights[j taps + k] x[index[j taps + k]], summed in float64;
// index[j taps] < 0 writes `extrapolation` instead (tf_crop_and_resize
// outside its roi). Types are ONNX numbers: float, double and the integers
// but bool (integer outputs round half to even and saturate). Nearest: row
// index[j] copied, or for index[j] < 0 the element `extrapolation`.
// Every index must be below n_in (tessera_resize_* check it).
struct ResizeAxis {
  uint32_t outer, n_in, n_out, inner, taps;
};
bool resize_filter(const void* x, void* y, uint32_t x_type, uint32_t y_type, const ResizeAxis& a, const double* weights,
                   const int32_t* index, double extrapolation);
void resize_nearest(const uint8_t* x, uint8_t* y, size_t element_size, const ResizeAxis& a, const int32_t* index,
                    const uint8_t* extrapolation);

}  // namespace tessera
