// What the image and audio ops share: scalar inputs and attributes read once
// and checked, float data read out of any float type, and outputs rounded
// once from float64 (or float32) into the type asked for, fresh, into `out`
// or resident.
import { DTYPES, type DataType, float16Result, storageBytes, storageConstructor, storageLength } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { decodeStorage } from '../../formats.js';
import { ResidentTensor, type ResidentType, asOperand, residentCopy } from '../../resident.js';
import { type Tensor, resultOf } from '../../tensor.js';
import { checkedData } from '../../wasm.js';
import { requireType } from '../check.js';
import { convertInJs } from '../cast-convert.js';
import type { CheckedOut } from '../out.js';

/** The float types these ops compute in: float16 and bfloat16 in float32, float64 in float64. */
export type FloatType = 'float16' | 'bfloat16' | 'float32' | 'float64';
export type Floats = Float32Array | Float64Array;

// ---------------------------------------------------------------- attributes

/** An int attribute (a number or a bigint), its default when absent; `allowed` lists the values it may take. */
export function intAttribute(context: OpContext, attributes: Record<string, unknown>, name: string, fallback: number,
  allowed?: readonly number[]): number {
  const given = attributes[name];
  if (given === undefined) return fallback;
  const n = typeof given === 'bigint' ? Number(given) : given;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || (typeof given === 'bigint' && BigInt(n) !== given)) {
    throw specError(context, name, `${name} must be an integer (got ${describe(given)})`);
  }
  if (allowed !== undefined && !allowed.includes(n)) throw specError(context, name, `${name} must be ${allowed.join(' or ')} (got ${n})`);
  return n;
}

/** A float attribute, its default when absent. */
export function floatAttribute(context: OpContext, attributes: Record<string, unknown>, name: string, fallback: number): number {
  const given = attributes[name];
  if (given === undefined) return fallback;
  if (typeof given !== 'number') throw specError(context, name, `${name} must be a number (got ${describe(given)})`);
  return given;
}

/** A string attribute that must be one of `choices`, its default when absent. */
export function choiceAttribute<C extends string>(context: OpContext, attributes: Record<string, unknown>, name: string,
  choices: readonly C[], fallback: C): C {
  const given = attributes[name];
  if (given === undefined) return fallback;
  if (typeof given !== 'string' || !(choices as readonly string[]).includes(given)) {
    throw specError(context, name, `${name} must be one of ${choices.map((c) => `'${c}'`).join(', ')} in this version (got ${describe(given)})`);
  }
  return given as C;
}

/** output_datatype: a TensorProto type number among the types the version allows. */
export function outputDatatype(context: OpContext, attributes: Record<string, unknown>, allowed: readonly DataType[]): DataType {
  const number = intAttribute(context, attributes, 'output_datatype', 1);
  const type = allowed.find((t) => DTYPES[t].onnx === number);
  if (type === undefined) {
    throw specError(context, 'output_datatype', `output_datatype must be the TensorProto number of one of ${allowed.join(', ')} (got ${number})`);
  }
  return type;
}

// ---------------------------------------------------------------- scalar inputs

/** A scalar (dims [] or [1]) integer input of one of `types`, as a safe integer. */
export function scalarInteger(context: OpContext, name: string, value: unknown, types: readonly DataType[]): number {
  const t = scalarTensor(context, name, value, types);
  const raw = (t.data as ArrayLike<number | bigint>)[0];
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw specError(context, name, `${name} must be a safe integer (got ${describe(raw)})`);
  return n;
}

/** A scalar (dims [] or [1]) float input of one of `types`, as a number. */
export function scalarFloat(context: OpContext, name: string, value: unknown, types: readonly DataType[]): number {
  const t = scalarTensor(context, name, value, types);
  return t.type === 'float16' || t.type === 'bfloat16' ? decodeStorage(t.type, t.data as ArrayBufferView, 1)[0] : (t.data as Floats)[0];
}

function scalarTensor(context: OpContext, name: string, value: unknown, types: readonly DataType[]): Tensor {
  const operand = asOperand(value, context, name);
  requireType(context, name, operand.type, types);
  if (operand.size !== 1 || operand.dims.length > 1) {
    throw specError(context, name, `${name} must be a scalar (got dims [${operand.dims.join(', ')}])`);
  }
  return ResidentTensor.isResident(operand) ? operand.toTensor() : operand;
}

/** A 1-D (or scalar) input's values as numbers, for the small inputs (roi, scales, sizes, axes). */
export function smallList(context: OpContext, name: string, t: Tensor): number[] {
  if (t.dims.length > 1) throw specError(context, name, `${name} must be 1-D (got dims [${t.dims.join(', ')}])`);
  if (t.type === 'float16' || t.type === 'bfloat16') return decodeStorage(t.type, t.data as ArrayBufferView, t.size);
  return Array.from(t.data as ArrayLike<number | bigint>, Number);
}

// ---------------------------------------------------------------- float data

/** The compute type of a float type: float64 for float64, float32 for the rest. */
export const computeIn = (type: FloatType): 'float32' | 'float64' => (type === 'float64' ? 'float64' : 'float32');

/** A float tensor's values in its compute type (a copy only where the storage is not already that). */
export function floatValues(context: OpContext, name: string, t: Tensor): Floats {
  const type = t.type as FloatType;
  if (type === 'float16' || type === 'bfloat16') return Float32Array.from(decodeStorage(type, t.data as ArrayBufferView, t.size));
  return checkedData(context, name, t.data as ArrayBufferView, storageBytes(type, t.size)) as Floats;
}

// ---------------------------------------------------------------- outputs

/**
 * `values` (float64 or float32) rounded once into `type` by Cast's rules
 * (floats to nearest even, to integers toward zero, saturating, NaN to 0),
 * as a fresh tensor, into `out`, or resident.
 */
export function emit(context: OpContext, type: DataType, values: Floats, dims: readonly number[], resident: boolean,
  out?: CheckedOut): Tensor | ResidentTensor {
  const size = values.length;
  const rtype = type as ResidentType;
  let data: ArrayBufferView;
  if ((type === 'float32' && values instanceof Float32Array) || (type === 'float64' && values instanceof Float64Array)) {
    data = values;
  } else if (type === 'float32' || type === 'float64') {
    data = type === 'float32' ? Float32Array.from(values) : Float64Array.from(values);
  } else {
    data = new (storageConstructor(rtype))(storageLength(rtype, size));
    convertInJs(context, values instanceof Float64Array ? 'float64' : 'float32', type, values, size, data as never, { saturate: true, roundMode: 'up' });
  }
  if (out !== undefined) {
    const target = out.facts.kind === 'Float16Array' ? new Uint16Array(out.facts.buffer, out.facts.byteOffset, size) : out.array;
    (target as Uint8Array).set(data as Uint8Array);
    return resultOf(type, out.array as never, dims, size);
  }
  const result = resultOf(type, float16Result(type, data) as never, dims, size);
  return resident ? residentCopy(context, 'output', result) : result;
}
