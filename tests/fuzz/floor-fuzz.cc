// Floor, one target per float type (FLOOR_TYPE = f32, f64, f16, bf16): the
// fuzz bytes are the input's bit patterns, every NaN payload, subnormal and
// tail length included. Each element must match the reference bit for bit,
// in place and out of place, at any alignment.
// fuzz variants: FLOOR_TYPE f32 f64 f16 bf16
#include <memory>

#include "fuzz.h"
#include "reference/floor.h"
#include "tessera/kernels.h"

namespace {

#define FLOOR_CASE(name, T, kernel, ref) \
  struct name {                          \
    using Type = T;                      \
    static constexpr const char* kName = #kernel; \
    static void run(const T* x, T* y, size_t n) { tessera::kernel(x, y, n); } \
    static T reference(T v) { return tessera::reference::ref(v); } \
  };
FLOOR_CASE(f32, float, f32_floor, floor_f32)
FLOOR_CASE(f64, double, f64_floor, floor_f64)
FLOOR_CASE(f16, uint16_t, f16_floor, floor_f16)
FLOOR_CASE(bf16, uint16_t, bf16_floor, floor_bf16)

using Case = FLOOR_TYPE;
using T = Case::Type;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  const uint8_t flags = in.u8();
  const bool in_place = flags & 1;
  const size_t misalign = (flags >> 1) % sizeof(T);  // element-aligned, as typed arrays are
  const size_t n = in.remaining() / sizeof(T);
  const size_t bytes = n * sizeof(T);

  // The input ends exactly where its allocation does.
  std::unique_ptr<uint8_t[]> x_storage(new uint8_t[bytes + misalign * sizeof(T)]);
  auto* x = reinterpret_cast<T*>(x_storage.get() + misalign * sizeof(T));
  std::memcpy(x, in.rest(), bytes);

  std::vector<T> want(n);
  for (size_t i = 0; i < n; ++i) want[i] = Case::reference(x[i]);

  std::unique_ptr<T[]> y_storage(in_place ? nullptr : new T[n]);
  T* y = in_place ? x : y_storage.get();
  Case::run(x, y, n);
  fuzz::expect_same(Case::kName, reinterpret_cast<const uint8_t*>(y), reinterpret_cast<const uint8_t*>(want.data()), bytes);
  return 0;
}
