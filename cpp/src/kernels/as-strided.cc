// AsStrided (Ascend ATB): y[i_0, ..., i_k] = flat(x)[offset + sum_j i_j * stride_j],
// y row-major with dims `size`. The caller guarantees every index read lies
// inside x; nothing else of x is read.
//
// The strided move (ONNX's Transpose, Slice, Pad, Concat, Split, Expand, ...)
// is the same walk with signed x strides (a reversed axis: Slice's negative
// steps) and y strides of its own (a box of a larger output: Pad's interior,
// one input's part of a Concat).
//
// The walk keeps a running source index per axis (no divide per element) and
// picks the cheapest move for what each axis does: a stride-1 row is one
// copy, a stride-0 row is a splat, a stride-0 outer axis repeats the block
// already built, and a pair of axes whose inner stride is the larger (a
// transpose) is walked in cache-sized tiles of in-register transposes.
#include <utility>

#include "bytes-v128.h"
#include "tessera/kernels.h"
#include "tessera/tables.h"

namespace tessera {
namespace {

// Axes of extent 1 are dropped, so every axis left has extent 2 or more:
// more than 32 would be more elements than memory holds.
constexpr size_t kMaxAxes = limits::move_max_axes;
static_assert(kMaxAxes >= limits::as_strided_max_rank);

struct StridedAxis {
  size_t size;
  int64_t stride;     // elements of x, signed (negative: the axis reads backward)
  uintptr_t x_step;   // bytes of x between consecutive indices, modulo the address width
  size_t out_step;    // bytes of y between consecutive indices
  bool fills;         // one index's output is exactly out_step contiguous bytes
};

struct StridedPlan {
  StridedAxis axis[kMaxAxes];
  size_t rank;
};

// p moved by a byte step that may be negative (held modulo the address width:
// the wrap-around of unsigned arithmetic is defined, and lands on the address).
inline const unsigned char* step_by(const unsigned char* p, uintptr_t bytes) {
  return reinterpret_cast<const unsigned char*>(reinterpret_cast<uintptr_t>(p) + bytes);
}

// ---------------------------------------------------------------- strided rows
template <size_t ES, int Lane>
v128_t load_lane(const unsigned char* p, v128_t v) {
  if constexpr (ES == 1) return wasm_v128_load8_lane(p, v, Lane);
  if constexpr (ES == 2) return wasm_v128_load16_lane(p, v, Lane);
  if constexpr (ES == 4) return wasm_v128_load32_lane(p, v, Lane);
  if constexpr (ES == 8) return wasm_v128_load64_lane(p, v, Lane);
}

template <size_t ES, int... Lane>
v128_t gather(const unsigned char* p, uintptr_t step, std::integer_sequence<int, Lane...>) {
  v128_t v = wasm_i32x4_splat(0);
  ((v = load_lane<ES, Lane>(step_by(p, Lane * step), v)), ...);
  return v;
}

// y[j] = p[j * step bytes], j < n (step may be negative): a vector at a time,
// lanes loaded one by one.
template <size_t ES>
void strided_row(const unsigned char* p, uintptr_t step, size_t n, unsigned char* y) {
  size_t j = 0;
  if constexpr (ES < 16) {
    constexpr int kLanes = 16 / ES;
    for (; j + kLanes <= n; j += kLanes) {
      wasm_v128_store(y + j * ES, gather<ES>(step_by(p, j * step), step, std::make_integer_sequence<int, kLanes>()));
    }
  }
  for (; j < n; ++j) std::memcpy(y + j * ES, step_by(p, j * step), ES);
}

// ---------------------------------------------------------------- transposes
// Transposes an N x N matrix of ES-byte elements held as N vectors (N = 16/ES).
// One round of zips (row a with row a + N/2) rotates the bits of each
// element's (row, column) index left by one; log2(N) rounds swap them.
template <size_t ES>
void transpose_in_registers(v128_t (&r)[16 / ES]) {
  constexpr size_t kN = 16 / ES;
  for (size_t round = 1; round < kN; round *= 2) {
    v128_t t[kN];
    for (size_t a = 0; a < kN / 2; ++a) {
      t[2 * a] = zip_lo<ES>(r[a], r[a + kN / 2]);
      t[2 * a + 1] = zip_hi<ES>(r[a], r[a + kN / 2]);
    }
    for (size_t a = 0; a < kN; ++a) r[a] = t[a];
  }
}

// y[i][j] = x[src + i * s1 + j * s0] for the rows [i0, i1) and columns
// [j0, j1) of an output whose rows are row_bytes apart.
struct Matrix {
  const unsigned char* x;
  size_t src, s1, s0;
  unsigned char* y;
  size_t row_bytes;
};

template <size_t ES>
void copy_elements(const Matrix& m, size_t i0, size_t i1, size_t j0, size_t j1) {
  for (size_t i = i0; i < i1; ++i) {
    const unsigned char* p = m.x + (m.src + i * m.s1 + j0 * m.s0) * ES;
    unsigned char* q = m.y + i * m.row_bytes + j0 * ES;
    for (size_t j = j0; j < j1; ++j, p += m.s0 * ES, q += ES) std::memcpy(q, p, ES);
  }
}

// A tile of a transpose whose x columns are contiguous (s1 == 1): kH = 64 / ES
// y rows (one 64-byte line of each x row) by w <= kTileRows y columns.
// Lines of x a row apart are s0 * ES bytes apart, a power of two for
// square matrices: they share one L1 set, whose 8 ways cannot hold the lines
// a tile touches, so register blocks read straight from x missed on every
// revisit. The tile's x lines are first read whole, once, into a contiguous
// buffer; the N x N register transposes read from there and write y in runs
// of w elements, 4 rows at a time. The long y runs are the point: on 1024 x
// 1024 f32 in V8 (both variants in one module, one process), 16 x 16 tiles
// cost 4.1x memcpy and 256-row tiles 2.7x; 4096 x 256 went from 4.0x to 2.5x.
// Row strides of 8 KiB and more lose about 10% against 16 x 16 tiles.
constexpr size_t kTileRows = 256;

template <size_t ES>
void transpose_tile(const Matrix& m, size_t i0, size_t j0, size_t w) {
  constexpr size_t kN = 16 / ES;
  constexpr size_t kH = 64 / ES;
  alignas(16) unsigned char lines[kTileRows * 64];  // line r: x elements i0.. of x row j0 + r
  for (size_t r = 0; r < w; ++r) {
    const unsigned char* p = m.x + (m.src + i0 + (j0 + r) * m.s0) * ES;
    for (size_t b = 0; b < 64; b += 16) wasm_v128_store(lines + r * 64 + b, wasm_v128_load(p + b));
  }
  for (size_t i = 0; i < kH; i += kN) {
    unsigned char* q = m.y + (i0 + i) * m.row_bytes + j0 * ES;
    for (size_t j = 0; j < w; j += kN) {
      v128_t v[kN];
      for (size_t c = 0; c < kN; ++c) v[c] = wasm_v128_load(lines + (j + c) * 64 + i * ES);
      transpose_in_registers<ES>(v);
      for (size_t c = 0; c < kN; ++c) wasm_v128_store(q + j * ES + c * m.row_bytes, v[c]);
    }
  }
}

// y rows [i0, i1) by columns [j0, j1) of a transpose with contiguous x
// columns (s1 == 1), in N x N register blocks read straight from x: the
// edges the 64-byte tiles leave, and the whole of a transpose too narrow or
// too short for one (NCHW -> NHWC: 3 columns; HWC -> CHW of uint8: 4 rows).
// A block of ni < N rows loads whole vectors anyway, which read x past the
// block; of nj < N columns, it loads zeros for the missing x rows. Loads stay
// inside the span of x the move reads (from its first element read to its
// last: `span` elements from src), or the rest of the row block goes element
// by element. A block of nj < N columns stores whole vectors where the bytes
// past its row are the next output rows, written after it (y rows contiguous
// and narrower than a block, so the block is all of each row), and inside the box;
// otherwise its nj elements per row.
// Not inlined: transpose_2d calls it from its two edge loops (one copy per width).
template <size_t ES>
[[gnu::noinline]] void transpose_blocks(const Matrix& m, size_t span, size_t n1, size_t n0, size_t i0, size_t i1, size_t j0, size_t j1) {
  constexpr size_t kN = 16 / ES;
  const bool spills = j0 == 0 && j1 == n0 && n0 < kN && m.row_bytes == n0 * ES;
  for (size_t i = i0; i < i1; i += kN) {
    const size_t ni = i1 - i < kN ? i1 - i : kN;
    for (size_t j = j0; j < j1; j += kN) {
      const size_t nj = j1 - j < kN ? j1 - j : kN;
      if (i + (j + nj - 1) * m.s0 + kN > span) {  // later blocks of the row read further still
        copy_elements<ES>(m, i, i + ni, j, j1);
        break;
      }
      v128_t v[kN];
      const unsigned char* p = m.x + (m.src + i + j * m.s0) * ES;
      for (size_t c = 0; c < kN; ++c) v[c] = c < nj ? wasm_v128_load(p + c * m.s0 * ES) : wasm_i32x4_splat(0);
      transpose_in_registers<ES>(v);
      unsigned char* q = m.y + i * m.row_bytes + j * ES;
      if (nj == kN || (spills && (i + ni - 1) * m.row_bytes + 16 <= n1 * m.row_bytes)) {
        for (size_t r = 0; r < ni; ++r) wasm_v128_store(q + r * m.row_bytes, v[r]);
      } else {
        for (size_t r = 0; r < ni; ++r) std::memcpy(q + r * m.row_bytes, &v[r], nj * ES);
      }
    }
  }
}

// ---------------------------------------------------------------- three channels
// Three planes to one interleaved run and back (images: NCHW -> NHWC and
// HWC -> CHW with three colours): the general transpose moves a 3-wide side
// in N x N register blocks two thirds empty and in 3-element stores. Here 48
// bytes of the interleaved side are three vectors, and each vector of the
// other side is the OR of three swizzles, one per vector it draws from (an
// index of 0x80 gives 0). [1,3,640,640] f32 -> NHWC in V8 went from 1126 to
// 153 us, uint8 [640,640,3] -> CHW from 506 to 49 us (resident,
// Node 20, load 10).
//
// kThreeWay<ES>.to_interleaved[k][c]: for output vector k of the interleaved
// run, the bytes it takes from plane c's vector (element e = byte / ES of
// the run is pixel e / 3's channel e % 3). from_interleaved[c][k]: for plane
// c's vector, the bytes it takes from the run's vector k.
template <size_t ES>
struct ThreeWay {
  unsigned char to_interleaved[3][3][16];
  unsigned char from_interleaved[3][3][16];
};

template <size_t ES>
constexpr ThreeWay<ES> three_way() {
  ThreeWay<ES> t{};
  for (size_t k = 0; k < 3; ++k) {
    for (size_t lane = 0; lane < 16; ++lane) {
      const size_t b = 16 * k + lane, e = b / ES, q = b % ES;  // run byte b: pixel e / 3, channel e % 3
      for (size_t c = 0; c < 3; ++c) t.to_interleaved[k][c][lane] = e % 3 == c ? static_cast<unsigned char>(e / 3 * ES + q) : 0x80;
    }
  }
  for (size_t c = 0; c < 3; ++c) {
    for (size_t lane = 0; lane < 16; ++lane) {
      const size_t b = (lane / ES * 3 + c) * ES + lane % ES;  // plane byte lane: run byte b
      for (size_t k = 0; k < 3; ++k) t.from_interleaved[c][k][lane] = b / 16 == k ? static_cast<unsigned char>(b % 16) : 0x80;
    }
  }
  return t;
}

template <size_t ES>
inline constexpr ThreeWay<ES> kThreeWay = three_way<ES>();

template <size_t ES>
v128_t draw3(v128_t a, v128_t b, v128_t c, const unsigned char (&index)[3][16]) {
  return wasm_v128_or(wasm_v128_or(wasm_i8x16_swizzle(a, wasm_v128_load(index[0])), wasm_i8x16_swizzle(b, wasm_v128_load(index[1]))),
                      wasm_i8x16_swizzle(c, wasm_v128_load(index[2])));
}

#if defined(__wasm__) && !defined(__wasm_simd128__)
// The scalar WebAssembly build: SIMDe emulates i8x16.swizzle byte by byte
// there, which made [1,3,640,640] f32 -> NHWC take 230 ms; one element at a
// time it takes a few. (Native builds keep the swizzles: SIMDe maps them to
// SSE, and the doctest, sanitizer and fuzz runs test them.)
template <size_t ES>
void interleave3(const Matrix& m, size_t n1) {
  copy_elements<ES>(m, 0, n1, 0, 3);
}

template <size_t ES>
void deinterleave3(const Matrix& m, size_t n0) {
  copy_elements<ES>(m, 0, 3, 0, n0);
}
#else
// y[i][c] = x[src + i + c * s0] for i < n1, c < 3, y rows contiguous (3 elements each).
template <size_t ES>
void interleave3(const Matrix& m, size_t n1) {
  constexpr size_t kN = 16 / ES;
  const auto& t = kThreeWay<ES>.to_interleaved;
  const unsigned char* p0 = m.x + m.src * ES;
  const unsigned char* p1 = p0 + m.s0 * ES;
  const unsigned char* p2 = p1 + m.s0 * ES;
  size_t i = 0;
  for (; i + kN <= n1; i += kN) {
    const v128_t a = wasm_v128_load(p0 + i * ES), b = wasm_v128_load(p1 + i * ES), c = wasm_v128_load(p2 + i * ES);
    unsigned char* q = m.y + i * 3 * ES;
    wasm_v128_store(q, draw3<ES>(a, b, c, t[0]));
    wasm_v128_store(q + 16, draw3<ES>(a, b, c, t[1]));
    wasm_v128_store(q + 32, draw3<ES>(a, b, c, t[2]));
  }
  copy_elements<ES>(m, i, n1, 0, 3);
}

// y[c][j] = x[src + c + 3 * j] for c < 3, j < n0: three planes of one interleaved run.
template <size_t ES>
void deinterleave3(const Matrix& m, size_t n0) {
  constexpr size_t kN = 16 / ES;
  const auto& t = kThreeWay<ES>.from_interleaved;
  size_t j = 0;
  for (; j + kN <= n0; j += kN) {
    const unsigned char* p = m.x + (m.src + 3 * j) * ES;
    const v128_t a = wasm_v128_load(p), b = wasm_v128_load(p + 16), c = wasm_v128_load(p + 32);
    for (size_t ch = 0; ch < 3; ++ch) wasm_v128_store(m.y + ch * m.row_bytes + j * ES, draw3<ES>(a, b, c, t[ch]));
  }
  copy_elements<ES>(m, 0, 3, j, n0);
}
#endif

// Output of n1 x n0 elements with s0 > s1 >= 1: a column of x is read along
// i, a row of y written along j. Whole tiles with contiguous x columns (kH
// rows by a multiple of N columns) go through transpose_tile; the rest
// (fewer than kH rows at the bottom, fewer than N columns at the right) in
// register blocks, and with strided x columns element by element, in tiles
// of 128 x 128 bytes, which keep both the lines read and the lines written
// in cache.
template <size_t ES>
void transpose_2d(const Matrix& m, size_t n1, size_t n0) {
  if constexpr (ES < 16) {
    if (m.s1 == 1 && n0 == 3 && m.row_bytes == 3 * ES) return interleave3<ES>(m, n1);
    if (m.s1 == 1 && n1 == 3 && m.s0 == 3) return deinterleave3<ES>(m, n0);
  }
  size_t iv = 0, jv = 0;  // the ends of the part done in whole tiles
  constexpr size_t kEdge = 128 / ES;
  auto edge = [&](size_t i0, size_t i1, size_t j0, size_t j1) {
    if constexpr (ES < 16) {
      if (m.s1 == 1) return transpose_blocks<ES>(m, n1 + (n0 - 1) * m.s0, n1, n0, i0, i1, j0, j1);
    }
    copy_elements<ES>(m, i0, i1, j0, j1);
  };
  if constexpr (ES < 16) {
    constexpr size_t kN = 16 / ES;
    constexpr size_t kH = 64 / ES;
    if (m.s1 == 1) {
      iv = n1 / kH * kH;
      jv = n0 / kN * kN;
      for (size_t j0 = 0; j0 < jv; j0 += kTileRows) {
        const size_t w = jv - j0 < kTileRows ? jv - j0 : kTileRows;
        for (size_t i0 = 0; i0 < iv; i0 += kH) transpose_tile<ES>(m, i0, j0, w);
      }
    }
  }
  // Right edge of the tiled part, then everything below it (in this order:
  // a block's stores may run into the rows after it).
  for (size_t i0 = 0; i0 < iv; i0 += kEdge) {
    const size_t i1 = i0 + kEdge < iv ? i0 + kEdge : iv;
    for (size_t j0 = jv; j0 < n0; j0 += kEdge) edge(i0, i1, j0, j0 + kEdge < n0 ? j0 + kEdge : n0);
  }
  for (size_t i0 = iv; i0 < n1; i0 += kEdge) {
    const size_t i1 = i0 + kEdge < n1 ? i0 + kEdge : n1;
    for (size_t j0 = 0; j0 < n0; j0 += kEdge) edge(i0, i1, j0, j0 + kEdge < n0 ? j0 + kEdge : n0);
  }
}

// ---------------------------------------------------------------- the walk
// One row of the innermost axis: a copy, a splat or a gather into contiguous
// y, or element by element into strided y.
template <size_t ES>
inline void walk_row(const StridedAxis& a, const unsigned char* p, unsigned char* y) {
  if (a.out_step != ES) {
    for (size_t j = 0; j < a.size; ++j, p = step_by(p, a.x_step), y += a.out_step) std::memcpy(y, p, ES);
  } else if (a.stride == 1) {
    copy_bytes(y, p, a.size * ES);
  } else if (a.stride == 0) {
    fill_v128(y, a.size * ES, splat_bytes(p, ES));
  } else {
    strided_row<ES>(p, a.x_step, a.size, y);
  }
}

template <size_t ES>
void walk(const StridedPlan& plan, size_t level, const unsigned char* p, unsigned char* y) {
  const StridedAxis& a = plan.axis[level];
  if (level + 1 == plan.rank) {
    walk_row<ES>(a, p, y);
    return;
  }
  const StridedAxis& inner = plan.axis[level + 1];
  const bool rows = level + 2 == plan.rank;
  if (rows && a.stride > 0 && inner.stride > a.stride && inner.out_step == ES) {
    transpose_2d<ES>({p, 0, static_cast<size_t>(a.stride), static_cast<size_t>(inner.stride), y, a.out_step}, a.size,
                     inner.size);
  } else if (a.stride == 0 && a.fills) {
    walk<ES>(plan, level + 1, p, y);
    replicate(y, a.out_step, a.size);
  } else if (rows) {  // rows in a loop here: no call per (maybe tiny) row
    for (size_t i = 0; i < a.size; ++i, p = step_by(p, a.x_step), y += a.out_step) walk_row<ES>(inner, p, y);
  } else {
    for (size_t i = 0; i < a.size; ++i, p = step_by(p, a.x_step), y += a.out_step) walk<ES>(plan, level + 1, p, y);
  }
}

// Canonical form: axes of extent 1 are no axes; an axis whose x and y steps
// are its inner neighbour's extent times theirs is one run with it (this
// also merges neighbouring stride-0 axes into one broadcast, and reversed
// contiguous axes into one reversed run). Then walks.
void move(const unsigned char* x, unsigned char* y, size_t es, size_t rank, const uint32_t* size,
          const int64_t* stride, const size_t* out_step) {
  StridedPlan plan;
  size_t k = 0;
  for (size_t i = 0; i < rank; ++i) {
    if (size[i] == 0) return;  // an empty output
    if (size[i] == 1) continue;
    if (k > 0 && plan.axis[k - 1].stride == int64_t{size[i]} * stride[i] &&
        plan.axis[k - 1].out_step == size_t{size[i]} * out_step[i]) {
      plan.axis[k - 1].size *= size[i];
      plan.axis[k - 1].stride = stride[i];
      plan.axis[k - 1].out_step = out_step[i];
      continue;
    }
    TESSERA_ASSERT(k < kMaxAxes);
    plan.axis[k++] = {size[i], stride[i], 0, out_step[i], false};
  }
  if (k == 0) {
    copy_bytes(y, x, es);
    return;
  }
  // A contiguous innermost run of 2 to 16 bytes (HWC -> WHC's 4-byte pixels,
  // complex numbers' parts) is one element of that width when every outer
  // stride counts whole runs: the rows below it then gather or transpose
  // whole pixels, not bytes.
  if (const size_t run = plan.axis[k - 1].size, w = run * es; k > 1 && plan.axis[k - 1].stride == 1 &&
      plan.axis[k - 1].out_step == es && w <= 16 && (w & (w - 1)) == 0) {
    bool whole = true;
    for (size_t i = 0; i + 1 < k; ++i) whole = whole && plan.axis[i].stride % static_cast<int64_t>(run) == 0;
    if (whole) {
      --k;
      for (size_t i = 0; i < k; ++i) plan.axis[i].stride /= static_cast<int64_t>(run);
      es = w;
    }
  }
  plan.rank = k;
  for (size_t i = k; i-- > 0;) {
    StridedAxis& a = plan.axis[i];
    a.x_step = static_cast<uintptr_t>(a.stride * static_cast<int64_t>(es));
    a.fills = i + 1 == k ? a.out_step == es : plan.axis[i + 1].fills && a.out_step == plan.axis[i + 1].size * plan.axis[i + 1].out_step;
  }
  switch (es) {
    case 1: walk<1>(plan, 0, x, y); break;
    case 2: walk<2>(plan, 0, x, y); break;
    case 4: walk<4>(plan, 0, x, y); break;
    case 8: walk<8>(plan, 0, x, y); break;
    default: walk<16>(plan, 0, x, y); break;
  }
}

}  // namespace

void xx_as_strided(const void* x, void* y, size_t element_size, size_t rank, const uint32_t* size,
                   const uint32_t* stride, uint32_t offset) {
  TESSERA_ASSERT(is_element_size(element_size));
  TESSERA_ASSERT(rank <= limits::as_strided_max_rank);
  int64_t signed_stride[limits::as_strided_max_rank];
  size_t out_step[limits::as_strided_max_rank];
  size_t step = element_size;
  for (size_t i = rank; i-- > 0;) {
    signed_stride[i] = stride[i];
    out_step[i] = step;
    step *= size[i];
  }
  move(static_cast<const unsigned char*>(x) + size_t{offset} * element_size, static_cast<unsigned char*>(y),
       element_size, rank, size, signed_stride, out_step);
}

void xx_strided_move(const void* x, void* y, size_t element_size, size_t rank, const uint32_t* size,
                     const uint32_t* x_stride, const uint32_t* y_stride, uint32_t reversed) {
  TESSERA_ASSERT(is_element_size(element_size));
  TESSERA_ASSERT(rank <= kMaxAxes);
  int64_t signed_stride[kMaxAxes];
  size_t out_step[kMaxAxes];
  for (size_t i = 0; i < rank; ++i) {
    signed_stride[i] = (reversed >> i) & 1 ? -int64_t{x_stride[i]} : int64_t{x_stride[i]};
    out_step[i] = size_t{y_stride[i]} * element_size;
  }
  move(static_cast<const unsigned char*>(x), static_cast<unsigned char*>(y), element_size, rank, size,
       signed_stride, out_step);
}

}  // namespace tessera
