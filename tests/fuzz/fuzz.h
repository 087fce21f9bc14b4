// Shared by the fuzz targets: reading parameters from the fuzz bytes, buffers
// sized exactly (so AddressSanitizer sees any access past them), and a check
// that stops the run with the input's story when a kernel and its reference
// disagree.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace fuzz {

// Reads fields from the front of the fuzz bytes; past the end every field is
// 0, so any input decodes (and seeds can be written by hand).
class Input {
 public:
  Input(const uint8_t* data, size_t size) : p_(data), n_(size) {}

  uint8_t u8() { return n_ ? (--n_, *p_++) : 0; }
  uint16_t u16() { return static_cast<uint16_t>(u8() | u8() << 8); }
  int16_t i16() { return static_cast<int16_t>(u16()); }
  uint32_t u32() { return u16() | static_cast<uint32_t>(u16()) << 16; }
  // Mostly small values, sometimes extreme ones: a tag byte picks which.
  int64_t param() {
    const uint8_t tag = u8();
    switch (tag % 8) {
      case 0: return INT64_MIN + u8();
      case 1: return INT64_MAX - u8();
      case 2: return static_cast<int64_t>(u32()) << (u8() % 33);
      case 3: return i16();
      default: return static_cast<int8_t>(u8()) % 17;  // -16..16
    }
  }
  size_t remaining() const { return n_; }
  const uint8_t* rest() const { return p_; }

 private:
  const uint8_t* p_;
  size_t n_;
};

// n bytes of input: the fuzz bytes left, cycled and mixed with the index so
// neighbouring elements differ (a wrong index shows as a wrong value).
inline std::vector<uint8_t> input_bytes(const Input& in, size_t n) {
  std::vector<uint8_t> bytes(n);
  uint32_t h = 0x9e3779b9u;
  for (size_t i = 0; i < n; ++i) {
    h = h * 1664525u + 1013904223u;
    const uint8_t seed = in.remaining() ? in.rest()[i % in.remaining()] : 0;
    bytes[i] = static_cast<uint8_t>((h >> 24) ^ seed);
  }
  return bytes;
}

// The rest of the fuzz bytes as the input of an op along one axis (TopK,
// CumSum): outer x n x inner elements of T, n as many as the bytes fill
// (possibly 0), their bit patterns as they come (every NaN payload, -0).
template <class T>
std::vector<T> axis_input(const Input& in, size_t outer, size_t inner, size_t& n) {
  n = in.remaining() / sizeof(T) / (outer * inner);
  std::vector<T> x(outer * n * inner);
  if (!x.empty()) std::memcpy(static_cast<void*>(x.data()), in.rest(), x.size() * sizeof(T));
  return x;
}

[[noreturn]] inline void fail(const char* target, const char* what, size_t where) {
  std::fprintf(stderr, "%s: %s (at byte %zu)\n", target, what, where);
  std::abort();
}

// Kernel and reference outputs must agree byte for byte.
inline void expect_same(const char* target, const uint8_t* got, const uint8_t* want, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (got[i] != want[i]) fail(target, "kernel output differs from the reference", i);
  }
}

// Budget for one fuzz input, far below the API's limit: each run must take
// milliseconds for the fuzzer to explore. Valid but larger inputs are skipped.
inline constexpr uint64_t kFuzzBytes = uint64_t{1} << 18;

}  // namespace fuzz
