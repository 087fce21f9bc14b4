// Tile (numpy.tile without broadcast): y has dims[i] * repeats[i] along axis
// i, and y[o] = x[o mod dims] elementwise, both row-major.
//
// Written as copies of contiguous runs, never per-element index arithmetic:
// an axis's output block is its input sub-blocks side by side, then that
// span copied repeats - 1 more times from itself (doubling copies).
#include "bytes-v128.h"
#include "tessera/kernels.h"
#include "tessera/tables.h"

namespace tessera {
namespace {

// Every canonical axis has dim >= 2 or repeats >= 2, so k of them make at
// least 2^k output elements (limits.inc says how many memory can hold).
constexpr size_t kMaxAxes = limits::tile_max_axes;

struct TileAxis {
  size_t dim, repeats;
  size_t in_step, out_step;  // bytes between consecutive indices of this axis
};

struct TilePlan {
  TileAxis axis[kMaxAxes];
  size_t rank;
};

// One row of the innermost axis, repeated. When the row is 1, 2, 4, 8 or 16
// bytes (one element broadcast, a pair of floats, ...) that is a periodic
// fill from one vector; otherwise one copy and doubling copies of it.
inline void build_row(const TileAxis& a, const unsigned char* x, unsigned char* y) {
  const size_t run = a.dim * a.in_step;
  if (run <= 16 && (run & (run - 1)) == 0) {
    fill_v128(y, run * a.repeats, splat_bytes(x, run));
  } else {
    copy_bytes(y, x, run);
    replicate(y, run, a.repeats);
  }
}

void build(const TilePlan& plan, size_t level, const unsigned char* x, unsigned char* y) {
  const TileAxis& a = plan.axis[level];
  if (level + 1 == plan.rank) {
    build_row(a, x, y);
    return;
  }
  if (level + 2 == plan.rank) {  // rows in a loop here: no call per (maybe tiny) row
    const TileAxis& row = plan.axis[level + 1];
    for (size_t i = 0; i < a.dim; ++i) build_row(row, x + i * a.in_step, y + i * a.out_step);
  } else {
    for (size_t i = 0; i < a.dim; ++i) build(plan, level + 1, x + i * a.in_step, y + i * a.out_step);
  }
  replicate(y, a.dim * a.out_step, a.repeats);
}

}  // namespace

void xx_tile(const void* x, void* y, size_t element_size, size_t rank, const uint32_t* dims,
             const uint32_t* repeats) {
  TESSERA_ASSERT(is_element_size(element_size));
  for (size_t i = 0; i < rank; ++i) {
    if (dims[i] == 0 || repeats[i] == 0) return;  // an empty output
  }

  // Canonical form: axes of extent 1 repeated once are no axes; an axis
  // repeated once continues its outer neighbour's contiguous run.
  TilePlan plan;
  size_t k = 0;
  for (size_t i = 0; i < rank; ++i) {
    if (repeats[i] == 1 && (dims[i] == 1 || k > 0)) {
      if (k > 0) plan.axis[k - 1].dim *= dims[i];
      continue;
    }
    TESSERA_ASSERT(k < kMaxAxes);
    plan.axis[k++] = {dims[i], repeats[i], 0, 0};
  }
  plan.rank = k;

  if (k == 0) {
    copy_bytes(y, x, element_size);
    return;
  }
  size_t in_step = element_size, out_step = element_size;
  for (size_t i = k; i-- > 0;) {
    plan.axis[i].in_step = in_step;
    plan.axis[i].out_step = out_step;
    in_step *= plan.axis[i].dim;
    out_step *= plan.axis[i].dim * plan.axis[i].repeats;
  }
  build(plan, 0, static_cast<const unsigned char*>(x), static_cast<unsigned char*>(y));
}

}  // namespace tessera
