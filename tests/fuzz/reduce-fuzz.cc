// The reduction engine: the fuzz bytes pick the op, the type (float32,
// float64, float16, int32, uint8), outer and inner (1..8), and the rest are
// the input's bit patterns (every NaN payload and subnormal); n is what they
// fill. Sum, Mean, Max, Min, Prod, L1, L2 and SumSquare must match the
// reference bit for bit; every op must stay inside exactly-sized buffers.
#include <memory>

#include "fuzz.h"
#include "reference/reduce.h"
#include "tessera/reduce.h"
#include "tessera/tables.h"

namespace {

using tessera::ReduceOp;
namespace ref = tessera::reference;

template <class T>
void run(ReduceOp op, uint32_t type, fuzz::Input& in, size_t outer, size_t inner) {
  const size_t row = outer * inner;
  const size_t n = in.remaining() / sizeof(T) / row;
  std::vector<T> x(outer * n * inner);
  if (!x.empty()) std::memcpy(static_cast<void*>(x.data()), in.rest(), x.size() * sizeof(T));
  std::unique_ptr<T[]> y(new T[row]);
  std::unique_ptr<uint8_t[]> work(new uint8_t[tessera::reduce_work_bytes(row)]);
  if (tessera::reduce(op, type, x.data(), y.get(), outer, n, inner, work.get()) != tessera::Status::ok) std::abort();
  if (op == ReduceOp::log_sum || op == ReduceOp::log_sum_exp) return;
  const std::vector<T> want = ref::reduce(op, x, outer, n, inner);
  fuzz::expect_same("reduce", reinterpret_cast<const uint8_t*>(y.get()), reinterpret_cast<const uint8_t*>(want.data()), row * sizeof(T));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  const auto op = static_cast<ReduceOp>(in.u8() % 10);
  const uint8_t type = in.u8() % 5;
  const size_t outer = 1 + in.u8() % 8;
  const size_t inner = 1 + in.u8() % 8;
  switch (type) {
    case 0: run<float>(op, tessera::onnx_type("float32"), in, outer, inner); break;
    case 1: run<double>(op, tessera::onnx_type("float64"), in, outer, inner); break;
    case 2: run<ref::Half>(op, tessera::onnx_type("float16"), in, outer, inner); break;
    case 3: run<int32_t>(op, tessera::onnx_type("int32"), in, outer, inner); break;
    default: run<uint8_t>(op, tessera::onnx_type("uint8"), in, outer, inner); break;
  }
  return 0;
}
