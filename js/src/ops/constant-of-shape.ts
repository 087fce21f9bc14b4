// ONNX ConstantOfShape: a tensor of the given shape, every element one value.
import { type DataType, type TensorData, elementBytes } from '../dtype.js';
import { type OpContext, specError } from '../errors.js';
import { checkedBytes, requireReady } from '../wasm.js';
import { ResidentTensor, type ResidentType, asPlainTensor } from '../resident.js';
import { Tensor, type TensorLike } from '../tensor.js';
import { type OpVersion, defineOp, newestOf } from './definition.js';
import { extend, FLOAT8_V19, NUMERIC_AND_BOOL } from './type-sets.js';
import { booleanOption } from '../options.js';
import { integerList, outputSize, requireType } from './check.js';
import { dispatch } from './dispatch.js';
import { type OutOf, type OutOptions, READS_NOTHING, checkOut, opOptions } from './out.js';

/** A shape: a 1-D int64 tensor, or a plain array of integers. */
export type Shape = TensorLike<'int64'> | ArrayLike<number | bigint>;

const COS_9 = NUMERIC_AND_BOOL;
const COS_20 = /* @__PURE__ */ extend(/* @__PURE__ */ extend(COS_9, ['bfloat16']), FLOAT8_V19);
const COS_21 = /* @__PURE__ */ extend(COS_20, ['int4', 'uint4']);
const COS_23 = /* @__PURE__ */ extend(COS_21, ['float4e2m1']);
const COS_24 = /* @__PURE__ */ extend(COS_23, ['float8e8m0']);
const COS_25 = /* @__PURE__ */ extend(COS_24, ['int2', 'uint2']);

function constantOfShapeVersion<const T2 extends readonly DataType[]>(since: number, T2: T2) {
  return { since, inputs: ['input'], required: 1, outputs: ['output'], attributes: ['value'], types: { T1: ['int64'], T2 } } as const;
}

/** ConstantOfShape's every version: the same schema, more value types in each. */
export const CONSTANT_OF_SHAPE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'ConstantOfShape',
  domain: 'ai.onnx',
  versioned: true,
  family: 'generation',
  summary: 'A tensor of the given shape, every element one value.',
  named: 'constantOfShape',
  versions: [
    constantOfShapeVersion(9, COS_9), constantOfShapeVersion(20, COS_20), constantOfShapeVersion(21, COS_21),
    constantOfShapeVersion(23, COS_23), constantOfShapeVersion(24, COS_24), constantOfShapeVersion(25, COS_25),
  ],
  run: (version, [shape], { value }) => runConstantOfShape(version, shape, value),
}));

// Without a value the result is float32: its own overload, since a defaulted
// type parameter would be inferred from where the result is assigned instead.
/**
 * ONNX ConstantOfShape (newest version, 25): a tensor of dims `shape` whose
 * every element is `value`'s one element, of `value`'s type (float32 zeros
 * without it). An empty shape gives a scalar; a 0 in it, an empty tensor.
 *
 * @example tw.constantOfShape([2, 3], new tw.Tensor('int32', new Int32Array([7]), [1]))
 *          // int32, dims [2, 3], data [7, 7, 7, 7, 7, 7]
 */
export function constantOfShape(shape: Shape, value: undefined, options: { resident: true }): ResidentTensor<'float32'>;
export function constantOfShape<T extends ResidentType>(shape: Shape, value: TensorLike<T>, options: { resident: true }): ResidentTensor<T>;
export function constantOfShape(shape: Shape, value?: undefined, options?: { resident?: false } & OutOptions<'float32'>): Tensor<'float32'>;
export function constantOfShape<T extends DataType>(shape: Shape, value: TensorLike<T>, options?: { resident?: false } & OutOptions<NoInfer<T>>): Tensor<T>;
// A value that may be undefined: the output is T or float32, so `out` must suit both.
export function constantOfShape<T extends DataType>(shape: Shape, value?: TensorLike<T>, options?: { resident?: false; out?: OutOf<NoInfer<T>> & OutOf<'float32'> }): Tensor<T | 'float32'>;
export function constantOfShape(shape: Shape, value?: TensorLike, options?: { resident?: boolean } & OutOptions): Tensor | ResidentTensor {
  requireReady();
  const version = newestOf(CONSTANT_OF_SHAPE_OP);
  const context: OpContext = { op: 'ConstantOfShape', version: version.since };
  const { out, resident: residentOption } = opOptions(context, options, ['resident']);
  const resident = booleanOption(context, 'resident', residentOption, false);
  if (resident && out !== undefined) throw specError(context, 'out', 'out and resident: true ask for two places: give one');
  return constantWith(context, version, 'shape', integerList(context, 'shape', shape, 'tensor-or-array'), value, resident, out);
}

/** ConstantOfShape as one version defines it (runNode resolves which); `value` is the attribute. */
export function runConstantOfShape(version: OpVersion, shape: unknown, value: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: 'ConstantOfShape', version: version.since };
  return constantWith(context, version, 'input', integerList(context, 'input', shape, 'tensor-only', 'tw.constantOfShape(shape, value)'), value, ResidentTensor.isResident(shape));
}

function constantWith(context: OpContext, version: OpVersion, shapeParam: string, dims: number[], valueArgument: unknown,
  resident: boolean, out?: unknown): Tensor | ResidentTensor {
  dims.forEach((d, i) => {
    if (d < 0) throw specError(context, shapeParam, `${shapeParam}[${i}] must be >= 0 (got ${d})`);
  });
  const value = valueArgument === undefined
    ? new Tensor('float32', new Float32Array(1), [1])
    : asPlainTensor(valueArgument, context, 'value');
  requireType(context, 'value', value.type, version.types.T2);
  if (value.size !== 1) {
    throw specError(context, 'value', `value must hold exactly one element (got ${value.size}, dims [${value.dims.join(', ')}])`);
  }
  const size = outputSize(context, shapeParam, dims, elementBytes(value.type));
  const type = value.type as ResidentType;
  // The value's storage bytes, copied: one element (one byte for a packed type).
  const patternBytes = Math.ceil(elementBytes(type));
  const pattern = checkedBytes(context, 'value', value.data as Exclude<TensorData, string[]>, patternBytes).slice();

  const checkedOut = out === undefined ? undefined : checkOut(context, out, type, size, READS_NOTHING);
  return dispatch({ kind: 'fill', context, type, pattern, dims, size, resident }, checkedOut);
}
