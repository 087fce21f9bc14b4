// Pack and unpack of 4- and 2-bit elements (how Tile and AsStrided move
// int4, uint4, float4e2m1, int2, uint2): the fuzz bytes are the packed input,
// of any length and any element count it holds. Unpack must match the
// reference; pack of the unpacked bytes must give the input back with unused
// bits cleared, and pack of arbitrary bytes must keep only the low bits.
#include "fuzz.h"
#include "reference/data-movement.h"
#include "tessera/kernels.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  const uint8_t head = in.u8();
  const unsigned bits = head & 1 ? 4 : 2;
  const size_t per_byte = 8 / bits;
  const size_t capacity = in.remaining() * per_byte;
  const size_t n = capacity - (capacity ? (head >> 1) % per_byte : 0);  // a partial last byte, sometimes
  const size_t packed_bytes = tessera::reference::packed_bytes(n, bits);
  const std::vector<uint8_t> packed(in.rest(), in.rest() + packed_bytes);

  std::vector<uint8_t> want(n), got(n, 0xcd);
  tessera::reference::unpack(packed.data(), want.data(), n, bits);
  if (bits == 4) tessera::x4_unpack(packed.data(), got.data(), n);
  else tessera::x2_unpack(packed.data(), got.data(), n);
  fuzz::expect_same("unpack", got.data(), want.data(), n);

  // Arbitrary bytes (the packed input read as one element a byte) packed.
  const std::vector<uint8_t> bytes(in.rest(), in.rest() + n / per_byte);
  const size_t m = bytes.size();
  std::vector<uint8_t> repacked_want(tessera::reference::packed_bytes(m, bits));
  std::vector<uint8_t> repacked(repacked_want.size(), 0xcd);
  tessera::reference::pack(bytes.data(), repacked_want.data(), m, bits);
  if (bits == 4) tessera::x4_pack(bytes.data(), repacked.data(), m);
  else tessera::x2_pack(bytes.data(), repacked.data(), m);
  fuzz::expect_same("pack", repacked.data(), repacked_want.data(), repacked.size());

  // Round trip: the input with bits past the last element cleared.
  std::vector<uint8_t> round(packed_bytes, 0xcd), expected(packed_bytes);
  tessera::reference::pack(want.data(), expected.data(), n, bits);
  if (bits == 4) tessera::x4_pack(got.data(), round.data(), n);
  else tessera::x2_pack(got.data(), round.data(), n);
  fuzz::expect_same("pack(unpack)", round.data(), expected.data(), packed_bytes);
  return 0;
}
