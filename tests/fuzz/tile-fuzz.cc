// Tile: an input shape, repeats (count, sign and size free) and an element
// width decoded from the fuzz bytes go through the API's checks; valid ones
// run the kernel into an exactly sized output, compared with the reference.
#include <memory>

#include "fuzz.h"
#include "reference/data-movement.h"
#include "tessera/kernels.h"
#include "validate.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  const size_t element_size = size_t{1} << (in.u8() % 5);
  const size_t rank = in.u8() % 9;
  uint32_t dims[8];
  uint64_t input_elements = 1;
  for (size_t i = 0; i < rank; ++i) {
    dims[i] = in.u8() % 9;
    input_elements *= dims[i];
  }
  // Usually one repeat per axis; sometimes a count that does not match.
  const uint8_t count_byte = in.u8();
  const size_t repeats_count = count_byte < 224 ? rank : count_byte % 9;
  int64_t repeats[8];
  for (size_t i = 0; i < repeats_count; ++i) repeats[i] = in.param();

  uint32_t repeats32[8];
  uint64_t elements = 0;
  if (tessera::validate::tile(static_cast<unsigned>(element_size * 8), rank, dims, repeats_count, repeats,
                              repeats32, &elements) != tessera::validate::Check::ok) {
    return 0;
  }
  const uint64_t out_bytes = elements * element_size;
  const uint64_t in_bytes = input_elements * element_size;
  if (out_bytes > fuzz::kFuzzBytes / 16 || in_bytes > fuzz::kFuzzBytes / 16 || elements == 0) return 0;  // the API calls no kernel for an empty output

  const std::vector<uint8_t> x = fuzz::input_bytes(in, in_bytes);
  std::vector<uint8_t> want(out_bytes), got(out_bytes, 0xcd);
  tessera::reference::tile(x.data(), want.data(), element_size, rank, dims, repeats32);
  tessera::xx_tile(x.data(), got.data(), element_size, rank, dims, repeats32);
  fuzz::expect_same("tile", got.data(), want.data(), out_bytes);
  return 0;
}
