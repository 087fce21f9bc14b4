// What the page knows about one op. Every op of tw.OPS has a page, built from
// its schema (page.ts): its versions, their inputs and attributes, their
// type constraints. What a schema cannot say comes from the op's optional
// descriptor (a module in this folder): an example with its source, a hint
// per field, which inputs or attributes are lists of ints, one int, one value
// or a menu, the named function's call, and where each output element comes from.
import * as tw from 'tessera-wasm';

// The op names (strings: an op table whose names some factories type as string has number keys too).
export type OpType = Extract<keyof typeof tw.OPS, string>;
/** An op's schema as tw.OPS gives it, widened (every op's versions alike). */
export type Schema = tw.OpSchema;

/**
 * How a field is edited. `tensor` is a tensor editor (type, dims, values);
 * `ints` a list of integers (a 1-D int64 tensor where it is an input), `int`
 * one integer (an int64 scalar), `value` one element of the chosen type (a
 * one-element tensor), `choice` one of `choices`, and `auto` a text parsed
 * as JSON-ish: an int, a float, a list of them, a string (what a schema's
 * attribute is, when no descriptor says more).
 */
export type FieldKind = 'tensor' | 'ints' | 'int' | 'value' | 'choice' | 'auto';

/** A parameter field: one input (or one instance of a variadic input) or one attribute of the version. */
export interface Field {
  /** Its key in the URL and in element ids (`param-<key>`, `note-<key>`). */
  readonly key: string;
  /** The schema's name of the input or attribute. */
  readonly name: string;
  readonly role: 'input' | 'attribute' | 'outputs';
  readonly label: string;
  /** The spec's constraint, shown beside the field. */
  readonly hint: string;
  readonly kind: FieldKind;
  /** An input's place in the node's inputs (a variadic input's instances one after another). */
  readonly position?: number;
  /** May be left empty (an optional input or an attribute with a default). */
  readonly optional?: boolean;
  /** A `choice` field's options at a version, in menu order (given to the call as the text chosen). */
  choices?(version: number): readonly string[];
  /** A `tensor` field's types: those its type constraint allows, and (a guess, not the schema's) the others. */
  readonly types?: { readonly allowed: readonly tw.DataType[]; readonly constraint: string; readonly guessed: boolean };
  /** A variadic input's instance after the first: it may be removed. */
  readonly removable?: boolean;
}

/** What the page hands a call for a field: ints, an int, a text, an attribute's parsed value, a tensor, or nothing given. */
export type Param = number[] | number | string | bigint | readonly (number | bigint | string)[] | tw.Tensor | undefined;

/** A tensor input's editor state beside the main input: its type and its text (nested arrays), and its dims. */
export interface TensorText {
  type: tw.DataType;
  dims: number[];
  text: string;
}

export interface Example {
  readonly type: tw.DataType;
  /** The main input tensor: dims and element texts (none for ops without one). */
  readonly dims?: readonly number[];
  readonly items?: readonly string[];
  readonly params: Readonly<Record<string, string>>;
  /** The other tensor inputs, by field key. */
  readonly tensors?: Readonly<Record<string, TensorText>>;
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
  /** Each field's value by key (a tensor field's tensor, undefined when left empty). */
  readonly params: Readonly<Record<string, Param>>;
  /** The variadic input's instance count (1 when the version has none). */
  readonly count: number;
}

/** One call of the library, ready to repeat: what the output shows, the timing repeats and the code view spells out. */
export interface Call {
  run(): tw.Tensor | readonly tw.Tensor[];
  /** Statements that build the call's other arguments, each ending in `;` (may be empty). */
  readonly setup: readonly string[];
  /** The call itself: `tw.tile(x, [2, 2])`. */
  readonly expression: string;
  /** Whether it returns an array of outputs (runNode) rather than one tensor. */
  readonly many: boolean;
  /** The variables the code names the outputs by (the first is always `y`). */
  readonly outputs?: readonly string[];
}

/** What a descriptor says of a field that the schema does not: the rest comes from the schema. */
export interface FieldHint {
  readonly kind?: FieldKind;
  /** Its URL key, where it is not the schema's name (ConstantOfShape's input is the page's `shape`). */
  readonly key?: string;
  readonly label?: string;
  readonly hint?: string;
  readonly optional?: boolean;
  choices?(version: number): readonly string[];
  /** A tensor field's type constraint, where the guess (input i takes the i-th constraint) is wrong. */
  readonly constraint?: string;
  /** A tensor field's fixed types, where the spec gives it no constraint (Reshape's shape is tensor(int64), Resize's scales tensor(float)). */
  readonly types?: readonly tw.DataType[];
}

