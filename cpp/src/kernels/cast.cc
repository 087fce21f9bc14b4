// Cast: one type's values converted into another's, for the pairs pipelines
// use (tessera/casts.inc lists them; js/src/ops/cast-convert.ts is the twin
// for every pair, these included). The rules, as the JS twin states them:
// integers to floats round to nearest even; floats to integers truncate toward
// zero, NaN to 0, saturating at the output's range (i32x4.trunc_sat); floats
// narrow with round to nearest even, a NaN keeping its sign (to float16 its payload's high bits too);
// int64 to int32 keeps the low bits.
#include <cstring>

#include "half-v128.h"
#include "tessera/kernels.h"
#include "tessera/simd.h"

namespace tessera {
namespace {

// Converts n elements, kLanes at a time by `block` (which reads kLanes inputs
// and writes kLanes outputs, whole vectors on both sides). The tail goes
// through the same block on a zero-padded copy: bit-identical to the main
// path, never reading or writing past either buffer. Each block reads all
// its input before it writes, so same-width casts may run in place.
template <size_t kLanes, class In, class Out, class Block>
inline void cast_blocks(const In* x, Out* y, size_t n, Block block) {
  size_t i = 0;
  for (; i + 2 * kLanes <= n; i += 2 * kLanes) {
    block(x + i, y + i);
    block(x + i + kLanes, y + i + kLanes);
  }
  for (; i + kLanes <= n; i += kLanes) block(x + i, y + i);
  if (i < n) {
    alignas(16) In in[kLanes] = {};
    alignas(16) Out out[kLanes];
    std::memcpy(in, x + i, (n - i) * sizeof(In));
    block(in, out);
    std::memcpy(y + i, out, (n - i) * sizeof(Out));
  }
}

// The scalar WebAssembly build runs each kernel one element at a time with
// the plain C++ beside it: SIMDe's portable C made the vector code 10-50x
// slower there (float32 -> float16: 77 ms per 1e6 elements), as float16
// Floor's swizzle was (README.md). The doctest suite holds both to the
// reference in every build.
#if defined(__wasm__) && !TESSERA_SIMD128
#define TESSERA_CAST_ONE_AT_A_TIME 1
#else
#define TESSERA_CAST_ONE_AT_A_TIME 0
#endif

template <size_t kLanes, class In, class Out, class Block, class Element>
inline void cast_run(const In* x, Out* y, size_t n, Block block, Element element) {
  if (TESSERA_CAST_ONE_AT_A_TIME) {
    for (size_t i = 0; i < n; ++i) y[i] = element(x[i]);
  } else {
    cast_blocks<kLanes>(x, y, n, block);
  }
}

inline uint32_t bits_of(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

inline float float_of(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

// The vector formulas below, one lane at a time.
inline int32_t f32_s32(float f) {
  if (f != f) return 0;
  if (f >= 2147483648.0f) return 2147483647;
  if (f <= -2147483648.0f) return -2147483647 - 1;
  return static_cast<int32_t>(f);
}

inline uint8_t f32_u8(float f) {
  const int32_t t = f32_s32(f);
  return static_cast<uint8_t>(t < 0 ? 0 : t > 255 ? 255 : t);
}

inline float f16_f32(uint16_t h) {
  const uint32_t magnitude = h & 0x7fffu;
  const uint32_t shifted = magnitude << 13;
  uint32_t f = shifted + (112u << 23);
  if (magnitude < 0x0400) f = bits_of(float_of(shifted + (113u << 23)) - 0x1p-14f);
  if (magnitude >= 0x7c00) f = shifted | 0x7f800000u;
  return float_of(f | (static_cast<uint32_t>(h & 0x8000u) << 16));
}

// A NaN narrowed as onnxruntime-node narrows it (tests/e2e/cast-ort.test.mjs,
// docs/number-formats.md): to float16 it keeps its sign and the high bits of
// its payload, quieted (x86's vcvtps2ph, ARM's fcvt); to bfloat16 its sign only.
inline uint16_t f32_f16_nan(uint32_t b) { return static_cast<uint16_t>(((b >> 16) & 0x8000u) | 0x7e00u | ((b >> 13) & 0x3ffu)); }
inline uint16_t f32_bf16_nan(uint32_t b) { return static_cast<uint16_t>(((b >> 16) & 0x8000u) | 0x7fc0u); }

inline uint16_t f32_f16(float x) {
  const uint32_t sign = bits_of(x) & 0x80000000u;
  const uint32_t a = bits_of(x) ^ sign;
  if (a > 0x7f800000u) return f32_f16_nan(bits_of(x));
  uint32_t h;
  if (a >= 0x47800000u) h = 0x7c00;
  else if (a < (113u << 23)) h = bits_of(float_of(a) + 0.5f) - 0x3f000000u;
  else h = (a + 0xc8000fffu + ((a >> 13) & 1)) >> 13;
  return static_cast<uint16_t>(h | (sign >> 16));
}

inline uint16_t f32_bf16(float x) {
  if (x != x) return f32_bf16_nan(bits_of(x));
  const uint32_t b = bits_of(x);
  return static_cast<uint16_t>((b + 0x7fffu + ((b >> 16) & 1)) >> 16);
}

inline v128_t load(const void* p) { return wasm_v128_load(p); }
inline void store(void* p, v128_t v) { wasm_v128_store(p, v); }

}  // namespace

// ---------------------------------------------------------------- integers -> f32
// 8- and 16-bit integers widened to i32 lanes, then made floats without a
// convert: LLVM turns a convert of widened lanes into four scalar
// extract/convert/replace sequences. Instead the magic-number identity: a
// small integer k placed in the fraction of 2^23 (or 1.5 * 2^23 for signed k)
// reads as that power plus k, and one exact subtraction leaves k.

inline v128_t unsigned_to_f32x4(v128_t k) {  // 0 <= k < 2^23
  return wasm_f32x4_sub(wasm_v128_or(k, wasm_i32x4_splat(0x4b000000)), wasm_f32x4_splat(8388608.0f));
}

inline v128_t signed_to_f32x4(v128_t k) {  // -2^22 <= k < 2^22
  return wasm_f32x4_sub(wasm_i32x4_add(k, wasm_i32x4_splat(0x4b400000)), wasm_f32x4_splat(12582912.0f));
}

void u8_f32_cast(const uint8_t* x, float* y, size_t n) {
  cast_run<16>(x, y, n, [](const uint8_t* in, float* out) {
    const v128_t v = load(in);
    const v128_t lo = wasm_u16x8_extend_low_u8x16(v);
    const v128_t hi = wasm_u16x8_extend_high_u8x16(v);
    store(out, unsigned_to_f32x4(wasm_u32x4_extend_low_u16x8(lo)));
    store(out + 4, unsigned_to_f32x4(wasm_u32x4_extend_high_u16x8(lo)));
    store(out + 8, unsigned_to_f32x4(wasm_u32x4_extend_low_u16x8(hi)));
    store(out + 12, unsigned_to_f32x4(wasm_u32x4_extend_high_u16x8(hi)));
  }, [](uint8_t v) { return static_cast<float>(v); });
}

void s8_f32_cast(const int8_t* x, float* y, size_t n) {
  cast_run<16>(x, y, n, [](const int8_t* in, float* out) {
    const v128_t v = load(in);
    const v128_t lo = wasm_i16x8_extend_low_i8x16(v);
    const v128_t hi = wasm_i16x8_extend_high_i8x16(v);
    store(out, signed_to_f32x4(wasm_i32x4_extend_low_i16x8(lo)));
    store(out + 4, signed_to_f32x4(wasm_i32x4_extend_high_i16x8(lo)));
    store(out + 8, signed_to_f32x4(wasm_i32x4_extend_low_i16x8(hi)));
    store(out + 12, signed_to_f32x4(wasm_i32x4_extend_high_i16x8(hi)));
  }, [](int8_t v) { return static_cast<float>(v); });
}

void s16_f32_cast(const int16_t* x, float* y, size_t n) {
  cast_run<8>(x, y, n, [](const int16_t* in, float* out) {
    const v128_t v = load(in);
    store(out, signed_to_f32x4(wasm_i32x4_extend_low_i16x8(v)));
    store(out + 4, signed_to_f32x4(wasm_i32x4_extend_high_i16x8(v)));
  }, [](int16_t v) { return static_cast<float>(v); });
}

void s32_f32_cast(const int32_t* x, float* y, size_t n) {
  cast_run<4>(x, y, n, [](const int32_t* in, float* out) { store(out, wasm_f32x4_convert_i32x4(load(in))); }, [](int32_t v) { return static_cast<float>(v); });
}

// ---------------------------------------------------------------- f32 -> integers
// Truncate toward zero with NaN to 0 and saturation (i32x4.trunc_sat_f32x4),
// then the saturating narrows keep each value at the nearest end of u8.

void f32_u8_cast(const float* x, uint8_t* y, size_t n) {
  cast_run<16>(x, y, n, [](const float* in, uint8_t* out) {
    const v128_t a = wasm_i32x4_trunc_sat_f32x4(load(in));
    const v128_t b = wasm_i32x4_trunc_sat_f32x4(load(in + 4));
    const v128_t c = wasm_i32x4_trunc_sat_f32x4(load(in + 8));
    const v128_t d = wasm_i32x4_trunc_sat_f32x4(load(in + 12));
    store(out, wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(a, b), wasm_i16x8_narrow_i32x4(c, d)));
  }, f32_u8);
}

void f32_s32_cast(const float* x, int32_t* y, size_t n) {
  cast_run<4>(x, y, n, [](const float* in, int32_t* out) { store(out, wasm_i32x4_trunc_sat_f32x4(load(in))); }, f32_s32);
}

// ---------------------------------------------------------------- float widths

void f32_f64_cast(const float* x, double* y, size_t n) {
  cast_run<4>(x, y, n, [](const float* in, double* out) {
    const v128_t v = load(in);
    store(out, wasm_f64x2_promote_low_f32x4(v));
    store(out + 2, wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 0, 1)));
  }, [](float v) { return static_cast<double>(v); });
}

