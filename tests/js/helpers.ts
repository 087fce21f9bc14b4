// Shared by the Jest suites.
import { existsSync } from 'node:fs';
import * as path from 'node:path';

/** ../shared beside the repository: the specs and the official ONNX vectors. */
export const SHARED = path.resolve(__dirname, '../../../shared');
export const ONNX_TESTS = path.join(SHARED, 'onnx-node-tests');
export const hasShared = existsSync(ONNX_TESTS);

/** `it`, or a skipped `it` that says why when ../shared is absent. */
export function itWithShared(name: string, body: () => Promise<unknown>): void {
  if (hasShared) {
    it(name, body);
  } else {
    it.skip(`${name} (skipped: ${ONNX_TESTS} is absent)`, body);
    // Plain stderr: console.warn in Jest adds a code frame to every line.
    process.stderr.write(`skipped "${name}": the official ONNX vectors are read from ${ONNX_TESTS}, which is absent\n`);
  }
}

/** Expects `fn` to throw a SpecError for `op`-`version` whose message matches every pattern; returns it. */
export function expectSpecError(fn: () => unknown, op: string, version: number | undefined, ...patterns: (string | RegExp)[]): Error & { param?: string } {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(Error);
  const error = thrown as Error & { op?: string; version?: number; param?: string };
  expect(error.name).toBe('SpecError');
  expect(error.op).toBe(op);
  expect(error.version).toBe(version);
  expect(error.message.startsWith(version === undefined ? `${op}:` : `${op}-${version}:`)).toBe(true);
  for (const pattern of patterns) expect(error.message).toMatch(pattern);
  return error;
}

/** expectSpecError, and the parameter the error names (`param`; undefined for one about the node as a whole). */
export function expectSpecErrorOn(fn: () => unknown, op: string, version: number, param: string | undefined, ...patterns: (string | RegExp)[]): void {
  expect(expectSpecError(fn, op, version, ...patterns).param).toBe(param);
}

export const f32 = (values: number[]) => new Float32Array(values);

/**
 * The element types an op's newest version takes, from the library's own
 * table (tw.OPS), for generating valid cases. Tests of the table itself keep
 * their own lists, written from ../shared/spec (tile.test, floor.test,
 * constant-of-shape.test, tests/engines/differential.mjs).
 */
export function typesOf(op: 'Tile' | 'Floor' | 'ConstantOfShape' | 'AsStrided'): readonly string[] {
  const { OPS } = require('tessera-wasm') as typeof import('tessera-wasm');
  const { versions } = OPS[op];
  const types = versions[versions.length - 1].types as Record<string, readonly string[]>;
  return op === 'ConstantOfShape' ? types.T2 : types.T;
}

const TYPED: Record<string, new (n: number) => ArrayLike<unknown>> = {
  Float32Array, Float64Array, Int8Array, Uint8Array, Int16Array, Uint16Array,
  Int32Array, Uint32Array, BigInt64Array, BigUint64Array,
};

/** Storage slots `size` elements of `type` take, by the contract's table (computed independently of the library). */
export function slotsFor(type: string, size: number): number {
  if (['int4', 'uint4', 'float4e2m1'].includes(type)) return Math.ceil(size / 2);
  if (['int2', 'uint2'].includes(type)) return Math.ceil(size / 4);
  if (type === 'complex64' || type === 'complex128') return size * 2;
  return size;
}

/** A zero-filled (empty-string for strings) tensor of any type. */
export function zeros(type: string, dims: number[]): { type: never; data: never; dims: number[] } {
  const size = dims.reduce((a, b) => a * b, 1);
  const length = slotsFor(type, size);
  const storage = (require('tessera-wasm') as typeof import('tessera-wasm')).DTYPES[type as 'float32'].storage as string;
  const data = storage === 'Array' ? new Array(length).fill('') : new TYPED[storage](length);
  return { type: type as never, data: data as never, dims };
}

/** A tensor's data as a plain array, whatever its type. */
export const values = (t: { data: unknown }) => Array.from(t.data as ArrayLike<number | bigint | string>);

/** Row-major strides of dims. */
export function stridesOf(dims: readonly number[]): number[] {
  const strides = new Array<number>(dims.length);
  let s = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    strides[i] = s;
    s *= dims[i];
  }
  return strides;
}

/** Calls fn with every multi-index of dims, in row-major order. */
export function forEachIndex(dims: readonly number[], fn: (index: number[]) => void): void {
  if (dims.some((d) => d === 0)) return;
  const index = dims.map(() => 0);
  for (;;) {
    fn(index);
    let axis = dims.length - 1;
    while (axis >= 0 && ++index[axis] === dims[axis]) index[axis--] = 0;
    if (axis < 0) return;
  }
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Both builds of the library (tessera.wasm and tessera-scalar.wasm), each a
 * module instance of its own (`tessera-wasm/testing`, autoRelease off),
 * filled in by the beforeAll this registers: for suites that compare the
 * builds call by call.
 */
export function bothBuilds(): { name: 'simd' | 'scalar'; tw: typeof import('tessera-wasm/testing') }[] {
  const builds: { name: 'simd' | 'scalar'; tw: typeof import('tessera-wasm/testing') }[] = [];
  beforeAll(async () => {
    for (const backend of ['simd', 'scalar'] as const) {
      let tw: typeof import('tessera-wasm/testing') | undefined;
      jest.isolateModules(() => { tw = require('tessera-wasm/testing'); });
      await tw!.init({ backend, autoRelease: false });
      expect(tw!.backendInfo().simd).toBe(backend === 'simd');
      builds.push({ name: backend, tw: tw! });
    }
  });
  return builds;
}
