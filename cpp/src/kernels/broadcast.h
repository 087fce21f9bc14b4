// The broadcasting engine every binary op and Where runs on.
//
// The output is walked as runs along its inner (merged) axis. In a run each
// input is either contiguous or one scalar repeated; a kernel only ever sees
// blocks of a fixed number of elements, every operand either advancing by a
// block or standing still on a splatted block (step 0), so one loop per op
// and type serves every broadcast pattern. A run's tail goes through the same
// loop on padded copies: bit-identical to the main path, never reading or
// writing past a buffer.
#pragma once
#include <cstddef>
#include <cstdint>

#include "tessera/simd.h"

namespace tessera {

// Broadcast axes of extent >= 2 in an output memory can hold: 2^32 elements
// exceed it, so at most 31 survive merging (one more for a strided inner axis).
inline constexpr size_t kMaxBroadcastAxes = 33;
inline constexpr size_t kMaxOperands = 3;

struct Operand {
  const unsigned char* p;
  size_t step;  // bytes between blocks: a block's bytes, or 0 for a splatted scalar
};

// Runs `blocks` blocks: reads each operand's block at p + i * step, writes
// the block's output at y + i * (its output bytes).
using BlockLoop = void (*)(const Operand* in, unsigned char* y, size_t blocks);

struct BlockKernel {
  BlockLoop loop;
  uint8_t elements;                 // per block
  uint8_t operands;                 // 2 or 3
  uint8_t in_size[kMaxOperands];    // bytes per element of each operand
  uint8_t out_size;                 // bytes per output element
};

// The loop over blocks for a Block type with static run(a, b, y) (two
// operands) or run(a, b, c, y) (three), kElements, kInSize[], kOutSize.
template <class Block>
void block_loop2(const Operand* in, unsigned char* y, size_t blocks) {
  const unsigned char* a = in[0].p;
  const unsigned char* b = in[1].p;
  const size_t sa = in[0].step, sb = in[1].step;
  for (size_t i = 0; i < blocks; ++i, a += sa, b += sb, y += Block::kElements * Block::kOutSize) Block::run(a, b, y);
}

template <class Block>
void block_loop3(const Operand* in, unsigned char* y, size_t blocks) {
  const unsigned char* a = in[0].p;
  const unsigned char* b = in[1].p;
  const unsigned char* c = in[2].p;
  const size_t sa = in[0].step, sb = in[1].step, sc = in[2].step;
  for (size_t i = 0; i < blocks; ++i, a += sa, b += sb, c += sc, y += Block::kElements * Block::kOutSize) {
    Block::run(a, b, c, y);
  }
}

template <class Block>
constexpr BlockKernel kernel2() {
  return {block_loop2<Block>, Block::kElements, 2, {Block::kInSize, Block::kInSize, 0}, Block::kOutSize};
}

// Walks the output of rank `rank` and extents `dims` (strides[j]: operand
// j's, in elements, one per axis) and runs k over it. False, with nothing
// written, only when the shape cannot be an output memory holds (more
// than kMaxBroadcastAxes axes of extent >= 2 after merging).
bool broadcast(const BlockKernel& k, const void* const* inputs, void* y, size_t rank, const uint32_t* dims,
               const uint32_t* const* strides);

// Elements operand j's strides reach: 1 + sum (dims - 1) * strides, 0 for an
// empty output.
size_t broadcast_reach(size_t rank, const uint32_t* dims, const uint32_t* strides);

}  // namespace tessera
