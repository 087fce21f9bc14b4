// The ops the page offers, in menu order: one module each.
import { asStrided } from './as-strided.js';
import { cast } from './cast.js';
import { constantOfShape } from './constant-of-shape.js';
import { floor } from './floor.js';
import type { DemoOp } from './op.js';
import { tile } from './tile.js';

export const DEMO_OPS: readonly DemoOp[] = [tile, floor, constantOfShape, asStrided, cast];

/** The op a URL names: its slug (`constant-of-shape`) or its name in any case (`ConstantOfShape`, `tile`). */
export function opNamed(name: string | null | undefined): DemoOp | undefined {
  if (!name) return undefined;
  const key = name.toLowerCase();
  return DEMO_OPS.find((o) => o.slug === key || o.op.toLowerCase() === key);
}
