// Fill: every element of y set to one value (ConstantOfShape, and Tile's
// broadcast of a single element).
#include <cstring>

#include "bytes-v128.h"
#include "tessera/kernels.h"

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
void x4_fill(uint8_t* y, size_t n, uint8_t nibble) {
  nibble &= 0x0f;
  if (n >= 2) std::memset(y, nibble * 0x11, n / 2);
  if (n % 2) y[n / 2] = nibble;
}

void x2_fill(uint8_t* y, size_t n, uint8_t crumb) {
  crumb &= 0x03;
  const auto full = static_cast<uint8_t>(crumb * 0x55);
  if (n >= 4) std::memset(y, full, n / 4);
  if (n % 4) y[n / 4] = full & static_cast<uint8_t>((1u << (2 * (n % 4))) - 1);
}

}  // namespace tessera
