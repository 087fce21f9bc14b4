// The boundary between TypeScript and the WebAssembly module, in three
// parts: the instance and its life (instance.ts), allocation in its memory
// (allocator.ts), and the byte copies in and out (copies.ts). Ops import it
// from here.
export * from './instance.js';
export * from './allocator.js';
export * from './copies.js';
