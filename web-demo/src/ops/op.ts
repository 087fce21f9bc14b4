// What the page needs to know about one op: its parameters with the spec's
// constraints, the spec's example, and how to run it through tw.runNode so
// that the chosen version's rules apply.
import type * as tw from 'tessera-wasm';

export type OpType = keyof typeof import('tessera-wasm').OPS;

/** A parameter field. `ints` is a list of integers, `int` one integer, `value` one element of the chosen type. */
export interface Field {
  readonly key: string;
  readonly label: string;
  /** The spec's constraint, shown beside the field. */
  readonly hint: string;
  readonly kind: 'ints' | 'int' | 'value';
  /** May be left empty. */
  readonly optional?: boolean;
}

/** A field's parsed value: integers for `ints`/`int`, the element text for `value` (empty: not given). */
export type Param = number[] | number | string;

export interface Example {
  readonly type: tw.DataType;
  /** The input tensor: dims and element texts (none for ops without one). */
  readonly dims?: readonly number[];
  readonly items?: readonly string[];
  readonly params: Readonly<Record<string, string>>;
  /** Where it comes from, shown under the buttons. */
  readonly source: string;
}

export interface RunArgs {
  readonly opset: number;
  readonly type: tw.DataType;
  readonly input: tw.Tensor | undefined;
  readonly params: Readonly<Record<string, Param>>;
}

export interface DemoOp {
  readonly op: OpType;
  readonly summary: string;
  /** The type constraint the type menu offers (`T`, or `T2` for ConstantOfShape's value). */
  readonly typeConstraint: string;
  /** The data input's name in the spec, or undefined when the op has none. */
  readonly input?: { readonly name: string; readonly hint: string };
  fields(version: number): readonly Field[];
  example(version: number): Example;
  /** Builds the node and its inputs, and the matching JS call to show. */
  node(args: RunArgs): { spec: tw.NodeSpec; inputs: tw.Tensor[]; code: string };
  /** A random start other than fresh input values: new parameters or dims. */
  random?(current: { readonly version: number; readonly type: tw.DataType; readonly dims: readonly number[] }):
    { readonly params?: Readonly<Record<string, string>>; readonly dims?: number[] } | undefined;
  /** The op reads its input as one flat row (AsStrided): the source view shows it that way. */
  readonly flatSource?: boolean;
  /** The input element (flat index) each output element comes from, where that is defined. */
  source?(args: RunArgs, outputDims: readonly number[]): (flatOutput: number) => number;
  /**
   * The field a SpecError's message is about: a field key, `type`, `input`,
   * or undefined when it concerns the whole call.
   */
  fieldOf(message: string, version: number): string | undefined;
}

/** `[2, 3]` -> `[2n, 3n]` as an int64 tensor, as the ONNX ops want their shape inputs. */
export function int64Tensor(twModule: typeof tw, values: readonly number[]): tw.Tensor {
  return new twModule.Tensor('int64', BigInt64Array.from(values, (v) => BigInt(v)), [values.length]);
}

/**
 * The usual way to place a SpecError: the message after `Op-v: ` starts with
 * the name of what broke (`repeats[1] must be >= 0`); `<name> type ...` of a
 * name in `typed` is about the type menu.
 */
export function fieldByName(message: string, names: Readonly<Record<string, string>>, typed: readonly string[]): string | undefined {
  const body = message.replace(/^[\w.]+(-\d+)?: /, '');
  const first = /^(\w+)( type\b)?/.exec(body);
  if (first && Object.hasOwn(names, first[1])) return first[2] && typed.includes(first[1]) ? 'type' : names[first[1]];
  for (const [name, field] of Object.entries(names)) {
    if (new RegExp(`\\b${name}\\b`).test(body)) return field;
  }
  return undefined;
}
