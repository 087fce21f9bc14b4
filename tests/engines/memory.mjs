// releaseMemory() and the automatic release, in every engine: memory back to
// its initial size after a large op, pinned by a live resident tensor (which
// keeps its data), ops right after a release, no release between
// back-to-back ops, and (on a browser's main thread) a release in a Worker
// that leaves this realm's instance alone; a resident view across growth.
// Logs the figures docs/memory.md quotes.
import { mismatch } from './checks.mjs';

const MiB = 2 ** 20;
const now = () => globalThis.performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Floor of 8 Mi float32s (32 MiB) goes through the heap, so memory grows (Tile would move on the JS side). */
let large;
const largeOp = (tw) => tw.floor(large ??= new tw.Tensor('float32', new Float32Array(8 * MiB).fill(2.5), [8 * MiB]));

export async function memoryChecks({ tw, checks, log }) {
  tw.releaseMemory();
  const initial = tw.memoryStats().memoryBytes;

  await checks.run('releaseMemory() gives back what a large op grew', () => {
    largeOp(tw);
    const grown = tw.memoryStats().memoryBytes;
    if (grown < initial + 31 * MiB) throw mismatch(`memory grew to ${grown} only`);
    let start = now();
    const released = tw.releaseMemory();
    const releaseMs = now() - start;
    if (released !== grown - initial) throw mismatch(`released ${released}, expected ${grown - initial}`);
    if (tw.memoryStats().memoryBytes !== initial) throw mismatch(`memory ${tw.memoryStats().memoryBytes} after release, ${initial} at first`);
    start = now();
    const y = tw.floor(new tw.Tensor('float32', new Float32Array([1.5, -0.5]), [2]));
    const nextMs = now() - start;
    if (y.data[0] !== 1 || y.data[1] !== -1) throw mismatch(`floor after a release gave [${Array.from(y.data)}]`);
    log(`memory: ${initial} bytes at first, ${grown} after a 32 MiB floor, ${tw.memoryStats().memoryBytes} after releaseMemory() ` +
      `(release ${releaseMs.toFixed(2)} ms, the next call ${nextMs.toFixed(2)} ms)`);
  });

  await checks.run('a live resident tensor pins the memory and keeps its data', () => {
    const r = tw.toResident(new tw.Tensor('int32', Int32Array.from({ length: 4096 }, (_, i) => i * 3), [4096]));
    try {
      largeOp(tw);
      const grown = tw.memoryStats().memoryBytes;
      if (tw.releaseMemory() !== 0) throw mismatch('released with a live resident tensor');
      if (tw.memoryStats().memoryBytes !== grown) throw mismatch('memory changed though pinned');
      if (!Array.from(r.toTensor().data).every((v, i) => v === i * 3)) throw mismatch('the resident tensor lost its data');
    } finally {
      r.dispose();
    }
    if (tw.releaseMemory() <= 0) throw mismatch('nothing released once the resident tensor was disposed');
  });

  await checks.run('no release between back-to-back large ops; one after the idle delay', async () => {
    tw.init({ autoRelease: { aboveBytes: 16 * MiB, idleMs: 120 } });
    try {
      for (let i = 0; i < 4; i++) {
        largeOp(tw);
        await sleep(20);
        if (tw.memoryStats().memoryBytes <= 16 * MiB) throw mismatch(`released between op ${i} and op ${i + 1}`);
      }
      await sleep(600);
      if (tw.memoryStats().memoryBytes !== initial) throw mismatch(`memory ${tw.memoryStats().memoryBytes} after the idle delay`);
    } finally {
      tw.init({ autoRelease: false });
    }
  });

  await checks.run('a resident view across growth: still valid where memory has resizable buffers, else detached and refused when given back', () => {
    const r = tw.toResident(new tw.Tensor('int32', Int32Array.of(7, -8, 9), [3]));
    try {
      const view = r.view();
      largeOp(tw);
      const resizable = typeof WebAssembly.Memory.prototype.toResizableBuffer === 'function';
      if (resizable) {
        if (view.length !== 3 || view[0] !== 7 || view[1] !== -8 || view[2] !== 9) throw mismatch(`the view reads [${Array.from(view)}] after growth`);
      } else {
        if (view.length !== 0) throw mismatch(`a view of the old buffer has length ${view.length}`);
        let error;
        try { tw.tile(new tw.Tensor('int32', view, [3]), [1]); } catch (e) { error = e; }
        if (error?.name !== 'SpecError' || !/grew/.test(error.message)) throw mismatch(`the stale view given back: ${error}`);
      }
      log(`memory: a view taken before growth ${resizable ? 'stays valid (resizable buffers)' : 'is detached (no resizable buffers here)'}`);
    } finally {
      r.dispose();
      tw.releaseMemory();
    }
  });

  if (typeof Worker === 'function' && typeof document === 'object') {
    await checks.run('a release in a Worker leaves the main thread instance alone', async () => {
      const r = tw.toResident(new tw.Tensor('uint8', Uint8Array.from({ length: 256 }, (_, i) => i), [256]));
      const before = tw.memoryStats();
      try {
        const worker = new Worker(new URL('./browser/release-worker.mjs', import.meta.url), { type: 'module' });
        const released = await new Promise((resolve, reject) => {
          worker.onmessage = (event) => resolve(event.data);
          worker.onerror = (event) => reject(new Error(event.message));
        });
        worker.terminate();
        if (!(released > 31 * MiB)) throw mismatch(`the worker released ${released}`);
        const after = tw.memoryStats();
        if (after.memoryBytes !== before.memoryBytes || after.heapBytesInUse !== before.heapBytesInUse) {
          throw mismatch(`main thread memory ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
        }
        if (!Array.from(r.toTensor().data).every((v, i) => v === i)) throw mismatch('the resident tensor lost its data');
      } finally {
        r.dispose();
      }
    });
  }
}
