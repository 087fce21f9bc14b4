// The type sets of the elementwise ops' schemas.
import type { DataType } from '../../dtype.js';
import { FLOATS } from '../type-sets.js';

export { FLOATS };
export const FLOATS_V13 = ['float16', 'float32', 'float64', 'bfloat16'] as const satisfies readonly DataType[];
const INTS_32_64 = ['uint32', 'uint64', 'int32', 'int64'] as const satisfies readonly DataType[];
export const INTEGERS = ['uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64'] as const satisfies readonly DataType[];
export const UNSIGNED = ['uint8', 'uint16', 'uint32', 'uint64'] as const satisfies readonly DataType[];
/** Add/Sub/Mul/Div 6 and 7. */
export const ARITHMETIC_V6 = [...INTS_32_64, ...FLOATS] as const satisfies readonly DataType[];
export const ARITHMETIC_V13 = [...ARITHMETIC_V6, 'bfloat16'] as const satisfies readonly DataType[];
/** Every integer and float type but the packed and float8 ones (Add-14, Min-12, Greater-9...). */
export const NUMERIC = [...INTEGERS, ...FLOATS] as const satisfies readonly DataType[];
export const NUMERIC_V13 = [...NUMERIC, 'bfloat16'] as const satisfies readonly DataType[];
export const ARITHMETIC_V14 = NUMERIC_V13;

export const isIntegerType = (type: DataType) => /^u?int(8|16|32|64)$/.test(type);
