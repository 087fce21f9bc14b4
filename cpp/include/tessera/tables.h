// The cross-language tables as C++ sees them: data types (dtypes.inc),
// limits (limits.inc) and the kernel exports (exports.inc).
#pragma once
#include <cstddef>
#include <cstdint>

namespace tessera {

// ---------------------------------------------------------------- data types
struct DataTypeInfo {
  const char* name;
  uint32_t onnx;   // TensorProto.DataType number
  uint32_t bits;   // per element; below 8: packed, 0: string
  uint32_t slots;  // storage slots per element (2 for complex)
};

inline constexpr DataTypeInfo kDataTypes[] = {
#define TESSERA_DTYPE(name, onnx, bits, storage, slots, kind) {#name, onnx, bits, slots},
#include "tessera/dtypes.inc"
#undef TESSERA_DTYPE
};

namespace detail {
constexpr bool same(const char* a, const char* b) {
  while (*a != 0 && *a == *b) ++a, ++b;
  return *a == *b;
}
// Not constexpr: reaching it in a constant expression is a compile error.
inline uint32_t no_such_data_type() { return 0; }
}  // namespace detail

/** The ONNX number of a type named in dtypes.inc; an unknown name does not compile. */
constexpr uint32_t onnx_type(const char* name) {
  for (const DataTypeInfo& t : kDataTypes) {
    if (detail::same(t.name, name)) return t.onnx;
  }
  return detail::no_such_data_type();
}

/** An element width in bytes that some fixed-size type of dtypes.inc has. */
constexpr bool is_element_size(size_t bytes) {
  for (const DataTypeInfo& t : kDataTypes) {
    if (t.bits >= 8 && t.bits / 8 == bytes) return true;
  }
  return false;
}

/** A packed width in bits (below a byte) that some type of dtypes.inc has. */
constexpr bool is_packed_width(uint32_t bits) {
  for (const DataTypeInfo& t : kDataTypes) {
    if (t.bits > 0 && t.bits < 8 && t.bits == bits) return true;
  }
  return false;
}

// ---------------------------------------------------------------- limits
namespace limits {
#define TESSERA_LIMIT(name, value) inline constexpr uint64_t name = value;
#include "tessera/limits.inc"
#undef TESSERA_LIMIT
}  // namespace limits

}  // namespace tessera
