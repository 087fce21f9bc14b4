// Fill: every element of y set to one value (ConstantOfShape, and Tile's
// broadcast of a single element).
#include <cstring>

#include "bytes-v128.h"
#include "tessera/kernels.h"
#include "tessera/tables.h"

namespace tessera {

// ---------------------------------------------------------------- xx
void xx_fill(void* y, size_t n, size_t element_size, const void* value) {
  TESSERA_ASSERT(is_element_size(element_size));
  const size_t bytes = n * element_size;
  if (bytes == 0) return;
  const auto* v = static_cast<const unsigned char*>(value);
  // Zeros, all-ones and every 8-bit value repeat one byte: memory.fill.
  bool one_byte = true;
  for (size_t i = 1; i < element_size; ++i) one_byte = one_byte && v[i] == v[0];
  if (one_byte) {
    std::memset(y, v[0], bytes);
  } else {
    fill_v128(y, bytes, splat_bytes(value, element_size));
  }
}

// ---------------------------------------------------------------- x4 / x2
// Whole bytes hold the value in every slot; a last, partial byte holds it in
// the slots that exist and zeros above them.
// n is 64-bit: a 2-bit output that fits in memory (4 GiB) has up to 2^34 elements.
void x4_fill(uint8_t* y, uint64_t n, uint8_t nibble) {
  nibble &= 0x0f;
  const auto whole = static_cast<size_t>(n / 2);
  if (whole > 0) std::memset(y, nibble * 0x11, whole);
  if (n % 2) y[whole] = nibble;
}

void x2_fill(uint8_t* y, uint64_t n, uint8_t crumb) {
  crumb &= 0x03;
  const auto full = static_cast<uint8_t>(crumb * 0x55);
  const auto whole = static_cast<size_t>(n / 4);
  if (whole > 0) std::memset(y, full, whole);
  if (n % 4) y[whole] = full & static_cast<uint8_t>((1u << (2 * (n % 4))) - 1);
}

}  // namespace tessera
