// Running the op once: the page's own checks of what was typed (each
// InputError names its field), then the library's call; a SpecError goes to
// the field its `param` names.
import * as tw from 'tessera-wasm';
import { InputError, parseInt1, parseIntList, parseNested, product } from './nested.js';
import { parseAttribute } from './ops/attribute.js';
import type { Call, Field, Param, RunArgs } from './ops/op.js';
import { type State, fieldsOf, runsAsNode } from './state.js';
import { makeTensor, parseValue } from './values.js';

/** Inputs larger than this are refused: the page is for trying, not benchmarking. */
const INPUT_LIMIT = 65536;

export interface Outcome {
  /** Set when the call ran. */
  readonly ran?: {
    /** The call's outputs: one, or (Split, TopK) several. */
    readonly outputs: readonly tw.Tensor[]; readonly input?: tw.Tensor; readonly args: RunArgs; readonly call: Call;
    /** How long the call took (its first run). */
    readonly ms: number;
  };
  /** Field key (or `call`, when no field is at fault) -> message. */
  readonly errors: ReadonlyMap<string, string>;
  /** The input tensor, when the typed elements made one (whether or not the call ran). */
  readonly input?: tw.Tensor;
}

/** The input tensor from the grid or the text box (which also sets the state's dims and items). */
function inputOf(s: State): tw.Tensor {
  if (s.mode === 'text') {
    const parsed = parseNested(s.text);
    s.dims = parsed.dims;
    s.items = parsed.items;
  }
  if (product(s.dims) > INPUT_LIMIT) throw new InputError(`${product(s.dims)} elements: this page takes up to ${INPUT_LIMIT}`);
  return makeTensor(s.type, s.dims, s.items);
}

/** A tensor field's tensor from its text and type (its dims where the text has none of its own: an empty tensor). */
function tensorField(s: State, field: Field): tw.Tensor | undefined {
  const t = s.tensors[field.key];
  if (!t || t.text.trim() === '') {
    if (field.optional) return undefined;
    throw new InputError(`enter ${field.label} as nested arrays: [[1, 2], [3, 4]]`);
  }
  const parsed = parseNested(t.text);
  const dims = product(t.dims) === parsed.items.length && product(parsed.dims) === 0 ? t.dims : parsed.dims;
  if (product(dims) > INPUT_LIMIT) throw new InputError(`${product(dims)} elements: this page takes up to ${INPUT_LIMIT}`);
  return makeTensor(t.type, dims, parsed.items);
}

function paramsOf(s: State, errors: Map<string, string>): Record<string, Param> {
  const params: Record<string, Param> = {};
  for (const field of fieldsOf(s)) {
    const text = s.params[field.key] ?? '';
    try {
      if (field.kind === 'tensor') {
        params[field.key] = tensorField(s, field);
      } else if (field.optional && text.trim() === '' && field.kind !== 'value') {
        params[field.key] = undefined;  // left out: the op's default
      } else if (field.kind === 'auto') {
        params[field.key] = parseAttribute(text);
      } else if (field.kind === 'ints') {
        params[field.key] = parseIntList(text);
      } else if (field.kind === 'int') {
        params[field.key] = parseInt1(text);
      } else if (field.kind === 'choice') {
        // A link may name anything: the menu's options are the field's rule.
        const choices = field.choices?.(s.version) ?? [];
        if (!choices.includes(text)) throw new InputError(`choose one of ${choices.join(', ')} (got ${JSON.stringify(text)})`);
        params[field.key] = text;
      } else {
        if (text.trim() !== '') parseValue(s.type, text);
        params[field.key] = text;
      }
    } catch (error) {
      // tw.encode and the Tensor constructor judge a tensor field's elements too.
      if (!(error instanceof InputError || error instanceof tw.SpecError)) throw error;
      errors.set(field.key, error.message);
    }
  }
  return params;
}

/**
 * Runs the state's call. `hasField` says whether the page shows a field: a
 * SpecError whose field is not on the page (or that names none) is the
 * whole call's.
 */
export function evaluate(s: State, hasField: (key: string) => boolean): Outcome {
  const errors = new Map<string, string>();
  let input: tw.Tensor | undefined;
  if (s.op.input) {
    try {
      input = inputOf(s);
    } catch (error) {
      // tw.encode and the Tensor constructor judge the elements too.
      if (!(error instanceof InputError || error instanceof tw.SpecError)) throw error;
      errors.set('input', error.message);
    }
  }
  const params = paramsOf(s, errors);
  if (errors.size > 0) return { errors, input };

  const args: RunArgs = { version: s.version, node: runsAsNode(s), type: s.type, input, params, count: s.count };
  try {
    const call = s.op.call(args);
    const t0 = performance.now();
    const result = call.run();
    const ms = performance.now() - t0;
    const outputs = Array.isArray(result) ? result as readonly tw.Tensor[] : [result as tw.Tensor];
    return { ran: { outputs, input, args, call, ms }, errors, input };
  } catch (error) {
    if (error instanceof tw.SpecError) {
      const field = s.op.fieldOf(error.param, s.version, s.count);
      errors.set(field !== undefined && hasField(field) ? field : 'call', error.message);
    } else if (error instanceof InputError) {
      errors.set(error.field ?? 'call', error.message);
    } else {
      throw error;
    }
    return { errors, input };
  }
}
