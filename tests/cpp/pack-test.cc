// Pack and unpack against the reference and each other, for every length
// 0..67 (and a few spanning several vectors): unused trailing bits come out
// 0, high bits of the byte form are ignored, nothing is written past the end.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "buffers.h"
#include "reference/data-movement.h"
#include "tessera/kernels.h"

using testing::Output;

namespace {

void pack(unsigned bits, const uint8_t* bytes, uint8_t* packed, size_t n) {
  if (bits == 4) {
    tessera::x4_pack(bytes, packed, n);
  } else {
    tessera::x2_pack(bytes, packed, n);
  }
}

void unpack(unsigned bits, const uint8_t* packed, uint8_t* bytes, size_t n) {
  if (bits == 4) {
    tessera::x4_unpack(packed, bytes, n);
  } else {
    tessera::x2_unpack(packed, bytes, n);
  }
}

std::vector<size_t> lengths() {
  std::vector<size_t> n;
  for (size_t i = 0; i <= 67; ++i) n.push_back(i);
  for (size_t i : {127, 128, 129, 255, 256, 257, 1001}) n.push_back(i);
  return n;
}

}  // namespace

TEST_CASE("x4 and x2 pack/unpack: every length, against the reference and round trip") {
  std::mt19937 rng(11);
  for (unsigned bits : {4u, 2u}) {
    const auto mask = static_cast<uint8_t>((1u << bits) - 1);
    for (size_t n : lengths()) {
      CAPTURE(bits);
      CAPTURE(n);
      const size_t packed_bytes = tessera::reference::packed_bytes(n, bits);

      // Bytes with junk in their high bits: pack keeps only the low bits.
      auto bytes = testing::random_bytes(rng, n + 1);  // never empty, so data() is a real pointer
      const auto bytes_before = bytes;
      Output packed(packed_bytes), expected_packed(packed_bytes);
      pack(bits, bytes.data(), packed.data(), n);
      tessera::reference::pack(bytes.data(), expected_packed.data(), n, bits);
      REQUIRE(packed.contents() == expected_packed.contents());
      REQUIRE(packed.canaries_intact());
      REQUIRE(bytes == bytes_before);
      if (n * bits % 8 != 0) {
        const unsigned used = static_cast<unsigned>(n * bits % 8);
        REQUIRE((packed.contents().back() >> used) == 0);
      }

      // Unpack gives the low bits back.
      Output unpacked(n);
      const auto packed_before = packed.contents();
      unpack(bits, packed.data(), unpacked.data(), n);
      REQUIRE(packed.contents() == packed_before);
      REQUIRE(unpacked.canaries_intact());
      const auto out = unpacked.contents();
      for (size_t i = 0; i < n; ++i) REQUIRE(out[i] == (bytes[i] & mask));

      // Unpack of arbitrary packed bytes matches the reference, and packs back
      // to the same bytes with the unused trailing bits cleared.
      auto random_packed = testing::random_bytes(rng, packed_bytes + 1);
      Output a(n), b(n);
      unpack(bits, random_packed.data(), a.data(), n);
      tessera::reference::unpack(random_packed.data(), b.data(), n, bits);
      REQUIRE(a.contents() == b.contents());
      REQUIRE(a.canaries_intact());
      Output repacked(packed_bytes);
      pack(bits, a.data(), repacked.data(), n);
      auto cleared = random_packed;
      cleared.resize(packed_bytes);
      if (n * bits % 8 != 0) cleared.back() &= static_cast<uint8_t>((1u << (n * bits % 8)) - 1);
      REQUIRE(repacked.contents() == cleared);
      REQUIRE(repacked.canaries_intact());
    }
  }
}

TEST_CASE("packed layout: element 0 in the lowest bits") {
  const uint8_t bytes[5] = {0x1, 0x2, 0x3, 0x0, 0x3};
  uint8_t packed[2] = {0xff, 0xff};
  tessera::x4_pack(bytes, packed, 3);
  CHECK(packed[0] == 0x21);
  CHECK(packed[1] == 0x03);
  tessera::x2_pack(bytes, packed, 5);
  CHECK(packed[0] == 0x39);  // 0b00'11'10'01
  CHECK(packed[1] == 0x03);
}
