// float16 and bfloat16 in float32 lanes: the conversions Cast and the
// elementwise kernels share (one implementation, so every kernel rounds
// the same way). Each works on one 16-bit value in the low half of every
// 32-bit lane.
#pragma once
#include "tessera/simd.h"

namespace tessera {

// ---------------------------------------------------------------- f16 <-> f32
// binary16 in the low 16 bits of each u32 lane -> binary32 bits, with no
// arithmetic on f32 subnormals (x86 takes a microcode assist of ~100 cycles
// on each: with 3% subnormal halves a multiply-by-2^112 version ran 2.4x
// slower) and no int -> float convert (LLVM scalarizes a convert of widened
// u16 lanes into four extract/convert/replace). Normal halves: the exponent
// and fraction shifted into place, the exponent rebiased by +112. Subnormal
// halves (zeros too): the same bits rebiased by +113 read 2^-14 * (1 + m/1024);
// subtracting 2^-14 leaves m * 2^-24 exactly, in normal floats. Inf and NaN:
// the all-ones exponent widened, the fraction (NaN payload) kept.
inline v128_t f16x4_to_f32x4(v128_t h) {
  const v128_t sign = wasm_i32x4_shl(wasm_v128_and(h, wasm_i32x4_splat(0x8000)), 16);
  const v128_t magnitude = wasm_v128_and(h, wasm_i32x4_splat(0x7fff));
  const v128_t shifted = wasm_i32x4_shl(magnitude, 13);
  const v128_t normal = wasm_i32x4_add(shifted, wasm_i32x4_splat(112 << 23));
  const v128_t subnormal =
      wasm_f32x4_sub(wasm_i32x4_add(shifted, wasm_i32x4_splat(113 << 23)), wasm_f32x4_splat(0x1p-14f));
  const v128_t special = wasm_v128_or(shifted, wasm_i32x4_splat(0x7f800000));
  v128_t f = wasm_v128_bitselect(subnormal, normal, wasm_i32x4_lt(magnitude, wasm_i32x4_splat(0x0400)));
  f = wasm_v128_bitselect(special, f, wasm_i32x4_ge(magnitude, wasm_i32x4_splat(0x7c00)));
  return wasm_v128_or(sign, f);
}

// binary32 bits -> binary16 in the low 16 bits of each lane, round to nearest
// even (overflow to Inf, NaN to 0x7e00 without its sign, as tw.encode does).
// Three results made for every lane and the right one selected: subnormal
// halves by adding 0.5 (the float adder rounds to nearest even at the half's
// last subnormal place), normal ones by rounding the bits at bit 13 with a
// carry that may run into the exponent (and up to Inf).
inline v128_t f32x4_to_f16x4(v128_t f) {
  const v128_t sign_bit = wasm_v128_and(f, wasm_i32x4_splat(static_cast<int32_t>(0x80000000u)));
  const v128_t a = wasm_v128_xor(f, sign_bit);
  const v128_t half = wasm_i32x4_splat(0x3f000000);  // 0.5
  const v128_t subnormal = wasm_i32x4_sub(wasm_f32x4_add(a, half), half);
  const v128_t odd = wasm_v128_and(wasm_u32x4_shr(a, 13), wasm_i32x4_splat(1));
  const v128_t normal = wasm_u32x4_shr(
      wasm_i32x4_add(wasm_i32x4_add(a, wasm_i32x4_splat(static_cast<int32_t>(0xc8000fffu))), odd), 13);
  const v128_t overflow = wasm_i32x4_splat(0x7c00);
  v128_t h = wasm_v128_bitselect(subnormal, normal, wasm_i32x4_lt(a, wasm_i32x4_splat(113 << 23)));
  h = wasm_v128_bitselect(overflow, h, wasm_i32x4_ge(a, wasm_i32x4_splat(0x47800000)));  // >= 65536
  h = wasm_v128_or(h, wasm_u32x4_shr(sign_bit, 16));
  return wasm_v128_bitselect(wasm_i32x4_splat(0x7e00), h, wasm_i32x4_gt(a, wasm_i32x4_splat(0x7f800000)));
}

// binary32 bits -> bfloat16 in the low 16 bits, round to nearest even on
// the whole bits (the carry reaches Inf by itself), NaN to 0x7fc0.
inline v128_t f32x4_to_bf16x4(v128_t f) {
  const v128_t odd = wasm_v128_and(wasm_u32x4_shr(f, 16), wasm_i32x4_splat(1));
  const v128_t rounded = wasm_u32x4_shr(wasm_i32x4_add(wasm_i32x4_add(f, wasm_i32x4_splat(0x7fff)), odd), 16);
  return wasm_v128_bitselect(wasm_i32x4_splat(0x7fc0), rounded, wasm_f32x4_ne(f, f));
}

// ---------------------------------------------------------------- 8 halves as two f32x4
// The even elements of a vector of eight halves (the low half of each 32-bit
// lane) and the odd ones (the high half), as floats: no shuffle, and the two
// results merge back by a shift and an or. Lane order does not matter to an
// elementwise op as long as every operand is split the same way.
struct F16Lanes {
  static v128_t even(v128_t h) { return f16x4_to_f32x4(wasm_v128_and(h, wasm_i32x4_splat(0xffff))); }
  static v128_t odd(v128_t h) { return f16x4_to_f32x4(wasm_u32x4_shr(h, 16)); }
  static v128_t merge(v128_t even, v128_t odd) {
    return wasm_v128_or(f32x4_to_f16x4(even), wasm_i32x4_shl(f32x4_to_f16x4(odd), 16));
  }
};

// bfloat16 is the top half of a float32: the odd elements already sit there
// (the even ones below them masked off), a shift puts the even ones there.
struct BF16Lanes {
  static v128_t even(v128_t h) { return wasm_i32x4_shl(h, 16); }
  static v128_t odd(v128_t h) { return wasm_v128_and(h, wasm_i32x4_splat(static_cast<int32_t>(0xffff0000u))); }
  static v128_t merge(v128_t even, v128_t odd) {
    return wasm_v128_or(f32x4_to_bf16x4(even), wasm_i32x4_shl(f32x4_to_bf16x4(odd), 16));
  }
};

}  // namespace tessera
