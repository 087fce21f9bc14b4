// The broadcasting engine (broadcast.h): the shape merged to its fewest
// axes, then one kernel call per run of the inner axis.
#include "broadcast.h"

#include <cstring>
#include <utility>

namespace tessera {
namespace {

// The largest block any kernel has: 16 elements of 16 bytes (Where on
// 16-byte elements).
constexpr size_t kMaxBlockBytes = 256;

struct Plan {
  size_t rank = 0;
  size_t operands = 0;
  size_t dims[kMaxBroadcastAxes];
  size_t strides[kMaxOperands][kMaxBroadcastAxes];  // in elements
};

// Axes of extent 1 dropped; an axis merged into its inner neighbour when
// every operand steps across it as across one longer inner axis
// (stride = inner stride * inner extent: contiguous, or 0 on both). The
// inner axis ends up with strides 0 or 1 for dense inputs; any other stride
// gets an inner axis of extent 1 after it, so that every run is one element.
bool merge(size_t operands, size_t rank, const uint32_t* dims, const uint32_t* const* strides, Plan& plan) {
  plan.operands = operands;
  size_t axes[kMaxBroadcastAxes];  // collected inner first
  size_t k = 0;
  for (size_t i = rank; i-- > 0;) {
    if (dims[i] == 1) continue;
    if (k > 0) {
      const size_t inner = axes[k - 1];
      bool mergeable = true;
      for (size_t j = 0; j < operands; ++j) {
        mergeable = mergeable && size_t{strides[j][i]} == plan.strides[j][inner] * plan.dims[inner];
      }
      if (mergeable) {
        plan.dims[inner] *= dims[i];
        continue;
      }
    }
    if (k + 1 >= kMaxBroadcastAxes) return false;
    plan.dims[k] = dims[i];
    for (size_t j = 0; j < operands; ++j) plan.strides[j][k] = strides[j][i];
    axes[k] = k;
    ++k;
  }
  // Reverse into outer-first order.
  for (size_t i = 0; i < k / 2; ++i) {
    std::swap(plan.dims[i], plan.dims[k - 1 - i]);
    for (size_t j = 0; j < operands; ++j) std::swap(plan.strides[j][i], plan.strides[j][k - 1 - i]);
  }
  bool dense_inner = k > 0;
  for (size_t j = 0; j < operands && k > 0; ++j) dense_inner = dense_inner && plan.strides[j][k - 1] <= 1;
  if (!dense_inner) {  // rank 0 (one element), or an inner stride past 1
    plan.dims[k] = 1;
    for (size_t j = 0; j < operands; ++j) plan.strides[j][k] = 0;
    ++k;
  }
  plan.rank = k;
  return true;
}

// E copies of one element of `size` bytes.
void splat(unsigned char* block, const unsigned char* element, size_t size, size_t elements) {
  for (size_t i = 0; i < elements; ++i) std::memcpy(block + i * size, element, size);
}

// One run of n elements: in[j] points at operand j's first element, dense[j]
// says whether it advances (stride 1) or repeats (stride 0).
void run(const BlockKernel& k, const unsigned char* const* in, const bool* dense, unsigned char* y, size_t n) {
  alignas(16) unsigned char splats[kMaxOperands][kMaxBlockBytes];
  Operand ops[kMaxOperands];
  const size_t e = k.elements;
  for (size_t j = 0; j < k.operands; ++j) {
    if (dense[j]) {
      ops[j] = {in[j], e * k.in_size[j]};
    } else {
      splat(splats[j], in[j], k.in_size[j], e);
      ops[j] = {splats[j], 0};
    }
  }
  const size_t blocks = n / e;
  if (blocks > 0) k.loop(ops, y, blocks);
  const size_t rest = n - blocks * e;
  if (rest == 0) return;
  // The tail: dense operands copied into a block padded with their first
  // tail element (so a padded lane never divides by 0), the output written
  // to a block and its first `rest` elements copied out.
  alignas(16) unsigned char pads[kMaxOperands][kMaxBlockBytes];
  alignas(16) unsigned char out[kMaxBlockBytes];
  for (size_t j = 0; j < k.operands; ++j) {
    if (!dense[j]) continue;
    const unsigned char* tail = in[j] + blocks * e * k.in_size[j];
    splat(pads[j], tail, k.in_size[j], e);
    std::memcpy(pads[j], tail, rest * k.in_size[j]);
    ops[j] = {pads[j], 0};
  }
  k.loop(ops, out, 1);
  std::memcpy(y + blocks * e * k.out_size, out, rest * k.out_size);
}

}  // namespace

size_t broadcast_reach(size_t rank, const uint32_t* dims, const uint32_t* strides) {
  size_t reach = 1;
  for (size_t i = 0; i < rank; ++i) {
    if (dims[i] == 0) return 0;
    reach += size_t{dims[i] - 1} * strides[i];
  }
  return reach;
}

bool broadcast(const BlockKernel& k, const void* const* inputs, void* y, size_t rank, const uint32_t* dims,
               const uint32_t* const* strides) {
  for (size_t i = 0; i < rank; ++i) {
    if (dims[i] == 0) return true;  // an empty output
  }
  Plan plan;
  if (!merge(k.operands, rank, dims, strides, plan)) return false;

  const size_t inner = plan.rank - 1;
  const size_t n = plan.dims[inner];
  bool dense[kMaxOperands];
  for (size_t j = 0; j < k.operands; ++j) dense[j] = plan.strides[j][inner] == 1;

  // The outer axes as an odometer; each operand's element offset follows it.
  size_t index[kMaxBroadcastAxes] = {};
  size_t offset[kMaxOperands] = {};
  const unsigned char* base[kMaxOperands];
  for (size_t j = 0; j < k.operands; ++j) base[j] = static_cast<const unsigned char*>(inputs[j]);
  auto* out = static_cast<unsigned char*>(y);
  const size_t run_bytes = n * k.out_size;
  for (;;) {
    const unsigned char* at[kMaxOperands];
    for (size_t j = 0; j < k.operands; ++j) at[j] = base[j] + offset[j] * k.in_size[j];
    run(k, at, dense, out, n);
    out += run_bytes;
    size_t axis = inner;
    for (;;) {
      if (axis == 0) return true;
      --axis;
      for (size_t j = 0; j < k.operands; ++j) offset[j] += plan.strides[j][axis];
      if (++index[axis] < plan.dims[axis]) break;
      index[axis] = 0;
      for (size_t j = 0; j < k.operands; ++j) offset[j] -= plan.strides[j][axis] * plan.dims[axis];
    }
  }
}

}  // namespace tessera
