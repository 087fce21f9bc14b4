// float16 data where the TypeScript lib declares Float16Array (ESNext):
// a Uint16Array of bit patterns or a real Float16Array, nothing else.
import * as tw from 'tessera-wasm';

declare const u16: Uint16Array;
declare const f16: Float16Array;
declare const f32: Float32Array;

export const fromBits = new tw.Tensor('float16', u16, [1]);
export const fromHalves = new tw.Tensor('float16', f16, [1]);
export const intoHalves: tw.Tensor<'float16'> = tw.floor(fromBits, { out: f16 });
export const likeOrt = tw.tile({ type: 'float16', data: f16, dims: [1] }, [2]);
// With init({ float16Array: true }) results hold Float16Arrays: data says so.
export const data: Uint16Array | Float16Array = tw.floor(fromBits).data;
export const view: Float16Array = fromBits.asFloat16Array();
// @ts-expect-error data may be a Float16Array, so it is not always a Uint16Array
export const onlyBits: Uint16Array = tw.floor(fromBits).data;
// @ts-expect-error a Float32Array is no float16 data, though it has numbers, buffer and byteOffset
new tw.Tensor('float16', f32, [1]);
// @ts-expect-error nor an `out` for a float16 output
tw.floor(fromBits, { out: f32 });
// @ts-expect-error a Float16Array is float16 data only, not bfloat16
new tw.Tensor('bfloat16', f16, [1]);
