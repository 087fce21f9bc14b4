// The page's side of the worker (worker.ts): sends each state to it, and
// hands back its outcome and then its timing. A newer request cancels the
// last: while a call is under way (or is slow) the worker is terminated and
// a fresh one started, so nothing the person typed waits for a huge call;
// otherwise the worker drops the last call's timing by itself.
import type { State } from './state.js';
import type { Reply, Request } from './worker.js';
import { SLOW_MS } from './measure.js';

export interface Handlers {
  outcome(reply: Extract<Reply, { kind: 'outcome' }>): void;
  timing(reply: Extract<Reply, { kind: 'timing' }>): void;
  /** The worker failed (it ran out of memory, or could not start). */
  failed(message: string): void;
  /** Whether a call is under way, for the page's "working" sign. */
  busy(working: boolean): void;
}

let worker: Worker | undefined;
let latest = 0;
/** What the worker is doing for the latest request. */
let phase: 'idle' | 'running' | 'timing' = 'idle';
let slow = false;
let handlers: Handlers;

function spawn(): Worker {
  const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  let started = false;
  w.onmessage = (event: MessageEvent<Reply>) => {
    started = true;
    const reply = event.data;
    if (reply.id !== latest || w !== worker) return;
    if (reply.kind === 'outcome') {
      phase = reply.view ? 'timing' : 'idle';
      slow = reply.ms > SLOW_MS;
      handlers.busy(false);
      handlers.outcome(reply);
    } else if (reply.kind === 'timing') {
      phase = 'idle';
      handlers.timing(reply);
    } else {
      phase = 'idle';
      handlers.busy(false);
      handlers.failed(reply.error);
    }
  };
  w.onerror = (event) => {
    event.preventDefault();
    if (w !== worker) return;
    const during = phase;
    stop();
    handlers.busy(false);
    const detail = event.message ? `: ${event.message}` : '';
    handlers.failed(!started ? `The worker that runs the op could not start${detail}`
      : during === 'timing' ? 'The timing stopped: the browser ended the worker (out of memory?)'
      : `The call stopped: the browser ended the worker (out of memory?)${detail}`);
  };
  return w;
}

function stop(): void {
  worker?.terminate();
  worker = undefined;
  phase = 'idle';
}

export function setHandlers(h: Handlers): void {
  handlers = h;
}

/** Runs `state` in the worker, cancelling whatever the last request still does. */
export function request(state: State, fields: readonly string[]): void {
  const id = ++latest;
  if (phase === 'running' || (phase === 'timing' && slow)) stop();
  worker ??= spawn();
  phase = 'running';
  const message: Request = { id, state: { ...state, op: state.op.slug }, fields };
  worker.postMessage(message);
  // The sign shows only when the answer takes a moment, so that it never flickers.
  setTimeout(() => {
    if (id === latest && phase === 'running') handlers.busy(true);
  }, 150);
}

/** No call is wanted (a field has an error the page found itself): drops what runs. */
export function cancel(): void {
  latest++;
  if (phase !== 'idle') stop();
  handlers.busy(false);
}
