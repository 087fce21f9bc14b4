// NonMaxSuppression's kernel against its reference (cpp/src/reference/nms.h),
// triple for triple: every box count 0..37 (each tail of the four-box corner
// transpose and of the four-lane IoU test, past several vectors of kept
// boxes), one to three batches and classes, every max_per_class from 0 to
// the box count, both box formats, with and without a score threshold, and
// coordinates and scores from small grids so that equal scores, identical
// boxes, touching boxes and IoU exactly at the threshold are common, with
// NaN, infinities, -0 and flipped corners among them. The output's room past
// the selected triples, a canary past that, and the inputs are checked too.
// Then ONNX's own examples (Operators.md), by hand.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "reference/nms.h"
#include "tessera/nms.h"

namespace {

namespace ref = tessera::reference;

struct Run {
  std::vector<int64_t> triples;
  bool canary_intact;
};

Run run_kernel(const std::vector<float>& boxes, const std::vector<float>& scores, tessera::NmsShape shape) {
  const size_t room = shape.batches * shape.classes * shape.max_per_class * 3;
  std::vector<int64_t> y(room + 1, 0x5a5a5a5a5a5a5a5a);
  std::vector<uint64_t> work((tessera::nms_work_bytes(shape.spatial, shape.max_per_class) + 7) / 8);
  uint32_t count = 0xffffffffu;
  REQUIRE(tessera::non_max_suppression(boxes.data(), scores.data(), y.data(), work.data(), work.size() * 8, shape, &count) ==
          tessera::Status::ok);
  REQUIRE(count * 3 <= room);
  return {std::vector<int64_t>(y.begin(), y.begin() + count * 3), y.back() == 0x5a5a5a5a5a5a5a5a};
}

std::vector<int64_t> run_reference(const std::vector<float>& boxes, const std::vector<float>& scores, const tessera::NmsShape& s) {
  return ref::non_max_suppression(boxes.data(), scores.data(), s.batches, s.classes, s.spatial, s.max_per_class,
                                  s.center_point_box, s.score_filter, s.iou_threshold, s.score_threshold);
}

float coordinate(std::mt19937& rng) {
  const int k = std::uniform_int_distribution<int>(0, 99)(rng);
  if (k == 0) return NAN;
  if (k == 1) return INFINITY;
  if (k == 2) return -INFINITY;
  if (k == 3) return -0.0f;
  return static_cast<float>(std::uniform_int_distribution<int>(-4, 8)(rng)) * 0.5f;  // a grid: exact overlaps
}

float score(std::mt19937& rng) {
  const int k = std::uniform_int_distribution<int>(0, 49)(rng);
  if (k == 0) return NAN;
  if (k == 1) return -0.0f;
  if (k == 2) return -INFINITY;
  return static_cast<float>(std::uniform_int_distribution<int>(-2, 8)(rng)) * 0.125f;  // ties
}

}  // namespace

