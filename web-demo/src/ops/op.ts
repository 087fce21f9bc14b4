// What the page needs to know about one op: its parameters with the spec's
// constraints, the spec's example, the JS call that runs it (the named op,
// or tw.runNode where a version is chosen) and which field each of the
// library's parameter names belongs to.
import * as tw from 'tessera-wasm';

export type OpType = keyof typeof tw.OPS;

/**
 * A parameter field. `ints` is a list of integers, `int` one integer, `value`
 * one element of the chosen type, `choice` one of `choices` (a menu: Cast's
 * `to`, its `round_mode`).
 */
export interface Field {
  readonly key: string;
  readonly label: string;
  /** The spec's constraint, shown beside the field. */
  readonly hint: string;
  readonly kind: 'ints' | 'int' | 'value' | 'choice';
  /** May be left empty. */
  readonly optional?: boolean;
  /** A `choice` field's options at a version, in menu order (given to the call as the text chosen). */
  choices?(version: number): readonly string[];
}

/** A field's parsed value: integers for `ints`/`int`, the element text for `value` (empty: not given), the option for `choice`. */
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
  /** The op version (since_version) whose rules apply. */
  readonly version: number;
  /** Through tw.runNode at `version` (a version was chosen, or AsStrided's ATB node), else the named op. */
  readonly node: boolean;
  readonly type: tw.DataType;
  readonly input: tw.Tensor | undefined;
  readonly params: Readonly<Record<string, Param>>;
}

/** One call of the library, ready to repeat: what the output shows, the timing repeats and the code view spells out. */
export interface Call {
  run(): tw.Tensor;
  /** Statements that build the call's other arguments, each ending in `;` (may be empty). */
  readonly setup: readonly string[];
  /** The call itself: `tw.tile(x, [2, 2])`. */
  readonly expression: string;
  /** Whether it returns an array of outputs (runNode) rather than one tensor. */
  readonly many: boolean;
}

export interface DemoOp {
  readonly op: OpType;
  /** Its page: `#/<slug>`. */
  readonly slug: string;
  /** The named op, as the code view writes it: `tw.tile`. */
  readonly named: string;
  readonly summary: string;
  /** The type constraint the type menu offers (`T`, or `T2` for ConstantOfShape's value). */
  readonly typeConstraint: string;
  /** The types the named op takes, where they are not its newest version's (tw.asStrided: every type). */
  readonly namedTypes?: readonly tw.DataType[];
  /** A switch between the named op and the op's own node (AsStrided: the ATB node's types). */
  readonly nodeSwitch?: { readonly label: string; readonly on: string; readonly off: string };
  /** The data input's name in the spec, or undefined when the op has none. */
  readonly input?: { readonly name: string; readonly hint: (node: boolean) => string };
  fields(version: number): readonly Field[];
  example(version: number): Example;
  call(args: RunArgs): Call;
  /** A random start other than fresh input values: new parameters or dims. */
  random?(current: { readonly version: number; readonly type: tw.DataType; readonly dims: readonly number[] }):
    { readonly params?: Readonly<Record<string, string>>; readonly dims?: number[] } | undefined;
  /** The op reads its input as one flat row (AsStrided): the source view shows it that way. */
  readonly flatSource?: boolean;
  /** The input element (flat index) each output element comes from, where that is defined. */
  source?(args: RunArgs, outputDims: readonly number[]): (flatOutput: number) => number;
  /**
   * The field that shows a SpecError whose `param` is `param`: a field key,
   * `type`, `input` or `version`; undefined when no field is at fault.
   */
  fieldOf(param: string | undefined, version: number): string | undefined;
}

/** `[2, 3]` -> `[2n, 3n]` as an int64 tensor, as the ONNX ops want their shape inputs. */
export function int64Tensor(values: readonly number[], dims: readonly number[] = [values.length]): tw.Tensor {
  return new tw.Tensor('int64', BigInt64Array.from(values, (v) => BigInt(v)), dims);
}

/** The JS that builds `int64Tensor(values, dims)`. */
export function int64Code(values: readonly number[], dims: readonly number[] = [values.length]): string {
  return `new tw.Tensor('int64', new BigInt64Array([${values.map((v) => `${v}n`).join(', ')}]), [${dims.join(', ')}])`;
}

export const list = (values: readonly number[]) => `[${values.join(', ')}]`;

/** A call through tw.runNode: `{ opType: 'Tile', opset: 6 }` and its inputs by name. */
export function nodeCall(node: tw.NodeSpec, nodeCode: string, inputs: readonly tw.Tensor[], names: readonly string[],
  setup: readonly string[] = []): Call {
  return {
    run: () => tw.runNode(node, inputs)[0],
    setup,
    expression: `tw.runNode(${nodeCode}, [${names.join(', ')}])`,
    many: true,
  };
}

/**
 * The field of a SpecError's `param`, from the op's table of the library's
 * parameter names; `opset` is the version menu's for every op. (The data
 * input is built by the page from checked text, so what the library can fault
 * in it is its type: the ops give it to the type menu.)
 */
export function fieldFrom(table: Readonly<Record<string, string>>, param: string | undefined): string | undefined {
  if (param !== undefined && Object.hasOwn(table, param)) return table[param];
  return param === 'opset' ? 'version' : undefined;
}
