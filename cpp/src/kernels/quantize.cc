// QuantizeLinear and DequantizeLinear (tessera/quantize.h), a chunk of
// kChunk elements at a time through a scratch that stays in L1:
//   quantize    the chunk run by run over x and its scales: integer outputs
//               the division, the rounding, the zero point and the clamp,
//               each code an int32, then narrowed or packed two 4-bit codes
//               a byte; float8 outputs the quotient (plus the zero point),
//               then Cast's kernel, which converts it by `saturate`;
//   dequantize  Cast's kernel from x's type into the scratch (unpacking,
//               decoding float8), then (x - z) * s run by run into y.
// So float8's conversion and every decoding is Cast's kernel, tested bit for
// bit there, and this file holds the arithmetic and the walk over scales.
// Chunks start at multiples of kChunk (even): a 4-bit chunk starts on a byte.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "float-bits.h"
#include "tessera/kernels.h"
#include "tessera/quantize.h"
#include "tessera/simd.h"
#include "tessera/tables.h"

namespace tessera {
namespace {

constexpr size_t kChunk = 1024;

// The scalar WebAssembly build computes one element at a time, as Cast's
// kernels do there (cast.cc: SIMDe's portable C is many times slower).
#if defined(__wasm__) && !TESSERA_SIMD128
constexpr bool kOneAtATime = true;
#else
constexpr bool kOneAtATime = false;
#endif

// ---------------------------------------------------------------- the runs
// A run: `count` consecutive elements from `start` whose scale index starts
// at `at` and steps by `step` (0 or 1) per element. The layout's elements
// are whole runs in order:
//   inner > 1               each (o, a) row of inner elements, step innerStep;
//   inner 1, block 1        each o's whole axis, step axisStride (per axis: 1);
//   inner 1, block B > 1    each block of B axis indices (the last shorter), step 0.
struct Run {
  size_t start, count, at, step;
  size_t share = 0;  // step 0: each `share` elements take the next scale (0: all of them the one at `at`)
  size_t scales() const { return step == 1 ? count : share == 0 ? 1 : (count + share - 1) / share; }
};

// The runs in order, by counters: no division per run (an i32.div_u per
// run of 32 elements cost more than the run's arithmetic).
class Runs {
 public:
  explicit Runs(const ScaleLayout& l) : l_(l) { current_ = make(); }

  // The next piece of at most `limit` elements of the current run.
  Run next(size_t limit) {
    const size_t count = std::min(limit, current_.count - offset_);
    const Run piece{current_.start + offset_, count, current_.at + offset_ * current_.step, current_.step};
    offset_ += count;
    if (offset_ == current_.count) advance();
    return piece;
  }

 private:
  // The run at the counters: o, and a (rows: the axis index, with a / block
  // and a % block beside it; blocks: the block's first axis index).
  Run make() const {
    if (l_.inner > 1) return {(o_ * l_.axis_dim + a_) * l_.inner, l_.inner, o_ * l_.outer_stride + block_of_a_ * l_.axis_stride, l_.inner_step};
    if (l_.block == 1) return {o_ * l_.axis_dim, l_.axis_dim, o_ * l_.outer_stride, l_.axis_stride};
    return {o_ * l_.axis_dim + a_, std::min(l_.block, l_.axis_dim - a_), o_ * l_.outer_stride + block_of_a_ * l_.axis_stride, 0};
  }

  void advance() {
    offset_ = 0;
    if (l_.inner > 1) {
      ++a_;
      if (++in_block_ == l_.block) in_block_ = 0, ++block_of_a_;
    } else if (l_.block > 1) {
      a_ += l_.block;
      ++block_of_a_;
    } else {
      a_ = l_.axis_dim;
    }
    if (a_ >= l_.axis_dim) a_ = 0, in_block_ = 0, block_of_a_ = 0, ++o_;
    if (o_ < l_.outer) current_ = make();
  }