TEST_CASE("NonMaxSuppression: the kernel gives the reference's triples, every count, format and threshold") {
  std::mt19937 rng(20261202);
  const float iou_thresholds[] = {0.0f, 0.25f / 1.75f, 0.5f, 1.0f / 3.0f, 1.0f};
  size_t selections = 0, suppressing = 0;
  for (size_t spatial = 0; spatial <= 37; ++spatial) {
    for (int trial = 0; trial < 12; ++trial) {
      tessera::NmsShape s{};
      s.batches = 1 + rng() % 3;
      s.classes = 1 + rng() % 3;
      s.spatial = spatial;
      s.max_per_class = spatial == 0 ? 0 : rng() % (spatial + 1);
      if (trial % 3 == 0) s.max_per_class = spatial;
      s.center_point_box = trial % 2 == 1;
      s.score_filter = trial % 4 < 2;
      s.iou_threshold = iou_thresholds[rng() % 5];
      s.score_threshold = trial % 8 == 0 ? -INFINITY : static_cast<float>(static_cast<int>(rng() % 6) - 1) * 0.125f;
      std::vector<float> boxes(s.batches * spatial * 4);
      for (float& v : boxes) v = coordinate(rng);
      // Center format: widths and heights mostly positive (negative ones give negative areas).
      if (s.center_point_box) {
        for (size_t i = 0; i < boxes.size(); i += 4) {
          if (rng() % 8 != 0) boxes[i + 2] = std::fabs(boxes[i + 2]) + 0.5f, boxes[i + 3] = std::fabs(boxes[i + 3]);
        }
      }
      // Some boxes repeated exactly: IoU 1 with each other.
      for (size_t i = 1; i < s.batches * spatial; ++i) {
        if (rng() % 5 == 0) std::memcpy(&boxes[i * 4], &boxes[(i - 1) * 4], 16);
      }
      std::vector<float> scores(s.batches * s.classes * spatial);
      for (float& v : scores) v = score(rng);
      const std::vector<float> boxes_in = boxes, scores_in = scores;
      INFO("spatial " << spatial << " trial " << trial << " batches " << s.batches << " classes " << s.classes << " max "
                      << s.max_per_class << " center " << s.center_point_box << " filter " << s.score_filter << " iou "
                      << s.iou_threshold);
      const Run got = run_kernel(boxes, scores, s);
      CHECK(got.triples == run_reference(boxes, scores, s));
      CHECK(got.canary_intact);
      // Compared only when there are bytes: an empty vector's data() may be null, which memcmp must not see.
      if (!boxes.empty()) CHECK(std::memcmp(boxes.data(), boxes_in.data(), boxes.size() * sizeof(float)) == 0);
      if (!scores.empty()) CHECK(std::memcmp(scores.data(), scores_in.data(), scores.size() * sizeof(float)) == 0);
      selections += got.triples.size() / 3;
      // With no limit and no score threshold, every box is taken unless suppressed.
      if (s.max_per_class == spatial && !s.score_filter && got.triples.size() / 3 < s.batches * s.classes * spatial) ++suppressing;
    }
  }
  INFO("selections " << selections << ", cases that suppress " << suppressing);
  CHECK(selections > 1000);  // the cases select...
  CHECK(suppressing > 40);   // ...and suppress
}

TEST_CASE("NonMaxSuppression: many candidates and few kept, so the sorted runs go past the first (64 keys, then 128, ...)") {
  std::mt19937 rng(77);
  for (size_t spatial : {size_t{63}, size_t{64}, size_t{65}, size_t{130}, size_t{700}}) {
    for (size_t max : {size_t{1}, size_t{3}, size_t{31}, size_t{33}, spatial}) {
      for (int format = 0; format < 2; ++format) {
        tessera::NmsShape s{2, 2, spatial, std::min(max, spatial), format == 1, max % 2 == 1, 0.3f, -1.0f};
        // Few distinct boxes (a 3 x 3 grid of cells, half-unit offsets): nearly every candidate is suppressed.
        std::vector<float> boxes(2 * spatial * 4);
        for (size_t i = 0; i < 2 * spatial; ++i) {
          const float y = static_cast<float>(rng() % 3) * 0.5f, x = static_cast<float>(rng() % 3) * 0.5f;
          float* b = &boxes[i * 4];
          if (format == 1) { b[0] = x; b[1] = y; b[2] = 1.0f; b[3] = 1.0f; }
          else { b[0] = y; b[1] = x; b[2] = y + 1.0f; b[3] = x + 1.0f; }
        }
        std::vector<float> scores(2 * 2 * spatial);
        for (float& v : scores) v = static_cast<float>(rng() % 50) * 0.02f;
        INFO("spatial " << spatial << " max " << s.max_per_class << " format " << format);
        CHECK(run_kernel(boxes, scores, s).triples == run_reference(boxes, scores, s));
      }
    }
  }
}

