// The Reduce* ops' test modules, one factory: random dims (rank 0 to 6, empty
// dims), random axes (any subset, any order, negative ones), keepdims and
// noop_with_empty_axes, every type of the newest version; a float64 (or
// BigInt) reference from the spec. Float inputs are multiples of 1/8 (sums,
// sums of squares and |x| then are exact in every type: those outputs must
// match bit for bit), with NaN and infinities for Max and Min.
import * as tw from 'tessera-wasm';
import type { OpCase, OpTest } from './op-test';
import { expectedOf, groups, isFloat, tensorOf, valuesOf } from './reduce-support';
import { between, int64s, newestTypes, randomDims } from './support';

type Op = 'ReduceSum' | 'ReduceMean' | 'ReduceMax' | 'ReduceMin' | 'ReduceProd' | 'ReduceL1' | 'ReduceL2' | 'ReduceLogSum' | 'ReduceLogSumExp' | 'ReduceSumSquare';

const LIMITS: Record<string, [bigint, bigint]> = {
  int8: [-128n, 127n], uint8: [0n, 255n], int32: [-(2n ** 31n), 2n ** 31n - 1n], uint32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n], uint64: [0n, 2n ** 64n - 1n], bool: [0n, 1n],
};

/** numpy's astype from float64 as the kernel documents it: toward 0, NaN 0, saturating. */
function toInteger(type: string, v: number): bigint {
  const [lo, hi] = LIMITS[type];
  if (Number.isNaN(v)) return 0n;
  if (v <= Number(lo)) return lo;
  if (v >= Number(hi)) return hi;
  return BigInt(Math.trunc(v));
}

const sum = (vs: number[]) => vs.reduce((a, b) => a + b, 0);
const wrapSigned = (type: string, v: bigint) => (LIMITS[type][0] < 0n ? BigInt.asIntN(type === 'int64' ? 64 : type === 'int8' ? 8 : 32, v) : v);

function logSumExp(vs: number[]): number {
  if (vs.some(Number.isNaN)) return NaN;
  const m = Math.max(-Infinity, ...vs);
  if (!Number.isFinite(m)) return m;
  return m + Math.log(sum(vs.map((v) => Math.exp(v - m))));
}

function floatReduce(op: Op, vs: number[]): number {
  switch (op) {
    case 'ReduceSum': return sum(vs);
    case 'ReduceMean': return sum(vs) / vs.length;
    case 'ReduceMax': return vs.some(Number.isNaN) ? NaN : Math.max(-Infinity, ...vs);
    case 'ReduceMin': return vs.some(Number.isNaN) ? NaN : Math.min(Infinity, ...vs);
    case 'ReduceProd': return vs.reduce((a, b) => a * b, 1);
    case 'ReduceL1': return sum(vs.map(Math.abs));
    case 'ReduceL2': return Math.sqrt(sum(vs.map((v) => v * v)));
    case 'ReduceLogSum': return Math.log(sum(vs));
    case 'ReduceLogSumExp': return logSumExp(vs);
    case 'ReduceSumSquare': return sum(vs.map((v) => v * v));
  }
}

function intReduce(op: Op, type: string, vs: bigint[]): bigint {
  const total = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
  const [lo, hi] = LIMITS[type];
  switch (op) {
    case 'ReduceSum': return total(vs);
    case 'ReduceMean': return vs.length === 0 ? 0n : toInteger(type, Math.trunc(Number(wrapSigned(type, BigInt.asUintN(64, total(vs)))) / vs.length));
    case 'ReduceMax': return vs.reduce((a, b) => (b > a ? b : a), lo);
    case 'ReduceMin': return vs.reduce((a, b) => (b < a ? b : a), hi);
    case 'ReduceProd': return vs.reduce((a, b) => a * b, 1n);
    case 'ReduceL1': return total(vs.map((v) => (v < 0n ? -v : v)));
    case 'ReduceL2': return toInteger(type, Math.sqrt(Number(total(vs.map((v) => v * v)))));
    case 'ReduceLogSum': return toInteger(type, Math.log(Number(total(vs))));
    case 'ReduceLogSumExp': return toInteger(type, logSumExp(vs.map(Number)));
    case 'ReduceSumSquare': return total(vs.map((v) => v * v));
  }
}

/** Input values for the op and type: exact-summing floats, small integers. */
function randomValues(op: Op, type: string, size: number, random: () => number): number[] {
  return Array.from({ length: size }, () => {
    if (type === 'bool') return between(random, 0, 1);
    if (!isFloat(type)) {
      const span = op === 'ReduceLogSumExp' ? 5 : op === 'ReduceProd' ? 3 : 20;
      return LIMITS[type][0] < 0n ? between(random, -span, span) : between(random, 0, 2 * span);
    }
    if ((op === 'ReduceMax' || op === 'ReduceMin') && random() < 0.1) return [NaN, Infinity, -Infinity][between(random, 0, 2)];
    if (op === 'ReduceProd') return (random() < 0.5 ? -1 : 1) * between(random, 6, 12) / 8;
    return between(random, -16, 16) / 8;
  });
}

