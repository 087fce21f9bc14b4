// Cast: every kernel of tessera/casts.inc against its slow reference
// (reference/cast.h). The first byte picks the kernel (its row, modulo the
// table's length: a row added to casts.inc is fuzzed with no edit here), the
// second the layout (in place for same-width pairs; the input's and the
// output's offsets in elements, 0 to 3, so every lane position and tail);
// the rest are the input's bit patterns, every NaN payload, subnormal and
// length included. Each output element must be the reference's bit for bit
// (a float output may be any NaN where the reference's is a NaN, as the
// doctest and the JS suites allow: Cast defines no NaN payload), every
// output written, nothing written past it, and the input left unchanged.
#include <cmath>
#include <memory>
#include <type_traits>

#include "fuzz.h"
#include "reference/cast.h"
#include "tessera/kernels.h"

namespace {

template <class T>
bool same(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a) && std::isnan(b)) return true;
  }
  return std::memcmp(&a, &b, sizeof a) == 0;
}

template <class In, class Out>
void check(const char* name, void (*kernel)(const In*, Out*, size_t), Out (*reference)(In), fuzz::Input& in) {
  const uint8_t layout = in.u8();
  const bool in_place = (layout & 1) && sizeof(In) == sizeof(Out);
  const size_t x_shift = (layout >> 1) % 4;
  const size_t y_shift = (layout >> 3) % 4;
  const size_t n = std::min(in.remaining() / sizeof(In), static_cast<size_t>(fuzz::kFuzzBytes) / sizeof(Out));

  // Each buffer ends exactly where its allocation does.
  std::unique_ptr<In[]> x_storage(new In[x_shift + n]);
  In* x = x_storage.get() + x_shift;
  std::memcpy(x, in.rest(), n * sizeof(In));
  const std::vector<In> input(x, x + n);
  std::vector<Out> want(n);
  for (size_t i = 0; i < n; ++i) want[i] = reference(x[i]);

  std::unique_ptr<uint8_t[]> y_storage(in_place ? nullptr : new uint8_t[(y_shift + n) * sizeof(Out)]);
  Out* y = in_place ? reinterpret_cast<Out*>(x) : reinterpret_cast<Out*>(y_storage.get()) + y_shift;
  if (!in_place) std::memset(y, 0xcd, n * sizeof(Out));  // junk: every element must be written
  kernel(x, y, n);
  for (size_t i = 0; i < n; ++i) {
    if (!same(y[i], want[i])) fuzz::fail(name, "kernel output differs from the reference", i * sizeof(Out));
  }
  if (!in_place && n && std::memcmp(x, input.data(), n * sizeof(In)) != 0) fuzz::fail(name, "the kernel wrote to its input", 0);
}

using Run = void (*)(fuzz::Input&);
#define TESSERA_CAST(from, to, kernel, In, Out) \
  [](fuzz::Input& in) { check<In, Out>(#kernel, tessera::kernel, tessera::reference::kernel, in); },
#define TESSERA_CAST_UNSATURATED(to, kernel) \
  [](fuzz::Input& in) { check<float, uint8_t>(#kernel, tessera::kernel, tessera::reference::kernel, in); },
const Run kRuns[] = {
#include "tessera/casts.inc"
};
#undef TESSERA_CAST
#undef TESSERA_CAST_UNSATURATED
constexpr size_t kKernels = sizeof kRuns / sizeof kRuns[0];

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  kRuns[in.u8() % kKernels](in);
  return 0;
}
