// CumSum: the fuzz bytes pick the type (float32, float64, float16,
// bfloat16, int32, uint64), outer (1..8) and inner (1..40: the scalar walk,
// one vector, the tile of four and every tail), exclusive and reverse; the
// rest are the input's bit patterns (every NaN payload, -0, subnormals), n
// is what they fill. The output must match the reference bit for bit,
// inside an exactly-sized buffer.
#include <memory>

#include "fuzz.h"
#include "reference/topk-cumsum.h"
#include "tessera/cumsum.h"
#include "tessera/tables.h"

namespace {

namespace ref = tessera::reference;

template <class T>
void run(uint32_t type, fuzz::Input& in, size_t outer, size_t inner, bool exclusive, bool reverse) {
  size_t n = 0;
  const std::vector<T> x = fuzz::axis_input<T>(in, outer, inner, n);
  std::unique_ptr<T[]> y(new T[x.size() + 1]);
  if (tessera::cum_sum(type, x.data(), y.get(), outer, n, inner, exclusive, reverse) != tessera::Status::ok) std::abort();
  const std::vector<T> want = ref::cum_sum(x, outer, n, inner, exclusive, reverse);
  if (want.empty()) return;
  fuzz::expect_same("cumsum", reinterpret_cast<const uint8_t*>(y.get()), reinterpret_cast<const uint8_t*>(want.data()), want.size() * sizeof(T));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  const uint8_t type = in.u8() % 6;
  const size_t outer = 1 + in.u8() % 8;
  const size_t inner = 1 + in.u8() % 40;
  const uint8_t flags = in.u8();
  const bool exclusive = flags & 1, reverse = flags & 2;
  switch (type) {
    case 0: run<float>(tessera::onnx_type("float32"), in, outer, inner, exclusive, reverse); break;
    case 1: run<double>(tessera::onnx_type("float64"), in, outer, inner, exclusive, reverse); break;
    case 2: run<ref::Half>(tessera::onnx_type("float16"), in, outer, inner, exclusive, reverse); break;
    case 3: run<ref::BHalf>(tessera::onnx_type("bfloat16"), in, outer, inner, exclusive, reverse); break;
    case 4: run<int32_t>(tessera::onnx_type("int32"), in, outer, inner, exclusive, reverse); break;
    default: run<uint64_t>(tessera::onnx_type("uint64"), in, outer, inner, exclusive, reverse); break;
  }
  return 0;
}
