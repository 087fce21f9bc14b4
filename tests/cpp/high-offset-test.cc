// The kernels at and past 2^31: in WebAssembly, on buffers at addresses
// across the 2 GiB mark (where a signed 32-bit pointer turns negative);
// natively, 2^31 bytes into one block and with an AsStrided offset past 2^31
// elements (where an int index would overflow). The block is 2 GiB and 1 MiB
// of memory the system commits only where the tests write: a few pages
// (natively an anonymous mapping: AddressSanitizer would otherwise write the
// shadow of all 2 GiB, 256 MiB of it, and take seconds).
// Each result is compared byte for byte with the reference, and the bytes
// around each output are checked untouched.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#ifndef __EMSCRIPTEN__
#include <sys/mman.h>
#endif

#include "buffers.h"
#include "reference/data-movement.h"
#include "reference/floor.h"
#include "tessera/kernels.h"

namespace {

constexpr size_t kMark = size_t{1} << 31;
constexpr size_t kSpan = kMark + (size_t{1} << 20);
constexpr uint8_t kUntouched = 0x5a;

class Region {
 public:
  Region() {
#ifdef __EMSCRIPTEN__
    // dlmalloc asks the system for less than 2 GiB at a time: its free top
    // grows by 1 GiB first (as tessera_malloc does for the library).
    void* volatile step = std::malloc(size_t{1} << 30);
    std::free(step);
    base_ = static_cast<unsigned char*>(std::malloc(kSpan));
#else
    void* map = mmap(nullptr, kSpan, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    base_ = map == MAP_FAILED ? nullptr : static_cast<unsigned char*>(map);
#endif
  }
  ~Region() {
#ifdef __EMSCRIPTEN__
    std::free(base_);
#else
    if (base_ != nullptr) munmap(base_, kSpan);
#endif
  }
  Region(const Region&) = delete;
  Region& operator=(const Region&) = delete;

  bool ok() const { return base_ != nullptr && mark() - base_ + (size_t{1} << 19) <= kSpan; }
  unsigned char* base() const { return base_; }
  // WebAssembly: the address 2^31 itself. Natively: 2^31 bytes into the block.
  unsigned char* mark() const {
#ifdef __EMSCRIPTEN__
    return reinterpret_cast<unsigned char*>(uintptr_t{kMark});
#else
    return base_ + kMark;
#endif
  }

 private:
  unsigned char* base_ = nullptr;
};

// n random bytes at p (within the region), returned as a copy.
std::vector<uint8_t> scribble(std::mt19937& rng, unsigned char* p, size_t n) {
  const auto bytes = testing::random_bytes(rng, n);
  std::memcpy(p, bytes.data(), n);
  return bytes;
}

// The n bytes at y, with kGuard bytes of kUntouched before and after them set.
constexpr size_t kGuard = 32;
void guard(unsigned char* y, size_t n) {
  std::memset(y - kGuard, kUntouched, kGuard);
  std::memset(y + n, kUntouched, kGuard);
}
bool guards_intact(const unsigned char* y, size_t n) {
  for (size_t i = 0; i < kGuard; ++i) {
    if (y[-1 - static_cast<std::ptrdiff_t>(i)] != kUntouched || y[n + i] != kUntouched) return false;
  }
  return true;
}

bool same(const unsigned char* got, const std::vector<uint8_t>& expected) {
  return std::memcmp(got, expected.data(), expected.size()) == 0;
}

}  // namespace

TEST_CASE("kernels at and past 2^31") {
  Region region;
  REQUIRE(region.ok());
  unsigned char* const mark = region.mark();
  std::mt19937 rng(31);

  SUBCASE("fill across the mark, every element size and the packed widths") {
    for (size_t es : testing::kElementSizes) {
      CAPTURE(es);
      const size_t n = 37;
      unsigned char* y = mark - 3 * es - 5;
      const auto value = testing::random_bytes(rng, es);
      guard(y, n * es);
      tessera::xx_fill(y, n, es, value.data());
      std::vector<uint8_t> expected(n * es);
      tessera::reference::fill(expected.data(), n, es, value.data());
      CHECK(same(y, expected));
      CHECK(guards_intact(y, n * es));
    }
    for (unsigned bits : {4u, 2u}) {
      CAPTURE(bits);
      const size_t n = 4 * 29 + 3;
      unsigned char* y = mark - 7;
      const size_t bytes = tessera::reference::packed_bytes(n, bits);
      guard(y, bytes);
      if (bits == 4) tessera::x4_fill(y, n, 0x9);
      else tessera::x2_fill(y, n, 0x2);
      std::vector<uint8_t> expected(bytes);
      tessera::reference::fill_packed(expected.data(), n, bits, bits == 4 ? 0x9 : 0x2);
      CHECK(same(y, expected));
      CHECK(guards_intact(y, bytes));
    }
  }

  SUBCASE("tile from an input across the mark to an output past it") {
    const uint32_t dims[] = {3, 5, 7}, repeats[] = {2, 1, 3};
    for (size_t es : testing::kElementSizes) {
      CAPTURE(es);
      const size_t in = 3 * 5 * 7 * es, out = in * 6;
      unsigned char* x = mark - in / 2 - 1;
      unsigned char* y = mark + 4096 + 3;
      const auto input = scribble(rng, x, in);
      guard(y, out);
      tessera::xx_tile(x, y, es, 3, dims, repeats);
      std::vector<uint8_t> expected(out);
      tessera::reference::tile(input.data(), expected.data(), es, 3, dims, repeats);
      CHECK(same(y, expected));
      CHECK(guards_intact(y, out));
    }
  }

  SUBCASE("as_strided from the block's start with an offset that reaches past the mark") {
    const uint32_t size[] = {4, 3, 5}, stride[] = {17, 1, 4};
    const size_t last = 3 * 17 + 2 * 1 + 4 * 4;  // the largest index read past the offset
    for (size_t es : testing::kElementSizes) {
      CAPTURE(es);
      const unsigned char* x = region.base();
      // Natively offset is past 2^31 elements for 1-byte elements (2^31 bytes in):
      // offset * element_size must be computed in size_t.
      const auto offset = static_cast<uint32_t>((mark - x) / es + 3);
      unsigned char* read = region.base() + size_t{offset} * es;
      const auto window = scribble(rng, read, (last + 1) * es);
      const size_t out = 4 * 3 * 5 * es;
      unsigned char* y = mark + 8192 + 5;
      guard(y, out);
      tessera::xx_as_strided(x, y, es, 3, size, stride, offset);
      std::vector<uint8_t> expected(out);
      tessera::reference::as_strided(window.data(), expected.data(), es, 3, size, stride, 0);
      CHECK(same(y, expected));
      CHECK(guards_intact(y, out));
    }
  }

  SUBCASE("floor in place across the mark, every float format") {
    const float f32[] = {-2.5f, 2.5f, -0.5f, -0.0f, 1e-40f, -1e-40f, 8388607.5f, -8388607.5f,
                         std::numeric_limits<float>::infinity(), std::nanf("1"), 123.25f, -1.0f};
    const size_t n = 41;
    auto* y32 = reinterpret_cast<float*>(mark - 4 * 9);
    for (size_t i = 0; i < n; ++i) y32[i] = f32[i % 12] * static_cast<float>(1 + i % 3);
    std::vector<float> expected32(n);
    for (size_t i = 0; i < n; ++i) expected32[i] = tessera::reference::floor_f32(y32[i]);
    tessera::f32_floor(y32, y32, n);
    CHECK(std::memcmp(y32, expected32.data(), n * 4) == 0);

    auto* y64 = reinterpret_cast<double*>(mark - 8 * 11);
    for (size_t i = 0; i < n; ++i) y64[i] = static_cast<double>(f32[i % 12]) * (1 + i % 5) - 0.125;
    std::vector<double> expected64(n);
    for (size_t i = 0; i < n; ++i) expected64[i] = tessera::reference::floor_f64(y64[i]);
    tessera::f64_floor(y64, y64, n);
    CHECK(std::memcmp(y64, expected64.data(), n * 8) == 0);

    for (bool bf16 : {false, true}) {
      CAPTURE(bf16);
      auto* y16 = reinterpret_cast<uint16_t*>(mark - 2 * 13);
      const auto bits = scribble(rng, reinterpret_cast<unsigned char*>(y16), n * 2);
      std::vector<uint16_t> expected16(n);
      for (size_t i = 0; i < n; ++i) {
        const auto h = static_cast<uint16_t>(bits[2 * i] | bits[2 * i + 1] << 8);
        expected16[i] = bf16 ? tessera::reference::floor_bf16(h) : tessera::reference::floor_f16(h);
      }
      if (bf16) tessera::bf16_floor(y16, y16, n);
      else tessera::f16_floor(y16, y16, n);
      CHECK(std::memcmp(y16, expected16.data(), n * 2) == 0);
    }
  }

  SUBCASE("pack and unpack across the mark") {
    for (unsigned bits : {4u, 2u}) {
      CAPTURE(bits);
      const size_t n = 8 * 23 + 5;
      const size_t packed = tessera::reference::packed_bytes(n, bits);
      unsigned char* bytes = mark - n / 2;
      const auto input = scribble(rng, bytes, n);
      unsigned char* y = mark + 12288 + 1;
      guard(y, packed);
      if (bits == 4) tessera::x4_pack(bytes, y, n);
      else tessera::x2_pack(bytes, y, n);
      std::vector<uint8_t> expected(packed);
      tessera::reference::pack(input.data(), expected.data(), n, bits);
      CHECK(same(y, expected));
      CHECK(guards_intact(y, packed));

      unsigned char* back = mark + 16384 + 7;
      guard(back, n);
      if (bits == 4) tessera::x4_unpack(y, back, n);
      else tessera::x2_unpack(y, back, n);
      std::vector<uint8_t> unpacked(n);
      tessera::reference::unpack(expected.data(), unpacked.data(), n, bits);
      CHECK(same(back, unpacked));
      CHECK(guards_intact(back, n));
    }
  }
}
