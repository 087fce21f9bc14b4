// The module's JavaScript surface: plain C exports, no Embind.
//
// The kernels are one export per row of tessera/exports.inc, that JS calls
// as the instance's own functions: through Embind, built with
// -sDYNAMIC_EXECUTION=0, a call went through a generic invoker (argument
// arrays, apply, a wire-type conversion per argument) costing 1-3 us, more
// than a small op's whole work. Their arguments are all i32, which needs no
// conversion. The three cold queries (tessera_simd128, tessera_heap_bytes_*)
// are plain exports too: Embind for them alone cost the loader 22 KB
// (5.5 KB gzipped) and the module its registration code.
//
// The TypeScript layer has checked every spec constraint before it calls; a
// kernel still refuses (a non-zero status, nothing written) the arguments no
// checked caller passes, which JS turns into an error naming the kernel.
#include <emscripten/emscripten.h>

#include <malloc.h>

#include "kernels/bytes-v128.h"
#include "tessera/elementwise.h"
#include "tessera/kernels.h"
#include "tessera/simd.h"
#include "tessera/tables.h"

namespace {

constexpr int kOk = 0;
constexpr int kRefused = 1;

template <class T>
T* at(uintptr_t offset) {
  return reinterpret_cast<T*>(offset);
}

// <malloc.h> declares mallinfo's fields int, and dlmalloc fills them with
// size_t values: from 2 GiB up the int reads negative, its bits still the
// size. Every count goes through here, unsigned.
uint32_t unsigned_count(int field) { return static_cast<uint32_t>(field); }

// dlmalloc asks sbrk for less than 2 GiB at a time (HALF_MAX_SIZE_T), and a
// growth it cannot make turns off its in-place growth of the heap's free top
// for good. A block more than 2 GiB beyond that free top is therefore reached
// in steps: each allocates the free top plus at most kGrowStep and frees it
// again, which leaves the top that much larger (the heap is never trimmed).
constexpr uint32_t kGrowStep = 1u << 30;
// memalign's own slack (alignment, chunk headers) and dlmalloc's padding.
constexpr uint32_t kAllocSlack = 1u << 16;

void grow_free_top(uint32_t bytes) {
  const uint64_t need = uint64_t{bytes} + kAllocSlack;
  uint32_t top = unsigned_count(mallinfo().keepcost);  // dlmalloc's keepcost is its free top
  while (need > top + uint64_t{kGrowStep}) {
    // volatile: the compiler may otherwise drop a malloc whose block is only freed.
    void* volatile step = malloc(top + kGrowStep);
    if (step == nullptr) return;
    free(step);
    const uint32_t grown = unsigned_count(mallinfo().keepcost);
    if (grown <= top) return;  // a free chunk elsewhere served it: memalign decides
    top = grown;
  }
}

}  // namespace

// ---------------------------------------------------------------- allocation
// The block every op and resident tensor gets: aligned to `alignment` (a
// power of two), any size memory can hold, 0 when it cannot. The caller
// (js/src/wasm.ts) has checked that the request fits what memory may still
// grow by, so no growth step fails.
extern "C" EMSCRIPTEN_KEEPALIVE uintptr_t tessera_malloc(uint32_t alignment, uint32_t bytes) {
  if (bytes >= kGrowStep) grow_free_top(bytes);
  return reinterpret_cast<uintptr_t>(memalign(alignment, bytes));
}

// Every row of exports.inc, declared from the list: a definition below that
// disagrees with its row does not compile.
#define TESSERA_KERNEL(js_name, symbol, parameters) extern "C" EMSCRIPTEN_KEEPALIVE int symbol parameters;
#include "tessera/exports.inc"
#undef TESSERA_KERNEL

