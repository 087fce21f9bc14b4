// What the person has set, and its URL: `#/<op>?v=…&type=…&x=…&<params>`.
// Each op has its own page (`#/tile`); the older `?op=Tile&v=13&…` links
// (and `?op=tile`) still open the same state.
import * as tw from 'tessera-wasm';
import { formatNested, parseIntList, parseNested, product } from './nested.js';
import { DEMO_OPS, FIRST_OP, opNamed } from './ops/index.js';
import type { DemoOp, Example, Field, TensorText } from './ops/op.js';
import { startTensor } from './ops/page.js';

type DataType = tw.DataType;

export interface Version {
  readonly since: number;
  readonly types: Readonly<Record<string, readonly DataType[]>>;
}

export interface State {
  op: DemoOp;
  version: number;
  /** The op's node switch (AsStrided: the ATB node and its types, rather than tw.asStrided). */
  node: boolean;
  type: DataType;
  mode: 'grid' | 'text';
  dims: number[];
  /** The grid's elements: the first product(dims) of `typed`, padded with blanks. */
  items: string[];
  /**
   * Every value typed, in order, also past what the dims hold now: typing
   * `2, 3` over `2, 2` passes through `2` and loses nothing.
   */
  typed: string[];
  /** The text box as typed (it may not parse while being typed). */
  text: string;
  params: Record<string, string>;
  /** The other tensor inputs (fields of kind `tensor`), by field key. */
  tensors: Record<string, TensorText>;
  /** How many instances of the variadic input (Concat's, Sum's) are given; 1 when the op has none. */
  count: number;
}

// ---------------------------------------------------------------------------
// Versions and types, from the library's own table (tw.OPS)

export function versionsOf(op: DemoOp): readonly Version[] {
  return op.schema.versions as readonly Version[];
}

/** The fields the state's version shows. */
export function fieldsOf(s: State): readonly Field[] {
  return s.op.fields(s.version, s.count);
}

export function newest(op: DemoOp): number {
  return versionsOf(op).at(-1)!.since;
}

function versionOf(op: DemoOp, since: number): Version {
  return versionsOf(op).find((v) => v.since === since) ?? versionsOf(op).at(-1)!;
}

/** Whether the call goes through tw.runNode: the op has no named call here, an older version is chosen, or its node switch is on. */
export function runsAsNode(s: State): boolean {
  return s.op.nodeSwitch ? s.node : !s.op.hasNamedCall || s.version !== newest(s.op);
}

/** The types the call takes: the named op's own set where it differs, else the version's. */
export function allowedTypes(s: State): readonly DataType[] {
  if (s.op.namedTypes && !runsAsNode(s)) return s.op.namedTypes;
  const constraint = s.op.typeConstraint(s.version);
  if (constraint === undefined) return tw.DATA_TYPES;
  return versionOf(s.op, s.version).types[constraint] ?? [];
}

/** `Tile-13`, or `ATB AsStrided` for the unversioned ATB op. */
export function versionName(s: State): string {
  return s.op.schema.domain === 'atb' ? `ATB ${s.op.op}` : `${s.op.op}-${s.version}`;
}

/** A version's menu label: its since_version, short enough for a phone's half-width menu. */
export function versionLabel(v: Version, next: Version | undefined): string {
  return next === undefined ? `${v.since} · newest` : String(v.since);
}

/** The opsets that select a version (ONNX resolves an opset to the newest since_version at or below it). */
export function opsetsOf(op: DemoOp, since: number): string {
  const versions = versionsOf(op);
  const next = versions[versions.findIndex((v) => v.since === since) + 1];
  if (next === undefined) return `opsets ${since}+`;
  return next.since - 1 === since ? `opset ${since}` : `opsets ${since}–${next.since - 1}`;
}

// ---------------------------------------------------------------------------
// Building a state

export function quote(type: DataType, text: string): string {
  return type === 'string' ? JSON.stringify(text) : text;
}

/** The text box's form of the grid's elements. */
export function textOf(s: State): string {
  return formatNested(s.dims, s.items.map((item) => quote(s.type, item)));
}

/** A new element's text: what an empty cell means for the type. */
export function blank(type: DataType): string {
  return type === 'string' ? '' : type === 'bool' ? 'false' : '0';
}

