// Resize's filter pass (float32 and uint8 paths) against the slow reference,
// bit for bit, on shapes, tables and values from the fuzz bytes.
#include <cstring>
#include <vector>

#include "fuzz.h"
#include "reference/resize.h"
#include "tessera/image-audio.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  const uint32_t outer = 1 + in.u8() % 4, n_in = 1 + in.u8() % 9, n_out = 1 + in.u8() % 9;
  const uint32_t inner = in.u8() % 11, taps = 1 + in.u8() % 8;
  const bool bytes = in.u8() & 1;
  std::vector<double> w(size_t{n_out} * taps);
  std::vector<int32_t> idx(w.size());
  for (size_t k = 0; k < w.size(); k++) {
    w[k] = static_cast<double>(in.i16()) / 4096.0;
    const uint8_t r = in.u8();
    // -1 (extrapolate) only as a position's first tap, as the caller writes it and the binding checks.
    idx[k] = r == 255 && k % taps == 0 ? -1 : static_cast<int32_t>(r % n_in);
  }
  const double extrapolation = static_cast<double>(in.i16()) / 16.0;
  const tessera::ResizeAxis a{outer, n_in, n_out, inner, taps};
  const size_t nx = size_t{outer} * n_in * inner, ny = size_t{outer} * n_out * inner;
  if (bytes) {
    std::vector<uint8_t> x(nx), got(ny), want(ny);
    for (auto& v : x) v = in.u8();
    tessera::resize_filter(x.data(), got.data(), 2, 2, a, w.data(), idx.data(), extrapolation);
    tessera::reference::resize_filter(x.data(), want.data(), outer, n_in, n_out, inner, taps, w.data(), idx.data(), extrapolation);
    fuzz::expect_same("resize u8", got.data(), want.data(), ny);
  } else {
    std::vector<float> x(nx), got(ny), want(ny);
    for (auto& v : x) {
      const uint32_t bits = in.u32();
      std::memcpy(&v, &bits, 4);
    }
    tessera::resize_filter(x.data(), got.data(), 1, 1, a, w.data(), idx.data(), extrapolation);
    tessera::reference::resize_filter(x.data(), want.data(), outer, n_in, n_out, inner, taps, w.data(), idx.data(), extrapolation);
    fuzz::expect_same("resize f32", reinterpret_cast<const uint8_t*>(got.data()), reinterpret_cast<const uint8_t*>(want.data()), ny * 4);
  }
  return 0;
}
