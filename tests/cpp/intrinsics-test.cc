// What the kernels rely on from each SIMD128 intrinsic, checked in every
// build: WebAssembly's own (tessera.wasm), SIMDe's portable C compiled for
// WebAssembly without SIMD (tessera-scalar.wasm), and SIMDe's x86 paths (the
// native build). The audit table in cpp/src/kernels/README.md says which
// differences exist; the last test case pins the ones in the scalar build.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "tessera/simd.h"

namespace {

template <class Lane>
v128_t vector_of(Lane a, Lane b, Lane c, Lane d) {
  const Lane lanes[4] = {a, b, c, d};
  return wasm_v128_load(lanes);
}

template <class Lane, size_t N = 16 / sizeof(Lane)>
struct Lanes {
  Lane at[N];
  explicit Lanes(v128_t v) { wasm_v128_store(at, v); }
};

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

float from_bits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

uint64_t bits(double f) {
  uint64_t b;
  std::memcpy(&b, &f, 8);
  return b;
}

}  // namespace

TEST_CASE("f32x4_floor and f64x2_floor: -0, infinities, integers, subnormals") {
  const float inf = std::numeric_limits<float>::infinity(), tiny = std::numeric_limits<float>::denorm_min();
  const Lanes<uint32_t> a(wasm_f32x4_floor(vector_of(-0.0f, -tiny, tiny, -0.5f)));
  CHECK(a.at[0] == 0x80000000u);  // -0 keeps its sign
  CHECK(a.at[1] == bits(-1.0f));
  CHECK(a.at[2] == 0x00000000u);
  CHECK(a.at[3] == bits(-1.0f));
  const Lanes<uint32_t> b(wasm_f32x4_floor(vector_of(inf, -inf, 8388609.0f, -0x1p112f)));
  CHECK(b.at[0] == bits(inf));
  CHECK(b.at[1] == bits(-inf));
  CHECK(b.at[2] == bits(8388609.0f));
  CHECK(b.at[3] == bits(-0x1p112f));

  const double pair[2] = {-0.0, -std::numeric_limits<double>::denorm_min()};
  const Lanes<uint64_t> c(wasm_f64x2_floor(wasm_v128_load(pair)));
  CHECK(c.at[0] == 0x8000000000000000u);
  CHECK(c.at[1] == bits(-1.0));
  // Nothing is checked of NaN lanes: WebAssembly leaves their bits open, and
  // natively g++ even folds SIMDe's SSE2 floor of a constant NaN to +-0. The
  // kernels put the input back in NaN lanes (wasm_v128_bitselect).
}

TEST_CASE("f32x4_ne and f64x2_ne of x with itself: all ones exactly in NaN lanes") {
  const v128_t x = vector_of(from_bits(0x7f800001u), from_bits(0xffc01234u), -0.0f, std::numeric_limits<float>::infinity());
  const Lanes<uint32_t> a(wasm_f32x4_ne(x, x));
  CHECK(a.at[0] == 0xffffffffu);  // signalling NaN
  CHECK(a.at[1] == 0xffffffffu);  // negative NaN
  CHECK(a.at[2] == 0u);
  CHECK(a.at[3] == 0u);
  const uint64_t pair[2] = {0xfff0000000000001u, 0x8000000000000000u};
  const v128_t y = wasm_v128_load(pair);
  const Lanes<uint64_t> b(wasm_f64x2_ne(y, y));
  CHECK(b.at[0] == ~uint64_t{0});
  CHECK(b.at[1] == 0u);
}

TEST_CASE("v128_bitselect takes a's bits where the mask is set, b's elsewhere") {
  const Lanes<uint32_t> r(wasm_v128_bitselect(wasm_i32x4_splat(0x12345678), wasm_i32x4_splat(static_cast<int32_t>(0xfedcba98u)),
                                              vector_of<uint32_t>(0, ~0u, 0x0000ffffu, 0xf0f0f0f0u)));
  CHECK(r.at[0] == 0xfedcba98u);
  CHECK(r.at[1] == 0x12345678u);
  CHECK(r.at[2] == 0xfedc5678u);
  CHECK(r.at[3] == 0x1e3c5a78u);
}