// Eight halves at once, in their own 16-bit lanes: the high half of each
// float is (magnitude >> 3) + 112 << 7 (the rebiased exponent; Inf and NaN
// take 112 more), the low half magnitude << 13, and the two interleave into
// float bits (punpcklwd/hi in V8: the widening extends LLVM made of the
// 32-bit version became generic two-input shuffles, 2.7x slower in Node
// than in Firefox). Subnormal halves read 2^-14 * (1 + m/1024) once rebiased
// by one more; subtracting 2^-14 from the magnitude leaves m * 2^-24 exactly.
void f16_f32_cast(const uint16_t* x, float* y, size_t n) {
  cast_run<8>(x, y, n, [](const uint16_t* in, float* out) {
    const v128_t h = load(in);
    const v128_t magnitude = wasm_v128_and(h, wasm_i16x8_splat(0x7fff));
    const v128_t special = wasm_u16x8_ge(magnitude, wasm_i16x8_splat(0x7c00));
    const v128_t subnormal = wasm_u16x8_lt(magnitude, wasm_i16x8_splat(0x0400));
    v128_t high = wasm_i16x8_add(wasm_u16x8_shr(magnitude, 3), wasm_i16x8_splat(0x3800));
    high = wasm_i16x8_add(high, wasm_v128_and(special, wasm_i16x8_splat(0x3800)));
    high = wasm_v128_or(high, wasm_v128_and(h, wasm_i16x8_splat(static_cast<int16_t>(0x8000))));
    const v128_t low = wasm_i16x8_shl(magnitude, 13);
    const v128_t floats[2] = {wasm_i16x8_shuffle(low, high, 0, 8, 1, 9, 2, 10, 3, 11),
                              wasm_i16x8_shuffle(low, high, 4, 12, 5, 13, 6, 14, 7, 15)};
    const v128_t masks[2] = {wasm_i16x8_shuffle(subnormal, subnormal, 0, 0, 1, 1, 2, 2, 3, 3),
                             wasm_i16x8_shuffle(subnormal, subnormal, 4, 4, 5, 5, 6, 6, 7, 7)};
    for (int k = 0; k < 2; ++k) {
      const v128_t f = floats[k];
      // On the magnitude, the sign put back after: -2^-14 - -2^-14 would be +0, not -0.
      const v128_t sign = wasm_v128_and(f, wasm_i32x4_splat(static_cast<int32_t>(0x80000000u)));
      const v128_t rebiased = wasm_i32x4_add(wasm_v128_xor(f, sign), wasm_i32x4_splat(0x00800000));
      const v128_t small = wasm_v128_or(wasm_f32x4_sub(rebiased, wasm_f32x4_splat(0x1p-14f)), sign);
      store(out + 4 * k, wasm_v128_bitselect(small, f, masks[k]));
    }
  }, f16_f32);
}

