// The binary broadcasting engine: a type, an op, and a shape for each
// operand (rank 0..6, extents 0..8, each axis present, 1, or missing, so
// every broadcast pattern and empty dims occur) decoded from the fuzz bytes,
// the operands' bytes from the rest. Every op but float pow (checked within
// ulps by the doctest suite) must match the reference byte for byte; a 0 in
// an integer divisor must come back as zero_divisor with nothing written.
#include <algorithm>
#include <vector>

#include "fuzz.h"
#include "reference/elementwise.h"
#include "tessera/elementwise.h"
#include "tessera/tables.h"

namespace {

using tessera::BinaryOp;
namespace ref = tessera::reference;

constexpr BinaryOp kOps[] = {BinaryOp::add, BinaryOp::sub, BinaryOp::mul, BinaryOp::div, BinaryOp::pow,
                             BinaryOp::mod, BinaryOp::fmod, BinaryOp::min, BinaryOp::max, BinaryOp::equal,
                             BinaryOp::greater, BinaryOp::less, BinaryOp::greater_or_equal, BinaryOp::less_or_equal,
                             BinaryOp::shift_left, BinaryOp::shift_right};

struct Case {
  BinaryOp op;
  std::vector<uint32_t> dims, a_dims, b_dims;
};

std::vector<uint32_t> strides_for(const std::vector<uint32_t>& dims, size_t rank) {
  std::vector<uint32_t> s(rank, 0);
  uint32_t step = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    s[rank - dims.size() + i] = dims[i] == 1 ? 0 : step;
    step *= dims[i];
  }
  return s;
}

size_t count(const std::vector<uint32_t>& d) {
  size_t n = 1;
  for (uint32_t v : d) n *= v;
  return n;
}

template <class T>
bool served(BinaryOp op) {
  constexpr bool kInt = std::is_integral_v<T>;
  if (op == BinaryOp::mod) return kInt;
  if (op == BinaryOp::shift_left || op == BinaryOp::shift_right) return std::is_unsigned_v<T>;
  if (op == BinaryOp::pow) return kInt;  // float pow: ulps, in the doctest suite
  return true;
}

