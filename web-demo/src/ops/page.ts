// An op's page from its schema (tw.OPS) and its optional descriptor: the
// fields of each version (every input and attribute, a variadic input as
// many instances as asked), a start for ops without an example, the call
// through tw.runNode at the chosen version, and which field a SpecError's
// `param` belongs to.
import * as tw from 'tessera-wasm';
import { formatNested } from '../nested.js';
import { intRange, makeTensor, tensorCode } from '../values.js';
import { type AttributeValue, attributeCode } from './attribute.js';
import type { Call, DemoOp, Descriptor, Example, Field, FieldHint, OpType, Param, RunArgs, Schema, TensorText } from './op.js';
import { int64Code, int64Tensor, list } from './op.js';

type Version = tw.OpVersion;
type DataType = tw.DataType;

/** `ConstantOfShape` -> `constant-of-shape`, `TopK` -> `top-k`, `QLinearConv` -> `q-linear-conv`. */
export function slugOf(name: string): string {
  return name.replace(/([a-z\d])([A-Z])/g, '$1-$2').replace(/([A-Z])([A-Z][a-z])/g, '$1-$2').toLowerCase();
}

export function versionIn(schema: Schema, since: number): Version {
  return schema.versions.find((v) => v.since === since) ?? schema.versions.at(-1)!;
}

/** The type to start from: float32 where allowed (what most examples use), else the first that holds 1…6 (not bool or string), else the first. */
export function preferredType(allowed: readonly DataType[]): DataType {
  if (allowed.includes('float32')) return 'float32';
  return allowed.find((type) => type !== 'bool' && type !== 'string') ?? allowed[0] ?? 'float32';
}

/** `count` start values of a type: 1, 2, 3, … (within its range), or all ones. */
export function startValues(type: DataType, count: number, ones = false): string[] {
  return Array.from({ length: count }, (_, i) => {
    if (type === 'bool') return ones || i % 2 === 0 ? 'true' : 'false';
    if (type === 'string') return ones ? 'a' : String.fromCharCode(97 + (i % 26));
    const range = intRange(type);
    const v = ones ? 1 : i + 1;
    return String(range ? Math.min(v, Number(range[1])) : v);
  });
}

const RESERVED = new Set(`tw x y await break case catch class const continue debugger default delete do else enum export extends false finally for
  function if import in instanceof let new null return static super switch this throw true try typeof undefined var void while with yield`.split(/\s+/));