// The float16 kernel scales every half's magnitude, subnormals included, by
// 2^112 into f32 and back: exact only if neither multiply flushes subnormals.
TEST_CASE("f32x4_mul keeps subnormals: every half magnitude scales by 2^112 and back exactly") {
  for (uint32_t m = 0; m < 0x7c00; m += 4) {
    const v128_t h = vector_of<uint32_t>(m, m + 1, m + 2, m + 3);
    const v128_t f = wasm_f32x4_mul(wasm_i32x4_shl(h, 13), wasm_f32x4_splat(0x1p112f));
    const Lanes<float> scaled(f);
    for (uint32_t k = 0; k < 4; ++k) {
      const uint32_t e = (m + k) >> 10, fraction = (m + k) & 0x3ff;
      const float want = e == 0 ? std::ldexp(static_cast<float>(fraction), -24)
                                : std::ldexp(static_cast<float>(1024 + fraction), static_cast<int>(e) - 25);
      REQUIRE(scaled.at[k] == want);
    }
    const Lanes<uint32_t> back(wasm_u32x4_shr(wasm_f32x4_mul(f, wasm_f32x4_splat(0x1p-112f)), 13));
    for (uint32_t k = 0; k < 4; ++k) REQUIRE(back.at[k] == m + k);
  }
}

TEST_CASE("shifts by the constants the kernels use: logical right shifts fill zeros, left shifts drop bits") {
  const Lanes<uint8_t> a(wasm_u8x16_shr(wasm_i8x16_splat(static_cast<int8_t>(0xb7)), 4));
  CHECK(a.at[0] == 0x0b);
  CHECK(Lanes<uint8_t>(wasm_u8x16_shr(wasm_i8x16_splat(static_cast<int8_t>(0xb7)), 6)).at[15] == 0x02);
  CHECK(Lanes<uint16_t>(wasm_u16x8_shr(wasm_i16x8_splat(static_cast<int16_t>(0xf00f)), 4)).at[7] == 0x0f00);
  const Lanes<uint32_t> b(wasm_u32x4_shr(vector_of<uint32_t>(0x80000000u, 0xffffffffu, 0xffff0000u, 1), 13));
  CHECK(b.at[0] == 0x00040000u);
  CHECK(b.at[1] == 0x0007ffffu);
  CHECK(b.at[2] == 0x0007fff8u);
  CHECK(b.at[3] == 0u);
  const Lanes<uint32_t> c(wasm_i32x4_shl(vector_of<uint32_t>(0xffff8001u, 0x00018000u, 0x7fffffffu, 0x8000u), 16));
  CHECK(c.at[0] == 0x80010000u);
  CHECK(c.at[1] == 0x80000000u);
  CHECK(c.at[2] == 0xffff0000u);
  CHECK(c.at[3] == 0x80000000u);
}

TEST_CASE("narrowing with unsigned saturation: 0..255 (0..65535) unchanged, the rest clamped") {
  const int16_t words[8] = {0, 1, 0x7f, 0x80, 0xff, 0x100, -1, INT16_MIN};
  const Lanes<uint8_t> a(wasm_u8x16_narrow_i16x8(wasm_v128_load(words), wasm_i16x8_splat(0x00a5)));
  const uint8_t want[16] = {0, 1, 0x7f, 0x80, 0xff, 0xff, 0, 0, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5, 0xa5};
  CHECK(std::memcmp(a.at, want, 16) == 0);
  const Lanes<uint16_t> b(wasm_u16x8_narrow_i32x4(vector_of<int32_t>(0, 0xffff, 0x8000, 0x10000),
                                                  vector_of<int32_t>(-1, INT32_MIN, 0x7fff, 0xff)));
  const uint16_t want16[8] = {0, 0xffff, 0x8000, 0xffff, 0, 0, 0x7fff, 0xff};
  CHECK(std::memcmp(b.at, want16, 16) == 0);
}

TEST_CASE("shuffles take lanes of a below the lane count, of b from there") {
  const v128_t a = vector_of<uint32_t>(0x03020100u, 0x07060504u, 0x0b0a0908u, 0x0f0e0d0cu);
  const v128_t b = vector_of<uint32_t>(0x13121110u, 0x17161514u, 0x1b1a1918u, 0x1f1e1d1cu);
  const Lanes<uint8_t> bytes(wasm_i8x16_shuffle(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 12, 28, 13, 29, 14, 30, 15, 31));
  const uint8_t want8[16] = {0, 0x10, 1, 0x11, 2, 0x12, 3, 0x13, 12, 0x1c, 13, 0x1d, 14, 0x1e, 15, 0x1f};
  CHECK(std::memcmp(bytes.at, want8, 16) == 0);
  const Lanes<uint16_t> halves(wasm_i16x8_shuffle(a, b, 4, 12, 5, 13, 6, 14, 7, 15));
  const uint16_t want16[8] = {0x0908, 0x1918, 0x0b0a, 0x1b1a, 0x0d0c, 0x1d1c, 0x0f0e, 0x1f1e};
  CHECK(std::memcmp(halves.at, want16, 16) == 0);
  const Lanes<uint32_t> words(wasm_i32x4_shuffle(a, b, 2, 3, 6, 7));
  CHECK(words.at[0] == 0x0b0a0908u);
  CHECK(words.at[3] == 0x1f1e1d1cu);
}