template <class T>
void run(const Case& c, fuzz::Input& in) {
  if (!served<T>(c.op)) return;
  const size_t rank = c.dims.size();
  const auto as = strides_for(c.a_dims, rank), bs = strides_for(c.b_dims, rank);
  const size_t n = count(c.dims), na = count(c.a_dims), nb = count(c.b_dims);
  const std::vector<uint8_t> a_bytes = fuzz::input_bytes(in, na * sizeof(T));
  std::vector<uint8_t> b_bytes = fuzz::input_bytes(in, nb * sizeof(T) + 1);  // one extra byte: a seed
  b_bytes.pop_back();
  std::vector<T> a(na), b(nb);
  if (na > 0) std::memcpy(a.data(), a_bytes.data(), a_bytes.size());
  if (nb > 0) std::memcpy(b.data(), b_bytes.data(), b_bytes.size());
  if constexpr (std::is_integral_v<T>) {
    for (T& v : b) {
      if (c.op == BinaryOp::pow) v = static_cast<T>(static_cast<uint64_t>(v) % 130 - (std::is_signed_v<T> ? 3 : 0));
      if (c.op == BinaryOp::shift_left || c.op == BinaryOp::shift_right) v = static_cast<T>(static_cast<uint64_t>(v) % (sizeof(T) * 8 + 8));
    }
  }
  const bool to_bool = ref::is_comparison(c.op);
  const size_t out_bytes = n * (to_bool ? 1 : sizeof(T));
  std::vector<uint8_t> got(out_bytes, 0xcd), want(out_bytes);
  const auto status = tessera::binary(c.op, 0, nullptr, nullptr, nullptr, 0, nullptr, nullptr, nullptr);  // type 0: refused
  if (status != tessera::Status::refused) fuzz::fail("binary", "type 0 not refused", 0);

  uint32_t type = 0;
  if constexpr (std::is_same_v<T, int8_t>) type = tessera::onnx_type("int8");
  if constexpr (std::is_same_v<T, uint8_t>) type = tessera::onnx_type("uint8");
  if constexpr (std::is_same_v<T, int16_t>) type = tessera::onnx_type("int16");
  if constexpr (std::is_same_v<T, uint16_t>) type = tessera::onnx_type("uint16");
  if constexpr (std::is_same_v<T, int32_t>) type = tessera::onnx_type("int32");
  if constexpr (std::is_same_v<T, uint32_t>) type = tessera::onnx_type("uint32");
  if constexpr (std::is_same_v<T, int64_t>) type = tessera::onnx_type("int64");
  if constexpr (std::is_same_v<T, uint64_t>) type = tessera::onnx_type("uint64");
  if constexpr (std::is_same_v<T, float>) type = tessera::onnx_type("float32");
  if constexpr (std::is_same_v<T, double>) type = tessera::onnx_type("float64");
  if constexpr (std::is_same_v<T, ref::Half>) type = tessera::onnx_type("float16");
  if constexpr (std::is_same_v<T, ref::BHalf>) type = tessera::onnx_type("bfloat16");

  const auto result = tessera::binary(c.op, type, a.data(), b.data(), got.data(), rank, c.dims.data(), as.data(), bs.data());
  bool zero_divisor = false;
  if constexpr (std::is_integral_v<T>) {
    const bool divides = c.op == BinaryOp::div || c.op == BinaryOp::mod || c.op == BinaryOp::fmod;
    zero_divisor = divides && n > 0 && std::find(b.begin(), b.end(), T(0)) != b.end();
  }
  if (zero_divisor) {
    if (result != tessera::Status::zero_divisor) fuzz::fail("binary", "a zero divisor not reported", 0);
    for (uint8_t v : got) {
      if (v != 0xcd) fuzz::fail("binary", "a zero divisor's output written", 0);
    }
    return;
  }
  if (result != tessera::Status::ok) fuzz::fail("binary", "a served op refused", 0);
  if (to_bool) {
    ref::broadcast2(a.data(), b.data(), want.data(), rank, c.dims.data(), as.data(), bs.data(),
                    [&c](T x, T y) { return ref::binary_bool(c.op, x, y); });
  } else {
    ref::broadcast2(a.data(), b.data(), reinterpret_cast<T*>(want.data()), rank, c.dims.data(), as.data(), bs.data(),
                    [&c](T x, T y) { return ref::binary_same(c.op, x, y); });
  }
  fuzz::expect_same("binary", got.data(), want.data(), out_bytes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  const uint8_t type = in.u8() % 12;
  Case c;
  c.op = kOps[in.u8() % (sizeof kOps / sizeof kOps[0])];
  const size_t rank = in.u8() % 7;
  for (size_t i = 0; i < rank; ++i) {
    const uint8_t d = in.u8();
    const uint32_t extent = d % 9;
    c.dims.push_back(extent);
  }
  // Each operand's own shape: per axis (right-aligned) its extent, 1, or
  // (leading axes only) missing. An extent of 0 broadcasts only as itself.
  for (auto* own : {&c.a_dims, &c.b_dims}) {
    const uint8_t choice = in.u8();
    const size_t missing = rank == 0 ? 0 : (choice >> 4) % (rank + 1);
    for (size_t i = missing; i < rank; ++i) own->push_back(((choice >> (i % 4)) & 1) ? 1 : c.dims[i]);
  }
  // The output's dims are those of numpy's broadcast of the two.
  for (size_t i = 0; i < rank; ++i) {
    const size_t ai = i + c.a_dims.size() - rank, bi = i + c.b_dims.size() - rank;
    const uint32_t x = i + c.a_dims.size() >= rank ? c.a_dims[ai] : 1;
    const uint32_t y = i + c.b_dims.size() >= rank ? c.b_dims[bi] : 1;
    c.dims[i] = x == 1 ? y : x;
  }
  if (count(c.dims) * 8 > fuzz::kFuzzBytes) return 0;
  switch (type) {
    case 0: run<int8_t>(c, in); break;
    case 1: run<uint8_t>(c, in); break;
    case 2: run<int16_t>(c, in); break;
    case 3: run<uint16_t>(c, in); break;
    case 4: run<int32_t>(c, in); break;
    case 5: run<uint32_t>(c, in); break;
    case 6: run<int64_t>(c, in); break;
    case 7: run<uint64_t>(c, in); break;
    case 8: run<float>(c, in); break;
    case 9: run<double>(c, in); break;
    case 10: run<ref::Half>(c, in); break;
    default: run<ref::BHalf>(c, in); break;
  }
  return 0;
}
