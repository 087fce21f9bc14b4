// The module Worker that runs the op for the page: every call, its timing
// and what is drawn of its result are computed here, so that no input, however
// large, holds up the page. One request at a time: a newer one drops the
// timing of the last (between its slices); the page terminates the worker
// when a call itself is under way, or a slow one is being timed (runner.ts).
import * as tw from 'tessera-wasm';
import { type Timing, measure } from './measure.js';
import { InputError, parseNested, unravel } from './nested.js';
import { opNamed } from './ops/index.js';
import { evaluate } from './run.js';
import { type State, fieldsOf } from './state.js';
import { makeTensor, storedChanges } from './values.js';
import { type View, viewOf } from './view.js';

/** What the page sends: its state (the op by its slug) and the fields it shows. */
export interface Request {
  readonly id: number;
  readonly state: Omit<State, 'op'> & { readonly op: string };
  readonly fields: readonly string[];
}

export type Reply =
  | { readonly id: number; readonly kind: 'outcome'; readonly ms: number; readonly view?: View;
      readonly errors: readonly [string, string][]; readonly notes: readonly [string, string][] }
  | { readonly id: number; readonly kind: 'timing'; readonly timing?: Timing; readonly error?: string }
  | { readonly id: number; readonly kind: 'failed'; readonly error: string };

const ready = tw.init();
let latest = 0;

const post = (reply: Reply) => postMessage(reply);

/** Field -> what storing the typed values changed (float16 70000 became Infinity, ...). */
function notesOf(s: State, input: tw.Tensor | undefined): [string, string][] {
  const notes: [string, string][] = [];
  if (input) {
    const changes = storedChanges(input, s.items, (i) => `x[${unravel(i, s.dims).join(', ')}]`);
    if (changes.length > 0) notes.push(['input', changes.join('; ')]);
  }
  for (const field of fieldsOf(s)) {
    const text = s.params[field.key] ?? '';
    const tensor = s.tensors[field.key];
    if (field.kind === 'tensor' && tensor) {
      try {
        const parsed = parseNested(tensor.text);
        const changes = storedChanges(makeTensor(tensor.type, parsed.dims, parsed.items), parsed.items, (i) => `${field.label}[${unravel(i, parsed.dims).join(', ')}]`);
        if (changes.length > 0) notes.push([field.key, changes.join('; ')]);
      } catch (error) {
        if (!(error instanceof InputError || error instanceof tw.SpecError)) throw error;
      }
      continue;
    }
    if (field.kind !== 'value' || text.trim() === '') continue;
    try {
      const changes = storedChanges(makeTensor(s.type, [1], [text]), [text], () => 'value');
      if (changes.length > 0) notes.push([field.key, changes.join('; ')]);
    } catch (error) {
      if (!(error instanceof InputError || error instanceof tw.SpecError)) throw error;
    }
  }
  return notes;
}

/** Runs the request once and posts what the page draws; returns the call to time, if it ran. */
function runOnce({ id, state, fields }: Request): { run: () => unknown; ms: number } | undefined {
  const op = opNamed(state.op);
  if (!op) throw new Error(`no op ${state.op}`);
  const s: State = { ...state, op, dims: [...state.dims], items: [...state.items] };
  const outcome = evaluate(s, (key) => fields.includes(key));
  const notes = notesOf(s, outcome.input);
  const view = outcome.ran && viewOf(op, outcome.ran, s.mode === 'grid');
  const ms = outcome.ran?.ms ?? 0;
  post({ id, kind: 'outcome', ms, view, errors: [...outcome.errors], notes });
  return outcome.ran && { run: outcome.ran.call.run, ms };
}

async function handle(request: Request): Promise<void> {
  await ready;
  const { id } = request;
  if (id !== latest) return;
  // The output itself is dropped before the timing starts: a huge one is not held twice.
  const call = runOnce(request);
  if (!call) return;
  try {
    const timing = await measure(call.run, call.ms, () => id === latest);
    if (id === latest) post({ id, kind: 'timing', timing });
  } catch (error) {
    post({ id, kind: 'timing', error: (error as Error)?.message ?? String(error) });
  }
}

onmessage = (event: MessageEvent<Request>) => {
  latest = event.data.id;
  handle(event.data).catch((error: unknown) => post({ id: event.data.id, kind: 'failed', error: (error as Error)?.message ?? String(error) }));
};
