// ONNX Split: the input cut along one axis into consecutive parts, each a
// strided view (a Slice of the axis) of its own.
import type { DataType } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { normalizeAxis, rowMajorStrides } from '../axes.js';
import { requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { opOptions } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V6, FLOATS } from '../type-sets.js';
import { indexList, intAttribute, intsAttribute } from './read.js';
import { runProgram, viewMove } from './strided.js';

const version = (since: number, T: readonly DataType[], inputs: readonly string[], attributes: readonly string[]): OpVersion =>
  ({ since, inputs, required: 1, outputs: ['outputs'], variadicOutputs: true, attributes, types: { T } });

/** Split's every version: split as an attribute (2, 11), as an input (1, 13, 18), and num_outputs (18). */
export const SPLIT_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'Split',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'The input cut along one axis into consecutive parts (numpy.split): several outputs.',
  named: 'split',
  versions: [
    version(1, FLOATS, ['input', 'split'], ['axis', 'split']),
    version(2, ALL_TYPES_V6, ['input'], ['axis', 'split']),
    version(11, ALL_TYPES_V6, ['input'], ['axis', 'split']),
    version(13, ALL_TYPES_V13, ['input', 'split'], ['axis']),
    version(18, ALL_TYPES_V13, ['input', 'split'], ['axis', 'num_outputs']),
  ],
  run: (v, [input, split], attributes, outputs) => {
    const context: OpContext = { op: 'Split', version: v.since };
    const fromInput = split === undefined ? undefined
      : indexList(context, 'split', split, ['int64'], false);  // Split-1 types it T; int64 as its successors do
    const sizes = fromInput ?? intsAttribute(context, 'split', attributes.split);
    const numOutputs = intAttribute(context, 'num_outputs', attributes.num_outputs);
    return splitWith(context, v, input, intAttribute(context, 'axis', attributes.axis, 0), sizes, numOutputs, outputs);
  },
}));

/** Split's options: the axis (default 0), and either the size of each part or how many equal parts. */
export interface SplitOptions {
  /** The axis to split along (negative counts from the back); default 0. */
  axis?: number;
  /** The length of each part along the axis, summing to its extent; default equal parts (numOutputs of them). */
  split?: TensorLike<'int64'> | ArrayLike<number | bigint>;
  /** Parts of ceil(extent / numOutputs) elements, the last smaller if it does not divide. */
  numOutputs?: number;
}

/**
 * ONNX Split-18: the parts of `input` along `axis`, of the sizes `split`
 * gives (they must sum to the axis' extent), or `numOutputs` parts of
 * ceil(extent / numOutputs), the last one smaller. Returns an array.
 *
 * @example tw.split(x, { axis: 1, split: [2, 3] })  // [4, 5] -> [4, 2] and [4, 3]
 */
export function split<T extends ResidentType>(input: ResidentTensor<T>, options: SplitOptions): ResidentTensor<T>[];
export function split<T extends DataType>(input: TensorLike<T>, options: SplitOptions): Tensor<T>[];
export function split(input: TensorLike | ResidentTensor, options: SplitOptions): (Tensor | ResidentTensor)[] {
  requireReady();
  const v = newestOf(SPLIT_OP);
  const context: OpContext = { op: 'Split', version: v.since };
  const own = opOptions(context, options, ['axis', 'split', 'numOutputs']);
  if (own.out !== undefined) throw specError(context, 'out', 'Split has several outputs: it takes no out');
  const sizes = own.split === undefined ? undefined : indexList(context, 'split', own.split, ['int64'], true);
  return splitWith(context, v, input, intAttribute(context, 'axis', own.axis, 0), sizes, intAttribute(context, 'numOutputs', own.numOutputs), undefined);
}

function splitWith(context: OpContext, v: OpVersion, value: unknown, axisGiven: number, sizes: number[] | undefined,
  numOutputs: number | undefined, outputs: number | undefined): (Tensor | ResidentTensor)[] {
  const x = asOperand(value, context, 'input');
  requireType(context, 'input', x.type, v.types.T);
  const axis = normalizeAxis(context, 'axis', axisGiven, x.dims.length);
  const extent = x.dims[axis];
  let parts: number[];
  if (sizes !== undefined) {
    if (numOutputs !== undefined) throw specError(context, 'num_outputs', 'give split or num_outputs, not both');
    sizes.forEach((s, i) => { if (s < 0) throw specError(context, 'split', `split[${i}] must be >= 0 (got ${s})`); });
    const sum = sizes.reduce((a, b) => a + b, 0);
    if (sum !== extent) throw specError(context, 'split', `split must sum to the extent ${extent} of axis ${axis} (got [${sizes.join(', ')}], summing to ${sum})`);
    if (outputs !== undefined && outputs !== sizes.length) {
      throw specError(context, 'outputs', `the node has ${outputs} outputs but split has ${sizes.length} entries`);
    }
    parts = sizes;
  } else if (numOutputs !== undefined || v.since >= 18) {
    if (numOutputs === undefined) throw specError(context, 'num_outputs', `Split-${v.since} needs the split input or the num_outputs attribute`);
    if (numOutputs < 1) throw specError(context, 'num_outputs', `num_outputs must be >= 1 (got ${numOutputs})`);
    if (outputs !== undefined && outputs !== numOutputs) throw specError(context, 'outputs', `the node has ${outputs} outputs but num_outputs is ${numOutputs}`);
    const chunk = Math.ceil(extent / numOutputs);
    const last = extent - chunk * (numOutputs - 1);
    if (last < 0) throw specError(context, 'num_outputs', `${numOutputs} parts of ${chunk} (ceil(${extent} / ${numOutputs})) are more than the extent ${extent}`);
    parts = Array.from({ length: numOutputs }, (_, i) => (i + 1 < numOutputs ? chunk : last));
  } else {
    // Before 18 with no split: as many equal parts as the node has outputs.
    if (outputs === undefined) throw specError(context, 'outputs', `with no split, the node's output count (node.outputs) says how many equal parts (got ${describe(outputs)})`);
    if (extent % outputs !== 0) throw specError(context, 'outputs', `the extent ${extent} of axis ${axis} does not divide into ${outputs} equal parts`);
    parts = new Array<number>(outputs).fill(extent / outputs);
  }
  const strides = rowMajorStrides(x.dims);
  const results: (Tensor | ResidentTensor)[] = [];
  let at = 0;
  try {
    for (const n of parts) {
      const dims = [...x.dims];
      dims[axis] = n;
      results.push(runProgram(context, x, dims, { moves: [viewMove(n === 0 ? 0 : at * strides[axis], dims, strides)] }, undefined, 'split'));
      at += n;
    }
  } catch (error) {
    for (const r of results) if (ResidentTensor.isResident(r)) r.dispose();  // none left held when a later part fails
    throw error;
  }
  return results;
}