TEST_CASE("NonMaxSuppression: ONNX's examples") {
  const std::vector<float> boxes = {0.0f, 0.0f, 1.0f, 1.0f,  0.0f, 0.1f, 1.0f, 1.1f,  0.0f, -0.1f, 1.0f, 0.9f,
                                    0.0f, 10.0f, 1.0f, 11.0f, 0.0f, 10.1f, 1.0f, 11.1f, 0.0f, 100.0f, 1.0f, 101.0f};
  const std::vector<float> scores = {0.9f, 0.75f, 0.6f, 0.95f, 0.5f, 0.3f};
  tessera::NmsShape s{1, 1, 6, 3, false, true, 0.5f, 0.0f};
  CHECK(run_kernel(boxes, scores, s).triples == std::vector<int64_t>{0, 0, 3, 0, 0, 0, 0, 0, 5});  // suppress_by_IOU
  s.max_per_class = 2;
  CHECK(run_kernel(boxes, scores, s).triples == std::vector<int64_t>{0, 0, 3, 0, 0, 0});  // limit_output_size
  s.max_per_class = 3;
  s.score_threshold = 0.4f;
  CHECK(run_kernel(boxes, scores, s).triples == std::vector<int64_t>{0, 0, 3, 0, 0, 0});  // suppress_by_IOU_and_scores
  s.score_threshold = 0.0f;

  const std::vector<float> flipped = {1.0f, 1.0f, 0.0f, 0.0f,  0.0f, 0.1f, 1.0f, 1.1f,  0.0f, 0.9f, 1.0f, -0.1f,
                                      0.0f, 10.0f, 1.0f, 11.0f, 1.0f, 10.1f, 0.0f, 11.1f, 1.0f, 101.0f, 0.0f, 100.0f};
  CHECK(run_kernel(flipped, scores, s).triples == std::vector<int64_t>{0, 0, 3, 0, 0, 0, 0, 0, 5});

  const std::vector<float> centers = {0.5f, 0.5f, 1.0f, 1.0f,  0.5f, 0.6f, 1.0f, 1.0f,  0.5f, 0.4f, 1.0f, 1.0f,
                                      0.5f, 10.5f, 1.0f, 1.0f, 0.5f, 10.6f, 1.0f, 1.0f, 0.5f, 100.5f, 1.0f, 1.0f};
  s.center_point_box = true;
  CHECK(run_kernel(centers, scores, s).triples == std::vector<int64_t>{0, 0, 3, 0, 0, 0, 0, 0, 5});
  s.center_point_box = false;

  // identical_boxes: ten of [0, 0, 1, 1], all scoring 0.9: the first only.
  std::vector<float> same;
  for (int i = 0; i < 10; ++i) same.insert(same.end(), {0.0f, 0.0f, 1.0f, 1.0f});
  s.spatial = 10;
  CHECK(run_kernel(same, std::vector<float>(10, 0.9f), s).triples == std::vector<int64_t>{0, 0, 0});

  // iou_threshold_boundary: IoU exactly the threshold keeps the box (strict >).
  s.spatial = 2;
  s.max_per_class = 2;
  s.iou_threshold = 0.25f / 1.75f;
  const std::vector<float> pair = {0.0f, 0.0f, 1.0f, 1.0f, 0.5f, 0.5f, 1.5f, 1.5f};
  CHECK(run_kernel(pair, {0.9f, 0.8f}, s).triples == std::vector<int64_t>{0, 0, 0, 0, 0, 1});
  s.iou_threshold = std::nextafter(0.25f / 1.75f, 0.0f);
  CHECK(run_kernel(pair, {0.9f, 0.8f}, s).triples == std::vector<int64_t>{0, 0, 0});

  // No score threshold: a negative score takes part; a NaN score comes after every number.
  s.score_filter = false;
  s.iou_threshold = 0.5f;
  const std::vector<float> apart = {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5};
  s.spatial = 3;
  s.max_per_class = 3;
  CHECK(run_kernel(apart, {NAN, -1.0f, -INFINITY}, s).triples == std::vector<int64_t>{0, 0, 1, 0, 0, 2, 0, 0, 0});
  s.score_filter = true;
  s.score_threshold = -INFINITY;
  CHECK(run_kernel(apart, {NAN, -1.0f, -INFINITY}, s).triples == std::vector<int64_t>{0, 0, 1});

  // The kernel refuses a max_per_class above the box count, and too small a work block.
  std::vector<uint64_t> work(64);
  std::vector<int64_t> y(64);
  uint32_t count = 0;
  s.max_per_class = 4;
  CHECK(tessera::non_max_suppression(apart.data(), apart.data(), y.data(), work.data(), 512, s, &count) == tessera::Status::refused);
  s.max_per_class = 3;
  CHECK(tessera::non_max_suppression(apart.data(), apart.data(), y.data(), work.data(), tessera::nms_work_bytes(3, 3) - 1, s,
                                     &count) == tessera::Status::refused);
}
