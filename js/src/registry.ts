// The registry: every op the library has, listed once. runNode, tw.OPS, the
// docs' op table, the demo and the op-agnostic test suites read this list;
// nothing else names the ops. Adding an op is a module under ops/ that
// exports its definition (ops/definition.ts) and one line here.
//
// The named functions never import this file: a page that imports tw.tile
// carries Tile alone, while runNode and tw.OPS carry every op.
import type { OpDefinition } from './ops/definition.js';
import { AS_STRIDED_OP } from './ops/as-strided.js';
import { CAST_LIKE_OP, CAST_OP } from './ops/cast.js';
import { CONSTANT_OF_SHAPE_OP } from './ops/constant-of-shape.js';
import { FLOOR_OP } from './ops/floor.js';
import { TILE_OP } from './ops/tile.js';
// data movement: gather, scatter and the index-driven ops (ops/indexing)
import { COMPRESS_OP } from './ops/indexing/compress.js';
import { EYE_LIKE_OP } from './ops/indexing/eye-like.js';
import { GATHER_ELEMENTS_OP } from './ops/indexing/gather-elements.js';
import { GATHER_ND_OP } from './ops/indexing/gather-nd.js';
import { GATHER_OP } from './ops/indexing/gather.js';
import { NON_ZERO_OP } from './ops/indexing/non-zero.js';
import { ONE_HOT_OP } from './ops/indexing/one-hot.js';
import { RANGE_OP } from './ops/indexing/range.js';
import { SCATTER_ELEMENTS_OP, SCATTER_OP } from './ops/indexing/scatter-elements.js';
import { SCATTER_ND_OP } from './ops/indexing/scatter-nd.js';
import { TRILU_OP } from './ops/indexing/trilu.js';
// image and audio
import { BLACKMAN_WINDOW_OP, HAMMING_WINDOW_OP, HANN_WINDOW_OP } from './ops/image-audio/windows.js';
import { DFT_OP } from './ops/image-audio/dft.js';
import { STFT_OP } from './ops/image-audio/stft.js';
import { MEL_WEIGHT_MATRIX_OP } from './ops/image-audio/mel.js';
import { RESIZE_OP } from './ops/image-audio/resize.js';
// data movement: views and copies over the strided move (ops/movement/)
import { CONCAT_OP } from './ops/movement/concat.js';
import { DEPTH_TO_SPACE_OP, SPACE_TO_DEPTH_OP } from './ops/movement/depth-space.js';
import { EXPAND_OP } from './ops/movement/expand.js';
import { IDENTITY_OP } from './ops/movement/identity.js';
import { PAD_OP } from './ops/movement/pad.js';
import { FLATTEN_OP, RESHAPE_OP } from './ops/movement/reshape.js';
import { SHAPE_OP, SIZE_OP } from './ops/movement/shape.js';
import { SLICE_OP } from './ops/movement/slice.js';
import { SPLIT_OP } from './ops/movement/split.js';
import { SQUEEZE_OP, UNSQUEEZE_OP } from './ops/movement/squeeze.js';
import { TRANSPOSE_OP } from './ops/movement/transpose.js';
// elementwise: unary maps (ops/elementwise/)
import { ABS_OP, CEIL_OP, EXP_OP, LOG_OP, NEG_OP, RECIPROCAL_OP, RELU_OP, ROUND_OP, SIGMOID_OP, SIGN_OP, SQRT_OP, TANH_OP } from './ops/elementwise/unary-ops.js';
import { CLIP_OP } from './ops/elementwise/clip.js';
import { IS_INF_OP, IS_NAN_OP, NOT_OP } from './ops/elementwise/logic.js';
// elementwise: binary, variadic and Where, with broadcasting (ops/elementwise)
import { ADD_OP, DIV_OP, MUL_OP, SUB_OP } from './ops/elementwise/arithmetic.js';
import { BIT_SHIFT_OP } from './ops/elementwise/bit-shift.js';
import { AND_OP, EQUAL_OP, GREATER_OP, GREATER_OR_EQUAL_OP, LESS_OP, LESS_OR_EQUAL_OP, OR_OP, XOR_OP } from './ops/elementwise/compare.js';
import { MOD_OP } from './ops/elementwise/mod.js';
import { POW_OP } from './ops/elementwise/pow.js';
import { MAX_OP, MEAN_OP, MIN_OP, SUM_OP } from './ops/elementwise/variadic.js';
import { WHERE_OP } from './ops/elementwise/where.js';
// quantization (ops/quantize/)
import { DEQUANTIZE_LINEAR_OP } from './ops/quantize/dequantize-linear.js';
import { DYNAMIC_QUANTIZE_LINEAR_OP } from './ops/quantize/dynamic-quantize-linear.js';
import { QUANTIZE_LINEAR_OP } from './ops/quantize/quantize-linear.js';
// reductions (ops/reduce/)
import {
  REDUCE_SUM_OP, REDUCE_MEAN_OP, REDUCE_MAX_OP, REDUCE_MIN_OP, REDUCE_PROD_OP, REDUCE_L1_OP, REDUCE_L2_OP, REDUCE_LOG_SUM_OP, REDUCE_LOG_SUM_EXP_OP, REDUCE_SUM_SQUARE_OP,
} from './ops/reduce/reduce-ops.js';
import { ARG_MAX_OP, ARG_MIN_OP } from './ops/reduce/arg-max.js';
import { HARDMAX_OP, LOG_SOFTMAX_OP, SOFTMAX_OP } from './ops/reduce/softmax.js';
import { TOP_K_OP } from './ops/reduce/top-k.js';
import { CUM_SUM_OP } from './ops/reduce/cum-sum.js';
import { NON_MAX_SUPPRESSION_OP } from './ops/reduce/non-max-suppression.js';

