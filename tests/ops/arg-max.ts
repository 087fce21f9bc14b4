// ArgMax's and ArgMin's test modules: every newest type, random dims (rank
// 1 to 6, empty dims off the axis), a random axis (negative too), keepdims
// and select_last_index; values from a small set so ties are common, NaN
// and infinities in float inputs. The reference scans each line in index
// order, written from the spec (numpy's argmax: the first NaN wins).
import * as tw from 'tessera-wasm';
import type { OpTest } from './op-test';
import { expectedOf, groups, isFloat, tensorOf, valuesOf } from './reduce-support';
import { between, newestTypes, randomDims } from './support';

function best(vs: (number | bigint)[], isMax: boolean, last: boolean): number {
  const nan = (v: number | bigint) => typeof v === 'number' && Number.isNaN(v);
  let at = 0;
  for (let k = 1; k < vs.length; k++) {
    const v = vs[k], b = vs[at];
    if (nan(b)) { if (last && nan(v)) at = k; continue; }
    if (nan(v)) { at = k; continue; }
    if (isMax ? v > b : v < b) at = k;
    else if (last && v === b) at = k;
  }
  return at;
}

function argTest(op: 'ArgMax' | 'ArgMin'): OpTest {
  const isMax = op === 'ArgMax';
  return {
    op,
    cases: (random) => newestTypes(op, 'T').map((type) => {
      let dims = randomDims(random, 6, 3);
      if (dims.length === 0) dims = [between(random, 1, 5)];
      const axis = between(random, 0, dims.length - 1);
      if (dims[axis] === 0) dims[axis] = 2;
      const size = dims.reduce((a, b) => a * b, 1);
      const values = Array.from({ length: size }, () => {
        if (isFloat(type) && random() < 0.1) return [NaN, Infinity, -Infinity][between(random, 0, 2)];
        return type.startsWith('u') ? between(random, 0, 4) : between(random, -2, 2);
      });
      const attributes = { axis: random() < 0.3 ? axis - dims.length : axis, keepdims: random() < 0.5 ? 1 : 0, select_last_index: random() < 0.5 ? 1 : 0 };
      return { label: `${type} [${dims}] axis ${attributes.axis} keepdims ${attributes.keepdims} last ${attributes.select_last_index}`, inputs: [tensorOf(type, dims, values)], attributes };
    }),
    reference: ({ inputs: [x], attributes }) => {
      const rank = x!.dims.length;
      const axis = (attributes.axis as number) < 0 ? (attributes.axis as number) + rank : attributes.axis as number;
      const reduced = x!.dims.map((_, a) => a === axis);
      const dims = x!.dims.flatMap((d, a) => (a !== axis ? [d] : attributes.keepdims === 1 ? [1] : []));
      const indices = groups(valuesOf(x!), x!.dims, reduced).map((vs) => BigInt(best(vs, isMax, attributes.select_last_index === 1)));
      return [expectedOf('int64', dims, indices)];
    },
    named: ({ inputs: [x], attributes }, options) => (isMax ? tw.argMax : tw.argMin)(x as never, {
      axis: attributes.axis as number, keepdims: attributes.keepdims === 1, selectLastIndex: attributes.select_last_index === 1, ...options,
    } as never),
    tooLarge: 'not given yet: the int64 output is at most 8x a uint8 input (an axis of extent 1); runCompute\'s scratch allocation refuses what memory cannot hold',
    fuzz: [],
  };
}

export const ARG_MAX = argTest('ArgMax');
export const ARG_MIN = argTest('ArgMin');
