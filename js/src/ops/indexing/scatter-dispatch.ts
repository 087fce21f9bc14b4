// Every scatter's last steps (ScatterElements, Scatter, ScatterND): the
// `out` check, the move plan, strings by their uint32 stand-ins. A module of
// its own, so that the op modules' published declarations (which name
// scatter-common.ts's Reduction) do not reach the dispatcher's and, through
// it, WebAssembly's types: a TypeScript project without the DOM library
// compiles against them.
import { elementBytes } from '../../dtype.js';
import type { OpContext } from '../../errors.js';
import type { ResidentTensor } from '../../resident.js';
import type { Tensor } from '../../tensor.js';
import { type MoveOps, dispatch } from '../dispatch.js';
import { checkOut } from '../out.js';
import type { Operand } from './index-kernels.js';
import { scatterStrings } from './scatter-common.js';

/** How one scatter moves, given the data (its numbers, or the strings' uint32 stand-ins) and the updates. */
export interface ScatterMove<A> {
  readonly ops: MoveOps<A>;
  /** The kernel's rows and each row's elements, as the move plan takes them. */
  readonly rows: number;
  readonly rowElements: number;
  /** Whether any index is given: into an empty data every given index is out of range. */
  readonly anyIndex: boolean;
  args(x: Tensor | ResidentTensor, updates: Operand): A;
  /** Runs the kernel on an empty data, for the error naming the first index. */
  refuseEmpty(elementSize: number, args: A): void;
}

/**
 * Every scatter's last steps: `out` checked against all three inputs (never
 * written in place: the kernel reads the data as it writes), the move plan
 * dispatched, strings by their uint32 stand-ins.
 */
export function dispatchScatter<A>(context: OpContext, data: Operand, indices: Operand, updates: Operand, outValue: unknown, move: ScatterMove<A>): Tensor | ResidentTensor {
  const out = outValue === undefined ? undefined
    : checkOut(context, outValue, data.type, data.size, { inputs: [['data', data], ['indices', indices], ['updates', updates]], inPlace: false });
  const run = (x: Tensor | ResidentTensor, u: Operand): Tensor | ResidentTensor => {
    const args = move.args(x, u);
    if (data.size === 0 && move.anyIndex) move.refuseEmpty(elementBytes(x.type), args);
    return dispatch({
      kind: 'move', context, input: x, dims: data.dims, size: data.size, ops: move.ops, builtinFits: false,
      rows: move.rows, rowElements: move.rowElements, callsPerRow: 1, args,
    }, out);
  };
  if (data.type === 'string') return scatterStrings(data as Tensor, updates as Tensor, (d, u) => run(d, u) as Tensor);
  return run(data, updates);
}
