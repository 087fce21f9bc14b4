// Packed 4-bit and 2-bit storage <-> one element per byte, so that Tile and
// AsStrided of int4, uint4, float4e2m1, int2 and uint2 run the x8 kernels.
//
// x4: element i in the low nibble of byte i/2 when i is even, the high nibble
//     when odd. x2: element i in bits 2*(i%4)..2*(i%4)+1 of byte i/4.
// Pack takes the low 4 (2) bits of each byte and leaves unused bits 0.
#include "bytes-v128.h"
#include "tessera/kernels.h"

namespace tessera {

// ---------------------------------------------------------------- x4
void x4_unpack(const uint8_t* packed, uint8_t* bytes, size_t n) {
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const v128_t v = wasm_v128_load(packed + i / 2);
    const v128_t lo = wasm_v128_and(v, wasm_i8x16_splat(0x0f));
    const v128_t hi = wasm_u8x16_shr(v, 4);
    wasm_v128_store(bytes + i, zip_lo<1>(lo, hi));
    wasm_v128_store(bytes + i + 16, zip_hi<1>(lo, hi));
  }
  for (; i < n; ++i) bytes[i] = (packed[i / 2] >> (4 * (i % 2))) & 0x0f;
}

// Each 16-bit lane holds elements 2k and 2k+1: one shift puts the second
// beside the first in the lane's low byte, and narrowing keeps that byte.
static inline v128_t x4_pack_pairs(v128_t v) {
  const v128_t x = wasm_v128_and(v, wasm_i16x8_splat(0x0f0f));
  return wasm_v128_and(wasm_v128_or(x, wasm_u16x8_shr(x, 4)), wasm_i16x8_splat(0x00ff));
}

void x4_pack(const uint8_t* bytes, uint8_t* packed, size_t n) {
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const v128_t a = x4_pack_pairs(wasm_v128_load(bytes + i));
    const v128_t b = x4_pack_pairs(wasm_v128_load(bytes + i + 16));
    wasm_v128_store(packed + i / 2, wasm_u8x16_narrow_i16x8(a, b));
  }
  for (; i < n; ++i) {
    const auto bits = static_cast<uint8_t>((bytes[i] & 0x0f) << (4 * (i % 2)));
    packed[i / 2] = i % 2 ? static_cast<uint8_t>(packed[i / 2] | bits) : bits;
  }
}

// ---------------------------------------------------------------- x2
void x2_unpack(const uint8_t* packed, uint8_t* bytes, size_t n) {
  size_t i = 0;
  for (; i + 64 <= n; i += 64) {
    const v128_t v = wasm_v128_load(packed + i / 4);
    const v128_t mask = wasm_i8x16_splat(0x03);
    const v128_t c0 = wasm_v128_and(v, mask);
    const v128_t c1 = wasm_v128_and(wasm_u8x16_shr(v, 2), mask);
    const v128_t c2 = wasm_v128_and(wasm_u8x16_shr(v, 4), mask);
    const v128_t c3 = wasm_u8x16_shr(v, 6);
    // Pairs (c0, c1) and (c2, c3) of each byte, then the two pairs side by side.
    const v128_t c01_lo = zip_lo<1>(c0, c1), c01_hi = zip_hi<1>(c0, c1);
    const v128_t c23_lo = zip_lo<1>(c2, c3), c23_hi = zip_hi<1>(c2, c3);
    wasm_v128_store(bytes + i, zip_lo<2>(c01_lo, c23_lo));
    wasm_v128_store(bytes + i + 16, zip_hi<2>(c01_lo, c23_lo));
    wasm_v128_store(bytes + i + 32, zip_lo<2>(c01_hi, c23_hi));
    wasm_v128_store(bytes + i + 48, zip_hi<2>(c01_hi, c23_hi));
  }
  for (; i < n; ++i) bytes[i] = (packed[i / 4] >> (2 * (i % 4))) & 0x03;
}

// Each 32-bit lane holds elements 4k..4k+3: two shift-and-or steps gather
// their 8 bits in the lane's low byte, and two narrowings keep that byte.
static inline v128_t x2_pack_quads(v128_t v) {
  v128_t x = wasm_v128_and(v, wasm_i32x4_splat(0x03030303));
  x = wasm_v128_and(wasm_v128_or(x, wasm_u32x4_shr(x, 6)), wasm_i32x4_splat(0x000f000f));
  return wasm_v128_and(wasm_v128_or(x, wasm_u32x4_shr(x, 12)), wasm_i32x4_splat(0x000000ff));
}

void x2_pack(const uint8_t* bytes, uint8_t* packed, size_t n) {
  size_t i = 0;
  for (; i + 64 <= n; i += 64) {
    const v128_t a = x2_pack_quads(wasm_v128_load(bytes + i));
    const v128_t b = x2_pack_quads(wasm_v128_load(bytes + i + 16));
    const v128_t c = x2_pack_quads(wasm_v128_load(bytes + i + 32));
    const v128_t d = x2_pack_quads(wasm_v128_load(bytes + i + 48));
    wasm_v128_store(packed + i / 4, wasm_u8x16_narrow_i16x8(wasm_u16x8_narrow_i32x4(a, b),
                                                            wasm_u16x8_narrow_i32x4(c, d)));
  }
  for (; i < n; ++i) {
    const auto bits = static_cast<uint8_t>((bytes[i] & 0x03) << (2 * (i % 4)));
    packed[i / 4] = i % 4 ? static_cast<uint8_t>(packed[i / 4] | bits) : bits;
  }
}

}  // namespace tessera
