// The Emscripten loader as the package ships it (scripts/build.mjs, and
// scripts/size-flags.mjs for its variants).

// The one import the two builds' loaders may differ by: without bulk memory
// (tessera-scalar.wasm), a large memcpy calls out to JS.
const MEMCPY_BIG_FUNCTION = /function _emscripten_memcpy_big\(dest,src,num\)\{[^}]*\}/;
const MEMCPY_BIG_IMPORT = '"emscripten_memcpy_big":_emscripten_memcpy_big,';

/**
 * The loader both builds run: the scalar build's, which provides the one
 * import more that tessera-scalar.wasm takes (an import a module does not
 * ask for is ignored). Any other difference is an error.
 */
export function sharedLoader(simdGlue, scalarGlue) {
  const withoutMemcpy = scalarGlue.replace(MEMCPY_BIG_FUNCTION, '').replace(MEMCPY_BIG_IMPORT, '');
  if (withoutMemcpy !== simdGlue && scalarGlue !== simdGlue) {
    throw new Error('the SIMD and scalar builds produced JS loaders that differ by more than emscripten_memcpy_big');
  }
  return scalarGlue;
}

/**
 * The loader ends in a UMD tail (module.exports = ...) that would clobber the
 * CommonJS bundle's exports: it becomes a plain ES module instead.
 */
export function esmLoader(glue) {
  // Memory reaches 4 GiB: a heap view indexed through a signed shift
  // (HEAP32[p>>2]) would read from its end for a pointer from 2 GiB up.
  // Emscripten writes p>>>2 when -sMAXIMUM_MEMORY is above 2 GiB.
  const signed = glue.match(/HEAP\w*\[[^\]]*[^>]>>\d\]/);
  if (signed) throw new Error(`the Emscripten loader indexes a heap view signed (${signed[0]}): is -sMAXIMUM_MEMORY above 2 GiB?`);
  const umdTail = glue.indexOf("if (typeof exports === 'object' && typeof module === 'object')");
  if (umdTail < 0) throw new Error('the Emscripten loader no longer ends as expected: update scripts/glue.mjs');
  return `${glue.slice(0, umdTail)}export default createTesseraModule;\n`;
}
