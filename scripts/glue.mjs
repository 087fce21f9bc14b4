// The Emscripten loader as the package ships it (scripts/build.mjs, and
// scripts/size-flags.mjs for its variants).

/**
 * The loader ends in a UMD tail (module.exports = ...) that would clobber the
 * CommonJS bundle's exports: it becomes a plain ES module instead.
 */
export function esmLoader(glue) {
  const umdTail = glue.indexOf("if (typeof exports === 'object' && typeof module === 'object')");
  if (umdTail < 0) throw new Error('the Emscripten loader no longer ends as expected: update scripts/glue.mjs');
  return `${glue.slice(0, umdTail)}export default createTesseraModule;\n`;
}
