// What an op's test module gives the op-agnostic suites (tests/js/registry-*.test.ts):
// valid cases from a seed, an independent reference for them, and how the
// named function takes a case. One module per op of the registry, listed in
// ./index.ts; the census (tests/js/registry-census.test.ts) fails on an op
// without one.
import type * as tw from 'tessera-wasm';

/** One node to run: inputs in the schema's order (undefined: an omitted optional input). */
export interface OpCase {
  /** Says what the case is, in a failure message. */
  readonly label: string;
  /** The opset to run at; undefined: the newest version. */
  readonly opset?: number;
  readonly inputs: readonly (tw.Tensor | undefined)[];
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** An expected output: its type, dims and storage (bytes, or the strings). */
export interface Expected {
  readonly type: string;
  readonly dims: readonly number[];
  readonly storage: Uint8Array | readonly string[];
}

export interface OpTest {
  /** The op's name in the registry. */
  readonly op: string;
  /** Valid cases, different for each seed; together over a few seeds they cover every type the newest version takes. */
  cases(random: () => number): OpCase[];
  /** The outputs the spec gives for a case, computed without the library's own code. */
  reference(c: OpCase): Expected[];
  /**
   * The named function on a case (a newest-version case), with `options`
   * merged into its options (`{ out }`); undefined for an op that has no
   * named function taking that case (runNode-only attributes).
   */
  named?(c: OpCase, options?: { out?: unknown }): tw.Tensor | tw.ResidentTensor | (tw.Tensor | tw.ResidentTensor)[];
  /** Which input is the op's data: what `out`-aliasing and residency tests use (default 0). */
  readonly dataInput?: number;
  /** Whether `out` may be the data input's own array: each element is read before the same index is written (Floor). */
  readonly inPlace?: boolean;
  /** Float32/float64 outputs compare any NaN equal to any NaN (the op does not define NaN payloads). */
  readonly looseNaN?: boolean;
  /**
   * A case whose output needs more than WebAssembly memory can hold (`limit`
   * bytes), which must be a SpecError naming the bytes and the limit; or,
   * for an op whose output can never be larger than its inputs (a map, a
   * conversion to no wider type), a sentence saying why there is none.
   */
  readonly tooLarge: ((limit: number) => OpCase) | string;
  /**
   * Float outputs (float64, float32, float16, bfloat16) that may differ from
   * the reference by rounding: by output type, how far each element may be
   * from the expected one, |got - want| <= atol + ulps * eps(type) * |want|
   * (transcendentals from another libm, a transform's summation order).
   * Outputs of a type not listed compare bit for bit.
   */
  readonly tolerance?: Readonly<Partial<Record<string, { readonly ulps: number; readonly atol: number }>>>;
  /** The libFuzzer targets (tests/fuzz/corpus/<name>) that cover the op's kernels; [] for an op with no kernel of its own. */
  readonly fuzz: readonly string[];
}
