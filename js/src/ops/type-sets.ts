// The type sets ONNX's schemas name again and again, each written once: an
// op's versions build their constraints from these.
import type { DataType } from '../dtype.js';

export const FLOATS = ['float16', 'float32', 'float64'] as const satisfies readonly DataType[];
export const NUMERIC_AND_BOOL = [
  'bool', 'float16', 'float32', 'float64', 'int8', 'int16', 'int32', 'int64',
  'uint8', 'uint16', 'uint32', 'uint64',
] as const satisfies readonly DataType[];
/** Every type up to ONNX 12: the numeric ones, bool, complex and string. */
export const ALL_TYPES_V6 = [...NUMERIC_AND_BOOL, 'complex64', 'complex128', 'string'] as const satisfies readonly DataType[];
/** From ONNX 13: bfloat16 too. */
export const ALL_TYPES_V13 = [...ALL_TYPES_V6, 'bfloat16'] as const satisfies readonly DataType[];
/** The float8 kinds of ONNX 19. */
export const FLOAT8_V19 = ['float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz'] as const satisfies readonly DataType[];
