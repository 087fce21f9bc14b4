// What the workload lists share (bench/workloads.mjs, bench/family-workloads.mjs):
// each type's typed array and short name, the types tfjs has, the
// onnxruntime-web session of a one-node model. No Node imports.

export const ARRAY = { float32: Float32Array, int64: BigInt64Array, float16: Uint16Array, bfloat16: Uint16Array, uint8: Uint8Array, bool: Uint8Array };
export const SHORT = { float32: 'f32', float16: 'f16', bfloat16: 'bf16', int64: 'int64', uint8: 'u8', bool: 'bool' };
export const TF_TYPES = new Set(['float32']);  // tfjs has no float16, bfloat16, uint8 or int64 tensors of its own
export const product = (xs) => xs.reduce((a, b) => a * b, 1);

/** onnxruntime-web's session of a model: the wasm backend, every graph optimization. */
export function ortSession(ort, model) {
  return ort.InferenceSession.create(model, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
}
