// The demo page: one page per op (#/tile, #/floor, ...), where the person
// picks a version and type, edits the input and the parameters, and the
// output is recomputed on every change. Everything set lives in the URL.
// This module boots the page and wires the events; the parts live in
// state (and URL), editor, run, output and timing.
import * as tw from 'tessera-wasm';
import { el, guard, showFailure } from './dom.js';
import { bindInputEditor, fieldKeys, focusField, randomize, renderInputEditor, renderNav, renderParams, renderPickers, setError } from './editor.js';
import { gradient } from './heat.js';
import { highlight, moveFocus, renderOutput, showNotRun } from './output.js';
import { evaluate } from './run.js';
import { app, fromExample, readUrl, writeUrl } from './state.js';
import { cancelTiming, startTiming } from './timing.js';

type DataType = tw.DataType;

let ready = false;

/** Recomputes the output from the state, or shows where it cannot be. */
function update(): void {
  writeUrl(app.state);
  if (!ready) return;
  const outcome = evaluate(app.state, (key) => document.getElementById(`note-${key}`) !== null);
  if (app.state.mode === 'text') el.dims.value = app.state.dims.join(', ');
  for (const key of fieldKeys()) setError(key, outcome.errors.get(key));
  if (!outcome.ran) {
    showNotRun(outcome.errors);
    cancelTiming();
    return;
  }
  renderOutput(outcome.ran);
  startTiming(outcome.ran.call.run, outcome.ran.call.expression);
}

let pending: ReturnType<typeof setTimeout> | undefined;

/** Recomputes soon (typing stays smooth on big inputs), or now with delay 0. */
function changed(delay = 120): void {
  clearTimeout(pending);
  if (delay === 0) update();
  else pending = setTimeout(guard(update), delay);
}

function renderAll(): void {
  renderPickers();
  renderParams(changed);
  renderInputEditor();
  changed(0);
}

/** Opens the page the URL names (an op's link, back and forward, a shared link). */
function openUrl(): void {
  app.state = readUrl();
  renderAll();
}

function bind(): void {
  window.addEventListener('hashchange', guard(openUrl));
  el.version.addEventListener('change', guard(() => {
    // The type, input and parameters are kept: what the new version refuses shows where it applies.
    const s = app.state;
    const before = s.op.fields(s.version).map((f) => f.key).join();
    s.version = Number(el.version.value);
    const example = s.op.example(s.version);
    for (const field of s.op.fields(s.version)) s.params[field.key] ??= example.params[field.key] ?? '';
    renderPickers();
    renderInputEditor();
    if (before !== s.op.fields(s.version).map((f) => f.key).join()) renderParams(changed);
    changed(0);
  }));
  el.node.addEventListener('change', guard(() => {
    app.state.node = el.node.checked;
    renderPickers();
    renderInputEditor();
    changed(0);
  }));
  el.type.addEventListener('change', guard(() => {
    app.state.type = el.type.value as DataType;
    renderPickers();
    changed(0);
  }));
  el.example.addEventListener('click', guard(() => {
    const { op, version, node } = app.state;
    app.state = { ...fromExample(op, version), node };
    renderAll();
  }));
  el.random.addEventListener('click', guard(() => {
    randomize();
    renderParams(changed);
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
  app.state = readUrl();
  bind();
  // The controls need no wasm: drawn first, so nothing moves when it arrives.
  renderPickers();
  renderParams(changed);
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
  document.documentElement.classList.remove('loading');
}

main().catch((error: unknown) => showFailure(`The page failed to start: ${(error as Error)?.message ?? error}`));
