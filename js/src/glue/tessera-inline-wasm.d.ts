// Both .wasm builds as base64 text, written by scripts/build.mjs for the
// inline entry (../inline.ts).
export declare const SIMD_WASM_BASE64: string;
export declare const SCALAR_WASM_BASE64: string;
