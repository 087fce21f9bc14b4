// The demo page: one page per op (#/tile, #/floor, ...), where the person
// picks a version and type, edits the input and the parameters, and the
// output is recomputed on every change. Everything set lives in the URL.
// This module boots the page and wires the events; the parts live in
// state (and URL), editor, runner (the worker that runs the op: worker,
// run, view, measure), output and timing.
import * as tw from 'tessera-wasm';
import { el, guard, showFailure } from './dom.js';
import {
  bindInputEditor, fieldKeys, focusField, randomize, renderInputEditor, renderParams, renderPickers, setError, setInfo,
} from './editor.js';
import { gradient } from './heat.js';
import { parseNested } from './nested.js';
import { highlight, markCodeStale, moveFocus, renderOutput, showNotRun } from './output.js';
import { bindNav, renderNav } from './picker.js';
import { request, setHandlers } from './runner.js';
import { app, fieldsOf, fillTensors, fromExample, keepValidTensorTypes, keepValidType, readUrl, setItems, versionName, writeUrl } from './state.js';
import { bindTensorFields, randomizeTensors, renderTensorFields } from './tensors.js';
import { clearTiming, showTiming, timingStarted } from './timing.js';

type DataType = tw.DataType;

let ready = false;
/** The call on show, for its timing's explanation. */
let expression = '';

/** Recomputes the output from the state in the worker (runner.ts), which answers through the handlers below. */
function update(): void {
  writeUrl(app.state);
  if (!ready) return;
  const s = app.state;
  if (s.mode === 'text') {
    // The dims field follows the text box as it is typed (the worker judges the elements).
    try {
      const parsed = parseNested(s.text);
      s.dims = parsed.dims;
      setItems(s, parsed.items);
      el.dims.value = s.dims.join(', ');
    } catch { /* the worker's outcome shows the error */ }
  }
  request(s, fieldKeys());
}

setHandlers({
  outcome: guard((reply) => {
    answered();
    const errors = new Map(reply.errors);
    const notes = new Map(reply.notes);
    for (const key of fieldKeys()) {
      setError(key, errors.get(key));
      if (key !== 'type' && key !== 'version') setInfo(key, notes.get(key));
    }
    if (!reply.view) {
      showNotRun(errors);
      clearTiming();
      document.documentElement.classList.remove('loading');
      return;
    }
    renderOutput(reply.view);
    expression = reply.view.expression;
    timingStarted();
    document.documentElement.classList.remove('loading');
  }),
  timing: guard((reply) => showTiming(reply.timing, expression, reply.error)),
  failed: guard((message) => {
    answered();
    showNotRun(new Map([['call', message]]));
    clearTiming();
  }),
  busy: (working) => {
    el.busy.hidden = !working;
    el.result.setAttribute('aria-busy', String(working));
    document.body.classList.toggle('working', working);
    if (working) markCodeStale('this is the last call that ran; the new one is running.');
  },
});

let pending: ReturnType<typeof setTimeout> | undefined;

/**
 * Recomputes soon (typing stays smooth on big inputs), or now with delay 0.
 * Until the answer to the last change is drawn, `<body data-pending>` says
 * that what is shown is not yet its output (tests wait on it).
 */
function changed(delay = 120): void {
  clearTimeout(pending);
  pending = undefined;
  document.body.dataset.pending = '';
  if (delay === 0) update();
  else pending = setTimeout(guard(() => {
    pending = undefined;
    update();
  }), delay);
}

/** The worker answered the latest request: unless another change waits, the page shows its output. */
function answered(): void {
  if (pending === undefined) delete document.body.dataset.pending;
}

/** The fields of the state's version: the parameters and the other tensor inputs. */
function renderFields(): void {
  renderParams(changed);
  renderTensorFields(changed, renderFields);
}

function renderAll(): void {
  renderPickers();
  renderFields();
  renderInputEditor();
  changed(0);
}

/** Says what a link named that does not exist, and what is shown instead. */
function showNotices(notices: readonly string[]): void {
  el.linkNotice.textContent = notices.join(' ');
  el.linkNotice.hidden = notices.length === 0;
}

/** Opens the page the URL names (an op's link, back and forward, a shared link). */
function openUrl(): void {
  const { state, notices } = readUrl();
  app.state = state;
  showNotices(notices);
  setInfo('type', undefined);
  renderAll();
}

/** After a version or node switch: a type the call no longer takes is swapped for one it takes, and the note says so. */
function keepTypeValid(): void {
  const given = keepValidType(app.state);
  setInfo('type', given && `${versionName(app.state)} does not take ${given}: switched to ${app.state.type}.`);
}

