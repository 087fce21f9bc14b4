// tessera-wasm: ONNX Tile, Floor, ConstantOfShape, Cast and CastLike and Ascend
// ATB AsStrided, as WebAssembly SIMD128 kernels behind a spec-checking TypeScript API.
export { init, backendInfo, simdSupported, type InitOptions, type BackendInfo, type WasmSource } from './init.js';
export { Tensor, type TensorLike, type Float16ArrayLike } from './tensor.js';
export { SpecError } from './errors.js';
export { DTYPES, DATA_TYPES, type DataType, type DataIn, type DataOf, type Float16ArrayOrNever, type TensorData } from './dtype.js';
export { floor } from './ops/floor.js';
export { tile, type Repeats } from './ops/tile.js';
export { constantOfShape, type Shape } from './ops/constant-of-shape.js';
export { asStrided, type AsStridedParams, type PyTorchOrder } from './ops/as-strided.js';
export { cast, castLike, type CastOptions } from './ops/cast.js';
// data movement: gather, scatter and the index-driven ops (ops/indexing)
export { gather, type GatherOptions, type Indices } from './ops/indexing/gather.js';
export { gatherElements } from './ops/indexing/gather-elements.js';
export { gatherND, type GatherNDOptions } from './ops/indexing/gather-nd.js';
export { scatterElements, scatter, type ScatterElementsOptions } from './ops/indexing/scatter-elements.js';
export { scatterND, type ScatterNDOptions } from './ops/indexing/scatter-nd.js';
export type { Reduction } from './ops/indexing/scatter-common.js';
export { compress, type CompressOptions } from './ops/indexing/compress.js';
export { nonZero } from './ops/indexing/non-zero.js';
export { trilu, type TriluOptions } from './ops/indexing/trilu.js';
export { range, type RangeScalar } from './ops/indexing/range.js';
export { eyeLike, type EyeLikeOptions } from './ops/indexing/eye-like.js';
export { oneHot, type OneHotOptions } from './ops/indexing/one-hot.js';
// image and audio
export { hannWindow, hammingWindow, blackmanWindow, type WindowOptions, type NumericOutput } from './ops/image-audio/windows.js';
export { dft, type DftOptions } from './ops/image-audio/dft.js';
export { stft, type StftOptions } from './ops/image-audio/stft.js';
export { melWeightMatrix, type MelOptions } from './ops/image-audio/mel.js';
export { resize, type ResizeOptions } from './ops/image-audio/resize.js';
// data movement: views and copies over the strided move
export { transpose, type Perm } from './ops/movement/transpose.js';
export { slice, type SliceList, type SliceOptions } from './ops/movement/slice.js';
export { pad, type PadMode, type PadOptions } from './ops/movement/pad.js';
export { concat } from './ops/movement/concat.js';
export { split, type SplitOptions } from './ops/movement/split.js';
export { expand } from './ops/movement/expand.js';
export { reshape, flatten } from './ops/movement/reshape.js';
export { squeeze, unsqueeze, type Axes } from './ops/movement/squeeze.js';
export { identity } from './ops/movement/identity.js';
export { depthToSpace, spaceToDepth } from './ops/movement/depth-space.js';
export { shape, size } from './ops/movement/shape.js';
// elementwise: unary maps
export { neg, abs, ceil, round, sqrt, reciprocal, sign, exp, log, relu, sigmoid, tanh } from './ops/elementwise/unary-ops.js';
export { clip, type ClipOptions } from './ops/elementwise/clip.js';
export { not, isNaN, isInf, type IsInfOptions } from './ops/elementwise/logic.js';
export type { SameTypeMap, BoolMap } from './ops/elementwise/unary-named.js';
// elementwise: binary, variadic and Where, with broadcasting (ops/elementwise)
export { add, sub, mul, div } from './ops/elementwise/arithmetic.js';
export { pow } from './ops/elementwise/pow.js';
export { mod, type ModOptions } from './ops/elementwise/mod.js';
export { sum, mean, min, max } from './ops/elementwise/variadic.js';
export { equal, greater, less, greaterOrEqual, lessOrEqual, and, or, xor } from './ops/elementwise/compare.js';
export { bitShift, type ShiftDirection, type ShiftType } from './ops/elementwise/bit-shift.js';
export { where } from './ops/elementwise/where.js';
export type { BinaryFunction, VariadicFunction } from './ops/elementwise/binary-op.js';
// quantization
export { quantizeLinear, type QuantizeLinearOptions } from './ops/quantize/quantize-linear.js';
export { dequantizeLinear, type DequantizeLinearOptions } from './ops/quantize/dequantize-linear.js';
export { dynamicQuantizeLinear, type DynamicQuantized } from './ops/quantize/dynamic-quantize-linear.js';
// reductions
export {
  reduceSum, reduceMean, reduceMax, reduceMin, reduceProd, reduceL1, reduceL2, reduceLogSum, reduceLogSumExp, reduceSumSquare,
  type ReduceAxes, type ReduceOptions,
} from './ops/reduce/reduce-ops.js';
export { argMax, argMin, type ArgOptions } from './ops/reduce/arg-max.js';
export { softmax, logSoftmax, hardmax, type SoftmaxOptions } from './ops/reduce/softmax.js';
export { topK, type TopKCount, type TopKOptions, type TopKOut, type TopKResult, type TopKType } from './ops/reduce/top-k.js';
export { cumSum, type CumSumAxis, type CumSumOptions, type CumSumType } from './ops/reduce/cum-sum.js';
export { nonMaxSuppression, type NonMaxSuppressionOptions } from './ops/reduce/non-max-suppression.js';
export { runNode, type NodeSpec } from './run-node.js';
export { memoryStats, releaseMemory, type MemoryStats, type AutoRelease } from './memory.js';
export { ResidentTensor, toResident, type ResidentType } from './resident.js';
export { encode } from './encode.js';
export { NARROW_TYPES, type EncodeOptions, type NarrowType, type RoundMode } from './formats.js';
export { decode, tensor, type ValuesOf } from './values.js';
export type { Element, ElementOf, Nested, NestedArray, NestedOf } from './tensor-text.js';
export { fromTensorProto, type NamedTensor } from './tensor-proto.js';
export { toTensorProto } from './tensor-proto-write.js';
export { OPS, type OpTable, type OpSchema, type OpType } from './registry.js';
export { FAMILIES, type OpFamily, type OpVersion } from './ops/definition.js';
export { toOrt, toTfjs, type OrtModule, type TfjsModule } from './interop.js';