/** Sets the elements wholesale (an example, random values, the text box, a link): they are all that was typed. */
export function setItems(s: State, items: readonly string[]): void {
  s.items = [...items];
  s.typed = [...items];
}

/** New dims: the values typed so far fill them in order; only what does not fit is left out or padded. */
export function reshape(s: State, dims: readonly number[]): void {
  s.dims = [...dims];
  s.items = Array.from({ length: product(dims) }, (_, i) => s.typed[i] ?? blank(s.type));
  s.text = textOf(s);
}

/** The element at flat index `i` was edited. */
export function setItem(s: State, i: number, text: string): void {
  s.items[i] = text;
  while (s.typed.length < i) s.typed.push(s.items[s.typed.length] ?? blank(s.type));
  s.typed[i] = text;
}

/**
 * Keeps the type when the call takes it, else picks one it takes (the
 * example's, or the first): returns the type given up, if one was.
 */
export function keepValidType(s: State): DataType | undefined {
  const allowed = allowedTypes(s);
  if (allowed.includes(s.type)) return undefined;
  const given = s.type;
  const example = s.op.example(s.version).type;
  s.type = allowed.includes(example) ? example : allowed[0];
  return given;
}

/**
 * After a version switch: each tensor field whose type the version's
 * constraint no longer allows (where the constraint is known, not guessed)
 * takes the version's start type for it. Returns the fields changed, with
 * the type each gave up.
 */
export function keepValidTensorTypes(s: State): [Field, DataType][] {
  const changed: [Field, DataType][] = [];
  for (const field of fieldsOf(s)) {
    const t = s.tensors[field.key];
    if (field.kind !== 'tensor' || !t || !field.types || field.types.guessed || field.types.allowed.includes(t.type)) continue;
    const start = s.op.example(s.version).tensors?.[field.key]?.type;
    s.tensors[field.key] = { ...t, dims: [...t.dims], type: start !== undefined && field.types.allowed.includes(start) ? start : startTensor(field).type };
    changed.push([field, t.type]);
  }
  return changed;
}

export function fromExample(op: DemoOp, version: number, example: Example = op.example(version)): State {
  const variadic = op.variadic(version);
  const s: State = {
    op, version, node: false, type: example.type, mode: 'grid',
    dims: [...(example.dims ?? [])], items: [...(example.items ?? [])], typed: [...(example.items ?? [])], text: '', params: { ...example.params },
    tensors: Object.fromEntries(Object.entries(example.tensors ?? {}).map(([k, t]) => [k, { ...t, dims: [...t.dims] }])),
    count: variadic ? Math.max(variadic.min, 2) : 1,
  };
  s.mode = s.dims.length <= 2 ? 'grid' : 'text';
  s.text = textOf(s);
  fillTensors(s);
  return s;
}

/**
 * Gives every required tensor field of the version a start where it has
 * none (a version switch, an added input): the last instance's for a
 * variadic input's new one, else ones of its preferred type.
 */
export function fillTensors(s: State): void {
  let last: TensorText | undefined;
  for (const field of fieldsOf(s)) {
    if (field.kind !== 'tensor') continue;
    const previous = field.removable ? last : undefined;
    if (!s.tensors[field.key] && !field.optional) s.tensors[field.key] = previous ? { ...previous, dims: [...previous.dims] } : startTensor(field);
    last = s.tensors[field.key] ?? last;
  }
}

// ---------------------------------------------------------------------------
// State <-> URL

/** The op a URL names (and the name it used) and the query that holds the rest: the hash route first, else the old `?op=` form. */
function route(): { op: DemoOp | undefined; name: string | null; query: URLSearchParams } {
  const hash = /^#\/([^?]*)(?:\?(.*))?$/s.exec(location.hash);
  if (hash) return { op: opNamed(hash[1]), name: decodeURIComponent(hash[1]), query: new URLSearchParams(hash[2] ?? '') };
  const query = new URLSearchParams(location.search);
  return { op: opNamed(query.get('op')), name: query.get('op'), query };
}

