// Slow, obviously correct references for the elementwise kernels: one
// element at a time, every output index turned into each input's offset by
// its strides; float16 and bfloat16 decoded to double, computed there and
// rounded once to nearest even (exact for + - * / sqrt: double holds every
// such result to more than twice the format's precision plus two bits).
// NaN results of arithmetic are each format's canonical quiet NaN, as the
// kernels define them.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "reference/floor.h"
#include "tessera/elementwise.h"

namespace tessera::reference {

// ---------------------------------------------------------------- formats
struct Half {  // IEEE binary16 bits
  uint16_t bits;
};
struct BHalf {  // bfloat16 bits
  uint16_t bits;
};

template <class Out, class In>
Out bits_cast(In v) {
  static_assert(sizeof(Out) == sizeof(In));
  Out o;
  std::memcpy(&o, &v, sizeof o);
  return o;
}

inline double to_double(Half h) { return half_to_double(h.bits); }
inline double to_double(BHalf h) { return bits_cast<float>(static_cast<uint32_t>(h.bits) << 16); }

// Round to nearest even into a format with `mantissa` fraction bits, exponent
// bias `bias` and `exponent_bits`, from a double (exactly: frexp, ldexp and
// nearbyint on doubles are exact or round once).
inline uint16_t round_to_16(double v, int mantissa, int exponent_bits, uint16_t quiet_nan) {
  if (std::isnan(v)) return quiet_nan;
  const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  const int bias = (1 << (exponent_bits - 1)) - 1;
  const uint16_t inf = static_cast<uint16_t>(((1 << exponent_bits) - 1) << mantissa);
  double a = std::fabs(v);
  if (std::isinf(a)) return sign | inf;
  if (a == 0) return sign;
  int e;
  std::frexp(a, &e);  // a in [2^(e-1), 2^e)
  int exponent = e - 1;
  if (exponent < 1 - bias) exponent = 1 - bias;  // subnormal: a fixed quantum
  const double quantum = std::ldexp(1.0, exponent - mantissa);
  const double q = std::nearbyint(a / quantum);  // a / quantum exact; round half even (default mode)
  const double rounded = q * quantum;
  if (rounded == 0) return sign;
  if (rounded >= std::ldexp(2.0, bias)) return sign | inf;  // past the largest finite
  int re;
  std::frexp(rounded, &re);
  if (re - 1 < 1 - bias) return sign | static_cast<uint16_t>(rounded / std::ldexp(1.0, 1 - bias - mantissa));
  const int biased = re - 1 + bias;
  const auto fraction = static_cast<uint16_t>(rounded / std::ldexp(1.0, re - 1 - mantissa) - (1 << mantissa));
  return sign | static_cast<uint16_t>(biased << mantissa) | fraction;
}

inline Half to_half(double v) { return {round_to_16(v, 10, 5, 0x7e00)}; }
inline BHalf to_bhalf(double v) { return {round_to_16(v, 7, 8, 0x7fc0)}; }

template <class T>
constexpr bool kHalf = std::is_same_v<T, Half> || std::is_same_v<T, BHalf>;

template <class T>
T from_double(double v) {
  if constexpr (std::is_same_v<T, Half>) return to_half(v);
  else return to_bhalf(v);
}

template <class T>
T canonical(T v) {  // the kernels' NaN for arithmetic results
  if constexpr (std::is_same_v<T, float>) return std::isnan(v) ? bits_cast<float>(0x7fc00000u) : v;
  else if constexpr (std::is_same_v<T, double>) return std::isnan(v) ? bits_cast<double>(0x7ff8000000000000ull) : v;
  else return v;
}

template <class T>
bool is_nan(T v) {
  if constexpr (kHalf<T>) return std::isnan(to_double(v));
  else if constexpr (std::is_floating_point_v<T>) return std::isnan(v);
  else return false;
}

// ---------------------------------------------------------------- binary ops on values
// Integers wrap: computed in the unsigned type of their width.
template <class T>
using U = std::make_unsigned_t<T>;

template <class T>
T wrap_add(T a, T b) { return static_cast<T>(static_cast<U<T>>(static_cast<U<T>>(a) + static_cast<U<T>>(b))); }
template <class T>
T wrap_sub(T a, T b) { return static_cast<T>(static_cast<U<T>>(static_cast<U<T>>(a) - static_cast<U<T>>(b))); }
template <class T>
T wrap_mul(T a, T b) {
  using W = std::conditional_t<(sizeof(T) < 4), uint32_t, U<T>>;
  return static_cast<T>(static_cast<U<T>>(W{static_cast<U<T>>(a)} * W{static_cast<U<T>>(b)}));
}

// Truncating division and both moduli, by the definitions: q = trunc(a / b)
// computed in wider arithmetic, r = a - q * b, Python's r moved to b's sign.
template <class T>
T int_div(T a, T b) {
  if constexpr (std::is_signed_v<T>) {
    const __int128 q = static_cast<__int128>(a) / b;  // INT_MIN / -1 exact here, then wrapped
    return static_cast<T>(static_cast<U<T>>(static_cast<unsigned __int128>(q)));
  } else {
    return static_cast<T>(a / b);
  }
}
template <class T>
T int_fmod(T a, T b) {
  const __int128 r = static_cast<__int128>(a) % static_cast<__int128>(b);
  return static_cast<T>(r);
}
template <class T>
T int_mod(T a, T b) {
  __int128 r = static_cast<__int128>(a) % static_cast<__int128>(b);
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return static_cast<T>(r);
}

// x^e by e multiplications (wrapping); a negative e: 1 / x^-e truncated.
template <class T>
T int_pow(T x, T e) {
  if constexpr (std::is_signed_v<T>) {
    if (e < 0) {
      if (x == 1) return 1;
      if (x == -1) return (e % 2 != 0) ? -1 : 1;
      return 0;
    }
  }
  T r = 1;
  // e multiplications: the definition (the tests keep e below a few hundred).
  for (uint64_t i = 0; i < static_cast<uint64_t>(e); ++i) r = wrap_mul(r, x);
  return r;
}

// IEEE 754-2019 minimum / maximum.
template <class F>
F float_min(F a, F b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
template <class F>
F float_max(F a, F b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

template <class T>
double to_value(T v) {
  if constexpr (kHalf<T>) return to_double(v);
  else return static_cast<double>(v);
}

template <class T>
constexpr bool kFloatLike = std::is_floating_point_v<T> || kHalf<T>;

// ---------------------------------------------------------------- each binary op on two values
// Every op but float pow (whose reference is libm's, within ulps), by type:
// float16 and bfloat16 through double, floats with the canonical NaN,
// integers wrapping.
template <class T>
T binary_same(BinaryOp op, T a, T b) {
  if constexpr (kHalf<T>) {
    const double x = to_value(a), y = to_value(b);
    switch (op) {
      case BinaryOp::add: return from_double<T>(x + y);
      case BinaryOp::sub: return from_double<T>(x - y);
      case BinaryOp::mul: return from_double<T>(x * y);
      case BinaryOp::div: return from_double<T>(x / y);
      case BinaryOp::fmod: return from_double<T>(std::fmod(x, y));
      case BinaryOp::min: return from_double<T>(std::isnan(x) || std::isnan(y) ? NAN : float_min(x, y));
      case BinaryOp::max: return from_double<T>(std::isnan(x) || std::isnan(y) ? NAN : float_max(x, y));
      default: break;
    }
  } else if constexpr (kFloatLike<T>) {
    switch (op) {
      case BinaryOp::add: return canonical<T>(a + b);
      case BinaryOp::sub: return canonical<T>(a - b);
      case BinaryOp::mul: return canonical<T>(a * b);
      case BinaryOp::div: return canonical<T>(a / b);
      case BinaryOp::fmod: return canonical<T>(std::fmod(a, b));
      case BinaryOp::min: return float_min(a, b);
      case BinaryOp::max: return float_max(a, b);
      default: break;
    }
  } else {
    constexpr unsigned kBits = sizeof(T) * 8;
    switch (op) {
      case BinaryOp::add: return wrap_add(a, b);
      case BinaryOp::sub: return wrap_sub(a, b);
      case BinaryOp::mul: return wrap_mul(a, b);
      case BinaryOp::div: return int_div(a, b);
      case BinaryOp::mod: return int_mod(a, b);
      case BinaryOp::fmod: return int_fmod(a, b);
      case BinaryOp::pow: return int_pow(a, b);
      case BinaryOp::min: return std::min(a, b);
      case BinaryOp::max: return std::max(a, b);
      case BinaryOp::shift_left: return static_cast<T>(static_cast<uint64_t>(b) >= kBits ? 0 : static_cast<uint64_t>(a) << b);
      case BinaryOp::shift_right: return static_cast<T>(static_cast<uint64_t>(b) >= kBits ? 0 : static_cast<uint64_t>(a) >> b);
      default: break;
    }
  }
  return a;  // not a same-type op: callers do not ask
}

template <class T>
uint8_t binary_bool(BinaryOp op, T a, T b) {
  auto compare = [op](auto x, auto y) -> uint8_t {
    switch (op) {
      case BinaryOp::equal: return x == y;
      case BinaryOp::greater: return x > y;
      case BinaryOp::less: return x < y;
      case BinaryOp::greater_or_equal: return x >= y;
      case BinaryOp::less_or_equal: return x <= y;
      default: return 0xee;
    }
  };
  if constexpr (kHalf<T>) return compare(to_value(a), to_value(b));
  else return compare(a, b);
}

inline bool is_comparison(BinaryOp op) {
  return op == BinaryOp::equal || op == BinaryOp::greater || op == BinaryOp::less ||
         op == BinaryOp::greater_or_equal || op == BinaryOp::less_or_equal;
}

// ---------------------------------------------------------------- strided walk
// y[o] = f(a[offset_a(o)], b[offset_b(o)]) for every output index o, row-major.
template <class A, class B, class Y, class F>
void broadcast2(const A* a, const B* b, Y* y, size_t rank, const uint32_t* dims, const uint32_t* a_strides,
                const uint32_t* b_strides, F f) {
  size_t total = 1;
  for (size_t i = 0; i < rank; ++i) total *= dims[i];
  for (size_t o = 0; o < total; ++o) {
    size_t rest = o, ia = 0, ib = 0;
    for (size_t i = rank; i-- > 0;) {
      const size_t index = rest % dims[i];
      rest /= dims[i];
      ia += index * a_strides[i];
      ib += index * b_strides[i];
    }
    y[o] = f(a[ia], b[ib]);
  }
}

inline void where(const uint8_t* c, const unsigned char* x, const unsigned char* y, unsigned char* out,
                  size_t element_size, size_t rank, const uint32_t* dims, const uint32_t* c_strides,
                  const uint32_t* x_strides, const uint32_t* y_strides) {
  size_t total = 1;
  for (size_t i = 0; i < rank; ++i) total *= dims[i];
  for (size_t o = 0; o < total; ++o) {
    size_t rest = o, ic = 0, ix = 0, iy = 0;
    for (size_t i = rank; i-- > 0;) {
      const size_t index = rest % dims[i];
      rest /= dims[i];
      ic += index * c_strides[i];
      ix += index * x_strides[i];
      iy += index * y_strides[i];
    }
    std::memcpy(out + o * element_size, c[ic] != 0 ? x + ix * element_size : y + iy * element_size, element_size);
  }
}

}  // namespace tessera::reference
