// What the workload lists share (bench/workloads.mjs, bench/family-workloads.mjs):
// each type's typed array and short name, the types tfjs has, the
// onnxruntime-web session of a one-node model. No Node imports.

// int4 is stored packed, two codes a byte (the first in the low nibble), as tessera and onnxruntime-web store it.
export const ARRAY = {
  float32: Float32Array, int64: BigInt64Array, float16: Uint16Array, bfloat16: Uint16Array, uint8: Uint8Array, bool: Uint8Array,
  int8: Int8Array, int4: Uint8Array, float8e4m3fn: Uint8Array,
};
export const SHORT = { float32: 'f32', float16: 'f16', bfloat16: 'bf16', int64: 'int64', uint8: 'u8', bool: 'bool', int8: 'i8', int4: 'int4', float8e4m3fn: 'e4m3fn' };
/** Bits of the packed types (several elements a storage byte). */
const PACKED_BITS = { int4: 4 };
/** The storage length of `n` elements of a type: its typed array's length (n, or fewer bytes for a packed type). */
export const storageLength = (type, n) => (PACKED_BITS[type] ? Math.ceil((n * PACKED_BITS[type]) / 8) : n);
export const TF_TYPES = new Set(['float32']);  // tfjs has no float16, bfloat16, uint8 or int64 tensors of its own
export const product = (xs) => xs.reduce((a, b) => a * b, 1);

/** onnxruntime-web's session of a model: the wasm backend, every graph optimization. */
export function ortSession(ort, model) {
  return ort.InferenceSession.create(model, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
}
