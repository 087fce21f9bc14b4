// ONNX Cast: every element converted to the type `to`, the dims kept.
import * as tw from 'tessera-wasm';
import { type Descriptor, type Example, namedCall } from './op.js';
import { versionIn } from './page.js';

const castVersion = (version: number) => versionIn(tw.OPS.Cast, version);
const outputTypes = (version: number): readonly string[] => (castVersion(version).types as Readonly<Record<string, readonly string[]>>).T2;
const hasAttribute = (version: number, name: string) => (castVersion(version).attributes as readonly string[]).includes(name);

// Cast-1 names `to` by the TensorProto enum (FLOAT, DOUBLE, INT64, ...), later versions by its number.
const enumName = (type: tw.DataType) => (type === 'float32' ? 'FLOAT' : type === 'float64' ? 'DOUBLE' : type.toUpperCase());

export const cast: Descriptor = {
  summary: 'Converts each element to the type `to`, keeping the dims: floats round to nearest even (float8 saturating unless `saturate` is off), '
    + 'floats to integers truncate toward zero and clamp, integers wrap, strings parse.',
  inputHint: () => 'any dims; any type of this version',
  fields: () => ({
    to: { kind: 'choice', hint: 'the output type', choices: outputTypes },
    saturate: { kind: 'choice', hint: 'float8 outputs: clamp out-of-range values (true) or give ±Inf/NaN', choices: () => ['true', 'false'] },
    round_mode: { kind: 'choice', hint: 'float8e8m0 outputs: how a value between two powers of 2 rounds', choices: () => ['up', 'down', 'nearest'] },
  }),
  example: (version): Example => ({
    type: 'uint8',
    dims: [2, 3],
    items: ['0', '128', '255', '17', '64', '200'],
    params: {
      to: 'float32',
      ...(hasAttribute(version, 'saturate') ? { saturate: 'true' } : {}),
      ...(hasAttribute(version, 'round_mode') ? { round_mode: 'up' } : {}),
    },
    source: 'canvas pixels (uint8) to float32 for a model: every value exact',
  }),
  // `to` is a type's name on the page; the node wants its TensorProto number (Cast-1: its enum name). Defaults are left out.
  call: ({ version, node, input, params }) => {
    const x = input as tw.Tensor;
    const to = params.to as tw.DataType;
    const saturate = params.saturate !== 'false';
    const roundMode = (params.round_mode ?? 'up') as tw.RoundMode;
    if (!node) {
      // Only the options the page changed from their defaults, as the code view shows them: tw.cast refuses one that does
      // not apply to the target (saturate for a non-float8 output), and says so beside the field.
      const given: tw.CastOptions = { ...(saturate ? {} : { saturate: false }), ...(roundMode === 'up' ? {} : { roundMode }) };
      const options = [...(saturate ? [] : ['saturate: false']), ...(roundMode === 'up' ? [] : [`roundMode: '${roundMode}'`])];
      return namedCall(() => tw.cast(x, to, given) as tw.Tensor,
        `tw.cast(x, '${to}'${options.length ? `, { ${options.join(', ')} }` : ''})`);
    }
    const toAttribute = version === 1 ? enumName(to) : tw.DTYPES[to].onnx;
    const attributes: Record<string, unknown> = { to: toAttribute };
    const code = [`to: ${typeof toAttribute === 'string' ? `'${toAttribute}'` : toAttribute}`];
    if (hasAttribute(version, 'saturate') && !saturate) {
      attributes.saturate = 0;
      code.push('saturate: 0');
    }
    if (hasAttribute(version, 'round_mode') && roundMode !== 'up') {
      attributes.round_mode = roundMode;
      code.push(`round_mode: '${roundMode}'`);
    }
    const nodeSpec = { opType: 'Cast', opset: version, attributes };
    return {
      run: () => tw.runNode(nodeSpec, [x]), setup: [], many: true,
      expression: `tw.runNode({ opType: 'Cast', opset: ${version}, attributes: { ${code.join(', ')} } }, [x])`,
    };
  },
  source: () => (i) => i,
  fieldOf: () => ({ input: 'type' }),
};
