// Runs workloads on a host (Node, or a browser page): builds each one's timed
// implementations, checks that they agree, samples tessera's memory, and
// measures. No Node imports. A host is
//   { engine, tw, twScalar, ort?, tf?, module, freshMemory, collect, batchMs, smoke }
// (bench/node-host.mjs, bench/page.mjs).
import { harness } from './harness.mjs';
import { bytesOf, roofline } from './roofline.mjs';

/**
 * The columns, in table order, and what each one's ratio is taken against:
 *   tessera   tw.op(tensor): copy in, kernel, copy out into a fresh typed array
 *   out       tw.op(tensor, { out }): the same into an array that already exists
 *   resident  tw.op(resident) and dispose(): the kernel and the output's allocation, no copies
 *   scalar    resident, on the scalar (no SIMD128) build, a second instance
 *   ort       onnxruntime-web, wasm backend, one thread, a one-node model (await session.run)
 *   tfjs      @tensorflow/tfjs-backend-wasm: tf.tensor, the op, dataSync, dispose
 *   canvas    browsers, the image rows: drawImage of an ImageBitmap into a 2-D canvas, getImageData (RGBA: unchecked)
 *   js        a plain JS loop into a fresh typed array
 *   jsOut     the same loop into an array that already exists
 *   roof, warm, memcpy   the roofline (bench/roofline.mjs)
 */
export const COLUMNS = ['tessera', 'out', 'resident', 'scalar', 'ort', 'tfjs', 'canvas', 'js', 'jsOut', 'roof', 'warm', 'memcpy'];
export const AGAINST = { tessera: 'roof', ort: 'roof', tfjs: 'roof', canvas: 'roof', js: 'roof', out: 'warm', jsOut: 'warm', resident: 'memcpy', scalar: 'memcpy' };
// Implementations returning a typed array: all must give the same bytes, or the bench is measuring a bug.
const CHECKED = ['tessera', 'out', 'js', 'jsOut', 'ort', 'tfjs'];
export const SWEEP_COLUMNS = ['tessera', 'out', 'resident', 'roof', 'warm', 'memcpy', 'ort'];

export function suite(host) {
  const timing = harness(host);
  const roof = roofline(host.module, timing.measureQuick);

  /** One workload's row: { name, op, type, outBytes, us: { column: µs }, memory }. */
  async function run(workload, columns = COLUMNS) {
    await host.freshMemory();
    const { tw, twScalar } = host;
    const w = await workload.prepare(host);
    const plain = w.options(undefined);
    // A fresh output (one typed array, or several by name), none where its size depends on the data (NonMaxSuppression).
    const newOut = 'newOut' in w ? w.newOut : () => new w.Out(w.outLength);
    const outBytes = w.outBytes ?? workload.outBytes;
    const withOut = newOut && w.options({ out: newOut() });
    const residentOptions = w.residentByOption ? w.options({ resident: true }) : plain;
    const toResident = (lib) => w.xs.map((x) => lib.toResident(x));

    // Memory first, on fresh memory and before the bench's own blocks: one call in each mode.
    const stats = () => tw.memoryStats().memoryBytes;
    const memory = { initial: stats() };
    if (withOut) {
      w.run(tw, w.xs, withOut);
      memory.out = stats();
    }
    w.run(tw, w.xs, plain);
    memory.tessera = stats();
    const xr = toResident(tw);
    w.run(tw, xr, residentOptions).dispose();
    memory.resident = stats();
    memory.peak = Math.max(...Object.values(memory));

    // The roofline's blocks are plain mallocs the library knows nothing of: a
    // live resident tensor keeps its automatic release from replacing the
    // instance under them while a peer's long batches leave tessera idle.
    const pin = tw.toResident(new tw.Tensor('uint8', new Uint8Array(1), [1]));
    const xs = toResident(twScalar);
    const jsOut = newOut?.();
    const [roofImpls, freeRoofline] = await roof.implementations({ ...w.roofline, outBytes, OutArray: w.Out });
    const all = {
      tessera: () => w.run(tw, w.xs, plain).data,
      out: withOut && (() => w.run(tw, w.xs, withOut).data),
      resident: () => w.run(tw, xr, residentOptions).dispose(),
      scalar: () => w.run(twScalar, xs, residentOptions).dispose(),
      ort: w.ort,
      tfjs: w.tfjs,
      canvas: w.canvas,
      js: w.js && (() => w.js(newOut?.())),
      jsOut: w.js && jsOut && (() => w.js(jsOut)),
      ...roofImpls,
    };
    const impls = Object.fromEntries(columns.filter((c) => all[c]).map((c) => [c, all[c]]));
    try {
      await checkOutputs(workload.name, impls, w.tolerance);
      const us = await timing.measure(impls);
      return { name: workload.name, op: workload.op, type: workload.type, outBytes, us, memory };
    } finally {
      freeRoofline();
      pin.dispose();
      for (const x of [...xr, ...xs]) x.dispose();
    }
  }

  return { run };
}

/**
 * Every implementation's output against the first one's: the same bytes, or,
 * where a peer returns another element width (tfjs's int32 ArgMax) or the
 * workload gives a `tolerance` { rtol, atol } (float sums, exp: no two
 * libraries round them alike), the same values within it. Several outputs
 * (TopK's values and indices) come as a list, each checked so.
 */
async function checkOutputs(name, impls, tolerance) {
  let reference;
  for (const impl of CHECKED) {
    if (!impls[impl]) continue;
    const values = await impls[impl]();
    if (reference === undefined) {
      reference = { impl, values: Array.isArray(values) ? values.map((v) => v.slice()) : values.slice() };
    } else if (!agree(values, reference.values, tolerance)) {
      throw new Error(`bench: ${name}: ${impl} and ${reference.impl} disagree`);
    }
  }
}

function agree(a, b, tolerance) {
  if (a.length !== b.length) return false;
  if (Array.isArray(a)) return a.every((x, i) => agree(x, b[i], tolerance));  // several outputs: each
  // Same element width: the same bytes (a float16 output is a Uint16Array of bits from tessera, a
  // Float16Array from onnxruntime-web where the engine has one: Chromium, Firefox).
  if (!tolerance && a.BYTES_PER_ELEMENT === b.BYTES_PER_ELEMENT) {
    const [x, y] = [bytesOf(a), bytesOf(b)];
    return x.every((v, i) => v === y[i]);
  }
  const { rtol = 0, atol = 0 } = tolerance ?? {};
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [Number(a[i]), Number(b[i])];
    if (!(x === y || Math.abs(x - y) <= atol + rtol * Math.abs(y))) return false;
  }
  return true;
}
