// The CommonJS view of the same declarations (the require condition's .d.cts):
// a few uses that must compile and misuses that must not.
import tw = require('tessera-wasm');

export const int64Data: BigInt64Array = new tw.Tensor('int64', new BigInt64Array(1), [1]).data;
export const floored: tw.Tensor<'float64'> = tw.floor(new tw.Tensor('float64', new Float64Array(1), [1]));
export const ready: Promise<void> = tw.init({ backend: 'auto' });

// @ts-expect-error int64 data is a BigInt64Array
new tw.Tensor('int64', new Float32Array(1), [1]);
// @ts-expect-error Floor takes no int32
tw.floor(new tw.Tensor('int32', new Int32Array(1), [1]));
