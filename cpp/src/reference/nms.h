// NonMaxSuppression's slow reference (cpp/src/kernels/nms.cc), written from
// the spec and the steps of onnx/reference/ops/op_non_max_suppression.py:
// per batch and class, the candidates (score > threshold when a threshold
// is given) stable-sorted by descending score (NaN last), then each box
// taken in that order unless its IoU with a box already selected is above
// the threshold, until max_per_class are selected. IoU is computed afresh
// from the raw coordinates for every pair, with the reference's early exits;
// the kernel precomputes corners and areas and tests four boxes at once, and
// must give the same triples.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tessera::reference {

// The reference's max_min: (min, max) of a pair, a >= b deciding.
inline void nms_min_max(float a, float b, float& lo, float& hi) {
  if (a >= b) { lo = b; hi = a; } else { lo = a; hi = b; }
}

// Python's max(a, b) and min(a, b): the first unless the second is strictly beyond it.
inline float nms_py_max(float a, float b) { return b > a ? b : a; }
inline float nms_py_min(float a, float b) { return b < a ? b : a; }

inline void nms_edges(const float* box, bool center, float& xmin, float& xmax, float& ymin, float& ymax) {
  if (center) {
    const float hw = box[2] / 2, hh = box[3] / 2;
    xmin = box[0] - hw;
    xmax = box[0] + hw;
    ymin = box[1] - hh;
    ymax = box[1] + hh;
  } else {
    nms_min_max(box[1], box[3], xmin, xmax);
    nms_min_max(box[0], box[2], ymin, ymax);
  }
}

// Whether box1 (the candidate) is suppressed by box2 (a selected box).
inline bool nms_suppress(const float* box1, const float* box2, bool center, float iou_threshold) {
  float x1min, x1max, y1min, y1max, x2min, x2max, y2min, y2max;
  nms_edges(box1, center, x1min, x1max, y1min, y1max);
  nms_edges(box2, center, x2min, x2max, y2min, y2max);
  const float ixmin = nms_py_max(x1min, x2min), ixmax = nms_py_min(x1max, x2max);
  if (ixmax <= ixmin) return false;
  const float iymin = nms_py_max(y1min, y2min), iymax = nms_py_min(y1max, y2max);
  if (iymax <= iymin) return false;
  const float iw = ixmax - ixmin;
  const float ih = iymax - iymin;
  const float inter = iw * ih;
  if (inter <= 0) return false;
  const float w1 = x1max - x1min, h1 = y1max - y1min, w2 = x2max - x2min, h2 = y2max - y2min;
  const float area1 = w1 * h1;
  const float area2 = w2 * h2;
  const float sum = area1 + area2;
  const float uni = sum - inter;
  if (area1 <= 0 || area2 <= 0 || uni <= 0) return false;
  const float iou = inter / uni;
  return iou > iou_threshold;
}

// Selected (batch, class, box) triples, flat.
inline std::vector<int64_t> non_max_suppression(const float* boxes, const float* scores, size_t batches, size_t classes,
                                                size_t spatial, size_t max_per_class, bool center, bool score_filter,
                                                float iou_threshold, float score_threshold) {
  std::vector<int64_t> out;
  for (size_t b = 0; b < batches; ++b) {
    for (size_t c = 0; c < classes; ++c) {
      const float* s = scores + (b * classes + c) * spatial;
      std::vector<size_t> order;
      for (size_t i = 0; i < spatial; ++i) if (!score_filter || s[i] > score_threshold) order.push_back(i);
      // Descending score, NaN after every number; stable, so ties keep index order.
      std::stable_sort(order.begin(), order.end(), [&](size_t i, size_t j) {
        const bool ni = s[i] != s[i], nj = s[j] != s[j];
        if (ni || nj) return !ni && nj;
        return s[i] > s[j];
      });
      std::vector<size_t> selected;
      for (size_t i : order) {
        if (selected.size() >= max_per_class) break;
        bool keep = true;
        for (size_t k : selected) {
          if (nms_suppress(boxes + (b * spatial + i) * 4, boxes + (b * spatial + k) * 4, center, iou_threshold)) {
            keep = false;
            break;
          }
        }
        if (!keep) continue;
        selected.push_back(i);
        out.push_back(static_cast<int64_t>(b));
        out.push_back(static_cast<int64_t>(c));
        out.push_back(static_cast<int64_t>(i));
      }
    }
  }
  return out;
}

}  // namespace tessera::reference
