// TopK along one axis of x viewed as [outer, n, inner] (tessera/topk.h).
//
// Each element becomes an unsigned key whose integer order is the order the
// header states (NaN above +Inf, -0 equal to +0, integers by value), flipped
// for largest, so that the k wanted are always the k smallest (key, index)
// pairs: one strict total order, so the selection, whatever its method, has
// one answer, and equal keys fall to the lower index by the pair's order.
//
// One line at a time: its keys gathered once into the work block (a
// contiguous transform when inner == 1, a strided gather otherwise), then a
// max-heap of the k best pairs so far over one pass of the keys: an element
// enters only when its key is below the heap's top (ties lose: their index
// is higher), tested four keys to a vector compare for 32-bit keys, so most
// of a long line costs one compare per four elements; the heap is then
// sorted in place. Never a full sort of the line when k is much smaller
// than n. A contiguous float32 line (logits) has no keys block: its scan
// compares the floats with the heap top's, and only the positions it flags
// are made keys (select_line_f32). The selection is written for keys (two instantiations, 32- and
// 64-bit), the keys per element width, the copy out by width.
#include <cstring>
#include <type_traits>

#include "tessera/simd.h"
#include "tessera/tables.h"
#include "tessera/topk.h"

namespace tessera {
namespace {

// ---------------------------------------------------------------- keys
// Keys know elements by their bits only: unsigned integers of each width
// (a signed one is its unsigned bits with the sign bit flipped, done by the
// flip mask with largest's inversion), and floats of 16, 32 and 64 bits
// (float16 and bfloat16 differ only in where the NaNs start). Floats: every
// NaN to the top key, -0 to +0's, then the sign-magnitude bits made two's
// order (negatives inverted, positives above them).
template <class E> using KeyFor = std::conditional_t<sizeof(E) == 8, uint64_t, uint32_t>;

template <class E, bool kFloat>
inline KeyFor<E> key_of(E e, KeyFor<E> nan_above) {
  using K = KeyFor<E>;
  const K bits = e;
  if constexpr (!kFloat) {
    return bits;
  } else {
    constexpr unsigned kBits = sizeof(E) * 8;
    constexpr K sign = K{1} << (kBits - 1);
    constexpr K all = static_cast<K>((sign - 1) | sign);
    const K magnitude = bits & static_cast<K>(sign - 1);
    if (magnitude > nan_above) return all;
    if (magnitude == 0) return sign;  // +0 and -0
    return (bits & sign) ? static_cast<K>(~bits & all) : static_cast<K>(bits | sign);
  }
}

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

// One line's keys (n elements, `stride` apart), xor flip: the only code each
// kind of element has of its own. The strided gather stays scalar (a vector
// of four strided loads is four loads and lane inserts, for no gain).
template <class E, bool kFloat>
void line_keys(const E* line, size_t stride, size_t n, KeyFor<E> flip, KeyFor<E> nan_above, KeyFor<E>* keys) {
  if (stride == 1) {
#pragma clang loop interleave(disable)  // one vector at a time: fewer bytes (not timed: the machine was busy)
    for (size_t j = 0; j < n; j++) keys[j] = key_of<E, kFloat>(line[j], nan_above) ^ flip;
  } else {
#pragma clang loop vectorize(disable) interleave(disable)
    for (size_t j = 0; j < n; j++) keys[j] = key_of<E, kFloat>(line[j * stride], nan_above) ^ flip;
  }
}

// The keys sit after the heap's k pairs, 16-aligned (at most 16k + 16 + 8n
// bytes: topk_work_bytes).
template <class K>
K* keys_at(void* work, size_t k) {
  return reinterpret_cast<K*>(static_cast<unsigned char*>(work) + ((k * sizeof(typename PairOf<K>::P) + 15) & ~size_t{15}));
}

// A max-heap of pairs: h[i] moved down until neither child is above it.
template <class P>
void sift_down(P* h, size_t size, size_t i) {
  const P v = h[i];
  for (size_t c = 2 * i + 1; c < size; c = 2 * i + 1) {
    if (c + 1 < size && h[c] < h[c + 1]) c++;
    if (!(v < h[c])) break;
    h[i] = h[c];
    i = c;
  }
  h[i] = v;
}

// The heap of k pairs sorted in place, ascending.
template <class P>
void sort_heap(P* best, size_t k) {
  for (size_t end = k; end-- > 1;) {
    const P top = best[0];
    best[0] = best[end];
    best[end] = top;
    sift_down(best, end, 0);
  }
}

// The k smallest (key, index) pairs of one line's keys, ascending, at the
// start of work (the selection knows keys only: one per key width): the
// first k as a max-heap, then each later key below the top replaces it
// (ties lose: their index is higher), then the heap sorted in place.
// O(n log k), and for k much smaller than n mostly one compare per four
// keys; never a sort of the whole line unless k is the whole line.
template <class K>
void select_line(const K* keys, size_t n, size_t k, void* work) {
  using Pairs = PairOf<K>;
  using P = typename Pairs::P;
  P* best = static_cast<P*>(work);
  for (size_t i = 0; i < k; i++) best[i] = Pairs::make(keys[i], i);
  for (size_t i = k / 2; i-- > 0;) sift_down(best, k, i);
  for (size_t i = next_below(keys, k, n, Pairs::key(best[0])); i < n; i = next_below(keys, i + 1, n, Pairs::key(best[0]))) {
    best[0] = Pairs::make(keys[i], i);
    sift_down(best, k, 0);
  }
  sort_heap(best, k);
}

// select_line for a contiguous float32 line, with no keys block: a logits
// row of 32000 spent about half its time writing and reading back the keys
// of elements that never enter. The scan compares the floats themselves
// with the heap top's element t, four to a vector: above t or NaN
// (largest), below t or anything when t is NaN (smallest). That is every
// element whose key enters (NaN is above every number, -0 equals +0 in both
// orders) and a few that do not (a NaN when t is one); each position flagged
// is then tested by its key, so the heap takes the same elements in the same
// order as select_line over keys, and the result is the same bits.
template <bool kLargest>
void select_line_f32(const uint32_t* line, size_t n, size_t k, uint32_t flip, void* work) {
  using Pairs = PairOf<uint32_t>;
  uint64_t* best = static_cast<uint64_t*>(work);
  const auto key = [&](size_t i) { return key_of<uint32_t, true>(line[i], 0x7f800000u) ^ flip; };
  for (size_t i = 0; i < k; i++) best[i] = Pairs::make(key(i), i);
  for (size_t i = k / 2; i-- > 0;) sift_down(best, k, i);
  const float* values = reinterpret_cast<const float*>(line);
  for (size_t i = k; i < n;) {
    const float t = values[Pairs::index(best[0])];
    const v128_t top = wasm_f32x4_splat(t);
    const v128_t nan_top = wasm_i32x4_splat(t != t ? -1 : 0);
    for (; i + 4 <= n; i += 4) {
      const v128_t v = wasm_v128_load(values + i);
      const v128_t flagged = kLargest ? wasm_v128_or(wasm_f32x4_gt(v, top), wasm_f32x4_ne(v, v))
                                      : wasm_v128_or(wasm_f32x4_lt(v, top), nan_top);
      if (wasm_v128_any_true(flagged)) break;
    }
    // The flagged four (or the tail) one at a time, each against the top as it is then.
    for (const size_t end = i + 4 <= n ? i + 4 : n; i < end; i++) {
      const uint32_t kk = key(i);
      if (kk < Pairs::key(best[0])) {
        best[0] = Pairs::make(kk, i);
        sift_down(best, k, 0);
      }
    }
  }
  sort_heap(best, k);
}

// The selected elements and their indices, by element width (bits copied).
template <class E, class K>
void write_line(const E* line, size_t inner, const typename PairOf<K>::P* best, size_t k, E* values, int64_t* indices) {
  for (size_t r = 0; r < k; r++) {
    const size_t j = PairOf<K>::index(best[r]);
    values[r * inner] = line[j * inner];
    indices[r * inner] = static_cast<int64_t>(j);
  }
}

template <class E, bool kFloat>
void top_k_typed(const void* x_bytes, void* values_bytes, int64_t* indices, void* work, size_t outer, size_t n, size_t inner,
                 size_t k, KeyFor<E> flip, KeyFor<E> nan_above) {
  using K = KeyFor<E>;
  using P = typename PairOf<K>::P;
  if (k == 0) return;  // no output element
  const E* x = static_cast<const E*>(x_bytes);
  E* values = static_cast<E*>(values_bytes);
  K* keys = keys_at<K>(work, k);
  constexpr bool kF32 = kFloat && sizeof(E) == 4;
  for (size_t o = 0; o < outer; o++) {
    for (size_t i = 0; i < inner; i++) {
      const size_t at = o * n * inner + i;
      if (kF32 && inner == 1) {
        if constexpr (kF32) {
          if (flip) select_line_f32<true>(x + at, n, k, flip, work);
          else select_line_f32<false>(x + at, n, k, flip, work);
        }
      } else {
        line_keys<E, kFloat>(x + at, inner, n, flip, nan_above, keys);
        select_line(keys, n, k, work);
      }
      write_line<E, K>(x + at, inner, static_cast<const P*>(work), k, values + o * k * inner + i, indices + o * k * inner + i);
    }
  }
}

}  // namespace

Status top_k(uint32_t type, const void* x, void* values, int64_t* indices, void* work, size_t outer, size_t n, size_t inner,
             size_t k, bool largest) {
  if (k > n || n > UINT32_MAX) return Status::refused;
  const uint64_t invert = largest ? ~uint64_t{0} : 0;
  const auto flip32 = static_cast<uint32_t>(invert);
#define TESSERA_TOPK(E, kFloat, flip, nan_above) \
  top_k_typed<E, kFloat>(x, values, indices, work, outer, n, inner, k, flip, nan_above); \
  return Status::ok;
  switch (type) {
    case onnx_type("float32"): TESSERA_TOPK(uint32_t, true, flip32, 0x7f800000u)
    case onnx_type("float64"): TESSERA_TOPK(uint64_t, true, invert, 0x7ff0000000000000ull)
    case onnx_type("float16"): TESSERA_TOPK(uint16_t, true, flip32, 0x7c00u)
    case onnx_type("bfloat16"): TESSERA_TOPK(uint16_t, true, flip32, 0x7f80u)
    case onnx_type("uint8"): TESSERA_TOPK(uint8_t, false, flip32, 0)
    case onnx_type("int8"): TESSERA_TOPK(uint8_t, false, flip32 ^ 0x80u, 0)
    case onnx_type("uint16"): TESSERA_TOPK(uint16_t, false, flip32, 0)
    case onnx_type("int16"): TESSERA_TOPK(uint16_t, false, flip32 ^ 0x8000u, 0)
    case onnx_type("uint32"): TESSERA_TOPK(uint32_t, false, flip32, 0)
    case onnx_type("int32"): TESSERA_TOPK(uint32_t, false, flip32 ^ 0x80000000u, 0)
    case onnx_type("uint64"): TESSERA_TOPK(uint64_t, false, invert, 0)
    case onnx_type("int64"): TESSERA_TOPK(uint64_t, false, invert ^ (uint64_t{1} << 63), 0)
    default: return Status::refused;
  }
#undef TESSERA_TOPK
}

}  // namespace tessera
