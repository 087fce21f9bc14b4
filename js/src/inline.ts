// tessera-wasm/inline: the same API with both WebAssembly builds inside the
// JavaScript, as base64 text. Nothing to copy, serve or locate: it works with
// any bundler and served as it is from a CDN, at the price of carrying
// both builds, as base64 (a third larger than the binary): docs/sizes.md.
// scripts/build.mjs writes glue/tessera-inline-wasm.js from dist/wasm/.
import { init as initFrom, readInitOptions, simdSupported, type InitOptions } from './init.js';
import { SCALAR_WASM_BASE64, SIMD_WASM_BASE64 } from './glue/tessera-inline-wasm.js';

// A local export wins over the same name from `export *`: `init` here is the
// one below, everything else is the default entry's.
export * from './index.js';

/**
 * Instantiates the WebAssembly module from the bytes this entry carries: the
 * SIMD128 build, or the scalar one where the host refuses SIMD128 (or
 * `backend: 'scalar'` asks for it). `options.wasm`, when given, is loaded
 * instead, as the default entry's `init()` would. Idempotent like it.
 */
export function init(options?: InitOptions): Promise<void> {
  let checked;
  try {
    checked = readInitOptions(options);  // own properties only, as the default entry reads them
  } catch (error) {
    return Promise.reject(error);
  }
  if (checked.wasm !== undefined) return initFrom(ownFields(checked));
  const useSimd = checked.backend === 'simd' || (checked.backend !== 'scalar' && simdSupported());
  return initFrom({ ...ownFields(checked), wasm: decodeBase64(useSimd ? SIMD_WASM_BASE64 : SCALAR_WASM_BASE64) });
}

// The checked options without the undefined ones (init() refuses no key it knows, undefined included).
function ownFields(checked: object): InitOptions {
  return Object.fromEntries(Object.entries(checked).filter(([, value]) => value !== undefined)) as InitOptions;
}

// atob exists in every host the package supports (browsers, workers, Node,
// Deno, Bun) and evaluates nothing: a strict CSP page is fine.
function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