/** A field's key as a JS variable of the code view: `target_type`, `inputs_1`. */
export function identifier(key: string): string {
  const name = key.replace(/[^\w$]/g, '_').replace(/^(\d)/, '_$1');
  return RESERVED.has(name) ? `${name}_` : name;
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A page for one op of tw.OPS (`schema` is its entry there; a test may hand it another). */
export function pageOf(op: OpType, descriptor: Descriptor = {}, schema: Schema = tw.OPS[op]): DemoOp {
  const newestVersion = schema.versions.at(-1)!;
  const hintsAt = (since: number): Readonly<Record<string, FieldHint>> => descriptor.fields?.(since) ?? {};
  // The main input: the newest version's first input that is a tensor (not a list, an int or a value).
  const mainName = newestVersion.inputs.find((name) => (hintsAt(newestVersion.since)[name]?.kind ?? 'tensor') === 'tensor');
  const constraintOf = (v: Version, position: number, hint?: FieldHint) => {
    const names = Object.keys(v.types);
    return hint?.constraint ?? names[Math.min(position, names.length - 1)];
  };

  function variadic(since: number) {
    const v = versionIn(schema, since);
    if (!v.variadic) return undefined;
    return { min: Math.max(1, v.required - (v.inputs.length - 1)), name: v.inputs.at(-1)! };
  }

  function fields(since: number, count = 1): Field[] {
    const v = versionIn(schema, since);
    const hints = hintsAt(since);
    const out: Field[] = [];
    v.inputs.forEach((name, i) => {
      const hint = hints[name];
      const kind = hint?.kind ?? 'tensor';
      const repeats = v.variadic && i === v.inputs.length - 1;
      const instances = repeats ? Math.max(count, variadic(since)!.min) : 1;
      // A fixed type (tensor(int64)) is named as the spec writes it; else the constraint, said or guessed.
      const constraint = hint?.types ? `tensor(${hint.types.join(' or ')})` : constraintOf(v, i, hint);
      for (let k = 0; k < instances; k++) {
        if (name === mainName && k === 0 && kind === 'tensor') continue;  // the main editor's
        const key = k === 0 ? hint?.key ?? name : `${hint?.key ?? name}-${k}`;
        const allowed = hint?.types ?? (v.types as Record<string, readonly DataType[]>)[constraint] ?? tw.DATA_TYPES;
        out.push({
          key, name, role: 'input', kind, position: i + k,
          label: repeats ? `${name}[${k}]` : hint?.label ?? name,
          optional: hint?.optional ?? (i >= v.required && !repeats),
          hint: hint?.hint ?? inputHint(constraint, allowed.length, i >= v.required && !repeats),
          types: kind === 'tensor' ? { allowed, constraint, guessed: hint?.constraint === undefined && !hint?.types && Object.keys(v.types).length > 1 } : undefined,
          removable: repeats && k >= variadic(since)!.min,
          choices: hint?.choices,
        });
      }
    });
    for (const name of v.attributes) {
      const hint = hints[name];
      out.push({
        key: hint?.key ?? name, name, role: 'attribute', kind: hint?.kind ?? 'auto', label: hint?.label ?? name,
        optional: hint?.optional ?? true, choices: hint?.choices,
        hint: hint?.hint ?? 'an int, a float, a list (1, 2) or a string; empty leaves it out (its default)',
      });
    }
    if (v.variadicOutputs) {
      out.push({
        key: 'node-outputs', name: 'outputs', role: 'outputs', kind: 'int', label: 'outputs (the node’s count)', optional: true,
        hint: 'how many outputs the node asks for; empty: as many as the op decides',
      });
    }
    // The descriptor's fields first, in its order; the schema's others after, in the schema's.
    const order = Object.keys(hints);
    const rank = (f: Field) => (order.includes(f.name) ? order.indexOf(f.name) : order.length);
    return out.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }

  // The main input's constraint at each version: a version may name it otherwise (Identity's T became V with sequence types).
  const typeConstraint = (since: number): string | undefined => {
    if (descriptor.typeConstraint !== undefined || mainName === undefined) return descriptor.typeConstraint;
    const v = versionIn(schema, since);
    const at = v.inputs.indexOf(mainName);
    return at < 0 ? undefined : constraintOf(v, at, hintsAt(since)[mainName]);
  };

  const page: DemoOp = {
    op, schema, slug: slugOf(op), named: `tw.${schema.named}`, family: schema.family,
    summary: descriptor.summary ?? schema.summary,
    typeConstraint,
    namedTypes: descriptor.namedTypes,
    nodeSwitch: descriptor.nodeSwitch,
    hasNamedCall: descriptor.call !== undefined,
    hasExample: descriptor.example !== undefined,
    opensAt: descriptor.opensAt ?? newestVersion.since,
    input: mainName === undefined ? undefined : {
      name: mainName,
      hint: descriptor.inputHint ?? ((_node, since) => `any dims; type ${typeConstraint(since) ?? 'T'} of this version`),
    },
    fields, variadic,
    example: (since) => descriptor.example?.(since) ?? startOf(page, since),
    call: (args) => descriptor.call?.(args) ?? nodeCallOf(page, args),
    random: descriptor.random,
    flatSource: descriptor.flatSource,
    source: descriptor.source,
    fieldOf: (param, since, count) => {
      if (param === undefined) return undefined;
      const table = descriptor.fieldOf?.(since) ?? {};
      if (Object.hasOwn(table, param)) return table[param];
      if (param === 'opset') return 'version';
      if (param === mainName || param === `${mainName}[0]`) return 'input';
      const shown = fields(since, count);
      const instance = /^(.*)\[(\d+)\]$/.exec(param);
      const match = shown.find((f) => f.key === param || f.name === param || camel(f.name) === param)
        ?? (instance ? shown.find((f) => f.name === instance[1] && f.label === param) : undefined);
      return match?.key;
    },
  };
  return page;
}

function inputHint(constraint: string, types: number, optional: boolean): string {
  return `nested arrays, any dims; type ${constraint} (${types} types)${optional ? '; optional: empty leaves it out' : ''}`;
}

/**
 * A start for an op with no example: the main input 1…6 in a 2x3, the other
 * tensor inputs ones, a required menu (BitShift's direction) its first
 * choice, the other attributes left out.
 */
function startOf(op: DemoOp, since: number): Example {
  const constraint = op.typeConstraint(since);
  const allowed = constraint ? (versionIn(op.schema, since).types as Record<string, readonly DataType[]>)[constraint] ?? [] : [];
  const type = preferredType(allowed);
  const tensors: Record<string, TensorText> = {};
  const params: Record<string, string> = {};
  const variadic = op.variadic(since);
  for (const field of op.fields(since, variadic ? Math.max(variadic.min, 2) : 1)) {
    if (field.kind === 'tensor' && !field.optional) tensors[field.key] = startTensor(field, op.input === undefined);
    const first = field.choices?.(since)[0];
    if (field.kind === 'choice' && !field.optional && first !== undefined) params[field.key] = first;
  }
  return {
    type, dims: op.input ? [2, 3] : [], items: op.input ? startValues(type, 6) : [], params, tensors,
    source: `this op has no spec example here: the main input 1…6, any other input ones, ${Object.keys(params).length > 0 ? 'a required menu its first choice, the other attributes' : 'every attribute'} left out`,
  };
}

/** A tensor field's start: a 2x3 of ones (1…6 where it is the only tensor) of its preferred type. */
export function startTensor(field: Field, first = false): TensorText {
  const type = preferredType(field.types?.allowed ?? []);
  return { type, dims: [2, 3], text: formatNested([2, 3], startValues(type, 6, !first).map((t) => (type === 'string' ? JSON.stringify(t) : t))) };
}

/** An input field's tensor and the code that builds it, or undefined when it is left out. */
function inputOf(field: Field, value: Param, type: DataType): { tensor: tw.Tensor; code: string } | undefined {
  if (value === undefined || value === '') return undefined;
  if (value instanceof tw.Tensor) return { tensor: value, code: tensorCode(value) };
  if (field.kind === 'int') return { tensor: int64Tensor([value as number], []), code: int64Code([value as number], []) };
  if (field.kind === 'value') {
    const t = makeTensor(type, [1], [value as string]);
    return { tensor: t, code: tensorCode(t) };
  }
  const ints = value as number[];
  return { tensor: int64Tensor(ints), code: int64Code(ints) };
}

/** An attribute's value and its code, or undefined when it is left out. */
function attributeOf(field: Field, value: Param, type: DataType): { value: unknown; code: string; setup?: string } | undefined {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  const name = identifier(field.key);
  if (value instanceof tw.Tensor) return { value, code: name, setup: `const ${name} = ${tensorCode(value)};` };
  if (field.kind === 'value') {
    const t = makeTensor(type, [1], [value as string]);
    return { value: t, code: name, setup: `const ${name} = ${tensorCode(t)};` };
  }
  if (field.kind === 'ints') return { value, code: list(value as number[]) };
  return { value, code: attributeCode(value as AttributeValue) };
}

/** The call through tw.runNode at the version, as an ONNX node: every field's value where it is given. */
export function nodeCallOf(op: DemoOp, args: RunArgs): Call {
  const v = versionIn(op.schema, args.version);
  const inputs: (tw.Tensor | undefined)[] = [];
  const names: string[] = [];
  const setup: string[] = [];
  const attributes: Record<string, unknown> = {};
  const attributeCodes: string[] = [];
  let outputs: number | undefined;
  const mainAt = op.input ? v.inputs.indexOf(op.input.name) : -1;
  if (mainAt >= 0) [inputs[mainAt], names[mainAt]] = [args.input, 'x'];
  for (const field of op.fields(args.version, args.count)) {
    const value = args.params[field.key];
    if (field.role === 'input') {
      const given = inputOf(field, value, args.type);
      const name = identifier(field.key);
      if (given) setup.push(`const ${name} = ${given.code};`);
      [inputs[field.position!], names[field.position!]] = given ? [given.tensor, name] : [undefined, 'undefined'];
    } else if (field.role === 'attribute') {
      const given = attributeOf(field, value, args.type);
      if (!given) continue;
      attributes[field.name] = given.value;
      if (given.setup) setup.push(given.setup);
      attributeCodes.push(given.code === field.name ? field.name : `${/^[A-Za-z_$][\w$]*$/.test(field.name) ? field.name : `'${field.name}'`}: ${given.code}`);
    } else if (typeof value === 'number') {
      outputs = value;
    }
  }
  // Optional inputs left out at the end are not passed; in the middle they are undefined.
  while (inputs.length > 0 && inputs.at(-1) === undefined) {
    inputs.pop();
    names.pop();
  }
  const given = Object.keys(attributes).length > 0;
  const node: tw.NodeSpec = {
    opType: op.op,
    ...(op.schema.domain === 'ai.onnx' ? {} : { domain: op.schema.domain }),
    ...(op.schema.versioned ? { opset: args.version } : {}),
    ...(given ? { attributes } : {}),
    ...(outputs === undefined ? {} : { outputs }),
  };
  const nodeCode = [`opType: '${op.op}'`, ...(op.schema.domain === 'ai.onnx' ? [] : [`domain: '${op.schema.domain}'`]),
    ...(op.schema.versioned ? [`opset: ${args.version}`] : []), ...(given ? [`attributes: { ${attributeCodes.join(', ')} }`] : []),
    ...(outputs === undefined ? [] : [`outputs: ${outputs}`])].join(', ');
  const count = v.variadicOutputs ? outputs ?? v.outputs.length : v.outputs.length;
  const outNames = Array.from({ length: count }, (_, i) => {
    if (i === 0) return 'y';
    const name = identifier(v.outputs[Math.min(i, v.outputs.length - 1)] + (i >= v.outputs.length ? `_${i}` : ''));
    return name === 'y_' || name === 'x_' ? `y${i}` : name;
  });
  return {
    // An optional input left out is undefined, as runNode takes it (its declared type has no undefined).
    run: () => tw.runNode(node, inputs as tw.Tensor[]),
    setup,
    expression: `tw.runNode({ ${nodeCode} }, [${names.join(', ')}])`,
    many: true,
    outputs: outNames,
  };
}
