// The gather-of-rows plan Gather, GatherND and Compress share: the data seen
// as [outer, xRows, row], the output as [outer, n, row], each output row the
// data row a tuple of k indices names (cpp/src/kernels/gather.cc,
// xx_gather_rows: whole rows copied with v128 moves, every index checked).
import type { OpContext } from '../../errors.js';
import { ResidentTensor } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { wasm, writeParams } from '../../wasm.js';
import { type MoveOps, type MovePlan, dispatch } from '../dispatch.js';
import type { CheckedOut } from '../out.js';
import { type Operand, indexBytes, withOperands } from './index-kernels.js';

export interface RowsArgs {
  readonly indices: Operand;
  readonly outer: number;
  readonly xRows: number;
  /** Tuples per block of the output. */
  readonly n: number;
  /** Each block has its own tuples (GatherND's batch dims), or all share the first n (Gather). */
  readonly batched: boolean;
  /** The extents each tuple's k indices range over. */
  readonly extents: readonly number[];
  readonly rowElements: number;
  /** The SpecError's message for the entry at `position` of value `value`. */
  readonly badIndex: (position: number, value: bigint) => string;
  readonly context: OpContext;
}

function runRows(x: number, y: number, elementSize: number, params: number, args: RowsArgs): void {
  withOperands(args.context, [args.indices], ([indices], result) => {
    wasm().kernels.gatherRows(x, indices, y, args.rowElements * elementSize, args.outer, args.xRows, args.n,
      args.batched ? 1 : 0, args.extents.length, params, indexBytes(args.indices), result);
  }, args.badIndex);
}

/** xx_gather_rows as a move plan's kernel; it has no JS twin (routing always picks it). */
export const GATHER_ROWS: MoveOps<RowsArgs> = {
  params: ({ extents }) => extents,
  kernel: (_kernels, x, y, elementSize, params, args) => runRows(x, y, elementSize, params, args),
};

/**
 * Runs the plan; an empty output still has its indices checked (a bad index
 * is an error whatever the data's other extents).
 */
export function gatherRows(context: OpContext, input: Tensor | ResidentTensor, dims: readonly number[], size: number,
  args: RowsArgs, out: CheckedOut | undefined): Tensor | ResidentTensor {
  if (size === 0 && args.indices.size > 0) {
    runRows(0, 0, 0, writeParams(args.extents), { ...args, outer: args.batched ? args.outer : 1, rowElements: 0 });
  }
  const plan: MovePlan<RowsArgs> = {
    kind: 'move', context, input, dims, size, ops: GATHER_ROWS, args, builtinFits: false,
    rows: args.outer * args.n, rowElements: args.rowElements, callsPerRow: 2,
  };
  return dispatch(plan, out);
}

/** Whether an operand is resident (the output follows the data input). */
export const isResident = (t: unknown) => ResidentTensor.isResident(t);
