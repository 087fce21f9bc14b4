// The op's other tensor inputs, beside the main one: CastLike's target_type,
// Where's X and Y, a variadic input's instances (Concat's inputs[1], …, with
// "Add input" and "Remove"). Each is a type menu, its dims and its values as
// nested arrays; editing the dims reshapes the values typed, in order.
import * as tw from 'tessera-wasm';
import { el, guard } from './dom.js';
import { noteElement, setError } from './editor.js';
import { InputError, formatNested, parseIntList, parseNested, product } from './nested.js';
import type { Field, TensorText } from './ops/op.js';
import { app, blank, fieldsOf, fillTensors, quote } from './state.js';
import { randomValue } from './values.js';

type Changed = (delay?: number) => void;

function typeMenu(field: Field, t: TensorText): HTMLSelectElement {
  const select = document.createElement('select');
  select.id = `type-${field.key}`;
  select.className = 'tensor-type';
  const { allowed, constraint, guessed } = field.types!;
  const options = (types: readonly string[]) => types.map((type) => new Option(type, type, type === t.type, type === t.type));
  const main = document.createElement('optgroup');
  main.label = constraint;
  main.append(...options(allowed));
  select.append(main);
  // The schema does not say which constraint an input has: where the page guessed, the other types stay reachable.
  const others = guessed ? tw.DATA_TYPES.filter((type) => !allowed.includes(type)) : [];
  if (others.length > 0) {
    const rest = document.createElement('optgroup');
    rest.label = `not ${constraint}`;
    rest.append(...options(others));
    select.append(rest);
  }
  return select;
}

/** The state of a tensor field, made on its first edit when it had none (an optional input left out). */
function stateOf(field: Field): TensorText {
  const s = app.state;
  s.tensors[field.key] ??= { type: field.types!.allowed[0] ?? 'float32', dims: [], text: '' };
  return s.tensors[field.key];
}

function editor(field: Field, changed: Changed, rerender: () => void): HTMLElement {
  const t = app.state.tensors[field.key];
  const wrap = document.createElement('div');
  wrap.className = 'field tensor-field';
  wrap.dataset.field = field.key;
  const head = document.createElement('div');
  head.className = 'tensor-head';
  const label = Object.assign(document.createElement('label'), { htmlFor: `param-${field.key}`, className: 'tensor-name' });
  label.append(Object.assign(document.createElement('code'), { textContent: field.label }));
  const type = typeMenu(field, t ?? { type: field.types!.allowed[0], dims: [], text: '' });
  type.setAttribute('aria-label', `${field.label}: type`);
  const dims = Object.assign(document.createElement('input'), { id: `dims-${field.key}`, value: t?.dims.join(', ') ?? '', spellcheck: false, inputMode: 'numeric' });
  dims.setAttribute('aria-label', `${field.label}: dims`);
  dims.setAttribute('aria-describedby', `note-${field.key}`);
  dims.placeholder = 'dims';
  head.append(label, type, dims);
  if (field.removable) {
    const remove = Object.assign(document.createElement('button'), { type: 'button', className: 'remove', textContent: 'Remove' });
    remove.setAttribute('aria-label', `Remove ${field.label}`);
    remove.addEventListener('click', guard(() => {
      removeInstance(field);
      rerender();
      changed(0);
    }));
    head.append(remove);
  }
  const text = Object.assign(document.createElement('textarea'), { id: `param-${field.key}`, name: field.key, rows: 2, spellcheck: false, value: t?.text ?? '' });
  text.placeholder = field.optional ? 'not given' : '[[1, 2], [3, 4]]';
  text.setAttribute('aria-describedby', `note-${field.key}`);

  type.addEventListener('change', guard(() => {
    stateOf(field).type = type.value as TensorText['type'];
    changed(0);
  }));
  text.addEventListener('input', guard(() => {
    const state = stateOf(field);
    state.text = text.value;
    try {
      state.dims = parseNested(text.value).dims;
      dims.value = state.dims.join(', ');
    } catch { /* the worker's outcome shows the error */ }
    changed(250);
  }));
  dims.addEventListener('input', guard(() => {
    try {
      const shape = parseIntList(dims.value);
      if (shape.some((d) => d < 0)) throw new InputError('sizes must be ≥ 0');
      if (product(shape) > 4096) throw new InputError(`${product(shape)} elements: type a tensor this large as text`);
      const state = stateOf(field);
      let items: string[] = [];
      try {
        items = parseNested(state.text).items;
      } catch { /* reshaped from blanks */ }
      const padded = Array.from({ length: product(shape) }, (_, i) => items[i] ?? blank(state.type));
      state.dims = shape;
      state.text = formatNested(shape, padded.map((item) => quote(state.type, item)));
      text.value = state.text;
      setError(field.key, undefined);
      changed();
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      setError(field.key, error.message);
    }
  }));
  wrap.append(head, text, noteElement(field.key, field.hint));
  return wrap;
}

/** A variadic input's instance removed: the ones after it move up. */
function removeInstance(field: Field): void {
  const s = app.state;
  const keys = fieldsOf(s).filter((f) => f.name === field.name && f.kind === 'tensor').map((f) => f.key);
  const at = keys.indexOf(field.key);
  for (let i = at; i < keys.length - 1; i++) s.tensors[keys[i]] = s.tensors[keys[i + 1]];
  delete s.tensors[keys.at(-1)!];
  s.count = Math.max(s.op.variadic(s.version)?.min ?? 1, s.count - 1);
}

/** Draws the tensor fields of the state's version, and the variadic input's "Add input". */
export function renderTensorFields(changed: Changed, rerender: () => void): void {
  const s = app.state;
  const fields = fieldsOf(s).filter((f) => f.kind === 'tensor');
  const variadic = s.op.variadic(s.version);
  el.moreInputs.hidden = fields.length === 0 && !variadic;
  el.tensorFields.replaceChildren(...fields.map((f) => editor(f, changed, rerender)));
  el.addInput.hidden = !variadic;
  if (variadic) el.addInput.textContent = `Add input ${variadic.name}[${s.count}]`;
}

export function bindTensorFields(changed: Changed, rerender: () => void): void {
  el.addInput.addEventListener('click', guard(() => {
    app.state.count++;
    fillTensors(app.state);
    rerender();
    changed(0);
    document.querySelector<HTMLElement>('#tensor-fields .tensor-field:last-child textarea')?.focus();
  }));
}

/** Fresh random values in each tensor field, its dims kept. */
export function randomizeTensors(): void {
  const s = app.state;
  for (const field of fieldsOf(s)) {
    const t = s.tensors[field.key];
    if (field.kind !== 'tensor' || !t || product(t.dims) > 4096) continue;
    t.text = formatNested(t.dims, Array.from({ length: product(t.dims) }, () => quote(t.type, randomValue(t.type))));
  }
}
