// Jest runs the TypeScript tests against the built package (dist/), so what
// is tested is what ships. `npm run build` first (npm test does).
//
// Two projects, one per WebAssembly build: "simd" runs every suite on the
// default tessera.wasm; "scalar" runs the suites that exercise ops again on
// tessera-scalar.wasm (tests/js/scalar-backend.ts loads it before each file's
// own init()). `jest --selectProjects scalar` runs one.
//
// ONNX's own node tests (tests/js/onnx-node.test.ts, ONNX 1.12's data from
// Debian's libonnx-testdata) are a stage of their own in npm test: the
// projects "onnx-node" and "onnx-node-scalar", the same two builds, left out
// of "simd" and "scalar". A plain `jest` runs all four.
const common = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/js'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tests/tsconfig.json' }] },
  moduleNameMapper: {
    '^tessera-wasm$': '<rootDir>/dist/cjs/index.cjs',
    // The same sources with the dispatcher's internals (js/src/testing.ts), for forcing executors.
    '^tessera-wasm/testing$': '<rootDir>/build/testing/index.cjs',
    '^(\\.{1,2}/.*)\\.js$': '$1',  // source modules import './x.js' for ESM; ts-jest finds x.ts
  },
};

const ONNX_NODE = '/onnx-node\\.test\\.ts$';
const SCALAR_SETUP = ['<rootDir>/tests/js/scalar-backend.ts'];

module.exports = {
  projects: [
    { ...common, displayName: 'simd', testMatch: ['**/*.test.ts'], testPathIgnorePatterns: [ONNX_NODE] },
    {
      ...common,
      displayName: 'scalar',
      testMatch: ['**/*.test.ts'],
      // init.test.ts tests loading itself (the default build among it);
      // release.test.ts needs its own init() options first (autoRelease; the
      // engine matrix checks releasing memory on both builds); backends.test.ts,
      // executors.test.ts and elementwise-chunks.test.ts run both builds side by
      // side already; contributing.test.ts
      // reads only CONTRIBUTING.md and the sources.
      testPathIgnorePatterns: ['/init\\.test\\.ts$', '/release\\.test\\.ts$', '/backends\\.test\\.ts$', '/executors\\.test\\.ts$', '/elementwise-chunks\\.test\\.ts$', '/contributing\\.test\\.ts$', ONNX_NODE],
      setupFilesAfterEnv: SCALAR_SETUP,
    },
    { ...common, displayName: 'onnx-node', testMatch: ['**/onnx-node.test.ts'] },
    { ...common, displayName: 'onnx-node-scalar', testMatch: ['**/onnx-node.test.ts'], setupFilesAfterEnv: SCALAR_SETUP },
  ],
};