/** Every op, in the order tw.OPS lists them. */
export const REGISTRY = /* @__PURE__ */ Object.freeze([
  FLOOR_OP,
  TILE_OP,
  CONSTANT_OF_SHAPE_OP,
  CAST_OP,
  CAST_LIKE_OP,
  AS_STRIDED_OP,
  // data movement: gather, scatter and the index-driven ops (ops/indexing)
  GATHER_OP,
  GATHER_ELEMENTS_OP,
  GATHER_ND_OP,
  SCATTER_ELEMENTS_OP,
  SCATTER_OP,
  SCATTER_ND_OP,
  COMPRESS_OP,
  NON_ZERO_OP,
  TRILU_OP,
  RANGE_OP,
  EYE_LIKE_OP,
  ONE_HOT_OP,
  // image and audio
  HANN_WINDOW_OP,
  HAMMING_WINDOW_OP,
  BLACKMAN_WINDOW_OP,
  DFT_OP,
  STFT_OP,
  MEL_WEIGHT_MATRIX_OP,
  RESIZE_OP,
  // data movement: views and copies over the strided move
  TRANSPOSE_OP, SLICE_OP, PAD_OP, CONCAT_OP, SPLIT_OP, EXPAND_OP, RESHAPE_OP, SQUEEZE_OP, UNSQUEEZE_OP,
  FLATTEN_OP, IDENTITY_OP, DEPTH_TO_SPACE_OP, SPACE_TO_DEPTH_OP, SHAPE_OP, SIZE_OP,
  // elementwise: unary maps
  NEG_OP, ABS_OP, CEIL_OP, ROUND_OP, SQRT_OP, RECIPROCAL_OP, SIGN_OP, EXP_OP, LOG_OP, RELU_OP, SIGMOID_OP, TANH_OP,
  CLIP_OP, NOT_OP, IS_NAN_OP, IS_INF_OP,
  // elementwise: binary, variadic and Where, with broadcasting
  ADD_OP, SUB_OP, MUL_OP, DIV_OP, POW_OP, MOD_OP, MIN_OP, MAX_OP, SUM_OP, MEAN_OP,
  EQUAL_OP, GREATER_OP, LESS_OP, GREATER_OR_EQUAL_OP, LESS_OR_EQUAL_OP, AND_OP, OR_OP, XOR_OP, BIT_SHIFT_OP, WHERE_OP,
  // quantization
  QUANTIZE_LINEAR_OP, DEQUANTIZE_LINEAR_OP, DYNAMIC_QUANTIZE_LINEAR_OP,
  // reductions
  REDUCE_SUM_OP, REDUCE_MEAN_OP, REDUCE_MAX_OP, REDUCE_MIN_OP, REDUCE_PROD_OP, REDUCE_L1_OP, REDUCE_L2_OP, REDUCE_LOG_SUM_OP, REDUCE_LOG_SUM_EXP_OP, REDUCE_SUM_SQUARE_OP,
  ARG_MAX_OP, ARG_MIN_OP, SOFTMAX_OP, LOG_SOFTMAX_OP, HARDMAX_OP, TOP_K_OP, CUM_SUM_OP, NON_MAX_SUPPRESSION_OP,
] as const satisfies readonly OpDefinition[]);

type Registered = (typeof REGISTRY)[number];

/** An op's name, as runNode and tw.OPS know it. */
export type OpType = Registered['name'];

/** One op of tw.OPS: its schema and where it sits, without its implementation. */
export type OpSchema<D extends OpDefinition = OpDefinition> = Pick<D, 'domain' | 'versioned' | 'family' | 'summary' | 'named' | 'versions'>;

/** tw.OPS's shape: each registered op's schema under its name. */
export type OpTable = { readonly [D in Registered as D['name']]: OpSchema<D> };

function schemaOf<D extends OpDefinition>(op: D): OpSchema<D> {
  const { domain, versioned, family, summary, named, versions } = op;
  return Object.freeze({ domain, versioned, family, summary, named, versions });
}

/**
 * Every op and its versions, as `runNode` resolves them: for each op its
 * domain, family, one-line summary and named function, and per
 * since_version its inputs, outputs, attributes and the data types each type
 * constraint allows (e.g. `OPS.Floor.versions[1].types.T`).
 */
export const OPS: OpTable = /* @__PURE__ */ opTable();

// A call with no arguments, so that a bundle that never reads OPS drops it
// whole: a pure call's arguments would stay if they did any work.
function opTable(): OpTable {
  return Object.freeze(Object.fromEntries(REGISTRY.map((op) => [op.name, schemaOf(op)]))) as unknown as OpTable;
}

/** The op registered under `name` in `domain`, or undefined. */
export function registered(name: string, domain: string): OpDefinition | undefined {
  for (const op of REGISTRY as readonly OpDefinition[]) if (op.name === name && op.domain === domain) return op;
  return undefined;
}
