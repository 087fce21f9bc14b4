// NonMaxSuppression: the fuzz bytes pick batches and classes (1..4), the box
// format, whether a score threshold applies and its value, the IoU threshold
// (one of a few, the boundary 1/7 among them), how values are read, and the
// limit per class; the rest are the boxes and scores, each value either the
// raw float32 bits (every NaN payload, subnormals, infinities) or a byte on
// a half-unit grid (so overlaps, identical boxes and tied scores are common).
// The kernel must give the reference's triples, within exactly-sized buffers.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include "fuzz.h"
#include "reference/nms.h"
#include "tessera/nms.h"

namespace {

float grid(uint8_t b) {
  switch (b) {
    case 255: return NAN;
    case 254: return INFINITY;
    case 253: return -INFINITY;
    case 252: return -0.0f;
    default: return static_cast<float>(static_cast<int>(b % 24) - 6) * 0.5f;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  tessera::NmsShape s{};
  s.batches = 1 + in.u8() % 4;
  s.classes = 1 + in.u8() % 4;
  const uint8_t flags = in.u8();
  s.center_point_box = flags & 1;
  s.score_filter = (flags & 2) != 0;
  const bool raw = (flags & 4) != 0;
  const float iou[] = {0.0f, 0.5f, 1.0f / 7.0f, 1.0f, 0.25f, 0.75f, 1.0f / 3.0f, 0.9f};
  s.iou_threshold = iou[(flags >> 3) & 7];
  s.score_threshold = grid(in.u8()) * 0.25f;
  const uint8_t limit = in.u8();
  // Each box takes 4 values, and one score per class.
  const size_t per_value = raw ? 4 : 1;
  s.spatial = in.remaining() / per_value / s.batches / (4 + s.classes);
  s.max_per_class = limit >= 200 ? s.spatial : std::min<size_t>(limit % 40, s.spatial);
  if (s.batches * s.classes * s.max_per_class * 24 + tessera::nms_work_bytes(s.spatial, s.max_per_class) > fuzz::kFuzzBytes) return 0;
  auto value = [&]() {
    if (!raw) return grid(in.u8());
    const uint32_t bits = in.u32();
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  };
  std::vector<float> boxes(s.batches * s.spatial * 4), scores(s.batches * s.classes * s.spatial);
  for (float& v : boxes) v = value();
  for (float& v : scores) v = value();
  const size_t room = s.batches * s.classes * s.max_per_class * 3;
  std::unique_ptr<int64_t[]> y(new int64_t[room]);
  const uint64_t work_bytes = tessera::nms_work_bytes(s.spatial, s.max_per_class);
  std::unique_ptr<uint64_t[]> work(new uint64_t[work_bytes / 8]);  // a multiple of 8: 8 * spatial + 80 * vectors
  uint32_t count = 0;
  if (tessera::non_max_suppression(boxes.data(), scores.data(), y.get(), work.get(), work_bytes, s, &count) != tessera::Status::ok) std::abort();
  const std::vector<int64_t> want = tessera::reference::non_max_suppression(boxes.data(), scores.data(), s.batches, s.classes, s.spatial,
                                                                            s.max_per_class, s.center_point_box, s.score_filter,
                                                                            s.iou_threshold, s.score_threshold);
  if (want.size() != size_t{count} * 3) fuzz::fail("nms", "the kernel selected a different number of boxes", count);
  fuzz::expect_same("nms", reinterpret_cast<const uint8_t*>(y.get()), reinterpret_cast<const uint8_t*>(want.data()), want.size() * 8);
  return 0;
}
