// Every op's test module, one line each: the op-agnostic suites iterate this
// list, and the census checks it against the registry (tw.OPS).
import { AS_STRIDED } from './as-strided';
import { CAST, CAST_LIKE } from './cast';
import { CONSTANT_OF_SHAPE } from './constant-of-shape';
import { FLOOR } from './floor';
import type { OpTest } from './op-test';
import { TILE } from './tile';

export const OP_TESTS: readonly OpTest[] = [FLOOR, TILE, CONSTANT_OF_SHAPE, CAST, CAST_LIKE, AS_STRIDED];

export type { Expected, OpCase, OpTest } from './op-test';
