// Non-max suppression (cpp/src/kernels/nms.cc): how TypeScript calls it.
//
//   nonMaxSuppression(boxes, scores, y, work, workBytes, batches, classes,
//                     spatial, maxPerClass, centerPointBox, scoreFilter,
//                     iouBits, scoreBits, count)
//     boxes   float32 [batches, spatial, 4]: [y1, x1, y2, x2] (any diagonal
//             pair of corners; centerPointBox 0) or [xc, yc, w, h] (1)
//     scores  float32 [batches, classes, spatial]
//     y       int64 triples (batch, class, box), room for
//             batches * classes * maxPerClass of them; the selected ones are
//             written from the start, per batch, per class, by descending
//             score (ties: the lower box index first), and *count says how many
//     work    nms_work_bytes(spatial, maxPerClass) bytes (8-aligned)
//     maxPerClass  at most spatial (JS clamps max_output_boxes_per_class to it,
//             and a negative one to 0)
//     scoreFilter  1: only boxes with score > the float32 of scoreBits take
//             part (ONNX's score_threshold given); 0: every box does
//     iouBits the float32 iou_threshold's bits: a box is suppressed when its
//             IoU with a box already selected is > it
// Returns refused when work is smaller than nms_work_bytes or maxPerClass >
// spatial; nothing is written then.
//
// IoU, in float32, as ONNX's reference (onnx/reference/ops/op_non_max_suppression.py)
// and onnxruntime compute it, each step one rounded operation:
//   corners: format 0, per axis min/max of the pair (min = a >= b ? b : a);
//            format 1, x = xc -/+ w * 0.5, y = yc -/+ h * 0.5 (w * 0.5 is w / 2)
//   area     = (xmax - xmin) * (ymax - ymin)
//   ixmin    = max(xmin1, xmin2), ixmax = min(xmax1, xmax2), same for y
//   inter    = (ixmax - ixmin) * (iymax - iymin)
//   union    = (area1 + area2) - inter
//   suppress = ixmax > ixmin && iymax > iymin && inter > 0 && area1 > 0
//              && area2 > 0 && union > 0 && inter / union > iou_threshold
// (box 1 the candidate, box 2 the selected one). A box with a NaN coordinate
// has a NaN area, so it neither suppresses nor is suppressed.
// Score order: descending, -0 equal to +0, a NaN score below every number
// (ONNX leaves NaN unordered; without a score threshold NaN boxes come last).
#pragma once
#include <cstddef>
#include <cstdint>

#include "tessera/elementwise.h"

namespace tessera {

struct NmsShape {
  size_t batches, classes, spatial, max_per_class;
  bool center_point_box, score_filter;
  float iou_threshold, score_threshold;
};

// The work block's bytes: spatial sort keys (uint64), then five float planes
// (ymin, xmin, ymax, xmax, area) of the batch's boxes and five of the
// class's selected boxes, each rounded up to whole vectors. 64-bit: in wasm32
// a size_t would wrap for the largest inputs, which JS refuses first.
uint64_t nms_work_bytes(uint64_t spatial, uint64_t max_per_class);

Status non_max_suppression(const float* boxes, const float* scores, int64_t* y, void* work, uint64_t work_bytes,
                           const NmsShape& shape, uint32_t* count);

}  // namespace tessera