/** The state a link names, and what it named that does not exist (each saying what was chosen instead). */
export function readUrl(): { state: State; notices: string[] } {
  const notices: string[] = [];
  const { op: named, name, query: q } = route();
  const op = named ?? FIRST_OP;
  if (!named && name) notices.push(`This page has no op “${name}” (the op menu lists all ${DEMO_OPS.length}): showing ${op.op}.`);
  const versions = versionsOf(op);
  const v = q.get('v');
  const version = versions.find((x) => String(x.since) === v?.trim())?.since ?? op.opensAt;
  if (v !== null && String(version) !== v.trim()) {
    notices.push(`${op.op} has no version “${v}” (it has ${versions.map((x) => x.since).join(', ')}): showing ${op.op}-${version}.`);
  }
  const s = fromExample(op, version);
  s.node = op.nodeSwitch !== undefined && q.get('node') === '1';
  const type = q.get('type');
  if (type !== null) {
    if ((tw.DATA_TYPES as readonly string[]).includes(type)) {
      s.type = type as DataType;
      if (keepValidType(s)) notices.push(`${versionName(s)} does not take type ${type}: showing ${s.type}.`);
    } else {
      notices.push(`“${type}” is not a data type: showing ${s.type}.`);
    }
  }
  const variadic = op.variadic(version);
  const n = Number(q.get('n'));
  if (variadic && Number.isSafeInteger(n) && n >= variadic.min && n <= 64) s.count = n;
  for (const field of fieldsOf(s)) {
    const value = q.get(field.key);
    if (field.kind !== 'tensor') {
      if (value !== null) s.params[field.key] = value;
      continue;
    }
    const given = tensorOf(q, field.key, value, s.tensors[field.key]);
    if (given) s.tensors[field.key] = given;
    else delete s.tensors[field.key];
  }
  fillTensors(s);
  const x = q.get('x');
  if (op.input && x !== null) {
    s.text = x;
    try {
      const parsed = parseNested(x);
      const dims = q.has('dims') ? parseIntList(q.get('dims')!) : parsed.dims;
      if (product(dims) === parsed.items.length) {
        s.dims = dims;
        setItems(s, parsed.items);
        s.text = textOf(s);
      }
    } catch {
      s.mode = 'text';  // shown as typed, with its error beside it
    }
  }
  if (q.get('mode') === 'text' || s.dims.length > 2) s.mode = 'text';
  else if (q.get('mode') === 'grid') s.mode = 'grid';
  return { state: s, notices };
}

/** The page's URL for a state: its op's page, and everything set as the query. */
export function urlOf(s: State): string {
  const q = new URLSearchParams();
  q.set('v', String(s.version));
  if (s.op.nodeSwitch) q.set('node', s.node ? '1' : '0');
  q.set('type', s.type);
  if (s.op.input) {
    q.set('mode', s.mode);
    if (s.mode === 'text') {
      q.set('x', s.text);
    } else {
      q.set('dims', s.dims.join(','));
      q.set('x', textOf(s).replace(/\n\s*/g, ' '));
    }
  }
  if (s.op.variadic(s.version)) q.set('n', String(s.count));
  for (const field of fieldsOf(s)) {
    if (field.kind !== 'tensor') {
      q.set(field.key, s.params[field.key] ?? '');
      continue;
    }
    const t = s.tensors[field.key];
    q.set(field.key, t?.text.replace(/\n\s*/g, ' ') ?? '');
    if (t) {
      q.set(`${field.key}.type`, t.type);
      q.set(`${field.key}.dims`, t.dims.join(','));
    }
  }
  return `${location.pathname}#/${s.op.slug}?${q}`;
}

/** A tensor field from a link: its text (empty: not given), its type (kept only if a data type) and its dims where the text has none of its own. */
function tensorOf(q: URLSearchParams, key: string, text: string | null, start: TensorText | undefined): TensorText | undefined {
  if (text === null) return start;
  if (text.trim() === '') return undefined;
  const type = q.get(`${key}.type`);
  const t: TensorText = { type: (tw.DATA_TYPES as readonly string[]).includes(type ?? '') ? type as DataType : start?.type ?? 'float32', dims: [], text };
  try {
    const parsed = parseNested(text);
    const dims = q.has(`${key}.dims`) ? parseIntList(q.get(`${key}.dims`)!) : parsed.dims;
    t.dims = product(dims) === parsed.items.length ? dims : parsed.dims;
  } catch { /* shown as typed, with its error beside it */ }
  return t;
}

/** Keeps the URL in step without a history entry per keystroke (an op's page is one entry). */
export function writeUrl(s: State): void {
  history.replaceState(null, '', urlOf(s));
}

/** The page's one state, replaced whole when an op's page or example is loaded. */
export const app = {} as { state: State };
