// The type sets ONNX's schemas name again and again, each written once: an
// op's versions build their constraints from these.
import type { DataType } from '../dtype.js';

/**
 * base's types, then extra's. A call rather than a spread, so that a bundle
 * can drop a set nobody uses: a spread may run an iterator, which a bundler
 * must keep, while a call marked pure goes whole.
 */
export function extend<const A extends readonly string[], const B extends readonly string[]>(base: A, extra: B): readonly [...A, ...B] {
  return [...base, ...extra];
}

export const FLOATS = ['float16', 'float32', 'float64'] as const satisfies readonly DataType[];
export const NUMERIC_AND_BOOL = [
  'bool', 'float16', 'float32', 'float64', 'int8', 'int16', 'int32', 'int64',
  'uint8', 'uint16', 'uint32', 'uint64',
] as const satisfies readonly DataType[];
/** Every type up to ONNX 12: the numeric ones, bool, complex and string. */
export const ALL_TYPES_V6 = /* @__PURE__ */ extend(NUMERIC_AND_BOOL, ['complex64', 'complex128', 'string']);
/** From ONNX 13: bfloat16 too. */
export const ALL_TYPES_V13 = /* @__PURE__ */ extend(ALL_TYPES_V6, ['bfloat16']);
/** The float8 kinds of ONNX 19. */
export const FLOAT8_V19 = ['float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz'] as const satisfies readonly DataType[];

// Data movement: the tensor types each opset added, as the movement ops' schemas list them.
/** ONNX 11's numeric types (Pad-11): no bool, complex or string. */
export const NUMERIC_V11 = NUMERIC_AND_BOOL.filter((t) => t !== 'bool');
/** ONNX 19: every type up to 13 and the float8 kinds. */
export const ALL_TYPES_V19 = /* @__PURE__ */ extend(ALL_TYPES_V13, FLOAT8_V19);
/** ONNX 21: and the 4-bit integers. */
export const ALL_TYPES_V21 = /* @__PURE__ */ extend(ALL_TYPES_V19, ['uint4', 'int4']);
/** ONNX 23: and float4e2m1. */
export const ALL_TYPES_V23 = /* @__PURE__ */ extend(ALL_TYPES_V21, ['float4e2m1']);
/** ONNX 24: and float8e8m0. */
export const ALL_TYPES_V24 = /* @__PURE__ */ extend(ALL_TYPES_V23, ['float8e8m0']);
/** ONNX 25: and the 2-bit integers: all 26 types. */
export const ALL_TYPES_V25 = /* @__PURE__ */ extend(ALL_TYPES_V24, ['uint2', 'int2']);
/** The index types of Slice's starts and ends, Pad's axes. */
export const INDEX_TYPES = ['int32', 'int64'] as const satisfies readonly DataType[];

// Elementwise unary ops: the sets their schemas name.
/** float16, float32, float64 and, from ONNX 13, bfloat16. */
export const FLOATS_V13 = /* @__PURE__ */ extend(FLOATS, ['bfloat16']);
/** The signed numeric types (Neg-6, Relu-14): the signed integers and the floats. */
export const SIGNED_NUMERIC = ['float16', 'float32', 'float64', 'int8', 'int16', 'int32', 'int64'] as const satisfies readonly DataType[];
/** Every numeric type (Abs-6, Sign-9, Clip-12): the eight integers and the floats. */
export const NUMERIC = /* @__PURE__ */ extend(SIGNED_NUMERIC, ['uint8', 'uint16', 'uint32', 'uint64']);
