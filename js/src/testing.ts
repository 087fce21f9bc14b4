// The test-only entry: the package's API plus the dispatcher's internals, so
// that the tests can force each executor over the same cases
// (tests/js/executors.test.ts). Built into build/testing/, never into dist/:
// the package does not export it.
export * from './index.js';
export type { Executor } from './ops/plans.js';
export { RULES, executorsFor, withExecutor } from './ops/routing.js';
export { withScratch } from './wasm.js';
export { registrationsPending } from './resident.js';
