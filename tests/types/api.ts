// Compile-time tests of the public types. Every `@ts-expect-error` line must
// fail to compile (tsc reports one that compiles as an error itself), and
// every other line must compile: misuse is a compile error, correct use is not.
import * as tw from 'tessera-wasm';

declare const f32: Float32Array;
declare const f64: Float64Array;
declare const i32: Int32Array;
declare const u16: Uint16Array;
declare const u8: Uint8Array;
declare const i64: BigInt64Array;

// ---------------------------------------------------------------------------
// Tensor: the `type` string decides the class of `data`

export const int64: tw.Tensor<'int64'> = new tw.Tensor('int64', i64, [1]);
export const int64Data: BigInt64Array = int64.data;
export const uint64Data: BigUint64Array = new tw.Tensor('uint64', new BigUint64Array(1), [1]).data;
export const float16Bits: Uint16Array = new tw.Tensor('float16', u16, [1]).data;
export const bfloat16Bits: Uint16Array = new tw.Tensor('bfloat16', u16, [1]).data;
export const boolData: Uint8Array = new tw.Tensor('bool', u8, [1]).data;
export const packedInt4: Uint8Array = new tw.Tensor('int4', u8, [2]).data;
export const complex: Float32Array = new tw.Tensor('complex64', f32, [1]).data;
export const strings: string[] = new tw.Tensor('string', ['a'], [1]).data;
export const scalar = new tw.Tensor('float64', f64, []);
export const size: number = scalar.size;
export const dims: readonly number[] = scalar.dims;

// @ts-expect-error int64 data is a BigInt64Array, not a Float32Array
new tw.Tensor('int64', new Float32Array(1), [1]);
// @ts-expect-error float32 data is a Float32Array, not a plain array
new tw.Tensor('float32', [1, 2], [2]);
// @ts-expect-error bool data is a Uint8Array
new tw.Tensor('bool', [true], [1]);
// @ts-expect-error no such type
new tw.Tensor('float128', f64, [1]);
// @ts-expect-error dims are numbers, not bigints
new tw.Tensor('float32', f32, [1n]);
// @ts-expect-error a Tensor<'int64'> holds no Float64Array
export const notFloat: Float64Array = int64.data;
// @ts-expect-error a Tensor's fields are read-only
int64.dims = [2];
// @ts-expect-error a Tensor's dims are read-only too
int64.dims.push(2);
// @ts-expect-error the type is fixed by the class's parameter
export const mislabeled: tw.Tensor<'float32'> = int64;

// ---------------------------------------------------------------------------
// Floor: float types only; the result keeps the input's type

export const floored: tw.Tensor<'float32'> = tw.floor(new tw.Tensor('float32', f32, [1]));
export const flooredHalf: Uint16Array = tw.floor(new tw.Tensor('float16', u16, [1])).data;
export const flooredLike: Float64Array = tw.floor({ type: 'float64', data: f64, dims: [1] }).data;

// A tensor whose type is only known when the call runs compiles (and is checked then).
declare const anyTensor: tw.Tensor;
export const flooredAny: tw.Tensor<'float16' | 'bfloat16' | 'float32' | 'float64'> = tw.floor(anyTensor);
export const flooredNode = tw.floor(tw.runNode({ opType: 'Tile' }, [floored, new tw.Tensor('int64', i64, [1])])[0]);
declare const resident: tw.ResidentTensor<'float32'>;
export const flooredResident: tw.ResidentTensor<'float32'> = tw.floor(resident);

// @ts-expect-error Floor takes no int32
tw.floor(new tw.Tensor('int32', i32, [1]));
// @ts-expect-error nor an int32 resident tensor
tw.floor(tw.toResident(new tw.Tensor('int32', i32, [1])));
// @ts-expect-error nor a tensor that can only be a string or bool one
tw.floor(new tw.Tensor<'string' | 'bool'>('bool', u8, [1]));
// @ts-expect-error nor int64, as a plain object either
tw.floor({ type: 'int64', data: i64, dims: [1] });
// @ts-expect-error a {type, data, dims} whose data does not match its type
tw.floor({ type: 'float64', data: f32, dims: [1] });
// @ts-expect-error float32 in, float32 out
export const flooredWrong: tw.Tensor<'float64'> = tw.floor(new tw.Tensor('float32', f32, [1]));