/** An op's optional descriptor: what its page needs beyond its schema. Every member may be left out. */
export interface Descriptor {
  /** A longer summary than the schema's one line (`code` in backquotes). */
  readonly summary?: string;
  /** The type constraint the type menu offers, where it is not the main input's. */
  readonly typeConstraint?: string;
  /** The types the named op takes, where they are not its newest version's (tw.asStrided: every type). */
  readonly namedTypes?: readonly tw.DataType[];
  /** A switch between the named op and the op's own node (AsStrided: the ATB node's types). */
  readonly nodeSwitch?: { readonly label: string; readonly on: string; readonly off: string };
  /** The main input's hint. */
  inputHint?(node: boolean): string;
  /** Hints by schema name (inputs and attributes), in the order the fields are shown (the rest follow in the schema's order). */
  fields?(version: number): Readonly<Record<string, FieldHint>>;
  example?(version: number): Example;
  /** The version the page opens at, where the newest runs nothing (Scatter-11 is deprecated: the library refuses it). */
  readonly opensAt?: number;
  /** The call, where it is not the generic runNode one: the named op (at the newest version), or a node the schema cannot spell. */
  call?(args: RunArgs): Call | undefined;
  /** A random start other than fresh input values: new parameters or dims. */
  random?(current: { readonly version: number; readonly type: tw.DataType; readonly dims: readonly number[] }):
    { readonly params?: Readonly<Record<string, string>>; readonly dims?: number[] } | undefined;
  /** The op reads its input as one flat row (AsStrided): the source view shows it that way. */
  readonly flatSource?: boolean;
  /** The input element (flat index) each output element comes from, where that is defined. */
  source?(args: RunArgs, outputDims: readonly number[]): (flatOutput: number) => number;
  /** SpecError params -> field keys, where the param is not a field's name or key (`X` -> `type`). */
  fieldOf?(version: number): Readonly<Record<string, string>>;
}

/** An op's page: its schema and its descriptor, put together (page.ts). */
export interface DemoOp {
  readonly op: OpType;
  readonly schema: Schema;
  /** Its page: `#/<slug>`. */
  readonly slug: string;
  /** The named op, as the code view writes it: `tw.tile`. */
  readonly named: string;
  readonly summary: string;
  readonly family: string;
  /** The type constraint the type menu offers at a version (`T`, or `T2` for ConstantOfShape's value); undefined when no field has the type. */
  typeConstraint(version: number): string | undefined;
  readonly namedTypes?: readonly tw.DataType[];
  readonly nodeSwitch?: Descriptor['nodeSwitch'];
  /** Whether the newest version runs through the named op (the descriptor's call); else every call is tw.runNode. */
  readonly hasNamedCall: boolean;
  /** Whether the descriptor gives an example (with its source); else the page starts from generic values. */
  readonly hasExample: boolean;
  /** The version a link that names none opens: the newest, unless the descriptor says otherwise. */
  readonly opensAt: number;
  /** The main input: the first tensor input, edited as a grid or text; undefined when the op has none. */
  readonly input?: { readonly name: string; readonly hint: (node: boolean, version: number) => string };
  /** The fields of a version, the variadic input as `count` instances. */
  fields(version: number, count?: number): readonly Field[];
  /** The variadic input's fewest instances at a version (1 when it has none), and whether it has one. */
  variadic(version: number): { readonly min: number; readonly name: string } | undefined;
  example(version: number): Example;
  call(args: RunArgs): Call;
  random?: Descriptor['random'];
  readonly flatSource?: boolean;
  source?: Descriptor['source'];
  /** The field that shows a SpecError whose `param` is `param`: a field key, `type`, `input` or `version`; undefined when none. */
  fieldOf(param: string | undefined, version: number, count?: number): string | undefined;
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

/** A named op's call: one tensor back. */
export function namedCall(run: () => tw.Tensor, expression: string, setup: readonly string[] = []): Call {
  return { run, setup, expression, many: false };
}
