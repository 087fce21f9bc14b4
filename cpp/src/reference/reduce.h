// The reduction engine's slow reference (cpp/src/kernels/reduce.cc): one
// output element at a time, from the flat index, in the documented order
// (inner > 1: k = 0 .. n-1 in sequence; inner == 1: four lanes, lane j
// taking k = j mod 4, combined (l0 + l1) + (l2 + l3)), accumulating
// float16 and bfloat16 in float32 and integers wrapping. For the ops whose
// results are defined by +, *, sqrt and compares (Sum, Mean, Max, Min, Prod,
// L1, L2, SumSquare): the kernel must match it bit for bit.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "reference/elementwise.h"
#include "tessera/reduce.h"

namespace tessera::reference {

template <class T> struct ReduceAcc { using type = std::make_unsigned_t<T>; };
template <> struct ReduceAcc<float> { using type = float; };
template <> struct ReduceAcc<double> { using type = double; };
template <> struct ReduceAcc<Half> { using type = float; };
template <> struct ReduceAcc<BHalf> { using type = float; };

template <class T>
typename ReduceAcc<T>::type reduce_load(T v) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BHalf>) return static_cast<float>(to_double(v));
  else return static_cast<typename ReduceAcc<T>::type>(v);
}

template <class T>
T reduce_store(typename ReduceAcc<T>::type a, bool canonical) {
  using A = typename ReduceAcc<T>::type;
  if constexpr (std::is_floating_point_v<A>) {
    if (canonical && std::isnan(a)) a = std::numeric_limits<A>::quiet_NaN();
    if constexpr (std::is_same_v<T, Half>) return std::isnan(a) && !canonical ? T{0x7e00} : to_half(a);
    else if constexpr (std::is_same_v<T, BHalf>) return to_bhalf(a);
    else return static_cast<T>(a);
  } else {
    return static_cast<T>(a);
  }
}

// An integer reduction's float64 result as docs/number-formats.md says
// (numpy's astype): truncated toward 0, NaN (the root of a wrapped negative)
// 0, out of range saturated. For int64 the float64 sum of extremes rounds to
// 2^63, past the type's largest value: that saturates too.
template <class T>
T truncated(double r) {
  if (r != r) return T{0};
  const double t = std::trunc(r);
  if (t >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  if (t <= static_cast<double>(std::numeric_limits<T>::lowest())) return std::numeric_limits<T>::lowest();
  return static_cast<T>(t);
}

// One output: the values it reduces in order of k, folded by the documented order.
template <class T>
T reduce_one(ReduceOp op, const std::vector<T>& values, size_t inner) {
  using A = typename ReduceAcc<T>::type;
  constexpr bool kInt = !std::is_floating_point_v<A>;
  auto signed_of = [](A a) {
    if constexpr (kInt) return static_cast<T>(a);
    else return a;
  };
  auto step = [&](A acc, A v) -> A {
    switch (op) {
      case ReduceOp::prod: return static_cast<A>(acc * v);
      case ReduceOp::max: case ReduceOp::min: {
        if constexpr (!kInt) {
          if (std::isnan(acc)) return acc;
          if (std::isnan(v)) return v;
          return (op == ReduceOp::max ? v > acc : v < acc) ? v : acc;
        } else {
          return (op == ReduceOp::max ? signed_of(v) > signed_of(acc) : signed_of(v) < signed_of(acc)) ? v : acc;
        }
      }
      default: return static_cast<A>(acc + v);
    }
  };
  auto pre = [&](A v) -> A {
    if (op == ReduceOp::sum_square || op == ReduceOp::l2) return static_cast<A>(v * v);
    if (op == ReduceOp::l1) {
      if constexpr (kInt) return signed_of(v) < 0 ? static_cast<A>(A{0} - v) : v;
      else return std::fabs(v);
    }
    return v;
  };
  A init{0};
  if (op == ReduceOp::prod) init = A{1};
  if (op == ReduceOp::max) {
    if constexpr (kInt) init = static_cast<A>(std::numeric_limits<T>::lowest());
    else init = -std::numeric_limits<A>::infinity();
  }
  if (op == ReduceOp::min) {
    if constexpr (kInt) init = static_cast<A>(std::numeric_limits<T>::max());
    else init = std::numeric_limits<A>::infinity();
  }
  A result;
  if (inner == 1) {
    A lanes[4] = {init, init, init, init};
    for (size_t k = 0; k < values.size(); k++) lanes[k % 4] = step(lanes[k % 4], pre(reduce_load(values[k])));
    result = step(step(lanes[0], lanes[1]), step(lanes[2], lanes[3]));
  } else {
    result = init;
    for (const T& v : values) result = step(result, pre(reduce_load(v)));
  }
  const size_t n = values.size();
  switch (op) {
    case ReduceOp::max: case ReduceOp::min: return reduce_store<T>(result, false);
    case ReduceOp::mean:
      if constexpr (kInt) return n == 0 ? T{0} : truncated<T>(static_cast<double>(signed_of(result)) / static_cast<double>(n));
      else return reduce_store<T>(result / static_cast<A>(n), true);
    case ReduceOp::l2:
      if constexpr (kInt) return truncated<T>(std::sqrt(static_cast<double>(signed_of(result))));
      else return reduce_store<T>(std::sqrt(result), true);
    default: return reduce_store<T>(result, true);
  }
}

// y[o * inner + i] for x as [outer, n, inner].
template <class T>
std::vector<T> reduce(ReduceOp op, const std::vector<T>& x, size_t outer, size_t n, size_t inner) {
  std::vector<T> y(outer * inner);
  for (size_t o = 0; o < outer; o++) {
    for (size_t i = 0; i < inner; i++) {
      std::vector<T> values(n);
      for (size_t k = 0; k < n; k++) values[k] = x[(o * n + k) * inner + i];
      y[o * inner + i] = reduce_one(op, values, inner);
    }
  }
  return y;
}

}  // namespace tessera::reference
