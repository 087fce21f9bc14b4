// Cast kernels against the scalar reference, bit for bit (a NaN output may
// carry any payload: both NaN is equal): every row of tessera/casts.inc over
// every length 0..67 (past two blocks of the widest unroll, so every tail),
// an edge-case table, random bits, and for 8- and 16-bit inputs every
// pattern. Same-width casts run in place too.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "reference/cast.h"
#include "tessera/kernels.h"

namespace {

template <class T>
bool same(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a) && std::isnan(b)) return true;
    return std::memcmp(&a, &b, sizeof a) == 0;
  } else {
    return a == b;
  }
}

template <class In>
std::vector<In> pool_of() {
  std::vector<In> pool;
  if constexpr (sizeof(In) <= 2) {  // every bit pattern
    for (uint32_t b = 0; b < (1u << (8 * sizeof(In))); ++b) pool.push_back(static_cast<In>(b));
  } else if constexpr (std::is_same_v<In, float>) {
    using L = std::numeric_limits<float>;
    for (float e : {0.0f, -0.0f, 0.5f, -0.5f, 0.99999994f, 1.0f, -1.0f, 1.5f, -1.5f, 2.5f, 127.5f, 254.9f, 255.0f,
                    255.5f, 256.0f, -0.9f, -1.0f, 2147483520.0f, 2147483648.0f, -2147483648.0f, -2147483904.0f,
                    65504.0f, 65519.99f, 65520.0f, 65536.0f, 5.9604645e-08f, 2.9802322e-08f, 2.9802326e-08f,
                    6.1035156e-05f, 6.1035152e-05f, 1.0009765625f, 1.00048828125f, 1.00146484375f, L::denorm_min(),
                    L::min(), L::max(), -L::max(), L::infinity(), -L::infinity(), L::quiet_NaN(), -L::quiet_NaN()}) {
      pool.push_back(e);
    }
    pool.push_back(tessera::reference::bits_as<float>(0x7f800001u));  // signalling NaN
    pool.push_back(tessera::reference::bits_as<float>(0x3f808000u));  // a bfloat16 tie, even
    pool.push_back(tessera::reference::bits_as<float>(0x3f818000u));  // a bfloat16 tie, odd
    pool.push_back(tessera::reference::bits_as<float>(0x7f7fffffu));
    std::mt19937 rng(28);
    for (int i = 0; i < 20000; ++i) pool.push_back(tessera::reference::bits_as<float>(static_cast<uint32_t>(rng())));
    std::uniform_real_distribution<float> pixels(-300.0f, 600.0f);
    for (int i = 0; i < 2000; ++i) pool.push_back(pixels(rng));
  } else {
    std::mt19937_64 rng(28);
    for (In e : {In(0), In(1), In(-1), std::numeric_limits<In>::min(), std::numeric_limits<In>::max(), In(16777217),
                 In(-16777217), In(2147483647), In(-2147483647)}) {
      pool.push_back(e);
    }
    for (int i = 0; i < 20000; ++i) pool.push_back(static_cast<In>(rng()));
  }
  return pool;
}

template <class In, class Out>
void check_kernel(void (*kernel)(const In*, Out*, size_t), Out (*reference)(In)) {
  const std::vector<In> pool = pool_of<In>();
  // Every pool entry in every lane position, through the main path.
  std::vector<Out> y(pool.size());
  kernel(pool.data(), y.data(), pool.size());
  size_t wrong = 0;
  for (size_t i = 0; i < pool.size(); ++i) wrong += same(y[i], reference(pool[i])) ? 0 : 1;
  CHECK(wrong == 0);
  // Every length 0..67: tails and canaries, inputs untouched.
  for (size_t n = 0; n <= 67; ++n) {
    std::vector<In> x(n);
    for (size_t i = 0; i < n; ++i) x[i] = pool[(i * 7919 + n * 31) % pool.size()];
    const std::vector<In> input = x;
    std::vector<Out> out(n + 1);
    std::memset(out.data(), 0x5a, out.size() * sizeof(Out));
    const Out canary = out[n];
    kernel(x.data(), out.data(), n);
    CHECK((n == 0 || std::memcmp(x.data(), input.data(), n * sizeof(In)) == 0));  // an empty vector's data() may be null
    for (size_t i = 0; i < n; ++i) CHECK(same(out[i], reference(x[i])));
    CHECK(std::memcmp(&out[n], &canary, sizeof(Out)) == 0);
    if constexpr (sizeof(In) == sizeof(Out)) {  // in place
      std::vector<In> both = input;
      kernel(both.data(), reinterpret_cast<Out*>(both.data()), n);
      for (size_t i = 0; i < n; ++i) {
        Out o;
        std::memcpy(&o, &both[i], sizeof o);
        CHECK(same(o, reference(input[i])));
      }
    }
  }
}

}  // namespace

