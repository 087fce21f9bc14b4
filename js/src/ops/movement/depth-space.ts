// ONNX DepthToSpace and SpaceToDepth: blocks of channels moved into space
// and back, each a reshape and a transpose, which is one strided view.
import type { DataType } from '../../dtype.js';
import { type OpContext, describe, specError } from '../../errors.js';
import { type ResidentTensor, type ResidentType, asOperand } from '../../resident.js';
import type { Tensor, TensorLike } from '../../tensor.js';
import { requireReady } from '../../wasm.js';
import { requireType } from '../check.js';
import { type OpVersion, defineOp, newestOf } from '../definition.js';
import { type OutOf, type OutOptions, opOptions } from '../out.js';
import { ALL_TYPES_V13, ALL_TYPES_V6 } from '../type-sets.js';
import { intAttribute, stringAttribute } from './read.js';
import { runProgram, viewMove } from './strided.js';

const version = (since: number, T: readonly DataType[], attributes: readonly string[]): OpVersion =>
  ({ since, inputs: ['input'], required: 1, outputs: ['output'], attributes, types: { T } });

/** DepthToSpace's every version (mode from 11). */
export const DEPTH_TO_SPACE_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'DepthToSpace',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'Blocks of channels moved into blocksize x blocksize spatial blocks (DCR or CRD order).',
  named: 'depthToSpace',
  versions: [version(1, ALL_TYPES_V6, ['blocksize']), version(11, ALL_TYPES_V6, ['blocksize', 'mode']), version(13, ALL_TYPES_V13, ['blocksize', 'mode'])],
  run: (v, [input], attributes) => {
    const context: OpContext = { op: 'DepthToSpace', version: v.since };
    return depthToSpaceWith(context, v, input, intAttribute(context, 'blocksize', attributes.blocksize), stringAttribute(context, 'mode', attributes.mode, 'DCR'));
  },
}));

/** SpaceToDepth's every version. */
export const SPACE_TO_DEPTH_OP = /* @__PURE__ */ defineOp(() => ({
  name: 'SpaceToDepth',
  domain: 'ai.onnx',
  versioned: true,
  family: 'data movement',
  summary: 'blocksize x blocksize spatial blocks moved into channels (DepthToSpace\'s DCR inverse).',
  named: 'spaceToDepth',
  versions: [version(1, ALL_TYPES_V6, ['blocksize']), version(13, ALL_TYPES_V13, ['blocksize'])],
  run: (v, [input], attributes) => {
    const context: OpContext = { op: 'SpaceToDepth', version: v.since };
    return spaceToDepthWith(context, v, input, intAttribute(context, 'blocksize', attributes.blocksize));
  },
}));

/**
 * ONNX DepthToSpace-13: [N, C, H, W] to [N, C / b², H·b, W·b]; mode DCR
 * (default: depth, column, row) or CRD (column, row, depth). Every type.
 *
 * @example tw.depthToSpace(x, 2, { mode: 'CRD' })  // [1, 8, 2, 3] -> [1, 2, 4, 6]
 */
export function depthToSpace<T extends ResidentType>(input: ResidentTensor<T>, blocksize: number, options?: { mode?: 'DCR' | 'CRD'; out?: undefined }): ResidentTensor<T>;
export function depthToSpace<T extends ResidentType>(input: ResidentTensor<T>, blocksize: number, options: { mode?: 'DCR' | 'CRD'; out: OutOf<T> }): Tensor<T>;
export function depthToSpace<T extends DataType>(input: TensorLike<T>, blocksize: number, options?: { mode?: 'DCR' | 'CRD' } & OutOptions<T>): Tensor<T>;
export function depthToSpace(input: TensorLike | ResidentTensor, blocksize: number, options?: { mode?: 'DCR' | 'CRD' } & OutOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(DEPTH_TO_SPACE_OP);
  const context: OpContext = { op: 'DepthToSpace', version: v.since };
  const own = opOptions(context, options, ['mode']);
  return depthToSpaceWith(context, v, input, intAttribute(context, 'blocksize', blocksize), stringAttribute(context, 'mode', own.mode, 'DCR'), own.out);
}

