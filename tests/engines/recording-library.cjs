// The library as tests/engines/op-cases.ts sees it: the built package, each
// function wrapped so that, while a recording runs, its calls are noted with
// their arguments. op-cases.ts records how a test module's `named` calls the
// op's named function, so that every engine can make the same call (with an
// `out` of its own) without the TypeScript test modules.
// scripts/op-cases.mjs maps 'tessera-wasm' here, and 'tessera-wasm-built' to dist/cjs.
const tw = require('tessera-wasm-built');

let calls;
const wrapped = new Map();

/** Runs fn, giving back what it returned (or threw) and every library call it made, outermost first. */
function record(fn) {
  const outer = calls;
  calls = [];
  try {
    let result;
    let error;
    try {
      result = fn();
    } catch (e) {
      error = e;
    }
    return { result, error, calls };
  } finally {
    calls = outer;
  }
}

module.exports = new Proxy(tw, {
  get(target, key) {
    const value = target[key];
    // Functions only, not classes (Tensor, ResidentTensor, SpecError): their names start with a capital.
    if (typeof value !== 'function' || typeof key !== 'string' || /^[A-Z]/.test(key)) return value;
    if (!wrapped.has(key)) {
      wrapped.set(key, (...args) => {
        if (calls !== undefined) calls.push({ fn: key, args });
        return value(...args);
      });
    }
    return wrapped.get(key);
  },
});
globalThis.__tesseraRecord = record;
