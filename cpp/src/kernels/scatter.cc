// ScatterElements and ScatterND: y (already a copy of data) takes updates
// at the places an index tensor names, each combined with what is there by
// the reduction: a byte move (none), or add, mul, max or min of the type.
//
// Reductions follow numpy, as ONNX's reference does: integers wrap; max and
// min keep the existing value unless the update is larger (smaller) or the
// existing value is NaN, so a NaN on either side wins; bool add and max are
// "or", mul and min "and"; float16 and bfloat16 compute in float32 and round
// once to nearest even (float32 holds every sum and product of two of them
// closely enough that the one rounding is the correct one); complex add and
// mul are numpy's, complex max and min have no reducer.
#include <cmath>
#include <type_traits>
#include <cstring>

#include "bytes-v128.h"
#include "index-walk.h"
#include "tessera/kernels.h"
#include "tessera/tables.h"

namespace tessera {

using index_walk::ElementWalk;
using index_walk::index_at;
using index_walk::normalize;
using index_walk::report;

namespace {

// ---------------------------------------------------------------- element access
template <class T>
T load(const unsigned char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <class T>
void store(unsigned char* p, T v) {
  std::memcpy(p, &v, sizeof v);
}

inline float f32_of_bits(uint32_t b) { return load<float>(reinterpret_cast<const unsigned char*>(&b)); }
inline uint32_t bits_of_f32(float f) { return load<uint32_t>(reinterpret_cast<const unsigned char*>(&f)); }

// IEEE binary16 <-> float32, exact one way and rounded to nearest even the
// other (the formulas of cast.cc's scalar f16_f32 and f32_f16).
inline float f16_to_f32(uint16_t h) {
  const uint32_t magnitude = h & 0x7fffu;
  const uint32_t shifted = magnitude << 13;
  uint32_t f = shifted + (112u << 23);
  if (magnitude < 0x0400) f = bits_of_f32(f32_of_bits(shifted + (113u << 23)) - 0x1p-14f);
  if (magnitude >= 0x7c00) f = shifted | 0x7f800000u;
  return f32_of_bits(f | (static_cast<uint32_t>(h & 0x8000u) << 16));
}

inline uint16_t f32_to_f16(float x) {
  const uint32_t sign = bits_of_f32(x) & 0x80000000u;
  const uint32_t a = bits_of_f32(x) ^ sign;
  if (a > 0x7f800000u) return static_cast<uint16_t>(0x7e00 | (sign >> 16));
  uint32_t h;
  if (a >= 0x47800000u) h = 0x7c00;
  else if (a < (113u << 23)) h = bits_of_f32(f32_of_bits(a) + 0.5f) - 0x3f000000u;
  else h = (a + 0xc8000fffu + ((a >> 13) & 1)) >> 13;
  return static_cast<uint16_t>(h | (sign >> 16));
}

inline float bf16_to_f32(uint16_t b) { return f32_of_bits(uint32_t{b} << 16); }

inline uint16_t f32_to_bf16(float x) {
  const uint32_t b = bits_of_f32(x);
  if (x != x) return static_cast<uint16_t>((b >> 16) | 0x40);
  return static_cast<uint16_t>((b + 0x7fffu + ((b >> 16) & 1)) >> 16);
}

// ---------------------------------------------------------------- the operations
template <class T>
bool is_nan(T v) {
  return v != v;  // false for integers
}

// numpy's maximum and minimum: a NaN on either side wins (the existing one first).
template <class T>
T max_of(T a, T b) {
  return (a >= b || is_nan(a)) ? a : b;
}
template <class T>
T min_of(T a, T b) {
  return (a <= b || is_nan(a)) ? a : b;
}

// Integers wrap: the arithmetic runs on the unsigned type of the same width.
template <class T, Reduction R>
void reduce_native(unsigned char* dst, const unsigned char* src, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const T a = load<T>(dst + i * sizeof(T));
    const T b = load<T>(src + i * sizeof(T));
    T r;
    if constexpr (R == Reduction::max) {
      r = max_of(a, b);
    } else if constexpr (R == Reduction::min) {
      r = min_of(a, b);
    } else if constexpr (std::is_integral_v<T>) {
      using U = std::make_unsigned_t<T>;
      const U ua = static_cast<U>(a), ub = static_cast<U>(b);
      r = static_cast<T>(R == Reduction::add ? static_cast<U>(ua + ub) : static_cast<U>(ua * ub));
    } else {
      r = R == Reduction::add ? a + b : a * b;
    }
    store<T>(dst + i * sizeof(T), r);
  }
}

// bool: add and max are "or", mul and min "and".
template <Reduction R>
void reduce_bool(unsigned char* dst, const unsigned char* src, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    dst[i] = (R == Reduction::add || R == Reduction::max) ? (dst[i] | src[i]) : (dst[i] & src[i]);
  }
}

// float16 and bfloat16 through float32: max and min keep the winner's own bits.
template <float (*Widen)(uint16_t), uint16_t (*Narrow)(float), Reduction R>
void reduce_half(unsigned char* dst, const unsigned char* src, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const uint16_t ha = load<uint16_t>(dst + 2 * i), hb = load<uint16_t>(src + 2 * i);
    const float a = Widen(ha), b = Widen(hb);
    uint16_t r;
    if constexpr (R == Reduction::max) r = (a >= b || a != a) ? ha : hb;
    else if constexpr (R == Reduction::min) r = (a <= b || a != a) ? ha : hb;
    else r = Narrow(R == Reduction::add ? a + b : a * b);
    store<uint16_t>(dst + 2 * i, r);
  }
}