// ---------------------------------------------------------------- Floor
int tessera_floor(uintptr_t x, uintptr_t y, uint32_t n, uint32_t type) {
  using tessera::onnx_type;
  switch (type) {
    case onnx_type("float32"): tessera::f32_floor(at<const float>(x), at<float>(y), n); return kOk;
    case onnx_type("float64"): tessera::f64_floor(at<const double>(x), at<double>(y), n); return kOk;
    case onnx_type("float16"): tessera::f16_floor(at<const uint16_t>(x), at<uint16_t>(y), n); return kOk;
    case onnx_type("bfloat16"): tessera::bf16_floor(at<const uint16_t>(x), at<uint16_t>(y), n); return kOk;
    default: return kRefused;
  }
}

// ---------------------------------------------------------------- data movement
// Element sizes in bytes, packed widths in bits, as dtypes.inc has them.
int tessera_fill(uintptr_t y, uint32_t n, uint32_t element_size, uintptr_t value) {
  if (!tessera::is_element_size(element_size)) return kRefused;
  tessera::xx_fill(at<void>(y), n, element_size, at<const void>(value));
  return kOk;
}

// whole_bytes full bytes and tail (< 8 / bits) elements in a last byte: a
// 2-bit count can reach 2^33, which no i32 holds.
int tessera_fill_packed(uintptr_t y, uint32_t whole_bytes, uint32_t tail, uint32_t bits, uint32_t value) {
  if (!tessera::is_packed_width(bits) || tail >= 8 / bits) return kRefused;
  const uint64_t n = uint64_t{whole_bytes} * (8 / bits) + tail;
  const auto v = static_cast<uint8_t>(value);
  if (bits == 4) tessera::x4_fill(at<uint8_t>(y), n, v);
  else tessera::x2_fill(at<uint8_t>(y), n, v);
  return kOk;
}

int tessera_tile(uintptr_t x, uintptr_t y, uint32_t element_size, uint32_t rank, uintptr_t dims,
                 uintptr_t repeats) {
  if (!tessera::is_element_size(element_size)) return kRefused;
  tessera::xx_tile(at<const void>(x), at<void>(y), element_size, rank, at<const uint32_t>(dims),
                   at<const uint32_t>(repeats));
  return kOk;
}

int tessera_as_strided(uintptr_t x, uintptr_t y, uint32_t element_size, uint32_t rank, uintptr_t size,
                       uintptr_t stride, uint32_t offset) {
  if (!tessera::is_element_size(element_size) || rank > tessera::limits::as_strided_max_rank) return kRefused;
  tessera::xx_as_strided(at<const void>(x), at<void>(y), element_size, rank, at<const uint32_t>(size),
                         at<const uint32_t>(stride), offset);
  return kOk;
}

int tessera_strided_move(uintptr_t x, uintptr_t y, uint32_t element_size, uint32_t rank, uintptr_t size,
                         uintptr_t x_stride, uintptr_t y_stride, uint32_t reversed) {
  if (!tessera::is_element_size(element_size) || rank > tessera::limits::move_max_axes) return kRefused;
  tessera::xx_strided_move(at<const void>(x), at<void>(y), element_size, rank, at<const uint32_t>(size),
                           at<const uint32_t>(x_stride), at<const uint32_t>(y_stride), reversed);
  return kOk;
}

int tessera_pack(uintptr_t bytes, uintptr_t packed, uint32_t n, uint32_t bits) {
  if (!tessera::is_packed_width(bits)) return kRefused;
  if (bits == 4) tessera::x4_pack(at<const uint8_t>(bytes), at<uint8_t>(packed), n);
  else tessera::x2_pack(at<const uint8_t>(bytes), at<uint8_t>(packed), n);
  return kOk;
}

int tessera_unpack(uintptr_t packed, uintptr_t bytes, uint32_t n, uint32_t bits) {
  if (!tessera::is_packed_width(bits)) return kRefused;
  if (bits == 4) tessera::x4_unpack(at<const uint8_t>(packed), at<uint8_t>(bytes), n);
  else tessera::x2_unpack(at<const uint8_t>(packed), at<uint8_t>(bytes), n);
  return kOk;
}

