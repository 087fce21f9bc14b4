// Compile-time tests of the pipeline types (lib ES2022 + DOM, no Float16Array
// declared; tests/types/esnext/ has the same with one): canvas pixels as
// uint8, float16 data that must be bit patterns, toArray() typed by the
// tensor's type, TensorProto names, PyTorch's AsStrided order refused.
import * as tw from 'tessera-wasm';

declare const clamped: Uint8ClampedArray;
declare const u16: Uint16Array;
declare const f32: Float32Array;
declare const image: ImageData;

// ---------------------------------------------------------------------------
// Uint8ClampedArray is uint8 data (ImageData.data), for data and `out`

export const pixels = new tw.Tensor('uint8', image.data, [image.height, image.width, 4]);
export const pixelsLike = tw.tile({ type: 'uint8', data: clamped, dims: [4] }, [2]);
export const intoCanvas = tw.asStrided(pixels, { size: [4], stride: [1], out: clamped });
export const intoCanvasToo = tw.tile(pixels, [1, 1, 1], { out: image.data });
// @ts-expect-error bool data is a Uint8Array, not a Uint8ClampedArray
new tw.Tensor('bool', clamped, [1]);
// @ts-expect-error int8 data is an Int8Array
new tw.Tensor('int8', clamped, [1]);
// @ts-expect-error a float8 output goes into a Uint8Array
tw.asStrided(tw.tensor('float8e4m3fn', [1]), { size: [1], stride: [1], out: clamped });

// ---------------------------------------------------------------------------
// float16 data: a Uint16Array of bit patterns (here no Float16Array is declared)

export const half = new tw.Tensor('float16', u16, [1]);
// @ts-expect-error a Float32Array is no float16 data (numbers: tw.tensor('float16', values) encodes them)
new tw.Tensor('float16', f32, [1]);
// @ts-expect-error nor a plain array of numbers
new tw.Tensor('float16', [1.5], [1]);
// @ts-expect-error nor a Float32Array as `out` of a float16 output
tw.floor(half, { out: f32 });
export const halfOut: tw.Tensor<'float16'> = tw.floor(half, { out: u16 });
export const halfData: Uint16Array = half.data;

// ---------------------------------------------------------------------------
// toArray(): the element type follows the tensor's type; the caller names the depth

declare const i64: tw.Tensor<'int64'>;
declare const u64: tw.Tensor<'uint64'>;
declare const flags: tw.Tensor<'bool'>;
declare const complex: tw.Tensor<'complex64'>;
declare const words: tw.Tensor<'string'>;
declare const floats: tw.Tensor<'float32'>;
declare const anyType: tw.Tensor;

export const bigRows: bigint[][] = i64.toArray();
export const bigFlat: bigint[] = u64.toArray();
export const bigScalar: bigint = i64.toArray();
export const bools: boolean[] = flags.toArray();
export const pairs: [number, number][] = complex.toArray();
export const texts: string[][][] = words.toArray();
export const numbers: number[] = floats.toArray();
export const halves: number[] = half.toArray();
export const anything: tw.NestedOf<tw.DataType> = anyType.toArray();
export const elementOf: tw.ElementOf<'int64'> = 1n;
// @ts-expect-error int64 elements are bigints, not numbers
export const notNumbers: number[] = i64.toArray();
// @ts-expect-error bool elements are booleans
export const notBits: number[] = flags.toArray();
// @ts-expect-error complex elements are [re, im] pairs
export const notFlat: number[] = complex.toArray();
// @ts-expect-error float32 elements are numbers
export const notStrings: string[] = floats.toArray();

// ---------------------------------------------------------------------------
// AsStrided in PyTorch's order is a compile error that says what to write

declare const x: tw.Tensor<'float32'>;
// @ts-expect-error size and stride go in one object (the message says so: tests/types/messages.mjs)
tw.asStrided(x, [3, 2], [1, 3]);
// @ts-expect-error with an offset too
tw.asStrided(x, [3, 2], [1, 3], 0);
export const strided: tw.Tensor<'float32'> = tw.asStrided(x, { size: [3, 2], stride: [1, 3] });

// ---------------------------------------------------------------------------
// TensorProto names, and init({ float16Array })

export const named: Uint8Array = tw.toTensorProto(x, { name: 'input_0' });
export const withName: { tensor: tw.Tensor; name: string | undefined } = tw.fromTensorProto(named, { withName: true });
export const tensorOnly: tw.Tensor = tw.fromTensorProto(named);
export const tensorOnlyToo: tw.Tensor = tw.fromTensorProto(named, { withName: false });
// @ts-expect-error a name is a string
tw.toTensorProto(x, { name: 1 });
// @ts-expect-error with the name the result is { tensor, name }, not a Tensor
export const notATensor: tw.Tensor = tw.fromTensorProto(named, { withName: true });

tw.init({ float16Array: true });
tw.init({ float16Array: 'Float16Array' in globalThis });
// @ts-expect-error float16Array is a boolean
tw.init({ float16Array: 'yes' });