// ---------------------------------------------------------------------------
// Tile, ConstantOfShape, AsStrided: typed operands and options

export const tiled: tw.Tensor<'bool'> = tw.tile(new tw.Tensor('bool', u8, [1]), [2]);
export const tiledBy: BigInt64Array = tw.tile(int64, new tw.Tensor('int64', i64, [1])).data;
export const tiledBigint: tw.Tensor<'float32'> = tw.tile(floatOne(), [2n]);
// @ts-expect-error repeats as a Tensor must be int64 (Tile-13's T1)
tw.tile(int64, new tw.Tensor('int32', i32, [1]));
// @ts-expect-error repeats are integers, not strings
tw.tile(int64, ['2']);
// @ts-expect-error the result keeps the input type
export const tiledWrong: tw.Tensor<'int32'> = tw.tile(int64, [1]);

export const filled: tw.Tensor<'int32'> = tw.constantOfShape([2, 3], new tw.Tensor('int32', i32, [1]));
export const zeros: tw.Tensor<'float32'> = tw.constantOfShape([2, 3]);
// @ts-expect-error without a value the result is float32
export const zerosWrong: tw.Tensor<'int64'> = tw.constantOfShape([2]);
// @ts-expect-error the value is a one-element Tensor, not a number
tw.constantOfShape([2], 5);
// @ts-expect-error a shape Tensor must be int64
tw.constantOfShape(new tw.Tensor('float32', f32, [1]));

export const strided: tw.Tensor<'float16'> = tw.asStrided(new tw.Tensor('float16', u16, [4]), { size: [2], stride: [2] });
export const stridedOffset = tw.asStrided(int64, { size: [1], stride: [0], offset: 0 });
export const stridedOffsets = tw.asStrided(int64, { size: [1n], stride: [0n], offset: [0n] });
// @ts-expect-error stride is required
tw.asStrided(int64, { size: [2] });
// @ts-expect-error size is a list, not a number
tw.asStrided(int64, { size: 2, stride: [1] });
// @ts-expect-error no such option (the spec's name is stride)
tw.asStrided(int64, { size: [2], stride: [1], strides: [1] });
// @ts-expect-error offset is a number or a list of numbers
tw.asStrided(int64, { size: [2], stride: [1], offset: '1' });
// @ts-expect-error the parameters are an object
tw.asStrided(int64, [2], [1]);

function floatOne(): tw.Tensor<'float32'> {
  return new tw.Tensor('float32', f32, [1]);
}

// ---------------------------------------------------------------------------
// init and backendInfo

export const loading: Promise<void> = tw.init();
tw.init({ wasm: new URL('https://cdn.example/tessera.wasm') });
tw.init({ wasm: '/assets/tessera.wasm', backend: 'scalar' });
tw.init({ wasm: u8 });
tw.init({ wasm: new ArrayBuffer(8) });
declare const compiled: WebAssembly.Module;
tw.init({ wasm: compiled });
export const simd: boolean = tw.backendInfo().simd;
export const source: string = tw.backendInfo().source;

// @ts-expect-error no such backend
tw.init({ backend: 'webgpu' });
// @ts-expect-error a number is no module source
tw.init({ wasm: 42 });
// @ts-expect-error unknown option
tw.init({ wasmUrl: '/tessera.wasm' });

// ---------------------------------------------------------------------------
// runNode and errors

export const outputs: tw.Tensor[] = tw.runNode({ opType: 'Floor', opset: 6 }, [floored]);
// @ts-expect-error a node needs its opType
tw.runNode({ opset: 13 }, [floored]);
// @ts-expect-error opset is a number
tw.runNode({ opType: 'Floor', opset: '13' }, [floored]);