TEST_CASE("lane loads and stores and load splats touch their lane's bytes only") {
  alignas(16) unsigned char memory[32];
  for (int i = 0; i < 32; ++i) memory[i] = static_cast<unsigned char>(0x40 + i);
  const v128_t base = wasm_i8x16_splat(static_cast<int8_t>(0xee));
  const Lanes<uint8_t> a(wasm_v128_load8_lane(memory + 3, base, 5));
  const Lanes<uint16_t> b(wasm_v128_load16_lane(memory + 1, base, 7));  // unaligned
  const Lanes<uint32_t> c(wasm_v128_load32_lane(memory + 2, base, 1));
  const Lanes<uint64_t> d(wasm_v128_load64_lane(memory + 5, base, 0));
  for (int i = 0; i < 16; ++i) CHECK(a.at[i] == (i == 5 ? 0x43 : 0xee));
  for (int i = 0; i < 8; ++i) CHECK(b.at[i] == (i == 7 ? 0x4241 : 0xeeee));
  CHECK(c.at[0] == 0xeeeeeeeeu);
  CHECK(c.at[1] == 0x45444342u);
  CHECK(c.at[2] == 0xeeeeeeeeu);
  CHECK(d.at[0] == 0x4c4b4a4948474645u);
  CHECK(d.at[1] == 0xeeeeeeeeeeeeeeeeu);

  CHECK(Lanes<uint8_t>(wasm_v128_load8_splat(memory + 9)).at[15] == 0x49);
  CHECK(Lanes<uint16_t>(wasm_v128_load16_splat(memory + 9)).at[6] == 0x4a49);
  CHECK(Lanes<uint32_t>(wasm_v128_load32_splat(memory + 9)).at[3] == 0x4c4b4a49u);
  CHECK(Lanes<uint64_t>(wasm_v128_load64_splat(memory + 9)).at[1] == 0x504f4e4d4c4b4a49u);

  const v128_t v = wasm_v128_load(memory + 16);
  unsigned char out[20];
  std::memset(out, 0, sizeof out);
  wasm_v128_store8_lane(out + 1, v, 0);
  wasm_v128_store16_lane(out + 3, v, 0);  // unaligned
  wasm_v128_store32_lane(out + 6, v, 0);
  wasm_v128_store64_lane(out + 11, v, 0);
  const unsigned char want[20] = {0, 0x50, 0, 0x50, 0x51, 0, 0x50, 0x51, 0x52, 0x53, 0,
                                  0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0};
  CHECK(std::memcmp(out, want, sizeof out) == 0);
}

TEST_CASE("i8x16_swizzle: an index of 16 or more gives 0; 16-bit compares and the arithmetic shift") {
  const v128_t table = wasm_i8x16_make(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
  const v128_t index = wasm_i8x16_make(0, 15, 16, 17, 0x7f, -128, -15, -1, 3, 9, 31, 64, 1, 2, 14, 8);
  const Lanes<uint8_t> got(wasm_i8x16_swizzle(table, index));
  const uint8_t want[16] = {1, 16, 0, 0, 0, 0, 0, 0, 4, 10, 0, 0, 2, 3, 15, 9};
  for (int i = 0; i < 16; ++i) CHECK(got.at[i] == want[i]);
  const Lanes<uint16_t> lt(wasm_u16x8_lt(wasm_i16x8_make(0, 1, -1, 0x3c00, 0x3bff, 0x7fff, 5, 5),
                                         wasm_i16x8_make(1, 1, 0, 0x3c00, 0x3c00, -32768, 4, 6)));
  const uint16_t lt_want[8] = {0xffff, 0, 0, 0, 0xffff, 0xffff, 0, 0xffff};
  for (int i = 0; i < 8; ++i) CHECK(lt.at[i] == lt_want[i]);
  const Lanes<uint16_t> sign(wasm_i16x8_shr(wasm_i16x8_make(-1, 1, -32768, 32767, 0, -2, 2, 0x4000), 15));
  const uint16_t sign_want[8] = {0xffff, 0, 0xffff, 0, 0, 0xffff, 0, 0};
  for (int i = 0; i < 8; ++i) CHECK(sign.at[i] == sign_want[i]);
}

TEST_CASE("what the Cast kernels rely on: trunc_sat, saturating narrows, promote, subnormal-free arithmetic") {
  // i32x4.trunc_sat_f32x4: toward zero, NaN to 0, out of range to the nearest end.
  const Lanes<int32_t> t(wasm_i32x4_trunc_sat_f32x4(vector_of(-2.9f, from_bits(0x7fc00000u), 3e9f, -3e9f)));
  CHECK(t.at[0] == -2);
  CHECK(t.at[1] == 0);
  CHECK(t.at[2] == 2147483647);
  CHECK(t.at[3] == -2147483647 - 1);
  // Signed i32 -> i16 -> u8 narrows saturate: f32 -> u8 keeps 0..255.
  const v128_t wide = wasm_i32x4_make(-5, 300, 70000, 128);
  const Lanes<uint8_t> n(wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(wide, wide), wasm_i16x8_narrow_i32x4(wide, wide)));
  CHECK(n.at[0] == 0);
  CHECK(n.at[1] == 255);
  CHECK(n.at[2] == 255);
  CHECK(n.at[3] == 128);
  // f64x2.promote_low_f32x4 is exact.
  const Lanes<uint64_t> p(wasm_f64x2_promote_low_f32x4(vector_of(0.1f, -0.0f, 1.0f, 1.0f)));
  double d0, d1;
  std::memcpy(&d0, &p.at[0], 8);
  std::memcpy(&d1, &p.at[1], 8);
  CHECK(d0 == static_cast<double>(0.1f));
  CHECK(p.at[1] == 0x8000000000000000ull);
  // The magic-number identity: 2^23 + k read as a float, minus 2^23, is k.
  const Lanes<uint32_t> k(wasm_f32x4_sub(wasm_v128_or(wasm_i32x4_make(0, 1, 255, 65535), wasm_i32x4_splat(0x4b000000)),
                                         wasm_f32x4_splat(8388608.0f)));
  CHECK(k.at[2] == bits(255.0f));
  CHECK(k.at[3] == bits(65535.0f));
}

