// ONNX NonMaxSuppression: per batch and class, the boxes by descending score that overlap no better one by more than iou_threshold.
import type { Descriptor } from './op.js';

export const nonMaxSuppression: Descriptor = {
  inputHint: () => 'float32 [batches, boxes, 4]: y1, x1, y2, x2 (or the centre and size with center_point_box 1)',
  fields: () => ({
    scores: { hint: 'float32 [batches, classes, boxes]' },
    max_output_boxes_per_class: { kind: 'ints', types: ['int64'], hint: 'int64, one element: the most kept per class (empty or 0: none)' },
    iou_threshold: { kind: 'value', types: ['float32'], hint: 'float32 in [0, 1]: a box overlapping a kept one by more is dropped' },
    score_threshold: { kind: 'value', types: ['float32'], hint: 'float32: only boxes scoring above it take part' },
  }),
  example: () => ({
    type: 'float32',
    dims: [1, 6, 4],
    items: ['0', '0', '1', '1', '0', '0.1', '1', '1.1', '0', '-0.1', '1', '0.9', '0', '10', '1', '11', '0', '10.1', '1', '11.1', '0', '100', '1', '101'],
    params: { max_output_boxes_per_class: '3', iou_threshold: '0.5', score_threshold: '0' },
    tensors: { scores: { type: 'float32', dims: [1, 1, 6], text: '[[[0.9, 0.75, 0.6, 0.95, 0.5, 0.3]]]' } },
    source: 'ONNX test_nonmaxsuppression_suppress_by_IOU: six boxes, max 3, IoU 0.5 gives boxes 3, 0 and 5 of class 0',
  }),
};
