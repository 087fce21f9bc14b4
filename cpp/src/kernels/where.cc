// Where (a ternary on the broadcasting engine, named by element width: it
// moves bytes) and the zero finder integer Div and Mod check with.
#include "broadcast.h"
#include "lanes-v128.h"
#include "tessera/elementwise.h"
#include "tessera/tables.h"

namespace tessera {
namespace {

// ---------------------------------------------------------------- Where
// 16 conditions as byte masks, widened to kSize-byte lanes: kSize vectors
// for 16 elements (16-byte elements: one splatted mask each).
template <size_t kSize>
void widen_masks(v128_t m, v128_t* out) {
  if constexpr (kSize == 1) {
    out[0] = m;
  } else {
    v128_t half[2];
    if constexpr (kSize == 16) {
      alignas(16) int8_t bytes[16];
      wasm_v128_store(bytes, m);
      for (int i = 0; i < 16; ++i) out[i] = wasm_i8x16_splat(bytes[i]);
      return;
    } else if constexpr (kSize == 2) {
      out[0] = wasm_i16x8_extend_low_i8x16(m);
      out[1] = wasm_i16x8_extend_high_i8x16(m);
    } else {
      widen_masks<kSize / 2>(m, out);  // kSize / 2 vectors of kSize / 2-byte lanes, widened again
      for (size_t i = kSize / 2; i-- > 0;) {
        const v128_t w = out[i];
        if constexpr (kSize == 4) {
          half[0] = wasm_i32x4_extend_low_i16x8(w);
          half[1] = wasm_i32x4_extend_high_i16x8(w);
        } else {
          half[0] = wasm_i64x2_extend_low_i32x4(w);
          half[1] = wasm_i64x2_extend_high_i32x4(w);
        }
        out[2 * i] = half[0];
        out[2 * i + 1] = half[1];
      }
    }
  }
}

template <size_t kSize>
struct WhereBlock {
  static constexpr uint8_t kElements = 16, kOutSize = kSize;
  static void run(const unsigned char* c, const unsigned char* x, const unsigned char* y, unsigned char* out) {
    v128_t masks[kSize];
    widen_masks<kSize>(wasm_i8x16_ne(load(c), wasm_i8x16_splat(0)), masks);
    for (size_t i = 0; i < kSize; ++i) {
      store(out + 16 * i, wasm_v128_bitselect(load(x + 16 * i), load(y + 16 * i), masks[i]));
    }
  }
};

template <size_t kSize>
constexpr BlockKernel where_kernel() {
  return {block_loop3<WhereBlock<kSize>>, 16, 3, {1, kSize, kSize}, kSize};
}

// ---------------------------------------------------------------- first zero
template <size_t kSize>
v128_t zero_lanes(v128_t v) {
  const v128_t zero = wasm_i8x16_splat(0);
  if constexpr (kSize == 1) return wasm_i8x16_eq(v, zero);
  else if constexpr (kSize == 2) return wasm_i16x8_eq(v, zero);
  else if constexpr (kSize == 4) return wasm_i32x4_eq(v, zero);
  else if constexpr (kSize == 8) return wasm_i64x2_eq(v, zero);
  else return wasm_i8x16_splat(static_cast<int8_t>(wasm_v128_any_true(v) ? 0 : -1));
}

template <size_t kSize>
bool is_zero(const unsigned char* p) {
  for (size_t i = 0; i < kSize; ++i) {
    if (p[i] != 0) return false;
  }
  return true;
}

template <size_t kSize>
size_t first_zero(const unsigned char* x, size_t n) {
  constexpr size_t kPerVector = 16 / kSize > 0 ? 16 / kSize : 1;
  size_t i = 0;
  for (; i + 4 * kPerVector <= n; i += 4 * kPerVector) {  // four vectors a test
    const unsigned char* p = x + i * kSize;
    const v128_t any = wasm_v128_or(wasm_v128_or(zero_lanes<kSize>(load(p)), zero_lanes<kSize>(load(p + 16))),
                                    wasm_v128_or(zero_lanes<kSize>(load(p + 32)), zero_lanes<kSize>(load(p + 48))));
    if (wasm_v128_any_true(any)) break;
  }
  for (; i < n; ++i) {
    if (is_zero<kSize>(x + i * kSize)) return i;
  }
  return n;
}

}  // namespace

Status where(const uint8_t* condition, const void* x, const void* y, void* output, size_t element_size,
             size_t rank, const uint32_t* dims, const uint32_t* c_strides, const uint32_t* x_strides,
             const uint32_t* y_strides) {
  if (rank > limits::max_rank) return Status::refused;
  BlockKernel k;
  switch (element_size) {
    case 1: k = where_kernel<1>(); break;
    case 2: k = where_kernel<2>(); break;
    case 4: k = where_kernel<4>(); break;
    case 8: k = where_kernel<8>(); break;
    case 16: k = where_kernel<16>(); break;
    default: return Status::refused;
  }
  const void* inputs[3] = {condition, x, y};
  const uint32_t* strides[3] = {c_strides, x_strides, y_strides};
  return broadcast(k, inputs, output, rank, dims, strides) ? Status::ok : Status::refused;
}

size_t xx_first_zero(const void* x, size_t n, size_t element_size) {
  const auto* p = static_cast<const unsigned char*>(x);
  switch (element_size) {
    case 1: return first_zero<1>(p, n);
    case 2: return first_zero<2>(p, n);
    case 4: return first_zero<4>(p, n);
    case 8: return first_zero<8>(p, n);
    default: return first_zero<16>(p, n);
  }
}

}  // namespace tessera
