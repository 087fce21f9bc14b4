// The index kernels: a shape, an index width and index values (in range,
// just out of it, or extreme) decoded from the fuzz bytes. Gather of rows
// (Gather's and GatherND's) and GatherElements run into exactly sized
// outputs and must agree with the reference byte for byte, or stop at the
// same first bad index.
#include <vector>

#include "fuzz.h"
#include "reference/gather.h"
#include "tessera/kernels.h"

namespace {

std::vector<uint8_t> indices_of(fuzz::Input& in, size_t n, size_t index_bytes, const uint32_t* extents, size_t k) {
  std::vector<uint8_t> bytes(n * index_bytes);
  for (size_t i = 0; i < n; ++i) {
    const int64_t extent = extents[i % k];
    const uint8_t tag = in.u8();
    int64_t v = tag < 200 ? static_cast<int64_t>(in.u8() % (2 * extent + 1)) - extent : in.param();
    if (index_bytes == 4) {
      const auto w = static_cast<int32_t>(v);
      std::memcpy(&bytes[i * 4], &w, 4);
    } else {
      std::memcpy(&bytes[i * 8], &v, 8);
    }
  }
  return bytes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Input in(data, size);
  const size_t index_bytes = in.u8() % 2 ? 4 : 8;
  const bool elements = in.u8() % 2;
  if (!elements) {
    const size_t k = 1 + in.u8() % 3, outer = 1 + in.u8() % 4, n = in.u8() % 9, row_bytes = in.u8() % 80;
    const bool batched = in.u8() % 2;
    uint32_t dims[3];
    size_t x_rows = 1;
    for (size_t c = 0; c < k; ++c) x_rows *= (dims[c] = 1 + in.u8() % 6);
    const auto indices = indices_of(in, (batched ? outer : 1) * n * k, index_bytes, dims, k);
    const auto x = fuzz::input_bytes(in, outer * x_rows * row_bytes);
    std::vector<uint8_t> got(outer * n * row_bytes), want(outer * n * row_bytes);
    tessera::IndexResult result{};
    size_t bad = 0;
    const bool ok = tessera::xx_gather_rows(x.data(), indices.data(), got.data(), row_bytes, outer, x_rows, n, batched,
                                            k, dims, index_bytes, &result);
    const bool want_ok = tessera::reference::gather_rows(x.data(), indices.data(), want.data(), row_bytes, outer, x_rows,
                                                         n, batched, k, dims, index_bytes, &bad);
    if (ok != want_ok || (!ok && result.position != bad)) fuzz::fail("gather", "the first bad index differs", bad);
    if (ok) fuzz::expect_same("gather", got.data(), want.data(), got.size());
    return 0;
  }
  const size_t es = size_t{1} << (in.u8() % 5), rank = 1 + in.u8() % 4, axis = in.u8() % rank;
  uint32_t data_dims[4], dims[4], strides[4];
  size_t data_n = 1, n = 1;
  for (size_t d = 0; d < rank; ++d) {
    data_dims[d] = 1 + in.u8() % 5;
    dims[d] = d == axis ? in.u8() % 6 : 1 + in.u8() % data_dims[d];
    data_n *= data_dims[d];
    n *= dims[d];
  }
  for (size_t d = rank, s = 1; d-- > 0;) strides[d] = static_cast<uint32_t>(s), s *= data_dims[d];
  const uint32_t extent[1] = {data_dims[axis]};
  const auto indices = indices_of(in, n, index_bytes, extent, 1);
  const auto x = fuzz::input_bytes(in, data_n * es);
  std::vector<uint8_t> got(n * es), want(n * es);
  tessera::IndexResult result{};
  size_t bad = 0;
  const bool ok = tessera::xx_gather_elements(x.data(), indices.data(), got.data(), es, rank, dims, strides, axis,
                                              data_dims[axis], index_bytes, &result);
  const bool want_ok = tessera::reference::gather_elements(x.data(), indices.data(), want.data(), es, rank, dims, strides,
                                                           axis, data_dims[axis], index_bytes, &bad);
  if (ok != want_ok || (!ok && result.position != bad)) fuzz::fail("gather-elements", "the first bad index differs", bad);
  if (ok) fuzz::expect_same("gather-elements", got.data(), want.data(), got.size());
  return 0;
}
