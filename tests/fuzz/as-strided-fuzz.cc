// AsStrided: an input length, size, stride and offset (counts, signs and
// sizes free) and an element width decoded from the fuzz bytes go through
// the API's checks; valid ones run the kernel over an exactly sized input
// (a read past it is AddressSanitizer's) into an exactly sized output,
// compared with the reference.
#include <memory>

#include "fuzz.h"
#include "reference/data-movement.h"
#include "tessera/kernels.h"
#include "validate.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  const size_t element_size = size_t{1} << (in.u8() % 5);
  const uint64_t input_elements = in.u16() % 4097;
  const size_t rank = in.u8() % 10;  // 9: one past ATB's limit
  const uint8_t count_byte = in.u8();
  const bool mismatch = count_byte >= 240;
  const size_t stride_count = mismatch ? count_byte % 10 : rank;
  const size_t offset_count = mismatch ? count_byte % 3 : 1;
  int64_t sizes[9], strides[9], offset[2];
  for (size_t i = 0; i < rank; ++i) sizes[i] = in.param();
  for (size_t i = 0; i < stride_count; ++i) strides[i] = in.param();
  for (size_t i = 0; i < offset_count; ++i) offset[i] = in.param();

  uint32_t size32[8], stride32[8], offset32 = 0;
  uint64_t elements = 0;
  if (tessera::validate::as_strided(static_cast<unsigned>(element_size * 8), input_elements, rank, sizes,
                                    stride_count, strides, offset_count, offset, size32, stride32, &offset32,
                                    &elements) != tessera::validate::Check::ok) {
    return 0;
  }
  const uint64_t out_bytes = elements * element_size;
  if (out_bytes > fuzz::kFuzzBytes) return 0;

  const std::vector<uint8_t> x = fuzz::input_bytes(in, input_elements * element_size);
  std::vector<uint8_t> want(out_bytes), got(out_bytes, 0xcd);
  tessera::reference::as_strided(x.data(), want.data(), element_size, rank, size32, stride32, offset32);
  tessera::xx_as_strided(x.data(), got.data(), element_size, rank, size32, stride32, offset32);
  fuzz::expect_same("as_strided", got.data(), want.data(), out_bytes);
  return 0;
}
