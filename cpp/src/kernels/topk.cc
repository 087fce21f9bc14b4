// TopK along one axis of x viewed as [outer, n, inner] (tessera/topk.h).
//
// Each element becomes an unsigned key whose integer order is the order the
// header states (NaN above +Inf, -0 equal to +0, integers by value), flipped
// for largest, so that the k wanted are always the k smallest (key, index)
// pairs: one strict total order, so the selection, whatever its method, has
// one answer, and equal keys fall to the lower index by the pair's order.
//
// One line at a time: its keys gathered once into the work block (a
// contiguous transform when inner == 1, a strided gather otherwise), then
//   k <= n / 8: a max-heap of the k best pairs so far over one pass of the
//     keys; an element enters only when its key is below the heap's top
//     (ties lose: their index is higher), tested four keys to a vector for
//     32-bit keys, so most of a long line is one compare per four elements;
//   otherwise: every pair, std::nth_element at k, then the k sorted.
// Never a full sort of the line when k is much smaller than n.
#include <algorithm>
#include <cstring>
#include <type_traits>

#include "tessera/simd.h"
#include "tessera/tables.h"
#include "tessera/topk.h"

namespace tessera {
namespace {

struct Half16 { uint16_t bits; };
struct Brain16 { uint16_t bits; };

// ---------------------------------------------------------------- keys
// The key of one element, ascending in the element's order. Floats: NaN to
// the top key, -0 to +0's bits, then the sign-magnitude bits made two's
// order (negatives inverted, positives above them).
template <class U, unsigned kBits>
inline U float_key(U bits, U nan_above) {
  constexpr U sign = U{1} << (kBits - 1);
  const U magnitude = bits & static_cast<U>(sign - 1);
  if (magnitude > nan_above) return static_cast<U>(~U{0} >> (sizeof(U) * 8 - kBits));
  if (magnitude == 0) return sign;  // +0 and -0
  return (bits & sign) ? static_cast<U>(~bits & static_cast<U>((sign - 1) | sign)) : static_cast<U>(bits | sign);
}

template <class T> struct KeyOf;
template <> struct KeyOf<float> {
  using K = uint32_t;
  static K of(float v) { uint32_t b; std::memcpy(&b, &v, 4); return float_key<uint32_t, 32>(b, 0x7f800000u); }
};
template <> struct KeyOf<double> {
  using K = uint64_t;
  static K of(double v) { uint64_t b; std::memcpy(&b, &v, 8); return float_key<uint64_t, 64>(b, 0x7ff0000000000000ull); }
};
template <> struct KeyOf<Half16> {
  using K = uint32_t;
  static K of(Half16 v) { return float_key<uint32_t, 16>(v.bits, 0x7c00u); }
};
template <> struct KeyOf<Brain16> {
  using K = uint32_t;
  static K of(Brain16 v) { return float_key<uint32_t, 16>(v.bits, 0x7f80u); }
};
template <class T>
struct IntKey {
  using K = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;
  // Signed: the sign bit flipped puts the negatives below the positives.
  static K of(T v) {
    using U = std::make_unsigned_t<T>;
    const U u = static_cast<U>(v);
    if constexpr (std::is_signed_v<T>) return static_cast<K>(static_cast<U>(u ^ (U{1} << (sizeof(T) * 8 - 1))));
    else return static_cast<K>(u);
  }
};
template <> struct KeyOf<int8_t> : IntKey<int8_t> {};
template <> struct KeyOf<uint8_t> : IntKey<uint8_t> {};
template <> struct KeyOf<int16_t> : IntKey<int16_t> {};
template <> struct KeyOf<uint16_t> : IntKey<uint16_t> {};
template <> struct KeyOf<int32_t> : IntKey<int32_t> {};
template <> struct KeyOf<uint32_t> : IntKey<uint32_t> {};
template <> struct KeyOf<int64_t> : IntKey<int64_t> {};
template <> struct KeyOf<uint64_t> : IntKey<uint64_t> {};

// ---------------------------------------------------------------- (key, index) pairs
// 32-bit keys: one uint64, the key above the index, so one integer compare
// orders a pair. 64-bit keys: the two fields compared in turn.
struct Pair64 {
  uint64_t key;
  uint32_t index;
  bool operator<(const Pair64& o) const { return key < o.key || (key == o.key && index < o.index); }
};
template <class K> struct PairOf;
template <> struct PairOf<uint32_t> {
  using P = uint64_t;
  static P make(uint32_t key, size_t i) { return uint64_t{key} << 32 | static_cast<uint32_t>(i); }
  static uint32_t key(P p) { return static_cast<uint32_t>(p >> 32); }
  static size_t index(P p) { return static_cast<uint32_t>(p); }
};
template <> struct PairOf<uint64_t> {
  using P = Pair64;
  static P make(uint64_t key, size_t i) { return {key, static_cast<uint32_t>(i)}; }
  static uint64_t key(const P& p) { return p.key; }
  static size_t index(const P& p) { return p.index; }
};

// The first position at or after i whose key is below `below`, or n: four
// 32-bit keys to a vector compare (unsigned), one at a time for the rest.
template <class K>
inline size_t next_below(const K* keys, size_t i, size_t n, K below) {
  if constexpr (sizeof(K) == 4) {
    const v128_t limit = wasm_i32x4_splat(static_cast<int32_t>(below));
    for (; i + 4 <= n; i += 4) {
      if (wasm_v128_any_true(wasm_u32x4_lt(wasm_v128_load(keys + i), limit))) break;
    }
  }
  for (; i < n; i++) {
    if (keys[i] < below) return i;
  }
  return n;
}

// The k smallest (key, index) pairs of one line (n elements, `stride`
// apart), ascending, at the start of work. The heap keeps its k pairs at the
// start and the line's keys after them (16-aligned: at most 2n + 16 + 8n
// bytes, as k <= n / 8); the other way holds every pair (at most 16n).
template <class T>
void select_line(const T* line, size_t stride, size_t n, size_t k, bool largest, void* work) {
  using K = typename KeyOf<T>::K;
  using Pairs = PairOf<K>;
  using P = typename Pairs::P;
  const K flip = largest ? static_cast<K>(~K{0}) : K{0};
  P* best = static_cast<P*>(work);
  if (k == 0) return;
  if (k <= n / 8) {
    K* keys = reinterpret_cast<K*>(static_cast<unsigned char*>(work) + ((k * sizeof(P) + 15) & ~size_t{15}));
    if (stride == 1) {
      for (size_t j = 0; j < n; j++) keys[j] = KeyOf<T>::of(line[j]) ^ flip;
    } else {
      for (size_t j = 0; j < n; j++) keys[j] = KeyOf<T>::of(line[j * stride]) ^ flip;
    }
    for (size_t i = 0; i < k; i++) best[i] = Pairs::make(keys[i], i);
    std::make_heap(best, best + k);
    for (size_t i = next_below(keys, k, n, Pairs::key(best[0])); i < n; i = next_below(keys, i + 1, n, Pairs::key(best[0]))) {
      std::pop_heap(best, best + k);
      best[k - 1] = Pairs::make(keys[i], i);
      std::push_heap(best, best + k);
    }
    std::sort_heap(best, best + k);
    return;
  }
  for (size_t j = 0; j < n; j++) best[j] = Pairs::make(KeyOf<T>::of(line[j * stride]) ^ flip, j);
  if (k < n) std::nth_element(best, best + (k - 1), best + n);
  std::sort(best, best + k);
}

template <class T>
void top_k_typed(const T* x, T* values, int64_t* indices, void* work, size_t outer, size_t n, size_t inner, size_t k,
                 bool largest) {
  using Pairs = PairOf<typename KeyOf<T>::K>;
  const auto* best = static_cast<const typename Pairs::P*>(work);
  for (size_t o = 0; o < outer; o++) {
    for (size_t i = 0; i < inner; i++) {
      const T* line = x + o * n * inner + i;
      select_line(line, inner, n, k, largest, work);
      T* v = values + o * k * inner + i;
      int64_t* at = indices + o * k * inner + i;
      for (size_t r = 0; r < k; r++) {
        const size_t j = Pairs::index(best[r]);
        v[r * inner] = line[j * inner];
        at[r * inner] = static_cast<int64_t>(j);
      }
    }
  }
}

}  // namespace

Status top_k(uint32_t type, const void* x, void* values, int64_t* indices, void* work, size_t outer, size_t n, size_t inner,
             size_t k, bool largest) {
  if (k > n || n > UINT32_MAX) return Status::refused;
  switch (type) {
#define TESSERA_TOPK(name, T)                                                                                     \
    case onnx_type(name):                                                                                         \
      top_k_typed(static_cast<const T*>(x), static_cast<T*>(values), indices, work, outer, n, inner, k, largest); \
      return Status::ok;
    TESSERA_TOPK("float32", float)
    TESSERA_TOPK("float64", double)
    TESSERA_TOPK("float16", Half16)
    TESSERA_TOPK("bfloat16", Brain16)
    TESSERA_TOPK("int8", int8_t)
    TESSERA_TOPK("uint8", uint8_t)
    TESSERA_TOPK("int16", int16_t)
    TESSERA_TOPK("uint16", uint16_t)
    TESSERA_TOPK("int32", int32_t)
    TESSERA_TOPK("uint32", uint32_t)
    TESSERA_TOPK("int64", int64_t)
    TESSERA_TOPK("uint64", uint64_t)
#undef TESSERA_TOPK
    default: return Status::refused;
  }
}

}  // namespace tessera
