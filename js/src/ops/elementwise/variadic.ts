// ONNX Sum, Mean, Min and Max: any number of inputs of one type, broadcast
// together (from opset 8; before, one shape), folded left to right through
// the binary kernel as ONNX's reference does (onnx/reference/ops/op_sum.py,
// op_mean.py: res = x0; res += x1 ...; Mean then res / n), so float16 and
// bfloat16 round at each step as theirs does. NaN propagates through Min and Max.
import type { DataType } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import type { ResidentTensor } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { type OpDefinition, type OpVersion, defineOp, newestOf } from '../definition.js';
import { outOption } from '../out.js';
import type { VariadicFunction } from './binary-op.js';
import { type BinaryKernel, readOperands, runElementwise } from './engine.js';
import { FLOATS, FLOATS_V13, NUMERIC, NUMERIC_V13 } from './types.js';

const version = (output: string, since: number, T: readonly DataType[]): OpVersion => ({
  since, inputs: ['data_0'], required: 1, variadic: true, outputs: [output],
  attributes: since === 1 ? ['consumed_inputs'] : [], types: { T },
});
const floatVersions = (o: string) => [version(o, 1, FLOATS), version(o, 6, FLOATS), version(o, 8, FLOATS), version(o, 13, FLOATS_V13)];
const orderedVersions = (o: string) => [version(o, 1, FLOATS), version(o, 6, FLOATS), version(o, 8, FLOATS), version(o, 12, NUMERIC), version(o, 13, NUMERIC_V13)];

function runVariadic(name: string, kernel: BinaryKernel, mean: boolean, v: OpVersion, values: readonly unknown[], out?: unknown): Tensor | ResidentTensor {
  const context: OpContext = { op: name, version: v.since };
  if (values.length === 0) throw specError(context, 'data_0', `${name} needs at least one input`);
  const names = values.map((_, i) => `data_${i}`);
  const { operands } = readOperands(context, values, names, v.types.T);
  if (v.since < 8) {
    // Before opset 8, every input has one shape (no broadcasting).
    const [first, dims] = [operands[0][0], operands[0][1].dims];
    for (const [n, t] of operands) {
      if (t.dims.length !== dims.length || t.dims.some((d, i) => d !== dims[i])) {
        throw specError(context, n, `${name}-${v.since} takes inputs of one shape (broadcasting is from opset 8): ${n} has dims [${t.dims.join(', ')}], ${first} [${dims.join(', ')}]`);
      }
    }
  }
  return runElementwise(context, kernel, operands, out, { mean });
}

function variadicOp<const N extends string>(name: N, named: string, kernel: BinaryKernel, mean: boolean, summary: string, versions: OpVersion[]): OpDefinition & { readonly name: N } {
  return {
    name, domain: 'ai.onnx', versioned: true, family: 'elementwise', summary, named, versions,
    run: (v: OpVersion, inputs: readonly unknown[]) => runVariadic(name, kernel, mean, v, inputs),
  };
}

export const SUM_OP = /* @__PURE__ */ defineOp(() => variadicOp('Sum', 'sum', 'add', false, 'The elementwise sum of any number of tensors, with broadcasting.', floatVersions('sum')));
export const MEAN_OP = /* @__PURE__ */ defineOp(() => variadicOp('Mean', 'mean', 'add', true, 'The elementwise mean of any number of tensors, with broadcasting.', floatVersions('mean')));
export const MIN_OP = /* @__PURE__ */ defineOp(() => variadicOp('Min', 'min', 'min', false, 'The elementwise minimum of any number of tensors, with broadcasting (NaN propagates).', orderedVersions('min')));
export const MAX_OP = /* @__PURE__ */ defineOp(() => variadicOp('Max', 'max', 'max', false, 'The elementwise maximum of any number of tensors, with broadcasting (NaN propagates).', orderedVersions('max')));

function named(op: OpDefinition, kernel: BinaryKernel, mean: boolean): VariadicFunction {
  return ((xs: unknown, options?: unknown) => {
    requireReady();
    const v = newestOf(op);
    const context: OpContext = { op: op.name, version: v.since };
    const out = outOption(context, options);
    if (!Array.isArray(xs)) throw specError(context, 'inputs', `inputs must be an array of tensors (got ${describe(xs)})`);
    const list: unknown[] = [];
    const count: number = xs.length;
    for (let i = 0; i < count; i++) list.push(xs[i]);
    return runVariadic(op.name, kernel, mean, v, list, out);
  }) as VariadicFunction;
}

/** ONNX Sum-13: the elementwise sum of `xs` (one float type), broadcast together, added left to right. */
export const sum: VariadicFunction = /* @__PURE__ */ named(SUM_OP, 'add', false);
/** ONNX Mean-13: the elementwise mean of `xs` (one float type): their sum, left to right, divided by their count. */
export const mean: VariadicFunction = /* @__PURE__ */ named(MEAN_OP, 'add', true);
/** ONNX Min-13: the elementwise minimum of `xs` (one numeric type), broadcast together; NaN propagates, -0 < +0. */
export const min: VariadicFunction = /* @__PURE__ */ named(MIN_OP, 'min', false);
/** ONNX Max-13: the elementwise maximum of `xs` (one numeric type), broadcast together; NaN propagates, -0 < +0. */
export const max: VariadicFunction = /* @__PURE__ */ named(MAX_OP, 'max', false);
