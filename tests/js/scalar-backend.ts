// Jest setup of the "scalar" project (jest.config.cjs): every suite runs on
// tessera-scalar.wasm. This beforeAll comes before the file's own, whose
// init() then finds the package ready.
import * as tw from 'tessera-wasm';

beforeAll(async () => {
  await tw.init({ backend: 'scalar' });
  if (tw.backendInfo().simd) throw new Error('the scalar project loaded the SIMD128 build');
});