// Cast's narrowing keeps a NaN's sign (f32_f16_nan, f32_bf16_nan);
// the shared f32x4_to_f16x4 (arithmetic on halves) gives the canonical NaN.
inline v128_t f32x4_to_f16x4_keeping_nan(v128_t f) {
  const v128_t nan = wasm_v128_or(wasm_v128_or(wasm_v128_and(wasm_u32x4_shr(f, 16), wasm_i32x4_splat(0x8000)),
                                               wasm_v128_and(wasm_u32x4_shr(f, 13), wasm_i32x4_splat(0x3ff))),
                                  wasm_i32x4_splat(0x7e00));
  return wasm_v128_bitselect(nan, f32x4_to_f16x4(f), wasm_f32x4_ne(f, f));
}

inline v128_t f32x4_to_bf16x4_keeping_nan(v128_t f) {
  const v128_t nan = wasm_v128_or(wasm_v128_and(wasm_u32x4_shr(f, 16), wasm_i32x4_splat(0x8000)), wasm_i32x4_splat(0x7fc0));
  return wasm_v128_bitselect(nan, f32x4_to_bf16x4(f), wasm_f32x4_ne(f, f));
}

void f32_f16_cast(const float* x, uint16_t* y, size_t n) {
  cast_run<8>(x, y, n, [](const float* in, uint16_t* out) {
    // Every lane is below 0x10000, so the saturating narrow only packs.
    store(out, wasm_u16x8_narrow_i32x4(f32x4_to_f16x4_keeping_nan(load(in)), f32x4_to_f16x4_keeping_nan(load(in + 4))));
  }, f32_f16);
}