// ---------------------------------------------------------------------------
// Formats and TensorProto

export const halfBits: Uint16Array = tw.encode('float16', [1.5]);
export const fp8Bits: Uint8Array = tw.encode('float8e4m3fn', [1.5], { saturate: false });
export const decoded: number[] = tw.decode(new tw.Tensor('float16', halfBits, [1]));
export const proto: Uint8Array = tw.toTensorProto(int64);
export const fromProto: tw.Tensor = tw.fromTensorProto(proto);
// @ts-expect-error float32 is no narrow format
tw.encode('float32', [1.5]);
// @ts-expect-error no such rounding mode
tw.encode('float8e8m0', [1.5], { roundMode: 'even' });

export function whichOp(error: unknown): string | undefined {
  return error instanceof tw.SpecError ? `${error.op}-${error.version ?? ''}` : undefined;
}

// ---------------------------------------------------------------------------
// out: its class follows the output type; with a resident input the result is a plain Tensor

const f32Tensor = new tw.Tensor('float32', f32, [4]);
export const tiledInto: tw.Tensor<'float32'> = tw.tile(f32Tensor, [2], { out: new Float32Array(8) });
export const flooredInto: Float32Array = tw.floor(f32Tensor, { out: f32 }).data;
export const filledInto: Int32Array = tw.constantOfShape([2], new tw.Tensor('int32', i32, [1]), { out: i32 }).data;
export const stridedInto: tw.Tensor<'float32'> = tw.asStrided(f32Tensor, { size: [2], stride: [1], out: f32 });
export const residentEnds: tw.Tensor<'float32'> = tw.tile(tw.toResident(f32Tensor), [2], { out: f32 });
export const residentStays: tw.ResidentTensor<'float32'> = tw.tile(tw.toResident(f32Tensor), [2]);
export const float16Out = tw.floor(new tw.Tensor('float16', u16, [1]), { out: u16 });
// @ts-expect-error a float32 output goes into a Float32Array, not an Int32Array
tw.tile(f32Tensor, [2], { out: i32 });
// @ts-expect-error a float32 output goes into a Float32Array
tw.floor(f32Tensor, { out: f64 });
// @ts-expect-error ConstantOfShape without a value is float32
tw.constantOfShape([2], undefined, { out: i32 });

// ---------------------------------------------------------------------------
// TopK's two named outputs and CumSum: the values keep x's type, the indices are int64

const top = tw.topK(f32Tensor, 2, { axis: -1, largest: false });
export const topValues: tw.Tensor<'float32'> = top.values;
export const topIndices: tw.Tensor<'int64'> = top.indices;
export const topResident: tw.ResidentTensor<'int64'> = tw.topK(tw.toResident(f32Tensor), 1).indices;
export const topInto: tw.Tensor<'float32'> = tw.topK(f32Tensor, 1, { out: { values: new Float32Array(1), indices: new BigInt64Array(1) } }).values;
// @ts-expect-error the indices are int64, not the values' type
export const topWrong: tw.Tensor<'float32'> = top.indices;
// @ts-expect-error TopK takes no bool
tw.topK(new tw.Tensor('bool', new Uint8Array(1), [1]), 1);
// @ts-expect-error the indices go into a BigInt64Array
tw.topK(f32Tensor, 1, { out: { values: new Float32Array(1), indices: new Int32Array(1) } });
export const summed: tw.Tensor<'float32'> = tw.cumSum(f32Tensor, 0, { exclusive: true, reverse: true });
export const summedInto: Int32Array = tw.cumSum(new tw.Tensor('int32', i32, [1]), 0, { out: i32 }).data;
// @ts-expect-error CumSum takes no int8
tw.cumSum(new tw.Tensor('int8', new Int8Array(1), [1]), 0);