  const ScaleLayout l_;
  Run current_;
  size_t offset_ = 0, o_ = 0, a_ = 0, in_block_ = 0, block_of_a_ = 0;
};

// The layout the header allows, every scale index below `scales`, and each
// run's step 0 or 1.
bool layout_is_sound(const ScaleLayout& l) {
  if (l.block == 0 || l.inner_step > 1) return false;
  if (l.inner == 1 && l.block == 1 && l.axis_stride > 1) return false;
  const size_t n = l.outer * l.axis_dim * l.inner;
  if (n == 0) return true;
  const uint64_t last = static_cast<uint64_t>(l.outer - 1) * l.outer_stride +
                        static_cast<uint64_t>((l.axis_dim - 1) / l.block) * l.axis_stride +
                        static_cast<uint64_t>(l.inner - 1) * l.inner_step;
  return last < l.scales;
}

// Walks the n elements a chunk at a time: `stage(scratch_offset, run)` for
// each piece of the chunk, `chunk(base, count)` before (dequantize) or after
// (quantize) them.
//
// Blocks along the last axis that divide both it and kChunk (weights
// quantized by 32 or 64: [rows, cols] by [rows, cols / B]) take a shorter
// way: there element e's scale is scale[e / block], so each chunk is one
// piece of whole blocks with consecutive scales (Run::share), and the walk
// needs no Runs (its bookkeeping and a call per block cost 12-20 ns a block,
// as much as a block of 32's arithmetic).
template <class Before, class Stage, class After>
void walk(const ScaleLayout& l, Before before, Stage stage, After after) {
  const size_t n = l.outer * l.axis_dim * l.inner;
  const bool whole_blocks = l.inner == 1 && l.block > 1 && l.axis_dim % l.block == 0 && kChunk % l.block == 0 &&
                            l.outer_stride == l.axis_dim / l.block && l.axis_stride == 1;
  Runs runs(l);
  for (size_t base = 0; base < n; base += kChunk) {
    const size_t count = std::min(kChunk, n - base);
    before(base, count);
    if (whole_blocks) {
      stage(0, Run{base, count, base / l.block, 0, l.block});
    } else {
      for (size_t done = 0; done < count;) {
        const Run piece = runs.next(count - done);
        stage(done, piece);
        done += piece.count;
      }
    }
    after(base, count);
  }
}

// One piece by `op` (x, s and z at its first element and scale), four lanes
// at a time (op on v128_t) and the rest (and everything in the scalar build)
// one at a time (op on float), the same bits.
template <class Out, class Op>
inline void per_piece(const float* x, const float* s, const float* z, const Run& r, Out* y, Op op) {
  if (r.step == 1) {
    size_t i = 0;
    if (!kOneAtATime) {
      for (; i + 4 <= r.count; i += 4) wasm_v128_store(y + i, op(wasm_v128_load(x + i), wasm_v128_load(s + i), wasm_v128_load(z + i)));
    }
    for (; i < r.count; ++i) y[i] = op(x[i], s[i], z[i]);
    return;
  }
  const size_t share = r.share == 0 ? r.count : r.share;
  for (size_t g = 0, j = 0; g < r.count; g += share, ++j) {
    const size_t end = std::min(r.count, g + share);
    size_t i = g;
    if (!kOneAtATime) {
      const v128_t vs = wasm_f32x4_splat(s[j]), vz = wasm_f32x4_splat(z[j]);
      for (; i + 4 <= end; i += 4) wasm_v128_store(y + i, op(wasm_v128_load(x + i), vs, vz));
    }
    for (; i < end; ++i) y[i] = op(x[i], s[j], z[j]);
  }
}

constexpr float kNaN = __builtin_nanf("");  // 0x7fc00000

// ---------------------------------------------------------------- quantize
// Integer outputs: round(x / s) half to even, a NaN quotient 0, plus z,
// clamped to the type's range: each element's code as an int32. The sum is
// exact wherever the clamp lets it through (|z| < 2^16; beyond 2^24 the
// clamp decides alone), and a whole number in range converts by adding
// 1.5 * 2^23, whose low mantissa bits are then the number in two's
// complement: two operations where i32x4.trunc_sat_f32x4_s is many in V8.
struct IntegerCode {
  float lo, hi;
  int32_t operator()(float x, float s, float z) const {
    const float q = x / s;
    const float r = (q != q ? 0.0f : __builtin_rintf(q)) + z;  // rint: one f32.nearest in wasm (nearbyint is a libm call)
    return static_cast<int32_t>(r < lo ? lo : r > hi ? hi : r);
  }
  v128_t operator()(v128_t x, v128_t s, v128_t z) const {
    const v128_t q = wasm_f32x4_div(x, s);
    v128_t r = wasm_f32x4_add(wasm_v128_and(wasm_f32x4_nearest(q), wasm_f32x4_eq(q, q)), z);
    // pmin/pmax (one minps/maxps each): r has no NaN and no -0 here, where min/max's rules for them cost V8 several instructions.
    r = wasm_f32x4_pmin(wasm_f32x4_pmax(r, wasm_f32x4_splat(lo)), wasm_f32x4_splat(hi));
    return wasm_i32x4_sub(wasm_f32x4_add(r, wasm_f32x4_splat(12582912.0f)), wasm_i32x4_splat(0x4b400000));
  }
};

// float8 outputs: x / s, plus z only where z is not 0 (-0 + 0 would be +0:
// ONNX's reference and onnxruntime keep the -0), a NaN as the unsigned NaN
// (the sign of a division's NaN differs between machines).
struct Float8Value {
  float operator()(float x, float s, float z) const {
    const float q = x / s;
    const float r = z == 0.0f ? q : q + z;
    return r != r ? kNaN : r;
  }
  v128_t operator()(v128_t x, v128_t s, v128_t z) const {
    const v128_t q = wasm_f32x4_div(x, s);
    const v128_t r = wasm_v128_bitselect(q, wasm_f32x4_add(q, z), wasm_f32x4_eq(z, wasm_f32x4_splat(0.0f)));
    return wasm_v128_bitselect(wasm_i32x4_splat(0x7fc00000), r, wasm_f32x4_ne(r, r));
  }
};

// The output's storage from a chunk: integer codes (int32, in range) narrowed
// or packed two a byte, even element low; float8 from the float32 values by
// Cast's kernel. y is the chunk's first byte.
template <class T>
void write_codes(const int32_t* c, uint8_t* y, size_t n) {
  size_t i = 0;
  if (!kOneAtATime) {
    constexpr size_t kStep = 16 / sizeof(T);
    for (; i + kStep <= n; i += kStep) {
      const v128_t a = wasm_v128_load(c + i), b = wasm_v128_load(c + i + 4);
      v128_t v;  // the saturating narrows are exact on codes in range
      if constexpr (sizeof(T) == 2) {
        v = std::is_signed_v<T> ? wasm_i16x8_narrow_i32x4(a, b) : wasm_u16x8_narrow_i32x4(a, b);
      } else {
        const v128_t lo = wasm_i16x8_narrow_i32x4(a, b);
        const v128_t hi = wasm_i16x8_narrow_i32x4(wasm_v128_load(c + i + 8), wasm_v128_load(c + i + 12));
        v = std::is_signed_v<T> ? wasm_i8x16_narrow_i16x8(lo, hi) : wasm_u8x16_narrow_i16x8(lo, hi);
      }
      wasm_v128_store(y + i * sizeof(T), v);
    }
  }
  for (; i < n; ++i) {
    const T v = static_cast<T>(c[i]);
    std::memcpy(y + i * sizeof(T), &v, sizeof(T));
  }
}

void write_nibbles(const int32_t* c, uint8_t* y, size_t n) {
  size_t i = 0;
  if (!kOneAtATime) {
    for (; i + 32 <= n; i += 32) {
      v128_t pairs[2];
      for (int h = 0; h < 2; ++h) {
        const int32_t* p = c + i + 16 * h;
        const v128_t lo = wasm_i16x8_narrow_i32x4(wasm_v128_load(p), wasm_v128_load(p + 4));
        const v128_t hi = wasm_i16x8_narrow_i32x4(wasm_v128_load(p + 8), wasm_v128_load(p + 12));
        const v128_t codes = wasm_i8x16_narrow_i16x8(lo, hi);  // 16 codes, -8..15
        // As 16-bit lanes, code 2k in the low byte and 2k + 1 in the high: one byte of two nibbles each.
        pairs[h] = wasm_v128_or(wasm_v128_and(codes, wasm_i16x8_splat(0x0f)), wasm_v128_and(wasm_u16x8_shr(codes, 4), wasm_i16x8_splat(0xf0)));
      }
      wasm_v128_store(y + i / 2, wasm_u8x16_narrow_i16x8(pairs[0], pairs[1]));
    }
  }
  for (; i + 1 < n; i += 2) y[i / 2] = static_cast<uint8_t>((c[i] & 15) | (c[i + 1] & 15) << 4);
  if (i < n) y[i / 2] = static_cast<uint8_t>(c[i] & 15);
}

struct Encoder {
  void (*write)(const int32_t* codes, uint8_t* y, size_t n);  // integers
  void (*cast)(const float* q, uint8_t* y, size_t n);         // float8
  uint32_t bits;
  float lo, hi;
};

bool encoder_of(uint32_t y_type, bool saturate, Encoder* e) {
  if (y_type == onnx_type("int8")) *e = {write_codes<int8_t>, nullptr, 8, -128.0f, 127.0f};
  else if (y_type == onnx_type("uint8")) *e = {write_codes<uint8_t>, nullptr, 8, 0.0f, 255.0f};
  else if (y_type == onnx_type("int16")) *e = {write_codes<int16_t>, nullptr, 16, -32768.0f, 32767.0f};
  else if (y_type == onnx_type("uint16")) *e = {write_codes<uint16_t>, nullptr, 16, 0.0f, 65535.0f};
  else if (y_type == onnx_type("int4")) *e = {write_nibbles, nullptr, 4, -8.0f, 7.0f};
  else if (y_type == onnx_type("uint4")) *e = {write_nibbles, nullptr, 4, 0.0f, 15.0f};
  else if (y_type == onnx_type("float8e4m3fn")) *e = {nullptr, saturate ? f32_f8e4m3fn_cast : f32_f8e4m3fn_unsaturated, 8, 0, 0};
  else if (y_type == onnx_type("float8e4m3fnuz")) *e = {nullptr, saturate ? f32_f8e4m3fnuz_cast : f32_f8e4m3fnuz_unsaturated, 8, 0, 0};
  else if (y_type == onnx_type("float8e5m2")) *e = {nullptr, saturate ? f32_f8e5m2_cast : f32_f8e5m2_unsaturated, 8, 0, 0};
  else if (y_type == onnx_type("float8e5m2fnuz")) *e = {nullptr, saturate ? f32_f8e5m2fnuz_cast : f32_f8e5m2fnuz_unsaturated, 8, 0, 0};
  else return false;
  return true;
}

// ---------------------------------------------------------------- dequantize
// f32(f32(x - z) * s). A NaN result is x86's (onnxruntime's DequantizeLinear,
// tests/e2e/quantize-ort.test.mjs): the first NaN operand's, quieted, in the
// order the subtraction and then the product read them (so a float8 NaN x
// keeps its sign, and a NaN scale its payload); one the arithmetic makes
// (Inf - Inf, 0 * Inf) is x86's default NaN, 0xffc00000. Written out here
// rather than left to the hardware, so every build and engine gives it.
inline float quieted(float v) { return float_of(bits_of(v) | 0x00400000u); }

inline float dequantized_nan(float x, float s, float z) {
  if (x != x) return quieted(x);
  if (z != z) return quieted(z);
  if (x - z != x - z) return float_of(0xffc00000u);
  if (s != s) return quieted(s);
  return float_of(0xffc00000u);
}

struct Dequantized {
  float operator()(float x, float s, float z) const {
    const float r = (x - z) * s;
    return r == r ? r : dequantized_nan(x, s, z);
  }
  v128_t operator()(v128_t x, v128_t s, v128_t z) const {
    const v128_t r = wasm_f32x4_mul(wasm_f32x4_sub(x, z), s);
    if (!wasm_v128_any_true(wasm_f32x4_ne(r, r))) return r;
    // A NaN lane (rare): every lane by the scalar rule.
    return wasm_f32x4_make((*this)(wasm_f32x4_extract_lane(x, 0), wasm_f32x4_extract_lane(s, 0), wasm_f32x4_extract_lane(z, 0)),
                           (*this)(wasm_f32x4_extract_lane(x, 1), wasm_f32x4_extract_lane(s, 1), wasm_f32x4_extract_lane(z, 1)),
                           (*this)(wasm_f32x4_extract_lane(x, 2), wasm_f32x4_extract_lane(s, 2), wasm_f32x4_extract_lane(z, 2)),
                           (*this)(wasm_f32x4_extract_lane(x, 3), wasm_f32x4_extract_lane(s, 3), wasm_f32x4_extract_lane(z, 3)));
  }
};

// Where no lane can be NaN (an integer x, whose values are finite, by one
// finite scale and zero point): the product alone, no test for NaN lanes.
struct DequantizedFinite {
  float operator()(float x, float s, float z) const { return (x - z) * s; }
  v128_t operator()(v128_t x, v128_t s, v128_t z) const { return wasm_f32x4_mul(wasm_f32x4_sub(x, z), s); }
};

// From x's storage to float32, Cast's kernels: x at the chunk's first byte.
struct Decoder {
  void (*decode)(const uint8_t* x, float* y, size_t n);
  uint32_t bits;
  bool integer = true;  // x's values are never NaN
};

template <class In, void (*kCast)(const In*, float*, size_t)>
void decode_with(const uint8_t* x, float* y, size_t n) {
  kCast(reinterpret_cast<const In*>(x), y, n);
}

bool decoder_of(uint32_t x_type, Decoder* d) {
  if (x_type == onnx_type("int8")) *d = {decode_with<int8_t, s8_f32_cast>, 8};
  else if (x_type == onnx_type("uint8")) *d = {u8_f32_cast, 8};
  else if (x_type == onnx_type("int16")) *d = {decode_with<int16_t, s16_f32_cast>, 16};
  else if (x_type == onnx_type("uint16")) *d = {decode_with<uint16_t, u16_f32_cast>, 16};
  else if (x_type == onnx_type("int32")) *d = {decode_with<int32_t, s32_f32_cast>, 32};
  else if (x_type == onnx_type("int4")) *d = {s4_f32_cast, 4};
  else if (x_type == onnx_type("uint4")) *d = {u4_f32_cast, 4};
  else if (x_type == onnx_type("float8e4m3fn")) *d = {f8e4m3fn_f32_cast, 8, false};
  else if (x_type == onnx_type("float8e4m3fnuz")) *d = {f8e4m3fnuz_f32_cast, 8, false};
  else if (x_type == onnx_type("float8e5m2")) *d = {f8e5m2_f32_cast, 8, false};
  else if (x_type == onnx_type("float8e5m2fnuz")) *d = {f8e5m2fnuz_f32_cast, 8, false};
  else return false;
  return true;
}

}  // namespace

Status quantize_linear(const float* x, const float* scale, const float* zero, void* y, uint32_t y_type,
                       const ScaleLayout& layout, bool saturate) {
  Encoder e;
  if (!encoder_of(y_type, saturate, &e) || !layout_is_sound(layout)) return Status::refused;
  uint8_t* out = static_cast<uint8_t*>(y);
  const auto nothing = [](size_t, size_t) {};
  if (e.cast != nullptr) {
    alignas(16) float q[kChunk];
    const auto stage = [&](size_t at, const Run& r) { per_piece(x + r.start, scale + r.at, zero + r.at, r, q + at, Float8Value{}); };
    walk(layout, nothing, stage, [&](size_t base, size_t count) { e.cast(q, out + base, count); });
  } else {
    alignas(16) int32_t codes[kChunk];
    const IntegerCode code{e.lo, e.hi};
    const auto stage = [&](size_t at, const Run& r) { per_piece(x + r.start, scale + r.at, zero + r.at, r, codes + at, code); };
    walk(layout, nothing, stage, [&](size_t base, size_t count) { e.write(codes, out + base * e.bits / 8, count); });
  }
  return Status::ok;
}

Status dequantize_linear(const void* x, uint32_t x_type, const float* scale, const float* zero, float* y,
                         const ScaleLayout& layout) {
  Decoder d;
  if (!decoder_of(x_type, &d) || !layout_is_sound(layout)) return Status::refused;
  alignas(16) float xs[kChunk];
  const uint8_t* in = static_cast<const uint8_t*>(x);
  const auto before = [&](size_t base, size_t count) { d.decode(in + base * d.bits / 8, xs, count); };
  const auto stage = [&](size_t at, const Run& r) {
    bool finite = d.integer;
    for (size_t j = 0; j < r.scales() && finite; ++j) finite = std::isfinite(scale[r.at + j]) && std::isfinite(zero[r.at + j]);
    if (finite) per_piece(xs + at, scale + r.at, zero + r.at, r, y + r.start, DequantizedFinite{});
    else per_piece(xs + at, scale + r.at, zero + r.at, r, y + r.start, Dequantized{});
  };
  walk(layout, before, stage, [](size_t, size_t) {});
  return Status::ok;
}

}  // namespace tessera
