// Shared pieces of the data-movement ops' test modules: a case per type of
// the newest version, and expected outputs from the references' keys.
import * as tw from 'tessera-wasm';
import type { Key } from '../js/reference';
import type { Expected, OpCase } from './op-test';
import { fromKeys, newestTypes, plain, randomDims, randomInput } from './support';

export { plain };

/** One case per type the newest version takes, each from `make` with a random input of that type. */
export function perType(op: keyof typeof tw.OPS, constraint: string, random: () => number,
  make: (x: tw.Tensor, random: () => number) => Omit<OpCase, 'label'> & { label: string }, dims?: () => number[]): OpCase[] {
  return newestTypes(op, constraint).map((type) => {
    const x = randomInput(random, type, dims?.() ?? randomDims(random, 4, 4));
    const c = make(x, random);
    return { ...c, label: `${type} [${x.dims}] ${c.label}` };
  });
}

/** An expected output of the input's type. */
export const like = (x: tw.Tensor, { dims, keys }: { dims: number[]; keys: Key[] }): Expected => fromKeys(x.type, dims, keys);

/** A 1-D int32 tensor. */
export const int32s = (values: readonly number[]) => new tw.Tensor('int32', Int32Array.from(values), [values.length]);

/** The numbers of a 1-D int tensor. */
export const numbers = (t: tw.Tensor | undefined) => (t === undefined ? undefined : Array.from(t.data as ArrayLike<number | bigint>, Number));
