// The op versions as a table, for those who want it by name: derived from the
// registry (registry.ts), where each op's module states its own versions.
export { type OpVersion, newestOf, versionFor } from './ops/definition.js';
export { OPS, type OpSchema, type OpTable, type OpType } from './registry.js';
