// The unary elementwise ops' test modules (one OpTest each, from one
// factory): every type the newest version takes, rank 0 to 4 with empty
// dims, the floats mixing specials (±0, ±Inf, NaN, subnormals, ties) with
// random bits; an older version's case each. The reference is
// ./unary-reference.ts: float64 math rounded once to the type.
import * as tw from 'tessera-wasm';
import type { Expected, OpCase, OpTest } from './op-test';
import { newestTypes, pick, randomDims, randomInput } from './support';
import { WIDTH, bytesOf, copyElement, float8Class, isFloat, readFloat, readInt, signBit, writeFloat, writeInt } from './unary-reference';

type Op = keyof typeof tw.OPS;
type Named = (x: tw.Tensor, options?: object) => tw.Tensor | tw.ResidentTensor;

const TOO_LARGE = 'the output is the size of its input, which exists';
/** exp, log, tanh, sigmoid: within 1 ulp of float64 math rounded once (a subnormal result: within the type's least subnormal). */
const ONE_ULP = { float64: { ulps: 1, atol: 2 ** -1074 }, float32: { ulps: 1, atol: 2 ** -149 }, float16: { ulps: 1, atol: 2 ** -24 }, bfloat16: { ulps: 1, atol: 2 ** -133 } };

interface UnarySpec {
  op: Op;
  named: Named;
  /** The float op on a non-NaN value (a NaN input keeps its bits), or how the sign bit changes. */
  float?: ((v: number) => number) | 'flip' | 'clear';
  /** The integer op, for the integer types the op takes. */
  int?: (v: bigint, type: string) => bigint;
  /** A float op whose results are rounded (exp, log, tanh, sigmoid): compared within 1 ulp. */
  transcendental?: boolean;
  /** The older versions to run a float32 case at. */
  older: number[];
}

/** The first seen NaN rule: the kernel gives a NaN input back unchanged; a NaN it makes is the quiet NaN (not compared bitwise). */
function mapReference(spec: UnarySpec, x: tw.Tensor): Expected {
  const width = WIDTH[x.type];
  const from = bytesOf(x.data as ArrayBufferView);
  const to = new DataView(new ArrayBuffer(from.byteLength));
  for (let i = 0; i < x.size; i++) {
    if (isFloat(x.type)) {
      if (spec.float === 'flip' || spec.float === 'clear') signBit(from, to, i, width, spec.float);
      else if (Number.isNaN(readFloat(from, i, x.type))) copyElement(from, to, i, width);
      else writeFloat(to, i, x.type, spec.float!(readFloat(from, i, x.type)));
    } else {
      writeInt(to, i, x.type, spec.int!(readInt(from, i, x.type), x.type));
    }
  }
  return { type: x.type, dims: x.dims, storage: new Uint8Array(to.buffer) };
}

function randomCases(op: Op, random: () => number, older: number[], constraint = 'T'): OpCase[] {
  const cases = newestTypes(op, constraint).map((type): OpCase => {
    const dims = randomDims(random);
    return { label: `${type} [${dims}]`, inputs: [randomInput(random, type, dims)], attributes: {} };
  });
  for (const opset of older) cases.push({ label: `${op}-${opset} float32`, opset, inputs: [randomInput(random, 'float32', [pick(random, [1, 7, 33])])], attributes: {} });
  return cases;
}

function unaryTest(spec: UnarySpec): OpTest {
  return {
    op: String(spec.op),
    cases: (random) => randomCases(spec.op, random, spec.older),
    reference: ({ inputs: [x] }) => [mapReference(spec, x!)],
    named: ({ inputs: [x] }, options) => spec.named(x!, options),
    inPlace: true,
    tooLarge: TOO_LARGE,
    ...(spec.transcendental ? { tolerance: ONE_ULP } : {}),
    fuzz: [],
  };
}

