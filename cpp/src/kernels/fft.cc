// The FFT behind DFT and STFT (tessera/image-audio.h): radix-2 Stockham
// passes for powers of two, Bluestein's chirp-z for every other length, with
// twiddles and chirps computed in float64 and cached per length.
#include <cassert>
#include <cmath>
#include <cstring>

#include "tessera/image-audio.h"
#include "tessera/simd.h"

namespace tessera {
namespace {

constexpr double kTau = 6.283185307179586476925286766559;
constexpr double kPi = 3.1415926535897932384626433832795;

bool is_pow2(size_t n) { return (n & (n - 1)) == 0; }

// The power of two a length transforms at: n itself, or Bluestein's m >= 2n - 1.
size_t transform_length(size_t n) {
  if (is_pow2(n)) return n;
  size_t m = 1;
  while (m < 2 * n - 1) m <<= 1;
  return m;
}

// ---------------------------------------------------------------- tables
// A plan's tables, in elements of T (interleaved complex):
//   twiddles: m / 2 values exp(-2 pi i t / m);
//   Bluestein only: chirp, n values exp(-pi i k^2 / n); kernel, m values,
//   FFT_m of the conjugate chirp laid out circularly, divided by m.
size_t table_elements(size_t n) {
  const size_t m = transform_length(n);
  return 2 * (m / 2) + (is_pow2(n) ? 0 : 2 * (n + m));
}

// ---------------------------------------------------------------- radix-2 passes
// One Stockham pass of sub-length 2l at stride s (l * s = m / 2): for p < l,
// q < s, y[q + s(2p)] = a + b and y[q + s(2p + 1)] = (a - b) w^(ps), with
// a = x[q + sp], b = x[q + s(p + l)].
template <class T>
void pass_scalar(const T* x, T* y, size_t l, size_t s, const T* tw) {
  for (size_t p = 0; p < l; p++) {
    const T wr = tw[2 * p * s], wi = tw[2 * p * s + 1];
    for (size_t q = 0; q < s; q++) {
      const T* a = x + 2 * (q + s * p);
      const T* b = x + 2 * (q + s * (p + l));
      T* y0 = y + 2 * (q + s * 2 * p);
      T* y1 = y0 + 2 * s;
      const T dr = a[0] - b[0], di = a[1] - b[1];
      y0[0] = a[0] + b[0];
      y0[1] = a[1] + b[1];
      y1[0] = dr * wr - di * wi;
      y1[1] = di * wr + dr * wi;
    }
  }
}

template <class T>
void pass(const T* x, T* y, size_t l, size_t s, const T* tw) { pass_scalar(x, y, l, s, tw); }

// float32: two complex values a vector. (a - b) w as d * (wr, wr) + swap(d) * (-wi, wi):
// the same products and sums, in the same order, as the scalar pass.
template <>
void pass<float>(const float* x, float* y, size_t l, size_t s, const float* tw) {
  const v128_t sign = wasm_f32x4_make(-1.0f, 1.0f, -1.0f, 1.0f);
  if (s == 1 && l >= 2) {
    // The first pass: the twiddles vary along p, which the vector runs along.
    for (size_t p = 0; p < l; p += 2) {
      const v128_t a = wasm_v128_load(x + 2 * p);
      const v128_t b = wasm_v128_load(x + 2 * (p + l));
      const v128_t w = wasm_v128_load(tw + 2 * p);
      const v128_t sum = wasm_f32x4_add(a, b);
      const v128_t d = wasm_f32x4_sub(a, b);
      const v128_t wr = wasm_i32x4_shuffle(w, w, 0, 0, 2, 2);
      const v128_t wi = wasm_f32x4_mul(wasm_i32x4_shuffle(w, w, 1, 1, 3, 3), sign);
      const v128_t dw = wasm_f32x4_add(wasm_f32x4_mul(d, wr), wasm_f32x4_mul(wasm_i32x4_shuffle(d, d, 1, 0, 3, 2), wi));
      wasm_v128_store(y + 4 * p, wasm_i32x4_shuffle(sum, dw, 0, 1, 4, 5));
      wasm_v128_store(y + 4 * p + 4, wasm_i32x4_shuffle(sum, dw, 2, 3, 6, 7));
    }
    return;
  }
  if (s < 2) {
    pass_scalar(x, y, l, s, tw);
    return;
  }
  for (size_t p = 0; p < l; p++) {
    const v128_t wr = wasm_f32x4_splat(tw[2 * p * s]);
    const v128_t wi = wasm_f32x4_mul(wasm_f32x4_splat(tw[2 * p * s + 1]), sign);
    const float* a = x + 2 * s * p;
    const float* b = x + 2 * s * (p + l);
    float* y0 = y + 4 * s * p;
    float* y1 = y0 + 2 * s;
    for (size_t q = 0; q < 2 * s; q += 4) {  // s is a power of two >= 2: whole vectors
      const v128_t va = wasm_v128_load(a + q);
      const v128_t vb = wasm_v128_load(b + q);
      const v128_t d = wasm_f32x4_sub(va, vb);
      wasm_v128_store(y0 + q, wasm_f32x4_add(va, vb));
      wasm_v128_store(y1 + q, wasm_f32x4_add(wasm_f32x4_mul(d, wr), wasm_f32x4_mul(wasm_i32x4_shuffle(d, d, 1, 0, 3, 2), wi)));
    }
  }
}

// float64: one complex value a vector, the same products and sums as the scalar pass.
template <>
void pass<double>(const double* x, double* y, size_t l, size_t s, const double* tw) {
  const v128_t sign = wasm_f64x2_make(-1.0, 1.0);
  for (size_t p = 0; p < l; p++) {
    const v128_t wr = wasm_f64x2_splat(tw[2 * p * s]);
    const v128_t wi = wasm_f64x2_mul(wasm_f64x2_splat(tw[2 * p * s + 1]), sign);
    const double* a = x + 2 * s * p;
    const double* b = x + 2 * s * (p + l);
    double* y0 = y + 4 * s * p;
    double* y1 = y0 + 2 * s;
    for (size_t q = 0; q < 2 * s; q += 2) {
      const v128_t va = wasm_v128_load(a + q);
      const v128_t vb = wasm_v128_load(b + q);
      const v128_t d = wasm_f64x2_sub(va, vb);
      wasm_v128_store(y0 + q, wasm_f64x2_add(va, vb));
      wasm_v128_store(y1 + q, wasm_f64x2_add(wasm_f64x2_mul(d, wr), wasm_f64x2_mul(wasm_i64x2_shuffle(d, d, 1, 0), wi)));
    }
  }
}

// The forward FFT of a power of two m, from a into a (b is scratch of m complex).
template <class T>
void fft_pow2(T* a, T* b, size_t m, const T* tw) {
  T* from = a;
  T* to = b;
  for (size_t l = m / 2, s = 1; l >= 1; l /= 2, s *= 2) {
    pass(from, to, l, s, tw);
    T* t = from;
    from = to;
    to = t;
  }
  if (from != a) std::memcpy(a, from, 2 * m * sizeof(T));
}

// ---------------------------------------------------------------- the plan cache
// Tables live in a static arena (a bump allocator emptied when full), so
// that a cached plan is never heap memory a leak check would see.
alignas(16) unsigned char arena[fft_arena_bytes];
size_t arena_used = 0;

struct Entry {
  size_t n;
  size_t element_size;
  void* tables;
};
constexpr size_t kEntries = 16;
Entry entries[kEntries];
size_t entry_count = 0;

template <class T>
void fill_twiddles(T* tw, size_t m) {
  for (size_t t = 0; t < m / 2; t++) {
    const double angle = kTau * static_cast<double>(t) / static_cast<double>(m);
    tw[2 * t] = static_cast<T>(std::cos(angle));
    tw[2 * t + 1] = static_cast<T>(-std::sin(angle));
  }
}

// exp(-pi i k^2 / n), with k^2 taken mod 2n exactly so that the angle stays small.
void chirp_of(size_t k, size_t n, double* re, double* im) {
  const unsigned long long k2 = (static_cast<unsigned long long>(k) * k) % (2ull * n);
  const double angle = kPi * static_cast<double>(k2) / static_cast<double>(n);
  *re = std::cos(angle);
  *im = -std::sin(angle);
}

// The kernel FFT_m(b) / m, b the conjugate chirp laid out circularly, in
// float64 (its own float64 twiddles and scratch in `scratch`, 3m complex), rounded once to T.
template <class T>
void fill_bluestein(T* chirp, T* kernel, size_t n, size_t m, double* scratch) {
  double* b = scratch;
  double* tmp = scratch + 2 * m;
  double* tw = scratch + 4 * m;
  std::memset(b, 0, 2 * m * sizeof(double));
  for (size_t k = 0; k < n; k++) {
    double re, im;
    chirp_of(k, n, &re, &im);
    chirp[2 * k] = static_cast<T>(re);
    chirp[2 * k + 1] = static_cast<T>(im);
    b[2 * k] = re;
    b[2 * k + 1] = -im;
    if (k > 0) {
      b[2 * (m - k)] = re;
      b[2 * (m - k) + 1] = -im;
    }
  }
  fill_twiddles(tw, m);
  fft_pow2(b, tmp, m, tw);
  for (size_t i = 0; i < 2 * m; i++) kernel[i] = static_cast<T>(b[i] / static_cast<double>(m));
}

template <class T>
void fill_tables(T* tables, size_t n, double* scratch) {
  const size_t m = transform_length(n);
  fill_twiddles(tables, m);
  if (!is_pow2(n)) fill_bluestein(tables + 2 * (m / 2), tables + 2 * (m / 2) + 2 * n, n, m, scratch);
}

// The float64 scratch a Bluestein kernel needs while it is made: 3m complex.
size_t bluestein_scratch_doubles(size_t n) { return is_pow2(n) ? 0 : 6 * transform_length(n); }

// The tables for n: cached, newly cached, or (too large for the arena) made in `spare`.
template <class T>
const T* tables_for(size_t n, T* spare, double* scratch) {
  for (size_t i = 0; i < entry_count; i++) {
    if (entries[i].n == n && entries[i].element_size == sizeof(T)) return static_cast<const T*>(entries[i].tables);
  }
  const size_t bytes = (table_elements(n) * sizeof(T) + 15) & ~size_t{15};
  if (bytes > fft_arena_bytes) {
    fill_tables(spare, n, scratch);
    return spare;
  }
  if (arena_used + bytes > fft_arena_bytes || entry_count == kEntries) fft_release_plans();
  T* tables = reinterpret_cast<T*>(arena + arena_used);
  fill_tables(tables, n, scratch);
  arena_used += bytes;
  entries[entry_count++] = Entry{n, sizeof(T), tables};
  return tables;
}

// ---------------------------------------------------------------- any length
// work: [a: 2m][b: 2m][spare tables][float64 scratch for a Bluestein kernel], in elements of T.
template <class T>
void fft_any(const T* x, T* z, size_t n, bool inverse, T* work) {
  if (n == 1) {
    z[0] = x[0];
    z[1] = x[1];
    return;
  }
  const size_t m = transform_length(n);
  T* a = work;
  T* b = work + 2 * m;
  T* spare = work + 4 * m;
  double* scratch = reinterpret_cast<double*>(spare + ((table_elements(n) + 1) & ~size_t{1}));
  const T* tables = tables_for<T>(n, spare, scratch);
  const T sign = inverse ? T(-1) : T(1);  // the inverse as conj(FFT(conj(x)))
  if (is_pow2(n)) {
    for (size_t k = 0; k < n; k++) {
      a[2 * k] = x[2 * k];
      a[2 * k + 1] = sign * x[2 * k + 1];
    }
    fft_pow2(a, b, m, tables);
    for (size_t k = 0; k < n; k++) {
      z[2 * k] = a[2 * k];
      z[2 * k + 1] = sign * a[2 * k + 1];
    }
    return;
  }
  const T* chirp = tables + 2 * (m / 2);
  const T* kernel = chirp + 2 * n;
  for (size_t k = 0; k < n; k++) {  // a = x c, zero-padded to m
    const T xr = x[2 * k], xi = sign * x[2 * k + 1], cr = chirp[2 * k], ci = chirp[2 * k + 1];
    a[2 * k] = xr * cr - xi * ci;
    a[2 * k + 1] = xi * cr + xr * ci;
  }
  std::memset(a + 2 * n, 0, 2 * (m - n) * sizeof(T));
  fft_pow2(a, b, m, tables);
  for (size_t k = 0; k < m; k++) {  // conj(A K): the inverse of A K is then conj(FFT(conj(A K)))
    const T ar = a[2 * k], ai = a[2 * k + 1], kr = kernel[2 * k], ki = kernel[2 * k + 1];
    a[2 * k] = ar * kr - ai * ki;
    a[2 * k + 1] = -(ai * kr + ar * ki);
  }
  fft_pow2(a, b, m, tables);
  for (size_t k = 0; k < n; k++) {  // z = c conj(a), conjugated again for the inverse
    const T ar = a[2 * k], ai = -a[2 * k + 1], cr = chirp[2 * k], ci = chirp[2 * k + 1];
    z[2 * k] = ar * cr - ai * ci;
    z[2 * k + 1] = sign * (ai * cr + ar * ci);
  }
}

// ---------------------------------------------------------------- lines
template <class T>
void dft_lines(const T* x, const T* window, T* y, const DftLines& p, T* work) {
  const size_t n = p.n_fft;
  T* line = work;
  T* fft_work = work + 2 * n;
  for (size_t o = 0; o < p.outer; o++) {
    for (size_t i = 0; i < p.inner; i++) {
      const T* xl = x + o * p.outer_in + i * p.inner_in;
      T* yl = y + o * p.outer_out + i * p.inner_out;
      if (p.real_inverse) {
        // The full spectrum from its one-sided half: X[n - k] = conj(X[k]).
        for (size_t k = 0; k < n; k++) {
          const bool mirrored = k > n / 2;
          const size_t h = mirrored ? n - k : k;
          T re = 0, im = 0;
          if (h < p.n_in) {
            re = xl[h * p.sample_in];
            im = p.in_complex ? xl[h * p.sample_in + 1] : T(0);
          }
          line[2 * k] = re;
          line[2 * k + 1] = mirrored ? -im : im;
        }
      } else {
        const size_t count = p.n_in < n ? p.n_in : n;
        for (size_t k = 0; k < count; k++) {
          const T w = window != nullptr ? window[k] : T(1);
          line[2 * k] = xl[k * p.sample_in] * w;
          line[2 * k + 1] = p.in_complex ? xl[k * p.sample_in + 1] * w : T(0);
        }
        std::memset(line + 2 * count, 0, 2 * (n - count) * sizeof(T));
      }
      fft_any(line, line, n, p.inverse != 0, fft_work);
      for (size_t k = 0; k < p.n_out; k++) {
        T* at = yl + k * p.bin_out;
        // Division, not a product with 1/n: exact where the spectrum is (the same bits whatever n).
        at[0] = p.inverse ? line[2 * k] / static_cast<T>(n) : line[2 * k];
        if (!p.real_inverse) at[1] = p.inverse ? line[2 * k + 1] / static_cast<T>(n) : line[2 * k + 1];
      }
    }
  }
}

}  // namespace

size_t fft_work_elements(size_t n) {
  if (n <= 1) return 2;
  const size_t m = transform_length(n);
  // a and b, the spare tables (rounded to an even count), and float64 scratch as T elements.
  const size_t doubles = bluestein_scratch_doubles(n);
  return 4 * m + ((table_elements(n) + 1) & ~size_t{1}) + doubles * 2 + 2;
}

size_t dft_work_elements(size_t n_fft) { return 2 * n_fft + fft_work_elements(n_fft); }

void fft_release_plans() {
  entry_count = 0;
  arena_used = 0;
}

size_t fft_cached_plans() { return entry_count; }

void f32_fft(const float* x, float* z, size_t n, bool inverse, float* work) { fft_any(x, z, n, inverse, work); }
void f64_fft(const double* x, double* z, size_t n, bool inverse, double* work) { fft_any(x, z, n, inverse, work); }

void f32_dft_lines(const float* x, const float* window, float* y, const DftLines& p, float* work) {
  assert(p.n_fft >= 1);
  dft_lines(x, window, y, p, work);
}
void f64_dft_lines(const double* x, const double* window, double* y, const DftLines& p, double* work) {
  assert(p.n_fft >= 1);
  dft_lines(x, window, y, p, work);
}

}  // namespace tessera
