// The C++ mirror of the API's checks (cpp/src/validate.h), which the fuzzers
// decode their parameters through: it must refuse what the API refuses and
// pass what the API passes, with no overflow on extreme values.
#include <doctest/doctest.h>

#include <cstdint>

#include "validate.h"

using tessera::validate::Check;
namespace validate = tessera::validate;

TEST_CASE("validate: Tile counts, signs and memory") {
  const uint32_t dims[] = {2, 3};
  uint32_t r32[2];
  uint64_t n = 0;
  const int64_t ok[] = {2, 1};
  CHECK(validate::tile(32, 2, dims, 2, ok, r32, &n) == Check::ok);
  CHECK(n == 12);
  CHECK(r32[0] == 2);
  CHECK(validate::tile(32, 2, dims, 1, ok, r32, &n) == Check::count_mismatch);
  const int64_t negative[] = {1, -1};
  CHECK(validate::tile(32, 2, dims, 2, negative, r32, &n) == Check::negative);
  const int64_t huge[] = {INT64_MAX, INT64_MAX};
  CHECK(validate::tile(8, 2, dims, 2, huge, r32, &n) == Check::unsafe_extent);
  const int64_t zero_and_huge[] = {0, INT64_MAX};
  CHECK(validate::tile(8, 2, dims, 2, zero_and_huge, r32, &n) == Check::unsafe_extent);
  const int64_t zero_and_safe[] = {0, (int64_t{1} << 53) / 3};
  CHECK(validate::tile(8, 2, dims, 2, zero_and_safe, r32, &n) == Check::ok);
  CHECK(n == 0);
  const uint32_t one[] = {1};
  const int64_t limit[] = {int64_t{validate::kMemoryLimit}}, past[] = {int64_t{validate::kMemoryLimit} + 1};
  CHECK(validate::tile(8, 1, one, 1, limit, r32, &n) == Check::ok);
  CHECK(validate::tile(8, 1, one, 1, past, r32, &n) == Check::too_large);
}

TEST_CASE("validate: ConstantOfShape, packed bytes rounded up") {
  uint64_t n = 0;
  const int64_t shape[] = {int64_t{validate::kMemoryLimit} * 2};
  CHECK(validate::constant_of_shape(4, 1, shape, &n) == Check::ok);  // twice the limit in nibbles: exactly the limit
  CHECK(validate::constant_of_shape(8, 1, shape, &n) == Check::too_large);
  const int64_t one_more[] = {int64_t{validate::kMemoryLimit} * 2 + 1};
  CHECK(validate::constant_of_shape(4, 1, one_more, &n) == Check::too_large);
  const int64_t negative[] = {3, -1};
  CHECK(validate::constant_of_shape(8, 2, negative, &n) == Check::negative);
  const int64_t unsafe[] = {INT64_MAX, 0};
  CHECK(validate::constant_of_shape(128, 2, unsafe, &n) == Check::unsafe_extent);
  const int64_t safe = (int64_t{1} << 53) - 1;
  const int64_t empty[] = {safe, safe, safe, 0};
  CHECK(validate::constant_of_shape(128, 4, empty, &n) == Check::ok);
  CHECK(n == 0);
  CHECK(validate::constant_of_shape(32, 0, empty, &n) == Check::ok);
  CHECK(n == 1);
}

TEST_CASE("validate: AsStrided bounds without overflow") {
  uint32_t s32[9], t32[9], o32 = 0;
  uint64_t n = 0;
  const int64_t size[] = {3, 2}, stride[] = {1, 3}, offset[] = {0};
  CHECK(validate::as_strided(32, 6, 2, size, 2, stride, 1, offset, s32, t32, &o32, &n) == Check::ok);
  CHECK(n == 6);
  CHECK(validate::as_strided(32, 5, 2, size, 2, stride, 1, offset, s32, t32, &o32, &n) == Check::out_of_bounds);
  CHECK(validate::as_strided(32, 6, 2, size, 1, stride, 1, offset, s32, t32, &o32, &n) == Check::count_mismatch);
  CHECK(validate::as_strided(32, 6, 2, size, 2, stride, 0, offset, s32, t32, &o32, &n) == Check::count_mismatch);
  const int64_t zero_size[] = {3, 0};
  CHECK(validate::as_strided(32, 6, 2, zero_size, 2, stride, 1, offset, s32, t32, &o32, &n) == Check::not_positive);
  const int64_t huge_stride[] = {INT64_MAX, INT64_MAX};
  const int64_t big_size[] = {INT64_MAX, INT64_MAX};
  CHECK(validate::as_strided(8, 100, 2, big_size, 2, huge_stride, 1, offset, s32, t32, &o32, &n) == Check::out_of_bounds);
  // A stride along an extent-1 axis is never used: any value, passed on as 0.
  const int64_t ones[] = {1, 2}, unused[] = {INT64_MAX, 1};
  CHECK(validate::as_strided(8, 2, 2, ones, 2, unused, 1, offset, s32, t32, &o32, &n) == Check::ok);
  CHECK(t32[0] == 0);
  const int64_t nine[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  CHECK(validate::as_strided(8, 2, 9, nine, 9, nine, 1, offset, s32, t32, &o32, &n) == Check::too_many_axes);
  const int64_t negative_offset[] = {-1};
  CHECK(validate::as_strided(32, 6, 2, size, 2, stride, 1, negative_offset, s32, t32, &o32, &n) == Check::negative);
}