// ---------------------------------------------------------------- Cast
// The pair (ONNX type numbers) picks its kernel from tessera/casts.inc; a
// pair no row names is refused (JS converts those itself). saturate (Cast's
// attribute, 1 by default) picks a float8 output's unsaturated twin when 0. Case labels make
// onnx_type a compile-time constant (in an `if`, clang searched the table at
// run time).
int tessera_cast(uintptr_t x, uintptr_t y, uint32_t n, uint32_t from_type, uint32_t to_type, uint32_t saturate) {
  using tessera::onnx_type;
  if (saturate == 0 && from_type == onnx_type("float32")) {  // float8 outputs have an unsaturated twin; other outputs ignore saturate
    switch (to_type) {
#define TESSERA_CAST_UNSATURATED(to, kernel)                    \
  case onnx_type(#to):                                          \
    tessera::kernel(at<const float>(x), at<uint8_t>(y), n);     \
    return kOk;
#define TESSERA_CAST(from, to, kernel, In, Out)
#include "tessera/casts.inc"
#undef TESSERA_CAST
#undef TESSERA_CAST_UNSATURATED
      default: break;
    }
  }
  switch (from_type * 256 + to_type) {
#define TESSERA_CAST(from, to, kernel, In, Out)                 \
  case onnx_type(#from) * 256 + onnx_type(#to):                 \
    tessera::kernel(at<const In>(x), at<Out>(y), n);            \
    return kOk;
#define TESSERA_CAST_PACKED TESSERA_CAST
#include "tessera/casts.inc"
#undef TESSERA_CAST
#undef TESSERA_CAST_PACKED
    default: return kRefused;
  }
}

// ---------------------------------------------------------------- gather and scatter by index
// A bad index is no refusal: the kernel stops at the first, and result says
// which (position 0xffffffff: none), for JS to name in its SpecError.
namespace {

static_assert(tessera::kMaxIndexRank == tessera::limits::max_rank, "GatherElements walks every rank a tensor may have");

bool is_index_width(uint32_t bytes) { return bytes == 4 || bytes == 8; }

int index_status(bool in_range, uintptr_t result) {
  if (in_range) at<tessera::IndexResult>(result)->position = UINT32_MAX;
  return kOk;
}

}  // namespace

int tessera_gather_rows(uintptr_t x, uintptr_t indices, uintptr_t y, uint32_t row_bytes, uint32_t outer, uint32_t x_rows,
                        uint32_t n, uint32_t batched, uint32_t k, uintptr_t dims, uint32_t index_bytes, uintptr_t result) {
  if (!is_index_width(index_bytes) || k == 0 || k > tessera::limits::max_rank) return kRefused;
  return index_status(tessera::xx_gather_rows(at<const void>(x), at<const void>(indices), at<void>(y), row_bytes, outer,
                                              x_rows, n, batched != 0, k, at<const uint32_t>(dims), index_bytes,
                                              at<tessera::IndexResult>(result)), result);
}

int tessera_gather_elements(uintptr_t x, uintptr_t indices, uintptr_t y, uint32_t element_size, uint32_t rank,
                            uintptr_t dims, uintptr_t strides, uint32_t axis, uint32_t axis_dim, uint32_t index_bytes,
                            uintptr_t result) {
  if (!tessera::is_element_size(element_size) || !is_index_width(index_bytes) || rank == 0 ||
      rank > tessera::kMaxIndexRank || axis >= rank) {
    return kRefused;
  }
  return index_status(tessera::xx_gather_elements(at<const void>(x), at<const void>(indices), at<void>(y), element_size,
                                                  rank, at<const uint32_t>(dims), at<const uint32_t>(strides), axis,
                                                  axis_dim, index_bytes, at<tessera::IndexResult>(result)), result);
}

int tessera_scatter_elements(uintptr_t x, uintptr_t indices, uintptr_t updates, uintptr_t y, uint32_t data_bytes,
                             uint32_t element_size, uint32_t onnx_type, uint32_t reduction, uint32_t rank, uintptr_t dims,
                             uintptr_t strides, uint32_t axis, uint32_t axis_dim, uint32_t index_bytes, uintptr_t result) {
  tessera::Reducer reducer;
  if (!is_index_width(index_bytes) || rank == 0 || rank > tessera::kMaxIndexRank || axis >= rank || reduction > 4 ||
      !tessera::make_reducer(onnx_type, element_size, static_cast<tessera::Reduction>(reduction), &reducer)) {
    return kRefused;
  }
  if (x != y) tessera::copy_bytes(at<void>(y), at<const void>(x), data_bytes);
  return index_status(tessera::xx_scatter_elements(at<void>(y), at<const void>(indices), at<const void>(updates), rank,
                                                   at<const uint32_t>(dims), at<const uint32_t>(strides), axis, axis_dim,
                                                   index_bytes, reducer, at<tessera::IndexResult>(result)), result);
}

int tessera_scatter_nd(uintptr_t x, uintptr_t indices, uintptr_t updates, uintptr_t y, uint32_t data_bytes,
                       uint32_t element_size, uint32_t onnx_type, uint32_t reduction, uint32_t row_elements, uint32_t n,
                       uint32_t k, uintptr_t dims, uintptr_t result) {
  tessera::Reducer reducer;
  if (k == 0 || k > tessera::limits::max_rank || reduction > 4 ||
      !tessera::make_reducer(onnx_type, element_size, static_cast<tessera::Reduction>(reduction), &reducer)) {
    return kRefused;
  }
  if (x != y) tessera::copy_bytes(at<void>(y), at<const void>(x), data_bytes);
  return index_status(tessera::xx_scatter_nd(at<void>(y), at<const void>(indices), at<const void>(updates), row_elements,
                                             n, k, at<const uint32_t>(dims), reducer, at<tessera::IndexResult>(result)),
                      result);
}

int tessera_nonzero_positions(uintptr_t x, uint32_t n, uint32_t element_size, uint32_t sign_lanes, uintptr_t positions,
                              uintptr_t count) {
  if (!tessera::is_element_size(element_size) || sign_lanes > 2 || (sign_lanes == 2 && element_size < 8)) return kRefused;
  *at<uint32_t>(count) = static_cast<uint32_t>(
      tessera::xx_nonzero_positions(at<const void>(x), n, element_size, sign_lanes, at<uint32_t>(positions)));
  return kOk;
}

int tessera_nonzero_coords(uintptr_t positions, uint32_t count, uint32_t rank, uintptr_t dims, uintptr_t y) {
  if (rank > tessera::limits::max_rank) return kRefused;
  tessera::nonzero_coords(at<const uint32_t>(positions), count, rank, at<const uint32_t>(dims), at<int64_t>(y));
  return kOk;
}

int tessera_trilu(uintptr_t x, uintptr_t y, uint32_t element_size, uint32_t matrices, uint32_t rows, uint32_t cols,
                  int32_t k, uint32_t upper) {
  if (!tessera::is_element_size(element_size)) return kRefused;
  tessera::xx_trilu(at<const void>(x), at<void>(y), element_size, matrices, rows, cols, k, upper != 0);
  return kOk;
}

// ---------------------------------------------------------------- elementwise
// The op codes are elementwise.inc's; an op, type or width the kernels do
// not serve is refused; statuses are status.inc's (tessera/elementwise.h
// says how to call each).
int tessera_binary(uintptr_t a, uintptr_t b, uintptr_t y, uint32_t type, uint32_t op, uint32_t rank, uintptr_t dims,
                   uintptr_t a_strides, uintptr_t b_strides) {
  return static_cast<int>(tessera::binary(static_cast<tessera::BinaryOp>(op), type, at<const void>(a), at<const void>(b),
                                          at<void>(y), rank, at<const uint32_t>(dims), at<const uint32_t>(a_strides),
                                          at<const uint32_t>(b_strides)));
}

int tessera_where(uintptr_t condition, uintptr_t x, uintptr_t y, uintptr_t output, uint32_t element_size, uint32_t rank,
                  uintptr_t dims, uintptr_t c_strides, uintptr_t x_strides, uintptr_t y_strides) {
  return static_cast<int>(tessera::where(at<const uint8_t>(condition), at<const void>(x), at<const void>(y),
                                         at<void>(output), element_size, rank, at<const uint32_t>(dims),
                                         at<const uint32_t>(c_strides), at<const uint32_t>(x_strides),
                                         at<const uint32_t>(y_strides)));
}

int tessera_unary(uintptr_t x, uintptr_t y, uint32_t n, uint32_t type, uint32_t op, uintptr_t params) {
  return static_cast<int>(tessera::unary(static_cast<tessera::UnaryOp>(op), type, at<const void>(x), at<void>(y), n,
                                         at<const void>(params)));
}

int tessera_first_zero(uintptr_t x, uint32_t n, uint32_t element_size, uintptr_t index) {
  if (!tessera::is_element_size(element_size)) return kRefused;
  *at<uint32_t>(index) = static_cast<uint32_t>(tessera::xx_first_zero(at<const void>(x), n, element_size));
  return kOk;
}

// ---------------------------------------------------------------- queries
// Cold, read by js/src/instance.ts. A wasm i32 comes back signed: JS reads
// the byte counts back unsigned (>>> 0), the heap passing 2 GiB.

// 1 in tessera.wasm, 0 in tessera-scalar.wasm.
extern "C" EMSCRIPTEN_KEEPALIVE uint32_t tessera_simd128() { return TESSERA_SIMD128 ? 1 : 0; }

// Bytes malloc has handed out and not had back: the leak tests watch this.
extern "C" EMSCRIPTEN_KEEPALIVE uint32_t tessera_heap_bytes_in_use() { return unsigned_count(mallinfo().uordblks); }

// Bytes malloc holds free (the top of the heap included): with the memory
// the module may still grow by, what a large request can possibly get.
extern "C" EMSCRIPTEN_KEEPALIVE uint32_t tessera_heap_bytes_free() { return unsigned_count(mallinfo().fordblks); }

// ---------------------------------------------------------------- image and audio
#include <cstring>

#include "tessera/image-audio.h"

// y: n float64 values; kind: tessera::Window (0 Hann, 1 Hamming, 2 Blackman).
int tessera_cosine_window(uintptr_t y, uint32_t n, uint32_t period, uint32_t kind) {
  if (kind > 2 || (period == 0 && n > 1)) return kRefused;
  tessera::f64_cosine_window(at<double>(y), n, period, static_cast<tessera::Window>(kind));
  return kOk;
}

// params: tessera::dft_lines_params uint32 fields (tessera::DftLines, in order); window 0 for none;
// work: work_bytes, at least dft_work_elements(n_fft) elements of the type.
int tessera_dft_lines(uintptr_t x, uintptr_t window, uintptr_t y, uintptr_t params, uintptr_t work, uint32_t work_bytes,
                      uint32_t type) {
  using tessera::onnx_type;
  tessera::DftLines p;
  static_assert(sizeof(p) == tessera::dft_lines_params * sizeof(uint32_t), "DftLines is its uint32 fields");
  std::memcpy(&p, at<const void>(params), sizeof(p));
  const bool f32 = type == onnx_type("float32");
  if ((!f32 && type != onnx_type("float64")) || p.n_fft == 0 || p.n_out > p.n_fft) return kRefused;
  if (uint64_t{work_bytes} < uint64_t{tessera::dft_work_elements(p.n_fft)} * (f32 ? 4 : 8)) return kRefused;
  if (f32) tessera::f32_dft_lines(at<const float>(x), window ? at<const float>(window) : nullptr, at<float>(y), p, at<float>(work));
  else tessera::f64_dft_lines(at<const double>(x), window ? at<const double>(window) : nullptr, at<double>(y), p, at<double>(work));
  return kOk;
}

// resize: one separable pass (tessera::ResizeAxis). Filter table: a float64
// extrapolation value, then n_out * taps float64 weights, then as many int32
// source rows. Nearest table: 16 bytes holding the extrapolation element,
// then n_out int32 source rows. A source row past n_in is refused.
namespace {
// Each output position's taps are all rows below n_in, or its first is negative (extrapolate: the rest unread).
bool resize_rows_fit(const int32_t* index, size_t n_out, size_t taps, uint32_t n_in) {
  for (size_t j = 0; j < n_out; j++) {
    if (index[j * taps] < 0) continue;
    for (size_t k = 0; k < taps; k++) {
      if (index[j * taps + k] < 0 || static_cast<uint32_t>(index[j * taps + k]) >= n_in) return false;
    }
  }
  return true;
}
}  // namespace

int tessera_resize_filter(uintptr_t x, uintptr_t y, uint32_t x_type, uint32_t y_type, uint32_t outer, uint32_t n_in,
                          uint32_t n_out, uint32_t inner, uint32_t taps, uintptr_t table) {
  const tessera::ResizeAxis a{outer, n_in, n_out, inner, taps};
  const double* head = at<const double>(table);
  const size_t entries = size_t{n_out} * taps;
  const int32_t* index = reinterpret_cast<const int32_t*>(head + 1 + entries);
  if (taps == 0 || (n_in == 0 && uint64_t{outer} * n_out * inner > 0) || !resize_rows_fit(index, n_out, taps, n_in)) return kRefused;
  return tessera::resize_filter(at<const void>(x), at<void>(y), x_type, y_type, a, head + 1, index, head[0]) ? kOk : kRefused;
}

int tessera_resize_nearest(uintptr_t x, uintptr_t y, uint32_t element_size, uint32_t outer, uint32_t n_in, uint32_t n_out,
                           uint32_t inner, uintptr_t table) {
  const tessera::ResizeAxis a{outer, n_in, n_out, inner, 1};
  const uint8_t* head = at<const uint8_t>(table);
  const int32_t* index = reinterpret_cast<const int32_t*>(head + 16);
  if (element_size == 0 || element_size > 16 || !resize_rows_fit(index, n_out, 1, n_in)) return kRefused;
  tessera::resize_nearest(at<const uint8_t>(x), at<uint8_t>(y), element_size, a, index, head);
  return kOk;
}

// ---------------------------------------------------------------- reductions
#include "tessera/reduce.h"

int tessera_reduce(uintptr_t x, uintptr_t y, uintptr_t work, uint32_t onnx_type, uint32_t op, uint32_t outer, uint32_t n,
                   uint32_t inner) {
  return static_cast<int>(tessera::reduce(static_cast<tessera::ReduceOp>(op), onnx_type, at<const void>(x), at<void>(y),
                                          outer, n, inner, at<void>(work)));
}

int tessera_arg_reduce(uintptr_t x, uintptr_t y, uint32_t onnx_type, uint32_t outer, uint32_t n, uint32_t inner, uint32_t is_max,
                       uint32_t select_last) {
  return static_cast<int>(tessera::arg_reduce(onnx_type, at<const void>(x), at<int64_t>(y), outer, n, inner, is_max != 0,
                                              select_last != 0));
}

int tessera_softmax(uintptr_t x, uintptr_t y, uint32_t onnx_type, uint32_t outer, uint32_t n, uint32_t inner, uint32_t kind) {
  return static_cast<int>(tessera::softmax(onnx_type, at<const void>(x), at<void>(y), outer, n, inner, kind));
}

// ---------------------------------------------------------------- TopK, CumSum
#include "tessera/cumsum.h"
#include "tessera/topk.h"

int tessera_top_k(uintptr_t x, uintptr_t values, uintptr_t indices, uintptr_t work, uint32_t onnx_type, uint32_t outer,
                  uint32_t n, uint32_t inner, uint32_t k, uint32_t largest) {
  return static_cast<int>(tessera::top_k(onnx_type, at<const void>(x), at<void>(values), at<int64_t>(indices), at<void>(work),
                                         outer, n, inner, k, largest != 0));
}

int tessera_cum_sum(uintptr_t x, uintptr_t y, uint32_t onnx_type, uint32_t outer, uint32_t n, uint32_t inner,
                    uint32_t exclusive, uint32_t reverse) {
  return static_cast<int>(tessera::cum_sum(onnx_type, at<const void>(x), at<void>(y), outer, n, inner, exclusive != 0,
                                           reverse != 0));
}

// ---------------------------------------------------------------- NonMaxSuppression
#include "tessera/nms.h"

int tessera_non_max_suppression(uintptr_t boxes, uintptr_t scores, uintptr_t y, uintptr_t work, uint32_t work_bytes,
                                uint32_t batches, uint32_t classes, uint32_t spatial, uint32_t max_per_class,
                                uint32_t center_point_box, uint32_t score_filter, uint32_t iou_bits, uint32_t score_bits,
                                uintptr_t count) {
  if (center_point_box > 1 || score_filter > 1) return kRefused;
  tessera::NmsShape shape{batches, classes, spatial, max_per_class, center_point_box == 1, score_filter == 1, 0.0f, 0.0f};
  std::memcpy(&shape.iou_threshold, &iou_bits, 4);  // floats cross the boundary as their bits: every argument an i32
  std::memcpy(&shape.score_threshold, &score_bits, 4);
  return static_cast<int>(tessera::non_max_suppression(at<const float>(boxes), at<const float>(scores), at<int64_t>(y),
                                                       at<void>(work), work_bytes, shape, at<uint32_t>(count)));
}

// ---------------------------------------------------------------- QuantizeLinear, DequantizeLinear
#include "tessera/quantize.h"

namespace {
tessera::ScaleLayout layout_of(uint32_t outer, uint32_t axis_dim, uint32_t inner, uint32_t block, uint32_t outer_stride,
                               uint32_t axis_stride, uint32_t inner_step, uint32_t scales) {
  return {outer, axis_dim, inner, block, outer_stride, axis_stride, inner_step, scales};
}
}  // namespace

int tessera_quantize_linear(uintptr_t x, uintptr_t scale, uintptr_t zero, uintptr_t y, uint32_t y_type, uint32_t outer,
                            uint32_t axis_dim, uint32_t inner, uint32_t block, uint32_t outer_stride, uint32_t axis_stride,
                            uint32_t inner_step, uint32_t scales, uint32_t saturate) {
  if (saturate > 1) return kRefused;
  return static_cast<int>(tessera::quantize_linear(at<const float>(x), at<const float>(scale), at<const float>(zero), at<void>(y), y_type,
                                                   layout_of(outer, axis_dim, inner, block, outer_stride, axis_stride, inner_step, scales),
                                                   saturate != 0));
}

int tessera_dequantize_linear(uintptr_t x, uint32_t x_type, uintptr_t scale, uintptr_t zero, uintptr_t y, uint32_t outer,
                              uint32_t axis_dim, uint32_t inner, uint32_t block, uint32_t outer_stride, uint32_t axis_stride,
                              uint32_t inner_step, uint32_t scales) {
  return static_cast<int>(tessera::dequantize_linear(at<const void>(x), x_type, at<const float>(scale), at<const float>(zero), at<float>(y),
                                                     layout_of(outer, axis_dim, inner, block, outer_stride, axis_stride, inner_step, scales)));
}
