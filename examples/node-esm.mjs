import * as tw from 'tessera-wasm';

await tw.init();                                                  // loads the WebAssembly module, once
const x = tw.tensor('float32', [1.5, -2.25, 3, -0.5], [2, 2]);    // a Tensor: type, values, dims

const y = tw.floor(x);                                            // an op: a fresh Tensor (x is never written)
console.log(String(y));

const out = new Float32Array(8);                                  // out: the result goes into your array,
console.log(tw.tile(x, [1, 2], { out }).data === out);            // no allocation per call

const r = tw.toResident(x), t = tw.tile(r, [2, 1]);               // resident: the data stays in WebAssembly
console.log(t.toTensor().toArray()); r.dispose(); t.dispose();    // memory between ops, copied out once
