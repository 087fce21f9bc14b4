// TopK: the fuzz bytes pick the type (float32, float64, float16, bfloat16,
// int8, int32, uint64), outer and inner (1..8), k (a byte, taken mod n + 1)
// and largest; the rest are the input's bit patterns (every NaN payload,
// -0, subnormals), n is what they fill. Values and indices must match the
// reference bit for bit, inside exactly-sized buffers.
#include <memory>

#include "fuzz.h"
#include "reference/topk-cumsum.h"
#include "tessera/tables.h"
#include "tessera/topk.h"

namespace {

namespace ref = tessera::reference;

template <class T>
void run(uint32_t type, fuzz::Input& in, size_t outer, size_t inner, uint8_t k_byte, bool largest) {
  size_t n = 0;
  const std::vector<T> x = fuzz::axis_input<T>(in, outer, inner, n);
  const size_t k = k_byte % (n + 1);
  const size_t m = outer * k * inner;
  std::unique_ptr<T[]> values(new T[m + 1]);
  std::unique_ptr<int64_t[]> indices(new int64_t[m + 1]);
  std::unique_ptr<uint64_t[]> work(new uint64_t[tessera::topk_work_bytes(n) / 8]);
  if (tessera::top_k(type, x.data(), values.get(), indices.get(), work.get(), outer, n, inner, k, largest) != tessera::Status::ok) {
    std::abort();
  }
  std::vector<T> want_values;
  std::vector<int64_t> want_indices;
  ref::top_k(x, outer, n, inner, k, largest, want_values, want_indices);
  if (m == 0) return;
  fuzz::expect_same("topk values", reinterpret_cast<const uint8_t*>(values.get()), reinterpret_cast<const uint8_t*>(want_values.data()),
                    m * sizeof(T));
  fuzz::expect_same("topk indices", reinterpret_cast<const uint8_t*>(indices.get()),
                    reinterpret_cast<const uint8_t*>(want_indices.data()), m * sizeof(int64_t));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  const uint8_t type = in.u8() % 7;
  const size_t outer = 1 + in.u8() % 8;
  const size_t inner = 1 + in.u8() % 8;
  const uint8_t k = in.u8();
  const bool largest = in.u8() & 1;
  switch (type) {
    case 0: run<float>(tessera::onnx_type("float32"), in, outer, inner, k, largest); break;
    case 1: run<double>(tessera::onnx_type("float64"), in, outer, inner, k, largest); break;
    case 2: run<ref::Half>(tessera::onnx_type("float16"), in, outer, inner, k, largest); break;
    case 3: run<ref::BHalf>(tessera::onnx_type("bfloat16"), in, outer, inner, k, largest); break;
    case 4: run<int8_t>(tessera::onnx_type("int8"), in, outer, inner, k, largest); break;
    case 5: run<int32_t>(tessera::onnx_type("int32"), in, outer, inner, k, largest); break;
    default: run<uint64_t>(tessera::onnx_type("uint64"), in, outer, inner, k, largest); break;
  }
  return 0;
}