/**
 * ONNX SpaceToDepth-13: [N, C, H, W] to [N, C·b², H / b, W / b], each b x b
 * block's elements becoming channels. Every type.
 *
 * @example tw.spaceToDepth(x, 2)  // [1, 1, 4, 6] -> [1, 4, 2, 3]
 */
export function spaceToDepth<T extends ResidentType>(input: ResidentTensor<T>, blocksize: number, options?: { out?: undefined }): ResidentTensor<T>;
export function spaceToDepth<T extends ResidentType>(input: ResidentTensor<T>, blocksize: number, options: { out: OutOf<T> }): Tensor<T>;
export function spaceToDepth<T extends DataType>(input: TensorLike<T>, blocksize: number, options?: OutOptions<T>): Tensor<T>;
export function spaceToDepth(input: TensorLike | ResidentTensor, blocksize: number, options?: OutOptions): Tensor | ResidentTensor {
  requireReady();
  const v = newestOf(SPACE_TO_DEPTH_OP);
  const context: OpContext = { op: 'SpaceToDepth', version: v.since };
  const own = opOptions(context, options, []);
  return spaceToDepthWith(context, v, input, intAttribute(context, 'blocksize', blocksize), own.out);
}

function checked(context: OpContext, v: OpVersion, value: unknown, blocksize: number | undefined): { x: Tensor | ResidentTensor; b: number } {
  const x = asOperand(value, context, 'input');
  requireType(context, 'input', x.type, v.types.T);
  if (blocksize === undefined) throw specError(context, 'blocksize', `${context.op} needs the blocksize attribute`);
  if (blocksize < 1) throw specError(context, 'blocksize', `blocksize must be >= 1 (got ${blocksize})`);
  if (x.dims.length !== 4) throw specError(context, 'input', `input must be 4-D [N, C, H, W] (got dims [${x.dims.join(', ')}])`);
  return { x, b: blocksize };
}

function depthToSpaceWith(context: OpContext, v: OpVersion, value: unknown, blocksize: number | undefined, mode: string, out?: unknown): Tensor | ResidentTensor {
  const { x, b } = checked(context, v, value, blocksize);
  if (mode !== 'DCR' && mode !== 'CRD') throw specError(context, 'mode', `mode must be DCR or CRD (got ${describe(mode)})`);
  const [n, c, h, w] = x.dims;
  if (c % (b * b) !== 0) throw specError(context, 'blocksize', `the channels ${c} must divide by blocksize² = ${b * b}`);
  const depth = c / (b * b);
  const plane = h * w;
  // Output (n, d, y, i, x, j) reads channel (i * b + j) * depth + d (DCR) or d * b² + i * b + j (CRD) at (y, x).
  const size = [n, depth, h, b, w, b];
  const stride = mode === 'DCR'
    ? [c * plane, plane, w, b * depth * plane, 1, depth * plane]
    : [c * plane, b * b * plane, w, b * plane, 1, plane];
  return runProgram(context, x, [n, depth, h * b, w * b], { moves: [viewMove(0, size, stride)] }, out, 'blocksize');
}

function spaceToDepthWith(context: OpContext, v: OpVersion, value: unknown, blocksize: number | undefined, out?: unknown): Tensor | ResidentTensor {
  const { x, b } = checked(context, v, value, blocksize);
  const [n, c, h, w] = x.dims;
  if (h % b !== 0 || w % b !== 0) throw specError(context, 'blocksize', `the height ${h} and width ${w} must divide by blocksize ${b}`);
  // Output (n, i, j, d, y, x) reads channel d at (y * b + i, x * b + j).
  const size = [n, b, b, c, h / b, w / b];
  const stride = [c * h * w, w, 1, h * w, b * w, b];
  return runProgram(context, x, [n, c * b * b, h / b, w / b], { moves: [viewMove(0, size, stride)] }, out, 'blocksize');
}
