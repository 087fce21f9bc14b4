// Fill (ConstantOfShape): a shape and a value decoded from the fuzz bytes go
// through the API's checks; valid ones fill an exactly sized output, for
// every element width and the packed 4- and 2-bit types, compared with the
// reference byte for byte (the unused bits of a packed last byte must be 0).
#include <memory>

#include "fuzz.h"
#include "reference/data-movement.h"
#include "tessera/kernels.h"
#include "validate.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  static constexpr unsigned kBits[] = {8, 16, 32, 64, 128, 4, 2};
  const unsigned bits = kBits[in.u8() % 7];
  const size_t rank = in.u8() % 6;
  int64_t shape[8];
  for (size_t i = 0; i < rank; ++i) shape[i] = in.param();
  uint8_t value[16];
  for (auto& b : value) b = in.u8();

  uint64_t elements = 0;
  if (tessera::validate::constant_of_shape(bits, rank, shape, &elements) != tessera::validate::Check::ok) return 0;
  const uint64_t bytes = (elements * bits + 7) / 8;
  if (bytes > fuzz::kFuzzBytes) return 0;

  std::vector<uint8_t> want(bytes), got(bytes, 0xcd);  // junk: every byte must be written
  if (bits >= 8) {
    tessera::reference::fill(want.data(), elements, bits / 8, value);
    tessera::xx_fill(got.data(), elements, bits / 8, value);
  } else {
    tessera::reference::fill_packed(want.data(), elements, bits, value[0] & ((1u << bits) - 1));
    if (bits == 4) tessera::x4_fill(got.data(), elements, value[0]);
    else tessera::x2_fill(got.data(), elements, value[0]);
  }
  fuzz::expect_same("fill", got.data(), want.data(), bytes);
  return 0;
}
