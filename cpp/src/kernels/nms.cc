// ONNX NonMaxSuppression: per batch and class, the boxes by descending score
// (those above the score threshold, when one is given), each kept unless its
// IoU with a box already kept exceeds the threshold, at most max_per_class.
// tessera/nms.h states the IoU step by step; every build computes the same
// float32 operations in the same order, so they agree with the reference
// (cpp/src/reference/nms.h) bit for bit.
//
// Per batch, each box's corners and area are computed once (four boxes a
// vector: the 4x4 block of [box][coordinate] transposed into coordinate
// planes). Per class, the candidates are ordered by a 64-bit key per box,
// the score's order-preserving bits above the complement of its index, so
// a descending integer sort gives score order with ties by lower index
// (no comparator with NaN in it, and no allocation); it is sorted a run at a
// time, as far as the greedy pass gets (below). The greedy pass tests
// each candidate against the kept boxes four at a time, stopping at the first
// lane that suppresses it.
#include <algorithm>
#include <cstring>
#include <functional>

#include "tessera/nms.h"
#include "tessera/simd.h"

namespace tessera {
namespace {

constexpr size_t round4(size_t n) { return (n + 3) & ~size_t{3}; }

// A score as an unsigned key that orders as the float does: -0 as +0, NaN
// below -inf (key 0), every number above it.
inline uint32_t score_key(float s) {
  if (s != s) return 0;
  if (s == 0) return 0x80000000u;
  uint32_t bits;
  std::memcpy(&bits, &s, 4);
  return (bits & 0x80000000u) ? ~bits : bits | 0x80000000u;
}

// Five planes of round4(n) floats.
struct Planes {
  float* ymin; float* xmin; float* ymax; float* xmax; float* area;
  Planes(float* base, size_t n)
      : ymin(base), xmin(base + n), ymax(base + 2 * n), xmax(base + 3 * n), area(base + 4 * n) {}
};

// ---------------------------------------------------------------- corners
// lo = a >= b ? b : a, hi = a >= b ? a : b: the reference's max_min, NaN included.
inline void order_pair(v128_t a, v128_t b, v128_t& lo, v128_t& hi) {
  const v128_t a_ge_b = wasm_f32x4_ge(a, b);
  lo = wasm_v128_bitselect(b, a, a_ge_b);
  hi = wasm_v128_bitselect(a, b, a_ge_b);
}

inline void order_pair(float a, float b, float& lo, float& hi) {
  lo = a >= b ? b : a;
  hi = a >= b ? a : b;
}

void batch_corners(const float* boxes, size_t n, bool center, const Planes& p) {
  size_t i = 0;
  const v128_t half = wasm_f32x4_splat(0.5f);
  for (; i + 4 <= n; i += 4) {
    const float* b = boxes + 4 * i;
    const v128_t r0 = wasm_v128_load(b), r1 = wasm_v128_load(b + 4), r2 = wasm_v128_load(b + 8), r3 = wasm_v128_load(b + 12);
    // Transpose: c_k holds coordinate k of the four boxes.
    const v128_t t0 = wasm_i32x4_shuffle(r0, r1, 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(r2, r3, 0, 4, 1, 5);
    const v128_t t2 = wasm_i32x4_shuffle(r0, r1, 2, 6, 3, 7), t3 = wasm_i32x4_shuffle(r2, r3, 2, 6, 3, 7);
    const v128_t c0 = wasm_i32x4_shuffle(t0, t1, 0, 1, 4, 5), c1 = wasm_i32x4_shuffle(t0, t1, 2, 3, 6, 7);
    const v128_t c2 = wasm_i32x4_shuffle(t2, t3, 0, 1, 4, 5), c3 = wasm_i32x4_shuffle(t2, t3, 2, 3, 6, 7);
    v128_t ymin, xmin, ymax, xmax;
    if (center) {
      const v128_t hw = wasm_f32x4_mul(c2, half), hh = wasm_f32x4_mul(c3, half);
      xmin = wasm_f32x4_sub(c0, hw);
      xmax = wasm_f32x4_add(c0, hw);
      ymin = wasm_f32x4_sub(c1, hh);
      ymax = wasm_f32x4_add(c1, hh);
    } else {
      order_pair(c0, c2, ymin, ymax);
      order_pair(c1, c3, xmin, xmax);
    }
    wasm_v128_store(p.ymin + i, ymin);
    wasm_v128_store(p.xmin + i, xmin);
    wasm_v128_store(p.ymax + i, ymax);
    wasm_v128_store(p.xmax + i, xmax);
    wasm_v128_store(p.area + i, wasm_f32x4_mul(wasm_f32x4_sub(xmax, xmin), wasm_f32x4_sub(ymax, ymin)));
  }
  for (; i < n; ++i) {
    const float* b = boxes + 4 * i;
    float ymin, xmin, ymax, xmax;
    if (center) {
      const float hw = b[2] * 0.5f, hh = b[3] * 0.5f;
      xmin = b[0] - hw;
      xmax = b[0] + hw;
      ymin = b[1] - hh;
      ymax = b[1] + hh;
    } else {
      order_pair(b[0], b[2], ymin, ymax);
      order_pair(b[1], b[3], xmin, xmax);
    }
    p.ymin[i] = ymin;
    p.xmin[i] = xmin;
    p.ymax[i] = ymax;
    p.xmax[i] = xmax;
    const float w = xmax - xmin;
    const float h = ymax - ymin;
    p.area[i] = w * h;
  }
}

// ---------------------------------------------------------------- candidates
// The sort keys of the class's boxes that take part, in index order; returns how many.
size_t candidate_keys(const float* scores, size_t n, bool filter, float threshold, uint64_t* keys) {
  size_t count = 0;
  auto add = [&](size_t i) { keys[count++] = uint64_t{score_key(scores[i])} << 32 | (0xffffffffu - static_cast<uint32_t>(i)); };
  if (!filter) {
    for (size_t i = 0; i < n; ++i) add(i);
    return count;
  }
  // Four scores a vector: a block with none above the threshold is skipped whole
  // (a detector's classes are mostly below it).
  const v128_t t = wasm_f32x4_splat(threshold);
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    if (!wasm_v128_any_true(wasm_f32x4_gt(wasm_v128_load(scores + i), t))) continue;
    for (size_t k = i; k < i + 4; ++k) if (scores[k] > threshold) add(k);
  }
  for (; i < n; ++i) if (scores[i] > threshold) add(i);
  return count;
}

// ---------------------------------------------------------------- suppression
constexpr int32_t kLaneIndex[4] = {0, 1, 2, 3};

// Whether box c of the batch planes has IoU > threshold with any of the
// n_kept boxes of the kept planes (round4(n_kept) lanes each: those past
// n_kept are masked off). The caller has found box c's area > 0, the one
// term of the test that depends on the candidate alone.
bool suppressed(const Planes& box, size_t c, const Planes& kept, size_t n_kept, v128_t threshold) {
  const v128_t cymin = wasm_f32x4_splat(box.ymin[c]), cxmin = wasm_f32x4_splat(box.xmin[c]);
  const v128_t cymax = wasm_f32x4_splat(box.ymax[c]), cxmax = wasm_f32x4_splat(box.xmax[c]);
  const v128_t carea = wasm_f32x4_splat(box.area[c]);
  const v128_t zero = wasm_f32x4_splat(0.0f);
  const v128_t lanes = wasm_v128_load(kLaneIndex);
  for (size_t j = 0; j < n_kept; j += 4) {
    const v128_t symin = wasm_v128_load(kept.ymin + j), sxmin = wasm_v128_load(kept.xmin + j);
    const v128_t symax = wasm_v128_load(kept.ymax + j), sxmax = wasm_v128_load(kept.xmax + j);
    const v128_t sarea = wasm_v128_load(kept.area + j);
    // max(c, s) = s > c ? s : c and min(c, s) = s < c ? s : c, as Python's max and min.
    const v128_t ixmin = wasm_v128_bitselect(sxmin, cxmin, wasm_f32x4_gt(sxmin, cxmin));
    const v128_t ixmax = wasm_v128_bitselect(sxmax, cxmax, wasm_f32x4_lt(sxmax, cxmax));
    const v128_t iymin = wasm_v128_bitselect(symin, cymin, wasm_f32x4_gt(symin, cymin));
    const v128_t iymax = wasm_v128_bitselect(symax, cymax, wasm_f32x4_lt(symax, cymax));
    v128_t hit = wasm_v128_and(wasm_f32x4_gt(ixmax, ixmin), wasm_f32x4_gt(iymax, iymin));
    if (n_kept - j < 4) hit = wasm_v128_and(hit, wasm_i32x4_lt(lanes, wasm_i32x4_splat(static_cast<int32_t>(n_kept - j))));
    // Most kept boxes lie elsewhere: a block none of which overlaps needs no IoU (the test's
    // remaining terms only narrow hit, so skipping them changes no result).
    if (!wasm_v128_any_true(hit)) continue;
    const v128_t inter = wasm_f32x4_mul(wasm_f32x4_sub(ixmax, ixmin), wasm_f32x4_sub(iymax, iymin));
    const v128_t uni = wasm_f32x4_sub(wasm_f32x4_add(carea, sarea), inter);
    const v128_t iou = wasm_f32x4_div(inter, uni);
    hit = wasm_v128_and(hit, wasm_v128_and(wasm_f32x4_gt(inter, zero), wasm_f32x4_gt(sarea, zero)));
    hit = wasm_v128_and(hit, wasm_v128_and(wasm_f32x4_gt(uni, zero), wasm_f32x4_gt(iou, threshold)));
    if (wasm_v128_any_true(hit)) return true;
  }
  return false;
}

}  // namespace

uint64_t nms_work_bytes(uint64_t spatial, uint64_t max_per_class) {
  return 8 * spatial + 4 * 5 * (((spatial + 3) & ~uint64_t{3}) + ((max_per_class + 3) & ~uint64_t{3}));
}

Status non_max_suppression(const float* boxes, const float* scores, int64_t* y, void* work, uint64_t work_bytes,
                           const NmsShape& s, uint32_t* count) {
  if (s.max_per_class > s.spatial || work_bytes < nms_work_bytes(s.spatial, s.max_per_class)) return Status::refused;
  size_t written = 0;
  if (s.max_per_class > 0 && s.spatial > 0) {
    auto* keys = static_cast<uint64_t*>(work);
    auto* floats = reinterpret_cast<float*>(keys + s.spatial);
    const size_t box_lanes = round4(s.spatial), kept_lanes = round4(s.max_per_class);
    const Planes box(floats, box_lanes);
    const Planes kept(floats + 5 * box_lanes, kept_lanes);
    const v128_t iou_threshold = wasm_f32x4_splat(s.iou_threshold);
    // The kept planes' lanes past n_kept are read (and masked off): never uninitialized memory.
    std::memset(kept.ymin, 0, 5 * kept_lanes * sizeof(float));
    for (size_t b = 0; b < s.batches; ++b) {
      batch_corners(boxes + b * s.spatial * 4, s.spatial, s.center_point_box, box);
      for (size_t c = 0; c < s.classes; ++c) {
        const size_t n = candidate_keys(scores + (b * s.classes + c) * s.spatial, s.spatial, s.score_filter,
                                        s.score_threshold, keys);
        size_t n_kept = 0;
        // The candidates in descending key order, a sorted run at a time: the best `run` keys
        // are moved to the front (nth_element, linear) and sorted, and only when they are used
        // up without max_per_class kept does the next, twice as long, follow. The keys are
        // distinct (each holds its index), so this is exactly the full sort's order; but the
        // greedy pass mostly stops early, and a full sort of 8400 keys per class was 69% of
        // the time for 8400 boxes in 80 classes (perf, native).
        size_t run = std::max<size_t>(2 * s.max_per_class, 64);
        for (size_t done = 0; done < n && n_kept < s.max_per_class; done += run, run *= 2) {
          run = std::min(run, n - done);
          if (done + run < n) std::nth_element(keys + done, keys + done + run, keys + n, std::greater<uint64_t>());
          std::sort(keys + done, keys + done + run, std::greater<uint64_t>());
          for (size_t k = done; k < done + run && n_kept < s.max_per_class; ++k) {
            const size_t i = 0xffffffffu - static_cast<uint32_t>(keys[k]);
            // A box whose area is not > 0 (or NaN) is never suppressed: no test needed.
            if (box.area[i] > 0 && suppressed(box, i, kept, n_kept, iou_threshold)) continue;
            kept.ymin[n_kept] = box.ymin[i];
            kept.xmin[n_kept] = box.xmin[i];
            kept.ymax[n_kept] = box.ymax[i];
            kept.xmax[n_kept] = box.xmax[i];
            kept.area[n_kept] = box.area[i];
            ++n_kept;
            y[3 * written] = static_cast<int64_t>(b);
            y[3 * written + 1] = static_cast<int64_t>(c);
            y[3 * written + 2] = static_cast<int64_t>(i);
            ++written;
          }
        }
      }
    }
  }
  *count = static_cast<uint32_t>(written);
  return Status::ok;
}

}  // namespace tessera