// Complex numbers as (re, im) pairs: numpy's sum and product.
template <class T, Reduction R>
void reduce_complex(unsigned char* dst, const unsigned char* src, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    unsigned char* d = dst + 2 * sizeof(T) * i;
    const unsigned char* s = src + 2 * sizeof(T) * i;
    const T ar = load<T>(d), ai = load<T>(d + sizeof(T));
    const T br = load<T>(s), bi = load<T>(s + sizeof(T));
    if constexpr (R == Reduction::add) {
      store<T>(d, ar + br);
      store<T>(d + sizeof(T), ai + bi);
    } else {
      store<T>(d, ar * br - ai * bi);
      store<T>(d + sizeof(T), ar * bi + ai * br);
    }
  }
}

template <size_t ES>
void reduce_none(unsigned char* dst, const unsigned char* src, size_t n) {
  copy_bytes(dst, src, n * ES);
}

template <class T>
void (*native_for(Reduction r))(unsigned char*, const unsigned char*, size_t) {
  switch (r) {
    case Reduction::add: return reduce_native<T, Reduction::add>;
    case Reduction::mul: return reduce_native<T, Reduction::mul>;
    case Reduction::max: return reduce_native<T, Reduction::max>;
    case Reduction::min: return reduce_native<T, Reduction::min>;
    default: return nullptr;
  }
}

template <float (*Widen)(uint16_t), uint16_t (*Narrow)(float)>
void (*half_for(Reduction r))(unsigned char*, const unsigned char*, size_t) {
  switch (r) {
    case Reduction::add: return reduce_half<Widen, Narrow, Reduction::add>;
    case Reduction::mul: return reduce_half<Widen, Narrow, Reduction::mul>;
    case Reduction::max: return reduce_half<Widen, Narrow, Reduction::max>;
    case Reduction::min: return reduce_half<Widen, Narrow, Reduction::min>;
    default: return nullptr;
  }
}

}  // namespace

