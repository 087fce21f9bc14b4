// The Emscripten loader (build/wasm/tessera.js), wrapped as an ES module by
// scripts/build.mjs. It registers the Embind queries (Queries in ../wasm.ts);
// the kernels are plain C exports, taken from the instance (../generated/kernels.ts).
declare const createTesseraModule: (options: {
  instantiateWasm: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => object;
}) => Promise<unknown>;
export default createTesseraModule;
