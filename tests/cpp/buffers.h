// Test buffers for the data-movement kernels: outputs with canary bytes past
// their end, inputs of random bytes sized exactly (so AddressSanitizer sees
// any read past them).
#pragma once
#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace testing {

inline constexpr size_t kElementSizes[] = {1, 2, 4, 8, 16};

// An output of n bytes, pre-set to junk, followed by canaries.
class Output {
 public:
  static constexpr size_t kCanaries = 32;
  static constexpr uint8_t kCanary = 0xa5;

  explicit Output(size_t n, uint8_t junk = 0xcd) : bytes_(n, junk), n_(n) {
    bytes_.insert(bytes_.end(), kCanaries, kCanary);
  }

  uint8_t* data() { return bytes_.data(); }
  std::vector<uint8_t> contents() const {
    return std::vector<uint8_t>(bytes_.begin(), bytes_.begin() + static_cast<std::ptrdiff_t>(n_));
  }
  bool canaries_intact() const {
    for (size_t i = n_; i < bytes_.size(); ++i) {
      if (bytes_[i] != kCanary) return false;
    }
    return true;
  }

 private:
  std::vector<uint8_t> bytes_;
  size_t n_;
};

inline std::vector<uint8_t> random_bytes(std::mt19937& rng, size_t n) {
  std::vector<uint8_t> bytes(n);
  for (auto& b : bytes) b = static_cast<uint8_t>(rng());
  return bytes;
}

inline size_t uniform(std::mt19937& rng, size_t lo, size_t hi) {  // [lo, hi]
  return std::uniform_int_distribution<size_t>(lo, hi)(rng);
}

}  // namespace testing