TEST_CASE("what TopK and CumSum rely on: unsigned 32-bit compares, any_true, 64-bit wrapping adds, lane extracts") {
  // TopK's key scan: u32x4.lt compares the keys as unsigned (a key of 0x80000000 is above 1).
  const v128_t keys = wasm_i32x4_make(1, static_cast<int32_t>(0x80000000u), static_cast<int32_t>(0xffffffffu), 0);
  const Lanes<uint32_t> lt(wasm_u32x4_lt(keys, wasm_i32x4_splat(static_cast<int32_t>(0x80000001u))));
  CHECK(lt.at[0] == 0xffffffffu);
  CHECK(lt.at[1] == 0xffffffffu);
  CHECK(lt.at[2] == 0);
  CHECK(lt.at[3] == 0xffffffffu);
  CHECK(wasm_v128_any_true(wasm_u32x4_lt(keys, wasm_i32x4_splat(0))) == 0);
  CHECK(wasm_v128_any_true(wasm_u32x4_lt(keys, wasm_i32x4_splat(1))) != 0);
  // CumSum's 64-bit integer sums wrap, in both signs.
  const Lanes<uint64_t> sum(wasm_i64x2_add(wasm_i64x2_splat(INT64_MAX), wasm_i64x2_make(1, static_cast<int64_t>(0x8000000000000001ull))));
  CHECK(sum.at[0] == 0x8000000000000000ull);
  CHECK(sum.at[1] == 0);
  // The scalar walk of the halves converts one lane and reads it back.
  CHECK(wasm_i32x4_extract_lane(wasm_i32x4_make(7, 8, 9, 10), 0) == 7);
  CHECK(bits(wasm_f32x4_extract_lane(vector_of(-0.0f, 1.0f, 2.0f, 3.0f), 0)) == 0x80000000u);
}

// SIMDe 0.7.4's portable C, compiled for WebAssembly without SIMD: where it
// departs from WebAssembly. No kernel may depend on these; if a SIMDe update
// changes them, the audit table changes with this test.
#if defined(__wasm__) && !TESSERA_SIMD128
TEST_CASE("the scalar build's departures from WebAssembly SIMD128 (cpp/src/kernels/README.md)") {
  // f32x4.abs clears the sign bit; the portable one is x < 0 ? -x : x.
  const Lanes<uint32_t> abs(wasm_f32x4_abs(vector_of(-0.0f, from_bits(0xffc00001u), -1.0f, 1.0f)));
  CHECK(abs.at[0] == 0x80000000u);
  CHECK(abs.at[1] == 0xffc00001u);
  CHECK(abs.at[2] == bits(1.0f));
  // f32x4.min takes -0 below +0; the portable one is a < b ? a : b (NaN first).
  const Lanes<uint32_t> min(wasm_f32x4_min(vector_of(-0.0f, 0.0f, 1.0f, 1.0f), vector_of(0.0f, -0.0f, 1.0f, 1.0f)));
  CHECK(min.at[0] == 0x00000000u);
  CHECK(min.at[1] == 0x80000000u);
  const Lanes<uint32_t> max(wasm_f32x4_max(vector_of(0.0f, -0.0f, 1.0f, 1.0f), vector_of(-0.0f, 0.0f, 1.0f, 1.0f)));
  CHECK(max.at[0] == 0x80000000u);
  CHECK(max.at[1] == 0x00000000u);
}
#endif
