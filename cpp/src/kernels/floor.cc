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
//
// The sign comes off floor's result by an and, not f32x4.abs: SIMDe's
// portable abs (the scalar build) is `x < 0 ? -x : x`, which keeps -0's sign
// bit, and that bit shifted down lands in the odd half above (README.md here).
inline v128_t floor_half_in_u32(v128_t h) {
  const v128_t sign = wasm_v128_and(h, wasm_i32x4_splat(0x8000));
  const v128_t magnitude = wasm_v128_and(h, wasm_i32x4_splat(0x7fff));
  v128_t f = wasm_f32x4_mul(wasm_i32x4_shl(magnitude, 13), wasm_f32x4_splat(0x1p112f));
  f = wasm_v128_or(f, wasm_i32x4_shl(sign, 16));
  f = wasm_f32x4_floor(f);
  const v128_t floor_magnitude = wasm_v128_and(f, wasm_i32x4_splat(0x7fffffff));
  const v128_t back = wasm_f32x4_mul(floor_magnitude, wasm_f32x4_splat(0x1p-112f));
  return wasm_v128_or(wasm_u32x4_shr(back, 13), sign);
}

// The even halves are the low halves of the u32 lanes already (the masks in
// floor_half_in_u32 ignore the odd ones above them); a shift brings the odd
// ones down, and a shift and an or put the results back. No widening
// shuffles, no narrowing: each is one or more pshufb in V8.
inline v128_t f16x8_floor(v128_t h) {
  const v128_t even = floor_half_in_u32(h);
  const v128_t odd = floor_half_in_u32(wasm_u32x4_shr(h, 16));
  return wasm_v128_or(even, wasm_i32x4_shl(odd, 16));
}

// ---------------------------------------------------------------- bf16
// bfloat16 is the top half of an f32: the odd elements of a vector already
// sit there with the even ones below them as low mantissa bits (masked off),
// and a shift puts the even ones there. Floor of a bfloat16 is again a
// bfloat16 (|x| >= 128 is integral), so its low half comes back zero and the
// two results merge by a shift and an or. No widening or narrowing shuffles:
// 11 operations for 8 elements.
inline v128_t bf16x8_floor(v128_t h) {
  const v128_t even = f32x4_floor_keep_nan(wasm_i32x4_shl(h, 16));
  const v128_t odd = f32x4_floor_keep_nan(wasm_v128_and(h, wasm_i32x4_splat(static_cast<int32_t>(0xffff0000u))));
  return wasm_v128_or(wasm_u32x4_shr(even, 16), odd);
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