void bf16_f32_cast(const uint16_t* x, float* y, size_t n) {
  cast_run<8>(x, y, n, [](const uint16_t* in, float* out) {
    const v128_t v = load(in);
    store(out, wasm_i32x4_shl(wasm_u32x4_extend_low_u16x8(v), 16));
    store(out + 4, wasm_i32x4_shl(wasm_u32x4_extend_high_u16x8(v), 16));
  }, [](uint16_t v) { return float_of(static_cast<uint32_t>(v) << 16); });
}

void f32_bf16_cast(const float* x, uint16_t* y, size_t n) {
  cast_run<8>(x, y, n, [](const float* in, uint16_t* out) {
    store(out, wasm_u16x8_narrow_i32x4(f32x4_to_bf16x4_keeping_nan(load(in)), f32x4_to_bf16x4_keeping_nan(load(in + 4))));
  }, f32_bf16);
}

// ---------------------------------------------------------------- int64 <-> int32

void s64_s32_cast(const int64_t* x, int32_t* y, size_t n) {
  cast_run<4>(x, y, n, [](const int64_t* in, int32_t* out) {
    store(out, wasm_i32x4_shuffle(load(in), load(in + 2), 0, 2, 4, 6));  // the low halves
  }, [](int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v))); });
}

void s32_s64_cast(const int32_t* x, int64_t* y, size_t n) {
  cast_run<4>(x, y, n, [](const int32_t* in, int64_t* out) {
    const v128_t v = load(in);
    store(out, wasm_i64x2_extend_low_i32x4(v));
    store(out + 2, wasm_i64x2_extend_high_i32x4(v));
  }, [](int32_t v) { return static_cast<int64_t>(v); });
}

}  // namespace tessera
