// The ops the page offers, in menu order: one module each.
import { asStrided } from './as-strided.js';
import { constantOfShape } from './constant-of-shape.js';
import { floor } from './floor.js';
import type { DemoOp } from './op.js';
import { tile } from './tile.js';

export const DEMO_OPS: readonly DemoOp[] = [tile, floor, constantOfShape, asStrided];
