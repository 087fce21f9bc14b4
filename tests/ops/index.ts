// Every op's test module, one line each: the op-agnostic suites iterate this
// list, and the census checks it against the registry (tw.OPS).
import { AS_STRIDED } from './as-strided';
import { CAST, CAST_LIKE } from './cast';
import { CONSTANT_OF_SHAPE } from './constant-of-shape';
import { FLOOR } from './floor';
import type { OpTest } from './op-test';
import { TILE } from './tile';
// image and audio
import { BLACKMAN_WINDOW, HAMMING_WINDOW, HANN_WINDOW } from './windows';
import { DFT, STFT } from './dft';
import { MEL_WEIGHT_MATRIX } from './mel';

export const OP_TESTS: readonly OpTest[] = [FLOOR, TILE, CONSTANT_OF_SHAPE, CAST, CAST_LIKE, AS_STRIDED,
  // image and audio
  HANN_WINDOW, HAMMING_WINDOW, BLACKMAN_WINDOW, DFT, STFT, MEL_WEIGHT_MATRIX];

export type { Expected, OpCase, OpTest } from './op-test';