#define TESSERA_CAST(from, to, kernel, In, Out)                                         \
  TEST_CASE(#kernel " (" #from " -> " #to ") matches the reference bit for bit") {      \
    check_kernel<In, Out>(tessera::kernel, tessera::reference::kernel);                 \
  }
#define TESSERA_CAST_UNSATURATED(to, kernel)                                           \
  TEST_CASE(#kernel " (float32 -> " #to ", saturate = 0) matches the reference bit for bit") { \
    check_kernel<float, uint8_t>(tessera::kernel, tessera::reference::kernel);         \
  }
#include "tessera/casts.inc"
#undef TESSERA_CAST
#undef TESSERA_CAST_UNSATURATED

// The 4-bit rows: n elements, two a byte (even element low, a last byte's
// unused nibble 0), against the reference code by code, every length 0..67.
template <class In, class Out, class Reference>
void check_packed(void (*kernel)(const In*, Out*, size_t), Reference reference) {
  constexpr bool to_packed = std::is_same_v<In, float>;
  std::vector<float> floats = pool_of<float>();
  for (int k = -40; k <= 40; ++k) floats.push_back(static_cast<float>(k) / 4);  // every tie and the clamps
  const size_t count = to_packed ? floats.size() : 600;
  const auto element_ok = [&](const In* x, const Out* y, size_t i) {
    if constexpr (to_packed) {
      const uint8_t want = reference(x[i]);
      return ((y[i / 2] >> (4 * (i & 1))) & 15) == want;
    } else {
      const uint8_t code = (x[i / 2] >> (4 * (i & 1))) & 15;
      return same(y[i], reference(code));
    }
  };
  for (size_t n : {size_t{0}, size_t{1}, size_t{2}, size_t{31}, size_t{32}, size_t{33}, size_t{63}, size_t{64}, size_t{67}, count}) {
    const size_t in_len = to_packed ? n : (n + 1) / 2;
    const size_t out_len = to_packed ? (n + 1) / 2 : n;
    std::vector<In> x(in_len + 1);
    for (size_t i = 0; i < in_len; ++i) {
      if constexpr (to_packed) x[i] = floats[(i * 7919 + n) % floats.size()];
      else x[i] = static_cast<In>(i * 37 + n);  // every byte pattern over the longest run
    }
    std::vector<Out> y(out_len + 1);
    std::memset(y.data(), 0x5a, y.size() * sizeof(Out));
    const Out canary = y[out_len];
    kernel(x.data(), y.data(), n);
    size_t wrong = 0;
    for (size_t i = 0; i < n; ++i) wrong += element_ok(x.data(), y.data(), i) ? 0 : 1;
    CHECK(wrong == 0);
    if constexpr (to_packed) {
      if (n & 1) CHECK((y[n / 2] >> 4) == 0);
    }
    CHECK(std::memcmp(&y[out_len], &canary, sizeof(Out)) == 0);
  }
}

#define TESSERA_CAST(from, to, kernel, In, Out)
#define TESSERA_CAST_PACKED(from, to, kernel, In, Out)                                         \
  TEST_CASE(#kernel " (" #from " -> " #to ", packed) matches the reference code for code") {   \
    check_packed<In, Out>(tessera::kernel, tessera::reference::kernel);                          \
  }
#include "tessera/casts.inc"
#undef TESSERA_CAST
#undef TESSERA_CAST_PACKED

