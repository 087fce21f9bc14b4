// Runs before the Emscripten loader of the wasm doctest build: Node 18+ has
// fetch, which the loader then tries on a file path and fails, so it gets the
// .wasm bytes from disk instead.
Module['wasmBinary'] = require('fs').readFileSync(__filename.replace(/\.c?js$/, '.wasm'));
