// Every op's test module, one line each: the op-agnostic suites iterate this
// list, and the census checks it against the registry (tw.OPS).
import { AS_STRIDED } from './as-strided';
import { CAST, CAST_LIKE } from './cast';
import { CONSTANT_OF_SHAPE } from './constant-of-shape';
import { FLOOR } from './floor';
import type { OpTest } from './op-test';
import { TILE } from './tile';
// data movement: gather, scatter and the index-driven ops
import { COMPRESS } from './compress';
import { EYE_LIKE } from './eye-like';
import { GATHER } from './gather';
import { GATHER_ELEMENTS } from './gather-elements';
import { GATHER_ND } from './gather-nd';
import { NON_ZERO } from './non-zero';
import { ONE_HOT } from './one-hot';
import { RANGE } from './range';
import { SCATTER, SCATTER_ELEMENTS } from './scatter-elements';
import { SCATTER_ND } from './scatter-nd';
import { TRILU } from './trilu';

// image and audio
import { BLACKMAN_WINDOW, HAMMING_WINDOW, HANN_WINDOW } from './windows';
import { DFT, STFT } from './dft';
import { MEL_WEIGHT_MATRIX } from './mel';
import { RESIZE } from './resize';

// data movement
import { CONCAT } from './concat';
import { DEPTH_TO_SPACE, SPACE_TO_DEPTH } from './depth-space';
import { EXPAND } from './expand';
import { PAD } from './pad';
import { FLATTEN, IDENTITY, RESHAPE, SQUEEZE, UNSQUEEZE } from './relabel';
import { SHAPE, SIZE } from './shape';
import { SLICE } from './slice';
import { SPLIT } from './split';
import { TRANSPOSE } from './transpose';

// elementwise: unary maps
import { ABS, CEIL, CLIP, EXP, IS_INF, IS_NAN, LOG, NEG, NOT, RECIPROCAL, RELU, ROUND, SIGMOID, SIGN, SQRT, TANH } from './unary';
// elementwise: binary, variadic and Where, with broadcasting
import { ADD, DIV, MOD, MUL, POW, SUB } from './arithmetic';
import { AND, BIT_SHIFT, EQUAL, GREATER, GREATER_OR_EQUAL, LESS, LESS_OR_EQUAL, OR, XOR } from './compare';
import { MAX, MEAN, MIN, SUM } from './variadic';
import { WHERE } from './where';
// quantization
import { DEQUANTIZE_LINEAR } from './dequantize-linear';
import { DYNAMIC_QUANTIZE_LINEAR } from './dynamic-quantize-linear';
import { QUANTIZE_LINEAR } from './quantize-linear';
// reductions
import {
  REDUCE_SUM, REDUCE_MEAN, REDUCE_MAX, REDUCE_MIN, REDUCE_PROD, REDUCE_L1, REDUCE_L2, REDUCE_LOG_SUM, REDUCE_LOG_SUM_EXP, REDUCE_SUM_SQUARE,
} from './reduce';
import { ARG_MAX, ARG_MIN } from './arg-max';
import { HARDMAX, LOG_SOFTMAX, SOFTMAX } from './softmax';
import { TOP_K } from './top-k';
import { CUM_SUM } from './cum-sum';
import { NON_MAX_SUPPRESSION } from './non-max-suppression';

export const OP_TESTS: readonly OpTest[] = [
  FLOOR, TILE, CONSTANT_OF_SHAPE, CAST, CAST_LIKE, AS_STRIDED,
  // data movement: gather, scatter and the index-driven ops
  GATHER, GATHER_ELEMENTS, GATHER_ND, SCATTER_ELEMENTS, SCATTER, SCATTER_ND, COMPRESS, NON_ZERO, TRILU, RANGE, EYE_LIKE, ONE_HOT,
  // image and audio
  HANN_WINDOW, HAMMING_WINDOW, BLACKMAN_WINDOW, DFT, STFT, MEL_WEIGHT_MATRIX, RESIZE,
  // data movement
  TRANSPOSE, SLICE, PAD, CONCAT, SPLIT, EXPAND, RESHAPE, SQUEEZE, UNSQUEEZE, FLATTEN, IDENTITY, DEPTH_TO_SPACE, SPACE_TO_DEPTH, SHAPE, SIZE,
  // elementwise: unary maps
  NEG, ABS, CEIL, ROUND, SQRT, RECIPROCAL, SIGN, EXP, LOG, RELU, SIGMOID, TANH, CLIP, NOT, IS_NAN, IS_INF,
  // elementwise: binary, variadic and Where, with broadcasting
  ADD, SUB, MUL, DIV, POW, MOD, MIN, MAX, SUM, MEAN, EQUAL, GREATER, LESS, GREATER_OR_EQUAL, LESS_OR_EQUAL, AND, OR, XOR, BIT_SHIFT, WHERE,
  // quantization
  QUANTIZE_LINEAR, DEQUANTIZE_LINEAR, DYNAMIC_QUANTIZE_LINEAR,
  // reductions
  REDUCE_SUM, REDUCE_MEAN, REDUCE_MAX, REDUCE_MIN, REDUCE_PROD, REDUCE_L1, REDUCE_L2, REDUCE_LOG_SUM, REDUCE_LOG_SUM_EXP, REDUCE_SUM_SQUARE,
  ARG_MAX, ARG_MIN, SOFTMAX, LOG_SOFTMAX, HARDMAX, TOP_K, CUM_SUM, NON_MAX_SUPPRESSION,
];

export type { Expected, OpCase, OpTest } from './op-test';