bool make_reducer(uint32_t type, size_t element_size, Reduction reduction, Reducer* reducer) {
  reducer->element_size = element_size;
  reducer->apply = nullptr;
  if (reduction == Reduction::none) {
    switch (element_size) {
      case 1: reducer->apply = reduce_none<1>; break;
      case 2: reducer->apply = reduce_none<2>; break;
      case 4: reducer->apply = reduce_none<4>; break;
      case 8: reducer->apply = reduce_none<8>; break;
      case 16: reducer->apply = reduce_none<16>; break;
      default: break;
    }
    return reducer->apply != nullptr;
  }
  switch (type) {
    case onnx_type("int8"): reducer->apply = native_for<int8_t>(reduction); break;
    case onnx_type("uint8"): reducer->apply = native_for<uint8_t>(reduction); break;
    case onnx_type("int16"): reducer->apply = native_for<int16_t>(reduction); break;
    case onnx_type("uint16"): reducer->apply = native_for<uint16_t>(reduction); break;
    case onnx_type("int32"): reducer->apply = native_for<int32_t>(reduction); break;
    case onnx_type("uint32"): reducer->apply = native_for<uint32_t>(reduction); break;
    case onnx_type("int64"): reducer->apply = native_for<int64_t>(reduction); break;
    case onnx_type("uint64"): reducer->apply = native_for<uint64_t>(reduction); break;
    case onnx_type("float32"): reducer->apply = native_for<float>(reduction); break;
    case onnx_type("float64"): reducer->apply = native_for<double>(reduction); break;
    case onnx_type("float16"): reducer->apply = half_for<f16_to_f32, f32_to_f16>(reduction); break;
    case onnx_type("bfloat16"): reducer->apply = half_for<bf16_to_f32, f32_to_bf16>(reduction); break;
    case onnx_type("bool"):
      reducer->apply = reduction == Reduction::add ? reduce_bool<Reduction::add>
                     : reduction == Reduction::mul ? reduce_bool<Reduction::mul>
                     : reduction == Reduction::max ? reduce_bool<Reduction::max>
                     : reduce_bool<Reduction::min>;
      break;
    case onnx_type("complex64"):
      if (reduction == Reduction::add) reducer->apply = reduce_complex<float, Reduction::add>;
      if (reduction == Reduction::mul) reducer->apply = reduce_complex<float, Reduction::mul>;
      break;
    case onnx_type("complex128"):
      if (reduction == Reduction::add) reducer->apply = reduce_complex<double, Reduction::add>;
      if (reduction == Reduction::mul) reducer->apply = reduce_complex<double, Reduction::mul>;
      break;
    default: break;
  }
  return reducer->apply != nullptr;
}

// ---------------------------------------------------------------- scatter
bool xx_scatter_elements(void* y, const void* indices, const void* updates, size_t rank, const uint32_t* dims,
                         const uint32_t* strides, size_t axis, uint32_t axis_dim, size_t index_bytes,
                         const Reducer& reduce, IndexResult* result) {
  TESSERA_ASSERT(rank >= 1 && rank <= kMaxIndexRank && axis < rank);
  size_t n = 1;
  for (size_t d = 0; d < rank; ++d) n *= dims[d];
  auto* ys = static_cast<unsigned char*>(y);
  const auto* us = static_cast<const unsigned char*>(updates);
  const size_t es = reduce.element_size;
  ElementWalk walk{rank, dims, strides, {}, 0, axis};
  for (size_t i = 0; i < n; ++i, walk.advance()) {
    const int64_t v = index_at(indices, i, index_bytes);
    uint64_t at;
    if (!normalize(v, axis_dim, &at)) {
      report(result, i, v);
      return false;
    }
    reduce.apply(ys + (walk.base + at * strides[axis]) * es, us + i * es, 1);
  }
  return true;
}

bool xx_scatter_nd(void* y, const void* indices, const void* updates, size_t row_elements, size_t n, size_t k,
                   const uint32_t* dims, const Reducer& reduce, IndexResult* result) {
  auto* ys = static_cast<unsigned char*>(y);
  const auto* us = static_cast<const unsigned char*>(updates);
  const size_t row_bytes = row_elements * reduce.element_size;
  for (size_t j = 0; j < n; ++j) {
    uint64_t row = 0;
    for (size_t c = 0; c < k; ++c) {
      const int64_t v = index_at(indices, j * k + c, 8);
      uint64_t at;
      if (!normalize(v, dims[c], &at)) {
        report(result, j * k + c, v);
        return false;
      }
      row = row * dims[c] + at;
    }
    reduce.apply(ys + row * row_bytes, us + j * row_bytes, row_elements);
  }
  return true;
}

}  // namespace tessera
