// Every op's test module, one line each: the op-agnostic suites iterate this
// list, and the census checks it against the registry (tw.OPS).
import { AS_STRIDED } from './as-strided';
import { CAST, CAST_LIKE } from './cast';
import { CONSTANT_OF_SHAPE } from './constant-of-shape';
import { FLOOR } from './floor';
import type { OpTest } from './op-test';
import { TILE } from './tile';
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

export const OP_TESTS: readonly OpTest[] = [
  FLOOR, TILE, CONSTANT_OF_SHAPE, CAST, CAST_LIKE, AS_STRIDED,
  // data movement
  TRANSPOSE, SLICE, PAD, CONCAT, SPLIT, EXPAND, RESHAPE, SQUEEZE, UNSQUEEZE, FLATTEN, IDENTITY, DEPTH_TO_SPACE, SPACE_TO_DEPTH, SHAPE, SIZE,
];

export type { Expected, OpCase, OpTest } from './op-test';