TEST_CASE("Cast's edge cases, as the rules state them") {
  using tessera::reference::float_to_half;
  CHECK(float_to_half(65519.0f) == 0x7bff);
  CHECK(float_to_half(65520.0f) == 0x7c00);
  CHECK(float_to_half(-0.0f) == 0x8000);
  CHECK(float_to_half(1.00048828125f) == 0x3c00);  // a tie: to even
  CHECK(float_to_half(1.00146484375f) == 0x3c02);  // a tie: to even, up
  CHECK(float_to_half(2.9802322e-08f) == 0x0000);  // 2^-25: a tie with 0
  CHECK(float_to_half(-std::numeric_limits<float>::quiet_NaN()) == 0x7e00);
  // Cast keeps a NaN's sign and payload's high bits, quieted (onnxruntime's and the hardware's rule).
  using tessera::reference::bits_as;
  CHECK(tessera::reference::f32_f16_cast(bits_as<float>(0xffc00000u)) == 0xfe00);
  CHECK(tessera::reference::f32_f16_cast(bits_as<float>(0x7f802000u)) == 0x7e01);  // signalling, quieted
  CHECK(tessera::reference::f32_f16_cast(bits_as<float>(0x7fffffffu)) == 0x7fff);
  CHECK(tessera::reference::f32_bf16_cast(bits_as<float>(0xff810000u)) == 0xffc0);
  CHECK(tessera::reference::f32_bf16_cast(bits_as<float>(0x7f800001u)) == 0x7fc0);
  const float nans[8] = {bits_as<float>(0xffc00000u), bits_as<float>(0x7f802000u), bits_as<float>(0x7fffffffu), 1, bits_as<float>(0xff810000u), 0, 0, bits_as<float>(0x7fa5a5a5u)};
  uint16_t halves[8];
  uint16_t bf[8];
  tessera::f32_f16_cast(nans, halves, 8);
  tessera::f32_bf16_cast(nans, bf, 8);
  CHECK(halves[0] == 0xfe00);
  CHECK(halves[1] == 0x7e01);
  CHECK(halves[2] == 0x7fff);
  CHECK(halves[7] == 0x7f2d);
  CHECK(bf[4] == 0xffc0);
  CHECK(bf[7] == 0x7fc0);
  // float8: a NaN keeps its sign (S.1111.111, S.11111.11), as onnxruntime keeps it; fnuz's one NaN has none.
  uint8_t e4m3[8], e5m2[8], fnuz[8];
  tessera::f32_f8e4m3fn_cast(nans, e4m3, 8);
  tessera::f32_f8e5m2_unsaturated(nans, e5m2, 8);
  tessera::f32_f8e4m3fnuz_cast(nans, fnuz, 8);
  CHECK(e4m3[0] == 0xff);
  CHECK(e4m3[1] == 0x7f);
  CHECK(e4m3[4] == 0xff);
  CHECK(e5m2[0] == 0xff);
  CHECK(e5m2[7] == 0x7f);
  CHECK(fnuz[0] == 0x80);
  CHECK(fnuz[4] == 0x80);
  CHECK(tessera::reference::f32_f8e5m2_cast(bits_as<float>(0xff800001u)) == 0xff);
  // float8 -> float32: a NaN is 0x7fc00000 with the code's sign, as onnxruntime decodes it (fnuz's 0x80 negative).
  const uint8_t nan_codes[4][17] = {{0x7f, 0xff}, {0x7d, 0x7e, 0x7f, 0xfd, 0xfe, 0xff}, {0x80}, {0x80}};
  const uint32_t nan_bits[4][17] = {{0x7fc00000u, 0xffc00000u}, {0x7fc00000u, 0x7fc00000u, 0x7fc00000u, 0xffc00000u, 0xffc00000u, 0xffc00000u},
                                    {0xffc00000u}, {0xffc00000u}};
  void (*const decoders[4])(const uint8_t*, float*, size_t) = {tessera::f8e4m3fn_f32_cast, tessera::f8e5m2_f32_cast, tessera::f8e4m3fnuz_f32_cast, tessera::f8e5m2fnuz_f32_cast};
  for (int k = 0; k < 4; k++) {
    uint8_t codes[17] = {};
    uint32_t want[17] = {};
    for (int i = 0; i < 17; i++) {  // 17: the SIMD blocks of 16 and a scalar tail both see each NaN
      codes[i] = nan_codes[k][i % (k == 0 ? 2 : k == 1 ? 6 : 1)];
      want[i] = nan_bits[k][i % (k == 0 ? 2 : k == 1 ? 6 : 1)];
    }
    float out[17];
    decoders[k](codes, out, 17);
    for (int i = 0; i < 17; i++) CHECK(bits_as<uint32_t>(out[i]) == want[i]);
  }
  CHECK(tessera::reference::float_to_bfloat16(tessera::reference::bits_as<float>(0x3f808000u)) == 0x3f80);
  CHECK(tessera::reference::float_to_bfloat16(tessera::reference::bits_as<float>(0x3f818000u)) == 0x3f82);
  CHECK(tessera::reference::float_to_bfloat16(std::numeric_limits<float>::max()) == 0x7f80);
  CHECK(tessera::reference::f32_u8_cast(255.9f) == 255);
  CHECK(tessera::reference::f32_u8_cast(-3.0f) == 0);
  CHECK(tessera::reference::f32_u8_cast(std::nanf("")) == 0);
  CHECK(tessera::reference::f32_s32_cast(-2.9f) == -2);
  CHECK(tessera::reference::f32_s32_cast(3e9f) == 2147483647);
  CHECK(tessera::reference::s64_s32_cast(int64_t{1} << 32 | 5) == 5);
}