const signedBits = (type: string) => (type.startsWith('u') ? undefined : 8 * WIDTH[type]);
const wrap = (type: string, n: bigint) => (signedBits(type) === undefined ? BigInt.asUintN(8 * WIDTH[type], n) : BigInt.asIntN(8 * WIDTH[type], n));
const zeroSign = (v: number, r: number) => (r === 0 && (v < 0 || Object.is(v, -0)) ? -0 : r);
function halfEven(v: number): number {
  if (!Number.isFinite(v) || Math.abs(v) >= 2 ** 52) return v;
  const f = Math.floor(v);
  const d = v - f;
  return zeroSign(v, d < 0.5 ? f : d > 0.5 ? f + 1 : f % 2 === 0 ? f : f + 1);
}

export const NEG = unaryTest({ op: 'Neg', named: tw.neg as Named, float: 'flip', int: (v, t) => wrap(t, -v), older: [1, 6] });
export const ABS = unaryTest({ op: 'Abs', named: tw.abs as Named, float: 'clear', int: (v, t) => wrap(t, v < 0n ? -v : v), older: [1, 6] });
export const CEIL = unaryTest({ op: 'Ceil', named: tw.ceil as Named, float: (v) => Math.ceil(v), older: [1, 6] });
export const ROUND = unaryTest({ op: 'Round', named: tw.round as Named, float: halfEven, older: [11] });
export const SQRT = unaryTest({ op: 'Sqrt', named: tw.sqrt as Named, float: (v) => Math.sqrt(v), older: [1, 6] });
export const RECIPROCAL = unaryTest({ op: 'Reciprocal', named: tw.reciprocal as Named, float: (v) => 1 / v, older: [1, 6] });
export const SIGN = unaryTest({ op: 'Sign', named: tw.sign as Named, float: (v) => (v > 0 ? 1 : v < 0 ? -1 : 0), int: (v) => (v > 0n ? 1n : v < 0n ? -1n : 0n), older: [9] });
export const EXP = unaryTest({ op: 'Exp', named: tw.exp as Named, float: (v) => Math.exp(v), transcendental: true, older: [1, 6] });
export const LOG = unaryTest({ op: 'Log', named: tw.log as Named, float: (v) => Math.log(v), transcendental: true, older: [1, 6] });
export const RELU = unaryTest({ op: 'Relu', named: tw.relu as Named, float: (v) => (v > 0 ? v : 0), int: (v) => (v > 0n ? v : 0n), older: [1, 6, 13] });
export const SIGMOID = unaryTest({ op: 'Sigmoid', named: tw.sigmoid as Named, float: (v) => 1 / (1 + Math.exp(-v)), transcendental: true, older: [1, 6] });
export const TANH = unaryTest({ op: 'Tanh', named: tw.tanh as Named, float: (v) => Math.tanh(v), transcendental: true, older: [1, 6] });

/** A scalar of `type`, random but not NaN (Clip's bounds; NaN bounds are tests/js/elementwise-unary.test.ts's). */
function randomBound(random: () => number, type: string): tw.Tensor {
  for (;;) {
    const t = randomInput(random, type, []);
    if (!isFloat(type) || !Number.isNaN(readFloat(bytesOf(t.data as ArrayBufferView), 0, type))) return t;
  }
}

// min(max(x, lo), hi) with -0 below +0; a NaN x stays itself; an omitted bound is none.
function clipReference(x: tw.Tensor, lo: tw.Tensor | undefined, hi: tw.Tensor | undefined): Expected {
  const width = WIDTH[x.type];
  const from = bytesOf(x.data as ArrayBufferView);
  const to = new DataView(new ArrayBuffer(from.byteLength));
  const order = (a: number) => (Object.is(a, -0) ? -Number.MIN_VALUE / 2 : a);  // -0 just below +0
  const bound = (t: tw.Tensor | undefined) => (t === undefined ? undefined : isFloat(x.type) ? readFloat(bytesOf(t.data as ArrayBufferView), 0, x.type) : readInt(bytesOf(t.data as ArrayBufferView), 0, x.type));
  const l = bound(lo);
  const h = bound(hi);
  for (let i = 0; i < x.size; i++) {
    if (isFloat(x.type)) {
      let v = readFloat(from, i, x.type);
      if (Number.isNaN(v)) { copyElement(from, to, i, width); continue; }
      if (l !== undefined && order(v) < order(l as number)) v = l as number;
      if (h !== undefined && order(v) > order(h as number)) v = h as number;
      writeFloat(to, i, x.type, v);
    } else {
      let v = readInt(from, i, x.type);
      if (l !== undefined && v < (l as bigint)) v = l as bigint;
      if (h !== undefined && v > (h as bigint)) v = h as bigint;
      writeInt(to, i, x.type, v);
    }
  }
  return { type: x.type, dims: x.dims, storage: new Uint8Array(to.buffer) };
}

