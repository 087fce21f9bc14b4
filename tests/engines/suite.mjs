// The conformance suite: one source, run unchanged in every engine of the
// matrix (Node ESM and require, Deno, Bun ESM and require, Chromium and
// Firefox on the main thread and in a module Worker), once per build.
// A plain ES module that touches no host API: the host passes in the library
// (`tw`, however it loaded it), the build to load, the ONNX vectors' reader and
// where to print. It prints one line per failure and ends with
// `N passed, M failed`.
//
//   runSuite(tw, {
//     backend: 'simd' | 'scalar',                     // init({ backend }): one build per process or page
//     vectors: { read(path) -> Promise<Uint8Array | undefined> } | { skipped: 'why' },
//     opCases: the JSON of tests/engines/op-cases.ts | { skipped: 'why' },
//     log: (line) => void,                            // default console.log
//     seed: number,                                   // default SEED
//   }) -> Promise<{ passed, failed }>
//
// It holds:
//   - the official ONNX node tests, run bit for bit (fresh and resident);
//   - every op of the registry (registry.mjs): its test module's cases
//     (tests/ops, made in Node for fixed seeds) through runNode, fresh and
//     resident, against its reference's outputs;
//   - a seeded differential test of every op (tile, floor, constantOfShape,
//     asStrided, and runNode at every version) against the plain references
//     in reference.mjs, over every data type: a type the op (version) takes
//     must match the reference byte for byte and leave its input unchanged; a
//     type it does not take must be a SpecError naming op, version and param.
//     Modes: fresh outputs, resident tensors, and `out` (docs/out-and-resident.md, "Fresh
//     arrays, `out`, or resident tensors");
//   - Cast and CastLike: hand-written conversions in every mode and their
//     versions' rules (cast.mjs);
//   - the error contract on a sample of bad inputs: a tw.SpecError with op,
//     version and param, a message that starts with the op, and no memory held;
//   - hostile input, round two (hostile.mjs): options with every name on
//     Object.prototype, numbers that would wrap, printing bounded whatever the
//     dims, no release under a running op, tfjs data in module memory;
//   - memory given back: releaseMemory() and the automatic release (memory.mjs);
//   - init({ float16Array }): Float16Array results where the engine has one (float16.mjs).
import { castChecks } from './cast.mjs';
import { Checks, expectTensor, mismatch, thrown } from './checks.mjs';
import { differential } from './differential.mjs';
import { errorContract } from './errors.mjs';
import { hostileChecks } from './hostile.mjs';
import { float16Checks } from './float16.mjs';
import { memoryChecks } from './memory.mjs';
import { registryChecks } from './registry.mjs';
import { VECTORS, readVector } from './onnx.mjs';
import { storageBytes } from './reference.mjs';

export const SEED = 14;

export async function runSuite(tw, { backend, vectors, opCases = { skipped: 'none given' }, log = console.log, seed = SEED }) {
  const checks = new Checks(log);
  const context = { tw, checks, seed, log };

  await checks.run('an op before init() says to call init() first', () => {
    const error = thrown(() => tw.floor(new tw.Tensor('float32', new Float32Array(1), [1])));
    if (!/init\(\)/.test(error?.message)) throw mismatch(`got ${error}`);
  });
  const loaded = await checks.run(`init({ backend: '${backend}' }) loads the ${backend} build`, async () => {
    await tw.init({ backend });
    const info = tw.backendInfo();
    if (info.simd !== (backend === 'simd')) throw mismatch(`backendInfo() ${JSON.stringify(info)}`);
  });
  if (loaded) {
    const heapBefore = tw.memoryStats().heapBytesInUse;
    await officialVectors(context, vectors);
    await differential(context, ['fresh', 'resident', 'out']);
    await registryChecks(context, opCases);
    await castChecks(context);
    await errorContract(context);
    await hostileChecks(context);
    await float16Checks(context);
    await checks.run('every tensor freed: heapBytesInUse back where it started', () => {
      const after = tw.memoryStats().heapBytesInUse;
      if (after !== heapBefore) throw mismatch(`${heapBefore} bytes before, ${after} after`);
    });
    await memoryChecks(context);
  }
  log(`${checks.passed} passed, ${checks.failed} failed`);
  return { passed: checks.passed, failed: checks.failed };
}

// ---------------------------------------------------------------- official vectors
async function officialVectors({ tw, checks, log }, vectors) {
  if (vectors.skipped) {
    log(`ONNX vectors: skipped, ${vectors.skipped}`);
    return;
  }
  for (const name of VECTORS) {
    let test;
    await checks.run(`ONNX ${name}: read`, async () => { test = await readVector(tw, name, vectors.read); });
    if (!test) continue;
    await checks.run(`ONNX ${name}: runNode reproduces the outputs bit for bit`, () => {
      const outputs = tw.runNode(test.node, test.inputs);
      if (outputs.length !== test.outputs.length) throw mismatch(`${outputs.length} outputs, expected ${test.outputs.length}`);
      outputs.forEach((y, i) => expectTensor(y, test.outputs[i].type, test.outputs[i].dims, storageBytes(test.outputs[i])));
    });
    await checks.run(`ONNX ${name}: the same on resident inputs`, () => {
      const inputs = test.inputs.map((t) => tw.toResident(t));
      try {
        const outputs = tw.runNode(test.node, inputs);
        outputs.forEach((y, i) => {
          if (!(y instanceof tw.ResidentTensor)) throw mismatch(`output ${i} is not resident`);
          const plain = y.toTensor();
          y.dispose();
          expectTensor(plain, test.outputs[i].type, test.outputs[i].dims, storageBytes(test.outputs[i]));
        });
      } finally {
        inputs.forEach((r) => r.dispose());
      }
    });
  }
}
