// The Emscripten loader (build/wasm/tessera.js), wrapped as an ES module by
// scripts/build.mjs. It runs the module's static constructors; the kernels and
// the queries are plain C exports, taken from the instance (../instance.ts).
declare const createTesseraModule: (options: {
  instantiateWasm: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => object;
}) => Promise<unknown>;
export default createTesseraModule;
