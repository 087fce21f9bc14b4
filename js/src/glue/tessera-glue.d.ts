// The Emscripten loader (build/wasm/tessera.js), wrapped as an ES module by
// scripts/build.mjs. Its Embind functions are declared in ../module.ts.
declare const createTesseraModule: (options: {
  instantiateWasm: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => object;
}) => Promise<unknown>;
export default createTesseraModule;
