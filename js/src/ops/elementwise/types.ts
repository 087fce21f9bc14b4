// The type sets of the elementwise ops' schemas.
import type { DataType } from '../../dtype.js';
import { FLOATS, extend } from '../type-sets.js';

export { FLOATS };
export const FLOATS_V13 = ['float16', 'float32', 'float64', 'bfloat16'] as const satisfies readonly DataType[];
const INTS_32_64 = ['uint32', 'uint64', 'int32', 'int64'] as const satisfies readonly DataType[];
export const INTEGERS = ['uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64'] as const satisfies readonly DataType[];
export const UNSIGNED = ['uint8', 'uint16', 'uint32', 'uint64'] as const satisfies readonly DataType[];
/** Add/Sub/Mul/Div 6 and 7. */
export const ARITHMETIC_V6 = /* @__PURE__ */ extend(INTS_32_64, FLOATS);
export const ARITHMETIC_V13 = /* @__PURE__ */ extend(ARITHMETIC_V6, ['bfloat16']);
/** Every integer and float type but the packed and float8 ones (Add-14, Min-12, Greater-9...). */
export const NUMERIC = /* @__PURE__ */ extend(INTEGERS, FLOATS);
export const NUMERIC_V13 = /* @__PURE__ */ extend(NUMERIC, ['bfloat16']);
export const ARITHMETIC_V14 = NUMERIC_V13;

export const isIntegerType = (type: DataType) => /^u?int(8|16|32|64)$/.test(type);