function bind(): void {
  window.addEventListener('hashchange', guard(openUrl));
  el.version.addEventListener('change', guard(() => {
    // The type, input and parameters are kept: what the new version refuses shows where it applies.
    const s = app.state;
    const before = fieldsOf(s).map((f) => f.key).join();
    s.version = Number(el.version.value);
    keepTypeValid();
    const example = s.op.example(s.version);
    for (const field of fieldsOf(s)) {
      if (field.kind === 'tensor') s.tensors[field.key] ??= example.tensors?.[field.key] ?? s.tensors[field.key];
      else s.params[field.key] ??= example.params[field.key] ?? '';
    }
    fillTensors(s);
    // A tensor field's type the new version refuses is swapped too (the menu shows it; the outcome's notes replace a field's note).
    const switched = keepValidTensorTypes(s);
    renderPickers();
    renderInputEditor();
    if (before !== fieldsOf(s).map((f) => f.key).join() || switched.length > 0) renderFields();
    changed(0);
  }));
  el.node.addEventListener('change', guard(() => {
    app.state.node = el.node.checked;
    keepTypeValid();
    renderPickers();
    renderInputEditor();
    changed(0);
  }));
  el.type.addEventListener('change', guard(() => {
    app.state.type = el.type.value as DataType;
    setInfo('type', undefined);
    renderPickers();
    changed(0);
  }));
  el.example.addEventListener('click', guard(() => {
    const { op, version, node } = app.state;
    app.state = { ...fromExample(op, version), node };
    keepTypeValid();
    renderAll();
  }));
  el.random.addEventListener('click', guard(() => {
    randomize();
    randomizeTensors();
    renderFields();
    renderInputEditor();
    changed(0);
  }));
  el.copy.addEventListener('click', guard(() => {
    writeUrl(app.state);
    const done = (ok: boolean) => {
      el.copyStatus.textContent = ok ? 'Link copied' : 'Copy the address bar';
      setTimeout(() => { el.copyStatus.textContent = ''; }, 2500);
    };
    navigator.clipboard?.writeText(location.href).then(() => done(true), () => done(false)) ?? done(false);
  }));
  bindInputEditor(changed);
  bindTensorFields(changed, renderFields);
  bindNav();

  el.runStatus.addEventListener('click', (event) => {
    const link = (event.target as HTMLElement).closest<HTMLElement>('button[data-field]');
    if (link) focusField(link.dataset.field!);
  });
  el.outputGrid.addEventListener('mouseover', (event) => highlight((event.target as HTMLElement).closest('td')));
  el.outputGrid.addEventListener('focusin', (event) => highlight((event.target as HTMLElement).closest('td')));
  el.outputGrid.addEventListener('mouseleave', () => highlight(document.activeElement?.closest('#output-grid td') ?? null));
  el.outputGrid.addEventListener('keydown', moveFocus);
  el.controls.addEventListener('submit', (event) => event.preventDefault());
}

function showBackend(): void {
  const info = tw.backendInfo();
  const file = info.source.split('/').pop()?.replace(/-[\w-]{8}\.wasm$/, '.wasm') ?? 'tessera.wasm';
  el.backend.replaceChildren(
    Object.assign(document.createElement('span'), { className: 'badge', textContent: info.simd ? 'SIMD128' : 'scalar' }),
    Object.assign(document.createElement('span'), { className: 'file', textContent: ` ${file} · ` }),
    Object.assign(document.createElement('span'), { id: 'wasm-size', textContent: info.wasmBytes === undefined ? 'size unknown' : `${(info.wasmBytes / 1024).toFixed(1)} KiB` }),
  );
  el.backend.title = `Loaded from ${info.source} (${info.wasmBytes} bytes)`;
}

async function main(): Promise<void> {
  el.legendBar.style.background = gradient();
  // Wide screens have room for the code beside the output.
  el.codeView.open = matchMedia('(min-width: 901px)').matches;
  renderNav();
  const { state, notices } = readUrl();
  app.state = state;
  showNotices(notices);
  bind();
  // The controls need no wasm: drawn first, so nothing moves when it arrives.
  renderPickers();
  renderFields();
  renderInputEditor();
  try {
    await tw.init();
  } catch (error) {
    el.backend.textContent = 'tessera.wasm did not load';
    el.backend.classList.add('bad');
    showFailure(`Could not load the WebAssembly module: ${(error as Error).message}`);
    return;
  }
  showBackend();
  document.body.classList.add('ready');
  ready = true;
  changed(0);
  // The result panel shows once the worker's first answer is drawn (or after a moment, whatever it is).
  setTimeout(() => document.documentElement.classList.remove('loading'), 1500);
}

main().catch((error: unknown) => showFailure(`The page failed to start: ${(error as Error)?.message ?? error}`));
