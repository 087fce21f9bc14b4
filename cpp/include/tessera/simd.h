// The SIMD128 vocabulary every kernel is written in.
//
// Built for WebAssembly with -msimd128 this is the real <wasm_simd128.h>.
// Anywhere else (natively with g++ for doctest, sanitizers and fuzzers, or for
// WebAssembly without SIMD, the scalar fallback build) SIMDe provides the same
// intrinsics in portable C, so there is one kernel source for every build.
// SIMDe's portable C departs from WebAssembly for some intrinsics (abs of -0,
// min/max of -0, ...): cpp/src/kernels/README.md lists them; kernels avoid them.
#pragma once

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define TESSERA_SIMD128 1
#else
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/wasm/simd128.h>
#define TESSERA_SIMD128 0
#endif
