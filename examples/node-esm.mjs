import * as tw from 'tessera-wasm';

await tw.init();
const x = tw.tensor('float32', [1.5, -2.25, 3, -0.5], [2, 2]);

console.log(String(tw.tile(x, [1, 2])));                               // repeat along each axis
console.log(tw.floor(x).toArray());                                     // round toward -Infinity
console.log(String(tw.constantOfShape([2, 3], tw.tensor('int32', [7])))); // a filled tensor
console.log(tw.asStrided(x, { size: [2, 2], stride: [1, 2] }).toArray()); // a strided view: transpose
