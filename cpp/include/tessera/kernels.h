// Kernel declarations. Kernels trust their arguments (the TypeScript layer
// validates every spec constraint first) and assert them in native builds.
//
// Names follow XNNPACK: data type (or element width, for kernels that only
// move bytes), then the op. All sizes are in elements unless named *_bytes.
#pragma once
#include <cstddef>
#include <cstdint>

namespace tessera {

// ---------------------------------------------------------------- Floor
// y = floor(x), toward -infinity. -0, NaN (bit pattern kept), +/-Inf and
// integral values come back unchanged. In place (x == y) is allowed.
void f32_floor(const float* x, float* y, size_t n);
void f64_floor(const double* x, double* y, size_t n);
void f16_floor(const uint16_t* x, uint16_t* y, size_t n);   // IEEE binary16 bits
void bf16_floor(const uint16_t* x, uint16_t* y, size_t n);  // bfloat16 bits

// ---------------------------------------------------------------- Fill
// y[i] = value for every i < n. Fixed-size elements of element_size bytes
// (1, 2, 4, 8 or 16; value points at one element), or packed: x4 two 4-bit
// elements a byte, x2 four 2-bit elements a byte (dtypes.inc), whose unused
// high bits in a partial last byte are left 0.
void xx_fill(void* y, size_t n, size_t element_size, const void* value);
void x4_fill(uint8_t* y, uint64_t n, uint8_t nibble);  // low 4 bits of nibble
void x2_fill(uint8_t* y, uint64_t n, uint8_t crumb);   // low 2 bits of crumb

// ---------------------------------------------------------------- Tile
// numpy.tile without broadcast: y has dims[i] * repeats[i] along axis i and
// y[o] = x[o mod dims], row-major; rank 0 copies one element, a 0 in dims or
// repeats writes nothing. Elements of element_size bytes (1, 2, 4, 8, 16);
// y does not overlap x.
void xx_tile(const void* x, void* y, size_t element_size, size_t rank, const uint32_t* dims,
             const uint32_t* repeats);

// ---------------------------------------------------------------- AsStrided
// y[i_0..i_k] = flat(x)[offset + sum_j i_j * stride[j]] (strides in
// elements), y row-major with dims size; rank 0 to 8, rank 0 is x[offset].
// The caller guarantees every index read lies inside x; y does not overlap x.
void xx_as_strided(const void* x, void* y, size_t element_size, size_t rank, const uint32_t* size,
                   const uint32_t* stride, uint32_t offset);

// ---------------------------------------------------------------- Strided move
// y[sum_j i_j * y_stride[j]] = x[sum_j i_j * (+/-) x_stride[j]] for every
// index of dims size (strides in elements; bit j of reversed makes axis j's
// x stride negative, so x points at the element of index 0 and may be read
// backward). Rank 0 to 32 (limits::move_max_axes); rank 0 copies *x. The
// caller guarantees every element read lies inside x, no two indices write
// one y element, and y does not overlap what is read.
void xx_strided_move(const void* x, void* y, size_t element_size, size_t rank, const uint32_t* size,
                     const uint32_t* x_stride, const uint32_t* y_stride, uint32_t reversed);

// ---------------------------------------------------------------- Pack
// Packed 4-bit (x4) or 2-bit (x2) storage <-> one element per byte (in its
// low bits). Pack masks each byte to its low bits and leaves unused bits 0.
// The two buffers do not overlap.
void x4_unpack(const uint8_t* packed, uint8_t* bytes, size_t n);
void x4_pack(const uint8_t* bytes, uint8_t* packed, size_t n);
void x2_unpack(const uint8_t* packed, uint8_t* bytes, size_t n);
void x2_pack(const uint8_t* bytes, uint8_t* packed, size_t n);

// ---------------------------------------------------------------- Cast
// y[i] = x[i] converted, one kernel per row of tessera/casts.inc (named
// input-output-cast), by the rules of ONNX Cast as cast.cc states them.
// Same-width casts may run in place; otherwise x and y do not overlap.
#define TESSERA_CAST(from, to, kernel, In, Out) void kernel(const In* x, Out* y, size_t n);
#define TESSERA_CAST_UNSATURATED(to, kernel) void kernel(const float* x, uint8_t* y, size_t n);
#define TESSERA_CAST_PACKED(from, to, kernel, In, Out) void kernel(const In* x, Out* y, size_t n);
#include "tessera/casts.inc"
#undef TESSERA_CAST_UNSATURATED
#undef TESSERA_CAST_PACKED
#undef TESSERA_CAST

// ---------------------------------------------------------------- Gather and scatter by index
// Index entries are int32 or int64 (index_bytes 4 or 8), negative ones
// counting from the end. Each kernel checks every index it reads: the first
// outside [-extent, extent) stops it, it writes that entry's position (flat,
// in the index tensor) and value to *result and returns false. Bytes written
// to y by then are the caller's scratch. y never overlaps x, indices or updates.
struct IndexResult {
  uint32_t position;
  uint32_t unused;
  int64_t value;
};

// The highest rank GatherElements and ScatterElements walk (limits.inc's max_rank).
inline constexpr size_t kMaxIndexRank = 1024;

// Rows of row_bytes: x is [outer, x_rows, row], y is [outer, n, row]; row j of
// block b comes from the row a tuple of k indices names, row-major over dims
// (k extents), tuple j of block b at entry (batched ? b * n : 0) * k + j * k.
// Gather: k = 1, dims = [axis extent]; GatherND: batched, k = indices' last dim.
bool xx_gather_rows(const void* x, const void* indices, void* y, size_t row_bytes, size_t outer, size_t x_rows,
                    size_t n, bool batched, size_t k, const uint32_t* dims, size_t index_bytes, IndexResult* result);

// GatherElements: y has the indices' dims; y[i] = x[i with its axis
// coordinate replaced by indices[i]], strides (in elements) those of x.
bool xx_gather_elements(const void* x, const void* indices, void* y, size_t element_size, size_t rank,
                        const uint32_t* dims, const uint32_t* strides, size_t axis, uint32_t axis_dim,
                        size_t index_bytes, IndexResult* result);

// How a scatter combines an update with what is there: a byte move (none),
// or add, mul, max or min of the type (tessera/dtypes.inc's ONNX numbers).
enum class Reduction : uint32_t { none = 0, add = 1, mul = 2, max = 3, min = 4 };

struct Reducer {
  size_t element_size;
  // dst[i] = reduce(dst[i], src[i]) for i < n elements.
  void (*apply)(unsigned char* dst, const unsigned char* src, size_t n);
};

// The reducer for a type and reduction, or false when the pair has none
// (complex max/min, strings and other non-numbers with a reduction).
bool make_reducer(uint32_t onnx_type, size_t element_size, Reduction reduction, Reducer* reducer);

// ScatterElements on y (a copy of data already): the element of y at the
// updates element's index, axis coordinate replaced, takes the update.
bool xx_scatter_elements(void* y, const void* indices, const void* updates, size_t rank, const uint32_t* dims,
                         const uint32_t* strides, size_t axis, uint32_t axis_dim, size_t index_bytes,
                         const Reducer& reduce, IndexResult* result);

// ScatterND on y: n int64 tuples of k indices, each naming a row of
// row_elements elements (row-major over dims), which takes that row of updates.
bool xx_scatter_nd(void* y, const void* indices, const void* updates, size_t row_elements, size_t n, size_t k,
                   const uint32_t* dims, const Reducer& reduce, IndexResult* result);

// ---------------------------------------------------------------- NonZero
// The flat positions of x's nonzero elements, ascending; returns their count.
// sign_lanes 0: every bit counts (integers, bool); 1 or 2: the element is 1
// or 2 floats whose sign bits do not count (-0 is zero, NaN is not).
size_t xx_nonzero_positions(const void* x, size_t n, size_t element_size, size_t sign_lanes, uint32_t* positions);
// y[d * count + i] = coordinate d of positions[i], row-major over dims.
void nonzero_coords(const uint32_t* positions, size_t count, size_t rank, const uint32_t* dims, int64_t* y);

// ---------------------------------------------------------------- Trilu
// matrices of rows x cols: y keeps x where column j >= i + k (upper) or
// j <= i + k (lower), and is 0 elsewhere.
void xx_trilu(const void* x, void* y, size_t element_size, size_t matrices, size_t rows, size_t cols, int64_t k,
              bool upper);

}  // namespace tessera