export const CLIP: OpTest = {
  op: 'Clip',
  cases: (random) => {
    const cases = newestTypes('Clip', 'T').map((type): OpCase => {
      const dims = randomDims(random);
      const lo = random() < 0.75 ? randomBound(random, type) : undefined;
      const hi = random() < 0.75 ? randomBound(random, type) : undefined;
      return { label: `${type} [${dims}] min ${lo ? 'given' : 'omitted'}, max ${hi ? 'given' : 'omitted'}`, inputs: [randomInput(random, type, dims), lo, hi], attributes: {} };
    });
    for (const opset of [11, 12]) {
      cases.push({ label: `Clip-${opset} float32`, opset, inputs: [randomInput(random, 'float32', [9]), randomBound(random, 'float32'), randomBound(random, 'float32')], attributes: {} });
    }
    return cases;
  },
  reference: ({ inputs: [x, lo, hi] }) => [clipReference(x!, lo, hi)],
  named: ({ inputs: [x, min, max] }, options) => tw.clip(x!, { min, max, ...options } as never),
  inPlace: true,
  tooLarge: TOO_LARGE,
  fuzz: [],
};

function boolReference(x: tw.Tensor, test: (v: number, i: number, view: DataView) => boolean): Expected {
  const view = bytesOf(x.data as ArrayBufferView);
  const storage = new Uint8Array(x.size);
  for (let i = 0; i < x.size; i++) storage[i] = test(x.type.startsWith('float8') ? 0 : isFloat(x.type) ? readFloat(view, i, x.type) : 0, i, view) ? 1 : 0;
  return { type: 'bool', dims: x.dims, storage };
}

export const NOT: OpTest = {
  op: 'Not',
  cases: (random) => randomCases('Not', random, []),
  reference: ({ inputs: [x] }) => [boolReference(x!, (_, i, view) => view.getUint8(i) === 0)],
  named: ({ inputs: [x] }, options) => tw.not(x!, options as never),
  inPlace: true,
  tooLarge: TOO_LARGE,
  fuzz: [],
};

const classOf = (x: tw.Tensor, v: number, i: number, view: DataView) => (x.type.startsWith('float8') ? float8Class(x.type, view.getUint8(i))
  : Number.isNaN(v) ? 'nan' : v === Infinity ? '+inf' : v === -Infinity ? '-inf' : 'finite');

export const IS_NAN: OpTest = {
  op: 'IsNaN',
  cases: (random) => randomCases('IsNaN', random, [9, 13], 'T1'),
  reference: ({ inputs: [x] }) => [boolReference(x!, (v, i, view) => classOf(x!, v, i, view) === 'nan')],
  named: ({ inputs: [x] }, options) => tw.isNaN(x!, options as never),
  inPlace: true,
  tooLarge: TOO_LARGE,
  fuzz: [],
};

export const IS_INF: OpTest = {
  op: 'IsInf',
  cases: (random) => randomCases('IsInf', random, [10], 'T1').map((c) => {
    const attributes: Record<string, number> = {};
    if (random() < 0.6) attributes.detect_positive = pick(random, [0, 1]);
    if (random() < 0.6) attributes.detect_negative = pick(random, [0, 1]);
    return { ...c, label: `${c.label} ${JSON.stringify(attributes)}`, attributes };
  }),
  reference: ({ inputs: [x], attributes }) => [boolReference(x!, (v, i, view) => {
    const c = classOf(x!, v, i, view);
    return (c === '+inf' && attributes.detect_positive !== 0) || (c === '-inf' && attributes.detect_negative !== 0);
  })],
  named: ({ inputs: [x], attributes }, options) => tw.isInf(x!, { detectPositive: attributes.detect_positive, detectNegative: attributes.detect_negative, ...options } as never),
  inPlace: true,
  tooLarge: TOO_LARGE,
  fuzz: [],
};
