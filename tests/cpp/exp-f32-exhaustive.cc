// The proof of exp-f32-v128.h's bound: math32::exp_f32x4 over every float32
// bit pattern (or every stride-th, given a stride), against double exp.
// Native only (built by CMakeLists.txt as tessera_exp_f32_exhaustive with
// -ffp-contract=off; scripts/test.sh runs it whole). Usage:
//   build/native/tessera_exp_f32_exhaustive [stride]
// Exit status 0 iff every input's result is within 1 ulp of exp(x):
//   - the error is |got - exp(x)| in ulps of the float32 result at exp(x)
//     (2^-149 below 2^-126), with exp(x) from double libm: glibc's exp is
//     within 0.52 double ulps, 2^-29 of a float32 ulp, so "measured < 1 -
//     2^-20" is "true error < 1" with room to spare;
//   - +Inf exactly where exp(x) rounds to +Inf (x > 88.72284), NaN for NaN,
//     +0 only where exp(x) < 2^-149 (within 1 ulp of 0).
// Prints the maximum error, where it is, and how many results are not the
// correctly rounded one (by the double value; ties cannot occur: exp of a
// nonzero float is irrational).
#include <atomic>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "kernels/exp-f32-v128.h"

namespace {

float from_bits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

struct Stats {
  double worst = 0, worst_normal = 0;  // all finite results; normal ones (>= 2^-126)
  uint32_t worst_bits = 0;
  uint64_t checked = 0, not_nearest = 0, failures = 0;
};

// Largest exp(x) that still rounds to FLT_MAX: FLT_MAX + half its ulp.
const double kOverflow = static_cast<double>(FLT_MAX) + std::ldexp(1.0, 127 - 24);

void check(uint32_t bits, float got, Stats& s) {
  const float x = from_bits(bits);
  s.checked++;
  if (std::isnan(x)) {
    if (!std::isnan(got)) s.failures++;
    return;
  }
  const double want = std::exp(static_cast<double>(x));
  if (std::isinf(got) || want >= kOverflow) {
    if (!(std::isinf(got) && got > 0 && want >= kOverflow)) {
      if (s.failures++ < 10) std::printf("overflow mismatch at %a: got %a, exp %a\n", x, got, want);
    }
    return;
  }
  int e;
  std::frexp(want, &e);
  const double ulp = std::ldexp(1.0, std::max(e, -125) - 24);
  const double err = std::fabs(static_cast<double>(got) - want) / ulp;
  if (err > s.worst) s.worst = err, s.worst_bits = bits;
  if (want >= 0x1p-126 && err > s.worst_normal) s.worst_normal = err;
  if (static_cast<float>(want) != got) s.not_nearest++;
  if (!(err < 1 - 0x1p-20) || std::signbit(got)) {
    if (s.failures++ < 10) std::printf("error %.6f ulp at %a: got %a, exp %a\n", err, x, got, want);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const uint64_t stride = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  if (stride == 0) return 2;
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<Stats> stats(threads);
  std::vector<std::thread> pool;
  constexpr uint64_t kAll = uint64_t{1} << 32;
  const uint64_t count = (kAll + stride - 1) / stride;
  for (unsigned t = 0; t < threads; t++) {
    pool.emplace_back([&, t] {
      Stats& s = stats[t];
      alignas(16) uint32_t in[4];
      alignas(16) float out[4];
      // Thread t takes blocks of 4 consecutive inputs (by index i * stride).
      for (uint64_t i0 = uint64_t{t} * 4; i0 < count; i0 += uint64_t{threads} * 4) {
        for (int j = 0; j < 4; j++) in[j] = static_cast<uint32_t>(std::min(i0 + j, count - 1) * stride);
        wasm_v128_store(out, tessera::math32::exp_f32x4(wasm_v128_load(in)));
        for (int j = 0; j < 4 && i0 + j < count; j++) check(in[j], out[j], s);
      }
    });
  }
  for (auto& th : pool) th.join();
  Stats total;
  for (const Stats& s : stats) {
    total.checked += s.checked, total.not_nearest += s.not_nearest, total.failures += s.failures;
    if (s.worst > total.worst) total.worst = s.worst, total.worst_bits = s.worst_bits;
    total.worst_normal = std::max(total.worst_normal, s.worst_normal);
  }
  std::printf("float32 exp (f32x4): %llu inputs (stride %llu), max error %.6f ulp at %a (bits %08x; normal results %.6f), %llu not correctly rounded, %llu failures\n",
              static_cast<unsigned long long>(total.checked), static_cast<unsigned long long>(stride), total.worst,
              from_bits(total.worst_bits), total.worst_bits, total.worst_normal, static_cast<unsigned long long>(total.not_nearest),
              static_cast<unsigned long long>(total.failures));
  return total.failures == 0 && total.checked == count ? 0 : 1;
}
