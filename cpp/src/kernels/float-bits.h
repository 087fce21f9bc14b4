// A float32's bits and back, by memcpy (the one well-defined type pun), for
// the kernels that take numbers apart on their bits (cast.cc, quantize.cc).
#pragma once
#include <cstdint>
#include <cstring>

namespace tessera {

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

}  // namespace tessera
