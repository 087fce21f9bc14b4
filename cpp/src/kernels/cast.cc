// Cast: one type's values converted into another's, for the pairs pipelines
// use (tessera/casts.inc lists them; js/src/ops/cast-convert.ts is the twin
// for every pair, these included). The rules, as the JS twin states them:
// integers to floats round to nearest even; floats to integers truncate toward
// zero, NaN to 0, saturating at the output's range (i32x4.trunc_sat); floats
// narrow with round to nearest even, a NaN keeping its sign (to float16 its payload's high bits too);
// int64 to int32 keeps the low bits.
#include <cstring>

#include "float-bits.h"
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
inline void f16x8_to_f32x4x2(v128_t h, v128_t* out) {
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
    out[k] = wasm_v128_bitselect(small, f, masks[k]);
  }
}

void f16_f32_cast(const uint16_t* x, float* y, size_t n) {
  cast_run<8>(x, y, n, [](const uint16_t* in, float* out) {
    v128_t f[2];
    f16x8_to_f32x4x2(load(in), f);
    store(out, f[0]);
    store(out + 4, f[1]);
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

// ---------------------------------------------------------------- f32 <-> 8- and 16-bit integers
// Truncation as f32_u8_cast's; the saturating narrows clamp at each type's ends.

inline int8_t f32_s8(float f) {
  const int32_t t = f32_s32(f);
  return static_cast<int8_t>(t < -128 ? -128 : t > 127 ? 127 : t);
}
inline int16_t f32_s16(float f) {
  const int32_t t = f32_s32(f);
  return static_cast<int16_t>(t < -32768 ? -32768 : t > 32767 ? 32767 : t);
}
inline uint16_t f32_u16(float f) {
  const int32_t t = f32_s32(f);
  return static_cast<uint16_t>(t < 0 ? 0 : t > 65535 ? 65535 : t);
}

void f32_s8_cast(const float* x, int8_t* y, size_t n) {
  cast_run<16>(x, y, n, [](const float* in, int8_t* out) {
    const v128_t a = wasm_i32x4_trunc_sat_f32x4(load(in));
    const v128_t b = wasm_i32x4_trunc_sat_f32x4(load(in + 4));
    const v128_t c = wasm_i32x4_trunc_sat_f32x4(load(in + 8));
    const v128_t d = wasm_i32x4_trunc_sat_f32x4(load(in + 12));
    store(out, wasm_i8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(a, b), wasm_i16x8_narrow_i32x4(c, d)));
  }, f32_s8);
}

void f32_s16_cast(const float* x, int16_t* y, size_t n) {
  cast_run<8>(x, y, n, [](const float* in, int16_t* out) {
    store(out, wasm_i16x8_narrow_i32x4(wasm_i32x4_trunc_sat_f32x4(load(in)), wasm_i32x4_trunc_sat_f32x4(load(in + 4))));
  }, f32_s16);
}

void f32_u16_cast(const float* x, uint16_t* y, size_t n) {
  cast_run<8>(x, y, n, [](const float* in, uint16_t* out) {
    store(out, wasm_u16x8_narrow_i32x4(wasm_i32x4_trunc_sat_f32x4(load(in)), wasm_i32x4_trunc_sat_f32x4(load(in + 4))));
  }, f32_u16);
}

void u16_f32_cast(const uint16_t* x, float* y, size_t n) {
  cast_run<8>(x, y, n, [](const uint16_t* in, float* out) {
    const v128_t v = load(in);
    store(out, unsigned_to_f32x4(wasm_u32x4_extend_low_u16x8(v)));
    store(out + 4, unsigned_to_f32x4(wasm_u32x4_extend_high_u16x8(v)));
  }, [](uint16_t v) { return static_cast<float>(v); });
}

// float16 -> int8: the exact float32 of each half, then truncated as above
// (every half is a float32, so the one rounding is the truncation).
void f16_s8_cast(const uint16_t* x, int8_t* y, size_t n) {
  cast_run<16>(x, y, n, [](const uint16_t* in, int8_t* out) {
    v128_t f[4];
    f16x8_to_f32x4x2(load(in), f);
    f16x8_to_f32x4x2(load(in + 8), f + 2);
    const v128_t lo = wasm_i16x8_narrow_i32x4(wasm_i32x4_trunc_sat_f32x4(f[0]), wasm_i32x4_trunc_sat_f32x4(f[1]));
    const v128_t hi = wasm_i16x8_narrow_i32x4(wasm_i32x4_trunc_sat_f32x4(f[2]), wasm_i32x4_trunc_sat_f32x4(f[3]));
    store(out, wasm_i8x16_narrow_i16x8(lo, hi));
  }, [](uint16_t h) { return f32_s8(f16_f32(h)); });
}

// ---------------------------------------------------------------- float8 <-> f32
// One description per float8 kind (docs/number-formats.md's table) and one
// loop each way that reads it, so the four kinds share their code: the
// constants are splats the loop hoists.
struct Float8 {
  uint32_t mantissa_bits;  // 3 (e4m3) or 2 (e5m2)
  uint32_t bias;
  uint32_t max_code;       // the largest finite magnitude's code
  uint32_t nan;            // the NaN Cast writes for a NaN input (with its sign, but fnuz's one NaN)
  bool fnuz;               // 0x80 is the one NaN, no -0
  bool ieee;               // e5m2: exponent all-ones is Inf (mantissa 0) or NaN
};
constexpr Float8 kE4M3FN = {3, 7, 0x7e, 0x7f, false, false};
constexpr Float8 kE4M3FNUZ = {3, 8, 0x7f, 0x80, true, false};
constexpr Float8 kE5M2 = {2, 15, 0x7b, 0x7f, false, true};
constexpr Float8 kE5M2FNUZ = {2, 16, 0x7f, 0x80, true, false};

// float8 -> f32: a normal code's exponent and mantissa move up into float
// bits with the exponent rebiased; a subnormal (exponent field 0) is its
// mantissa times 2^(1 - bias - mantissa_bits), exact in float32. A NaN is
// float32's quiet NaN with the code's sign, 0x7fc00000 | sign, as onnxruntime
// decodes it (tests/e2e/cast-ort.test.mjs): the fnuz kinds' one NaN 0x80 has
// its sign bit set, so it comes out 0xffc00000 there and here.
inline float f8_f32(uint8_t code, const Float8& f) {
  const uint32_t m = code & 0x7fu;
  const uint32_t sign = static_cast<uint32_t>(code & 0x80u) << 24;
  if (f.fnuz ? code == 0x80 : f.ieee ? m > 0x7c : m == 0x7f) return float_of(0x7fc00000u | sign);
  if (f.ieee && m == 0x7c) return float_of(0x7f800000u | sign);
  const uint32_t bits = m < (1u << f.mantissa_bits)
      ? bits_of(static_cast<float>(m) * float_of((128u - f.bias - f.mantissa_bits) << 23))
      : (m << (23 - f.mantissa_bits)) + ((127u - f.bias) << 23);
  return float_of(bits | sign);
}

// SIMD128: the magnitude's 7 bits moved to float32's exponent/mantissa
// position read as a float32 of exponent bias 127; one multiply by
// 2^(127 - bias) rebiases it, exactly, normals and subnormals alike (a float8
// subnormal lands on a float32 subnormal, which wasm keeps: no flush to zero).
// Then the sign OR'd back, Inf (e5m2) and NaN lanes by bitselect. Fewer
// operations than rebiasing normals in integers and converting subnormals,
// which matters: the loop is compute-bound (docs/performance.md, "Narrow casts").
inline v128_t f8x4_to_f32x4(v128_t v, const Float8& f) {  // v: one code per 32-bit lane
  const v128_t m = wasm_v128_and(v, wasm_i32x4_splat(0x7f));
  const v128_t sign = wasm_v128_and(wasm_i32x4_shl(v, 24), wasm_i32x4_splat(static_cast<int32_t>(0x80000000u)));
  const v128_t magnitude = wasm_f32x4_mul(wasm_i32x4_shl(m, 23 - f.mantissa_bits), wasm_f32x4_splat(float_of((254u - f.bias) << 23)));
  v128_t r = wasm_v128_or(magnitude, sign);
  if (f.ieee) r = wasm_v128_bitselect(wasm_v128_or(sign, wasm_i32x4_splat(0x7f800000)), r, wasm_i32x4_eq(m, wasm_i32x4_splat(0x7c)));
  const v128_t nan = f.fnuz ? wasm_i32x4_eq(v, wasm_i32x4_splat(0x80))
                   : f.ieee ? wasm_i32x4_gt(m, wasm_i32x4_splat(0x7c)) : wasm_i32x4_eq(m, wasm_i32x4_splat(0x7f));
  return wasm_v128_bitselect(wasm_v128_or(wasm_i32x4_splat(0x7fc00000), sign), r, nan);
}

// The kind is a template argument, not a reference: with a reference the
// loop loaded the kind's fields from memory and branched on them every block
// (wasm-objdump showed it), which cost more than the conversion itself.
template <const Float8& f>
void f8_f32(const uint8_t* x, float* y, size_t n) {
  cast_run<16>(x, y, n, [](const uint8_t* in, float* out) {
    const v128_t v = load(in);
    const v128_t lo = wasm_u16x8_extend_low_u8x16(v);
    const v128_t hi = wasm_u16x8_extend_high_u8x16(v);
    store(out, f8x4_to_f32x4(wasm_u32x4_extend_low_u16x8(lo), f));
    store(out + 4, f8x4_to_f32x4(wasm_u32x4_extend_high_u16x8(lo), f));
    store(out + 8, f8x4_to_f32x4(wasm_u32x4_extend_low_u16x8(hi), f));
    store(out + 12, f8x4_to_f32x4(wasm_u32x4_extend_high_u16x8(hi), f));
  }, [](uint8_t c) { return f8_f32(c, f); });
}

// f32 -> float8, round to nearest even on the bits. A magnitude below the
// smallest normal rounds by one float32 addition: |x| + 2^(ulp + 23), where
// ulp is the format's subnormal step, has exactly that step in its last
// place, so the hardware's rounding is the format's and the low bits are the
// code (the carry into the smallest normal included). A normal magnitude
// rounds in integers: rebias, add half an ulp less one plus the kept lsb,
// shift. Above max_code: saturate gives max_code, otherwise Inf (e5m2), NaN
// with the sign (e4m3fn) or the one NaN (fnuz). Inf goes the same way; a NaN
// becomes f.nan with its sign (onnxruntime's rule, tests/e2e/cast-ort.test.mjs)
// but fnuz's one NaN 0x80; fnuz has no -0.
inline uint8_t f32_f8(float x, const Float8& f, bool saturate) {
  const uint32_t b = bits_of(x);
  const uint32_t a = b & 0x7fffffffu;
  const uint32_t sign = (b >> 24) & 0x80u;
  if (a > 0x7f800000u) return static_cast<uint8_t>(f.fnuz ? f.nan : f.nan | sign);
  const uint32_t shift = 23 - f.mantissa_bits;
  const uint32_t min_normal = (128u - f.bias) << 23;
  const uint32_t magic = (128u - f.bias - f.mantissa_bits + 23) << 23;
  uint32_t code = a < min_normal ? bits_of(float_of(a) + float_of(magic)) - magic
                                 : (a - ((127u - f.bias) << 23) + ((1u << (shift - 1)) - 1) + ((a >> shift) & 1)) >> shift;
  if (code > f.max_code) {
    if (saturate) code = f.max_code;
    else if (f.fnuz) return 0x80;
    else code = f.ieee ? 0x7c : 0x7f;
  }
  return static_cast<uint8_t>(code == 0 && f.fnuz ? 0 : code | sign);
}

inline v128_t f32x4_to_f8x4(v128_t x, const Float8& f, bool saturate) {  // one code per 32-bit lane
  const uint32_t shift = 23 - f.mantissa_bits;
  const uint32_t min_normal = (128u - f.bias) << 23;
  const uint32_t magic = (128u - f.bias - f.mantissa_bits + 23) << 23;
  const v128_t a = wasm_v128_and(x, wasm_i32x4_splat(0x7fffffff));
  const v128_t sign = wasm_v128_and(wasm_u32x4_shr(x, 24), wasm_i32x4_splat(0x80));
  const v128_t small = wasm_i32x4_sub(wasm_f32x4_add(a, wasm_i32x4_splat(static_cast<int32_t>(magic))), wasm_i32x4_splat(static_cast<int32_t>(magic)));
  v128_t normal = wasm_i32x4_add(a, wasm_i32x4_splat(static_cast<int32_t>(((1u << (shift - 1)) - 1) - ((127u - f.bias) << 23))));
  normal = wasm_u32x4_shr(wasm_i32x4_add(normal, wasm_v128_and(wasm_u32x4_shr(a, shift), wasm_i32x4_splat(1))), shift);
  v128_t code = wasm_v128_bitselect(small, normal, wasm_u32x4_lt(a, wasm_i32x4_splat(static_cast<int32_t>(min_normal))));
  const v128_t max = wasm_i32x4_splat(static_cast<int32_t>(f.max_code));
  const v128_t over = wasm_u32x4_gt(code, max);
  code = wasm_v128_or(wasm_u32x4_min(code, max), sign);
  if (f.fnuz) code = wasm_v128_andnot(code, wasm_i32x4_eq(code, wasm_i32x4_splat(0x80)));  // no -0
  if (!saturate) {
    const v128_t beyond = f.fnuz ? wasm_i32x4_splat(0x80) : wasm_v128_or(wasm_i32x4_splat(f.ieee ? 0x7c : 0x7f), sign);
    code = wasm_v128_bitselect(beyond, code, over);
  }
  const v128_t nan = f.fnuz ? wasm_i32x4_splat(static_cast<int32_t>(f.nan)) : wasm_v128_or(wasm_i32x4_splat(static_cast<int32_t>(f.nan)), sign);
  return wasm_v128_bitselect(nan, code, wasm_u32x4_gt(a, wasm_i32x4_splat(0x7f800000)));
}

template <const Float8& f>
void f32_f8(const float* x, uint8_t* y, size_t n, bool saturate) {  // the kind as a template argument: see f8_f32
  cast_run<16>(x, y, n, [saturate](const float* in, uint8_t* out) {
    const v128_t a = f32x4_to_f8x4(load(in), f, saturate);
    const v128_t b = f32x4_to_f8x4(load(in + 4), f, saturate);
    const v128_t c = f32x4_to_f8x4(load(in + 8), f, saturate);
    const v128_t d = f32x4_to_f8x4(load(in + 12), f, saturate);
    store(out, wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(a, b), wasm_i16x8_narrow_i32x4(c, d)));
  }, [saturate](float v) { return f32_f8(v, f, saturate); });
}

void f8e4m3fn_f32_cast(const uint8_t* x, float* y, size_t n) { f8_f32<kE4M3FN>(x, y, n); }
void f8e4m3fnuz_f32_cast(const uint8_t* x, float* y, size_t n) { f8_f32<kE4M3FNUZ>(x, y, n); }
void f8e5m2_f32_cast(const uint8_t* x, float* y, size_t n) { f8_f32<kE5M2>(x, y, n); }
void f8e5m2fnuz_f32_cast(const uint8_t* x, float* y, size_t n) { f8_f32<kE5M2FNUZ>(x, y, n); }
void f32_f8e4m3fn_cast(const float* x, uint8_t* y, size_t n) { f32_f8<kE4M3FN>(x, y, n, true); }
void f32_f8e4m3fnuz_cast(const float* x, uint8_t* y, size_t n) { f32_f8<kE4M3FNUZ>(x, y, n, true); }
void f32_f8e5m2_cast(const float* x, uint8_t* y, size_t n) { f32_f8<kE5M2>(x, y, n, true); }
void f32_f8e5m2fnuz_cast(const float* x, uint8_t* y, size_t n) { f32_f8<kE5M2FNUZ>(x, y, n, true); }
void f32_f8e4m3fn_unsaturated(const float* x, uint8_t* y, size_t n) { f32_f8<kE4M3FN>(x, y, n, false); }
void f32_f8e4m3fnuz_unsaturated(const float* x, uint8_t* y, size_t n) { f32_f8<kE4M3FNUZ>(x, y, n, false); }
void f32_f8e5m2_unsaturated(const float* x, uint8_t* y, size_t n) { f32_f8<kE5M2>(x, y, n, false); }
void f32_f8e5m2fnuz_unsaturated(const float* x, uint8_t* y, size_t n) { f32_f8<kE5M2FNUZ>(x, y, n, false); }

// ---------------------------------------------------------------- f32 <-> int4, uint4
// Two codes a byte, the even element in the low nibble. f32 -> int4: round to
// nearest even (f32x4.nearest), then clamp (the ONNX reference's rule for
// the sub-byte integers), NaN to 0 first: a NaN lane is replaced before any
// rounding or conversion, so no float -> int conversion ever sees a NaN or a
// value beyond the range (SIMDe's portable C and WebAssembly agree on those).
// 32 elements (16 bytes) a block; the tail through the same block on a
// zero-padded copy, which leaves a last byte's unused nibble 0.

inline uint8_t f32_x4(float f, bool is_signed) {
  if (f != f) return 0;
  const float lo = is_signed ? -8.0f : 0.0f, hi = is_signed ? 7.0f : 15.0f;
  const float r = f < lo ? lo : f > hi ? hi : __builtin_nearbyintf(f);  // the default rounding: to nearest even
  return static_cast<uint8_t>(static_cast<int32_t>(r) & 15);
}

inline v128_t f32x4_to_x4(v128_t f, bool is_signed) {
  f = wasm_v128_and(f, wasm_f32x4_eq(f, f));  // NaN -> +0
  // pmin/pmax (one minps/maxps each in V8, where min/max's NaN and -0 rules cost several instructions): no NaN is
  // left, and a -0 stays -0 or becomes the bound, which truncates to the same integer.
  f = wasm_f32x4_pmax(wasm_f32x4_pmin(wasm_f32x4_nearest(f), wasm_f32x4_splat(is_signed ? 7.0f : 15.0f)), wasm_f32x4_splat(is_signed ? -8.0f : 0.0f));
  return wasm_i32x4_trunc_sat_f32x4(f);
}

void f32_x4_block(const float* in, uint8_t* out, bool is_signed) {
  v128_t codes[2];
  for (int h = 0; h < 2; ++h) {
    const float* p = in + 16 * h;
    const v128_t a = wasm_i16x8_narrow_i32x4(f32x4_to_x4(load(p), is_signed), f32x4_to_x4(load(p + 4), is_signed));
    const v128_t b = wasm_i16x8_narrow_i32x4(f32x4_to_x4(load(p + 8), is_signed), f32x4_to_x4(load(p + 12), is_signed));
    const v128_t c = wasm_i8x16_narrow_i16x8(a, b);  // 16 codes, -8..15
    // As 16-bit lanes, code 2k in the low byte and 2k + 1 in the high: one byte of two nibbles each.
    codes[h] = wasm_v128_or(wasm_v128_and(c, wasm_i16x8_splat(0x0f)), wasm_v128_and(wasm_u16x8_shr(c, 4), wasm_i16x8_splat(0xf0)));
  }
  store(out, wasm_u8x16_narrow_i16x8(codes[0], codes[1]));
}

void f32_x4(const float* x, uint8_t* y, size_t n, bool is_signed) {
  if (TESSERA_CAST_ONE_AT_A_TIME) {
    for (size_t i = 0; i + 1 < n; i += 2) y[i / 2] = static_cast<uint8_t>(f32_x4(x[i], is_signed) | f32_x4(x[i + 1], is_signed) << 4);
    if (n & 1) y[n / 2] = f32_x4(x[n - 1], is_signed);
    return;
  }
  size_t i = 0;
  for (; i + 32 <= n; i += 32) f32_x4_block(x + i, y + i / 2, is_signed);
  if (i < n) {
    alignas(16) float in[32] = {};
    alignas(16) uint8_t out[16];
    std::memcpy(in, x + i, (n - i) * sizeof(float));
    f32_x4_block(in, out, is_signed);
    std::memcpy(y + i / 2, out, (n - i + 1) / 2);
  }
}

inline float x4_f32(uint8_t code, bool is_signed) { return static_cast<float>(is_signed ? (code ^ 8) - 8 : code); }

void x4_f32_block(const uint8_t* in, float* out, bool is_signed) {
  const v128_t b = load(in);
  const v128_t lo = wasm_v128_and(b, wasm_i8x16_splat(0x0f));
  const v128_t hi = wasm_u8x16_shr(b, 4);
  v128_t codes[2] = {wasm_i8x16_shuffle(lo, hi, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23),
                     wasm_i8x16_shuffle(lo, hi, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31)};
  for (int h = 0; h < 2; ++h) {
    const v128_t c = is_signed ? wasm_i8x16_sub(wasm_v128_xor(codes[h], wasm_i8x16_splat(8)), wasm_i8x16_splat(8)) : codes[h];
    const v128_t w[2] = {wasm_i16x8_extend_low_i8x16(c), wasm_i16x8_extend_high_i8x16(c)};  // 0..15 or -8..7: sign-extension fits both
    for (int k = 0; k < 2; ++k) {
      store(out + 16 * h + 8 * k, signed_to_f32x4(wasm_i32x4_extend_low_i16x8(w[k])));
      store(out + 16 * h + 8 * k + 4, signed_to_f32x4(wasm_i32x4_extend_high_i16x8(w[k])));
    }
  }
}

void x4_f32(const uint8_t* x, float* y, size_t n, bool is_signed) {
  if (TESSERA_CAST_ONE_AT_A_TIME) {
    for (size_t i = 0; i < n; ++i) y[i] = x4_f32(static_cast<uint8_t>((x[i / 2] >> (4 * (i & 1))) & 15), is_signed);
    return;
  }
  size_t i = 0;
  for (; i + 32 <= n; i += 32) x4_f32_block(x + i / 2, y + i, is_signed);
  if (i < n) {
    alignas(16) uint8_t in[16] = {};
    alignas(16) float out[32];
    std::memcpy(in, x + i / 2, (n - i + 1) / 2);
    x4_f32_block(in, out, is_signed);
    std::memcpy(y + i, out, (n - i) * sizeof(float));
  }
}

void f32_s4_cast(const float* x, uint8_t* y, size_t n) { f32_x4(x, y, n, true); }
void f32_u4_cast(const float* x, uint8_t* y, size_t n) { f32_x4(x, y, n, false); }
void s4_f32_cast(const uint8_t* x, float* y, size_t n) { x4_f32(x, y, n, true); }
void u4_f32_cast(const uint8_t* x, float* y, size_t n) { x4_f32(x, y, n, false); }

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
