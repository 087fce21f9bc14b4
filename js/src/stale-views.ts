// Views of WebAssembly memory handed out by ResidentTensor.view(). Growing
// memory detaches the ArrayBuffer under every such view: the view reads as
// empty. The library cannot make the caller's array throw, but wherever one
// comes back to it (a Tensor's data, an op's out) it says what happened
// instead of "length 0".
import { type OpContext, specError } from './errors.js';
import { isDetached } from './typed-array.js';

const viewBuffers = new WeakSet<ArrayBufferLike>();

/** Remembers the buffer of a view() just made. */
export function rememberView(buffer: ArrayBufferLike): void {
  viewBuffers.add(buffer);
}

/** The SpecError for data on a buffer view() handed out and memory growth since detached; undefined for any other buffer. */
export function staleViewError(context: OpContext, param: string, buffer: ArrayBufferLike): Error | undefined {
  if (!viewBuffers.has(buffer) || !isDetached(buffer)) return undefined;
  return specError(context, param, `${param} is a resident tensor's view() taken before WebAssembly memory grew (growth detaches every view of it, which then reads as empty): call view() again after any op or allocation`);
}
