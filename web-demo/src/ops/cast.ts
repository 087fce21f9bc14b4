// ONNX Cast: every element converted to the type `to`, the dims kept.
import * as tw from 'tessera-wasm';
import { type DemoOp, type Example, fieldFrom, nodeCall } from './op.js';

/** The Cast version whose rules apply (since_version). */
const castVersion = (version: number) => tw.OPS.Cast.versions.find((v) => v.since === version) ?? tw.OPS.Cast.versions.at(-1)!;
const outputTypes = (version: number): readonly string[] => castVersion(version).types.T2;
const hasAttribute = (version: number, name: string) => castVersion(version).attributes.includes(name);

// Cast-1 names `to` by the TensorProto enum (FLOAT, DOUBLE, INT64, ...), later versions by its number.
const enumName = (type: tw.DataType) => (type === 'float32' ? 'FLOAT' : type === 'float64' ? 'DOUBLE' : type.toUpperCase());

export const cast: DemoOp = {
  op: 'Cast',
  slug: 'cast',
  named: 'tw.cast',
  summary: 'Converts each element to the type `to`, keeping the dims: floats round to nearest even (float8 saturating unless `saturate` is off), '
    + 'floats to integers truncate toward zero and clamp, integers wrap, strings parse.',
  typeConstraint: 'T1',
  input: { name: 'input', hint: () => 'any dims; any type of this version' },
  fields: (version) => [
    { key: 'to', label: 'to', kind: 'choice', hint: 'the output type', choices: outputTypes },
    ...(hasAttribute(version, 'saturate')
      ? [{ key: 'saturate', label: 'saturate', kind: 'choice' as const, hint: 'float8 outputs: clamp out-of-range values (true) or give ±Inf/NaN', choices: () => ['true', 'false'] }]
      : []),
    ...(hasAttribute(version, 'round_mode')
      ? [{ key: 'round_mode', label: 'round_mode', kind: 'choice' as const, hint: 'float8e8m0 outputs: how a value between two powers of 2 rounds', choices: () => ['up', 'down', 'nearest'] }]
      : []),
  ],
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
  call: ({ version, node, input, params }) => {
    const x = input as tw.Tensor;
    const to = params.to as tw.DataType;
    const saturate = params.saturate !== 'false';
    const roundMode = (params.round_mode ?? 'up') as tw.RoundMode;
    if (!node) {
      const options = [...(saturate ? [] : ['saturate: false']), ...(roundMode === 'up' ? [] : [`roundMode: '${roundMode}'`])];
      return {
        run: () => tw.cast(x, to, { saturate, roundMode }) as tw.Tensor,
        setup: [],
        expression: `tw.cast(x, '${to}'${options.length ? `, { ${options.join(', ')} }` : ''})`,
        many: false,
      };
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
    return nodeCall({ opType: 'Cast', opset: version, attributes }, `{ opType: 'Cast', opset: ${version}, attributes: { ${code.join(', ')} } }`, [x], ['x']);
  },
  source: () => (i) => i,
  fieldOf: (param) => fieldFrom({ input: 'type', to: 'to', saturate: 'saturate', roundMode: 'round_mode', round_mode: 'round_mode' }, param),
};
