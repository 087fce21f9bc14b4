// Floor, toward -infinity, for the four float formats ONNX Floor allows.
#include "map-v128.h"
#include "tessera/kernels.h"

namespace tessera {
namespace {

// ---------------------------------------------------------------- f32 / f64
// f32x4.floor already keeps -0 and infinities; NaN lanes take the input's bits
// so the payload survives exactly (the hardware may quiet or canonicalize it).
inline v128_t f32x4_floor_keep_nan(v128_t x) {
  return wasm_v128_bitselect(x, wasm_f32x4_floor(x), wasm_f32x4_ne(x, x));
}

inline v128_t f64x2_floor_keep_nan(v128_t x) {
  return wasm_v128_bitselect(x, wasm_f64x2_floor(x), wasm_f64x2_ne(x, x));
}

// ---------------------------------------------------------------- f16
// Four binary16 patterns in the low halves of u32 lanes -> floor, same layout.
//
// The magnitude shifted into f32 position and scaled by 2^112 is the exact
// f32 value of every half, subnormals included; Inf and NaN land on finite
// integers (2^16 * 1.m) that floor leaves alone, so their bits come back
// unchanged. floor(x) of a half is itself a half (|x| < 1024 has a fraction,
// and floor of it needs at most 11 significant bits), so scaling back by
// 2^-112 and shifting down is exact.
inline v128_t floor_half_in_u32(v128_t h) {
  const v128_t sign = wasm_v128_and(h, wasm_i32x4_splat(0x8000));
  const v128_t magnitude = wasm_v128_and(h, wasm_i32x4_splat(0x7fff));
  v128_t f = wasm_f32x4_mul(wasm_i32x4_shl(magnitude, 13), wasm_f32x4_splat(0x1p112f));
  f = wasm_v128_or(f, wasm_i32x4_shl(sign, 16));
  f = wasm_f32x4_floor(f);
  const v128_t back = wasm_f32x4_mul(wasm_f32x4_abs(f), wasm_f32x4_splat(0x1p-112f));
  return wasm_v128_or(wasm_u32x4_shr(back, 13), sign);
}

inline v128_t f16x8_floor(v128_t h) {
  return wasm_u16x8_narrow_i32x4(floor_half_in_u32(wasm_u32x4_extend_low_u16x8(h)),
                                 floor_half_in_u32(wasm_u32x4_extend_high_u16x8(h)));
}

// ---------------------------------------------------------------- bf16
// bfloat16 is the top half of an f32, so widening is a shift; floor of a
// bfloat16 is again a bfloat16 (|x| >= 128 is integral), so narrowing is exact.
inline v128_t floor_bf16_in_u32(v128_t h) {
  return wasm_u32x4_shr(f32x4_floor_keep_nan(wasm_i32x4_shl(h, 16)), 16);
}

inline v128_t bf16x8_floor(v128_t h) {
  return wasm_u16x8_narrow_i32x4(floor_bf16_in_u32(wasm_u32x4_extend_low_u16x8(h)),
                                 floor_bf16_in_u32(wasm_u32x4_extend_high_u16x8(h)));
}

}  // namespace

void f32_floor(const float* x, float* y, size_t n) {
  map_v128(x, y, n * sizeof(float), f32x4_floor_keep_nan);
}

void f64_floor(const double* x, double* y, size_t n) {
  map_v128(x, y, n * sizeof(double), f64x2_floor_keep_nan);
}

void f16_floor(const uint16_t* x, uint16_t* y, size_t n) {
  map_v128(x, y, n * sizeof(uint16_t), f16x8_floor);
}

void bf16_floor(const uint16_t* x, uint16_t* y, size_t n) {
  map_v128(x, y, n * sizeof(uint16_t), bf16x8_floor);
}

}  // namespace tessera
