// The ops the page offers, in menu order.
import { floor } from './floor.js';
import type { DemoOp } from './op.js';

export const DEMO_OPS: readonly DemoOp[] = [floor];
