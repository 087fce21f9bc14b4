// Jest runs the TypeScript tests against the built package (dist/), so what
// is tested is what ships. `npm run build` first (npm test does).
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/js'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tests/tsconfig.json' }] },
  moduleNameMapper: {
    '^tessera-wasm$': '<rootDir>/dist/cjs/index.cjs',
    '^(\\.{1,2}/.*)\\.js$': '$1',  // source modules import './x.js' for ESM; ts-jest finds x.ts
  },
};
