// Small pieces the op test modules share: random shapes and tensors, and
// expected outputs from element keys (tests/js/reference.ts).
import * as tw from 'tessera-wasm';
import { type Key, type Plain, randomTensor, storageFrom } from '../js/reference';
import type { Expected } from './op-test';

/** A random integer in [min, max]. */
export const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** One of the entries, at random. */
export const pick = <T>(random: () => number, entries: readonly T[]): T => entries[Math.floor(random() * entries.length)];

/** Random dims: rank 0 to maxRank, each 0 to maxDim (a 0 now and then: empty tensors). */
export function randomDims(random: () => number, maxRank = 4, maxDim = 5): number[] {
  return Array.from({ length: between(random, 0, maxRank) }, () => (random() < 0.08 ? 0 : between(random, 1, maxDim)));
}

/** A random tensor of `type` and `dims` (floats mixing specials and random bits), as a library Tensor. */
export function randomInput(random: () => number, type: string, dims: number[]): tw.Tensor {
  const t = randomTensor(type, dims, Math.floor(random() * 2 ** 31));
  return new tw.Tensor(type as never, t.data as never, dims);
}

/** A 1-D int64 tensor of the integers. */
export const int64s = (values: readonly number[]) => new tw.Tensor('int64', BigInt64Array.from(values, BigInt), [values.length]);

/** An input as the references take it. */
export const plain = (t: tw.Tensor): Plain => ({ type: t.type, data: t.data as Plain['data'], dims: [...t.dims] });

/** An expected output from element keys. */
export const fromKeys = (type: string, dims: readonly number[], keys: Key[]): Expected => ({ type, dims, storage: storageFrom(type, keys) });

/** The newest version's types of constraint `name` for op. */
export function newestTypes(op: keyof typeof tw.OPS, name: string): string[] {
  const versions = tw.OPS[op].versions;
  return [...(versions[versions.length - 1].types as Record<string, readonly string[]>)[name]];
}