function reducedAxes(c: OpCase): boolean[] {
  const x = c.inputs[0]!;
  const axes = c.inputs[1] === undefined ? [] : Array.from(c.inputs[1].data as BigInt64Array, Number);
  const rank = x.dims.length;
  if (axes.length === 0) return new Array<boolean>(rank).fill(c.attributes.noop_with_empty_axes !== 1);
  const reduced = new Array<boolean>(rank).fill(false);
  for (const a of axes) reduced[a < 0 ? a + rank : a] = true;
  return reduced;
}

const NAMED: Record<Op, (x: never, options: never) => tw.Tensor | tw.ResidentTensor> = {
  ReduceSum: tw.reduceSum, ReduceMean: tw.reduceMean, ReduceMax: tw.reduceMax, ReduceMin: tw.reduceMin, ReduceProd: tw.reduceProd,
  ReduceL1: tw.reduceL1, ReduceL2: tw.reduceL2, ReduceLogSum: tw.reduceLogSum, ReduceLogSumExp: tw.reduceLogSumExp, ReduceSumSquare: tw.reduceSumSquare,
};

// Observed against the float64 reference: Mean and L2 within 1 ulp (one
// rounding each way), Prod within 4 ulps of float32 (27 factors at most),
// LogSum and LogSumExp within 2 (math-v128's log and exp against V8's).
const ROUNDED: Partial<Record<Op, number>> = { ReduceMean: 1, ReduceL2: 1, ReduceProd: 16, ReduceLogSum: 2, ReduceLogSumExp: 4 };

function reduceTest(op: Op): OpTest {
  const ulps = ROUNDED[op];
  return {
    op,
    cases: (random) => newestTypes(op, 'T').map((type) => {
      const dims = op === 'ReduceProd' ? randomDims(random, 3, 3) : randomDims(random, 6, 3);
      const x = tensorOf(type, dims, randomValues(op, type, dims.reduce((a, b) => a * b, 1), random));
      const form = random();
      const keepdims = random() < 0.5 ? 1 : 0;
      let axes: number[] | undefined;
      let noop = 0;
      if (form < 0.1) axes = undefined;
      else if (form < 0.2) { axes = []; noop = random() < 0.5 ? 1 : 0; }
      else {
        axes = dims.map((_, a) => a).filter(() => random() < 0.5).sort(() => random() - 0.5).map((a) => (random() < 0.3 ? a - dims.length : a));
      }
      return {
        label: `${type} [${dims}] axes ${axes === undefined ? 'none' : `[${axes}]`} keepdims ${keepdims} noop ${noop}`,
        inputs: [x, axes === undefined ? undefined : int64s(axes)],
        attributes: { keepdims, noop_with_empty_axes: noop },
      };
    }),
    reference: (c) => {
      const x = c.inputs[0]!;
      const reduced = reducedAxes(c);
      const dims = x.dims.flatMap((d, a) => (!reduced[a] ? [d] : c.attributes.keepdims === 1 ? [1] : []));
      const parts = groups(valuesOf(x), x.dims, reduced);
      const values = isFloat(x.type) ? parts.map((vs) => floatReduce(op, vs as number[])) : parts.map((vs) => intReduce(op, x.type, vs as bigint[]));
      return [expectedOf(x.type, dims, values)];
    },
    named: ({ inputs: [x, axes], attributes }, options) => NAMED[op](x as never, {
      ...(axes === undefined ? {} : { axes: Array.from(axes.data as BigInt64Array, Number) }),
      keepdims: attributes.keepdims === 1, noopWithEmptyAxes: attributes.noop_with_empty_axes === 1, ...options,
    } as never),
    tooLarge: 'the output is never larger than the input (each reduced axis becomes 1 or goes), but for an empty input reduced to one element',
    ...(ulps === undefined ? {} : {
      tolerance: { float64: { ulps, atol: 0 }, float32: { ulps, atol: 0 }, float16: { ulps: 1, atol: 0 }, bfloat16: { ulps: 1, atol: 0 } },
    }),
    fuzz: ['reduce'],
  };
}

export const REDUCE_SUM = reduceTest('ReduceSum');
export const REDUCE_MEAN = reduceTest('ReduceMean');
export const REDUCE_MAX = reduceTest('ReduceMax');
export const REDUCE_MIN = reduceTest('ReduceMin');
export const REDUCE_PROD = reduceTest('ReduceProd');
export const REDUCE_L1 = reduceTest('ReduceL1');
export const REDUCE_L2 = reduceTest('ReduceL2');
export const REDUCE_LOG_SUM = reduceTest('ReduceLogSum');
export const REDUCE_LOG_SUM_EXP = reduceTest('ReduceLogSumExp');
export const REDUCE_SUM_SQUARE = reduceTest('ReduceSumSquare');
