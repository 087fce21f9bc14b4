// Giving memory back: releaseMemory() and the automatic release.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as tw from 'tessera-wasm';

const MiB = 2 ** 20;
const IDLE_MS = 150;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let initial = 0;
let initialHeap = 0;  // a fresh instance's own blocks (the kernels' parameter block)
beforeAll(async () => {
  await tw.init({ autoRelease: { aboveBytes: 16 * MiB, idleMs: IDLE_MS } });
  ({ memoryBytes: initial, heapBytesInUse: initialHeap } = tw.memoryStats());
});

/** A default-mode op through the heap (Floor runs in WebAssembly; Tile moves on the JS side): 32 MiB, so memory grows. */
const input = new tw.Tensor('float32', new Float32Array(8 * MiB).fill(1.5), [8 * MiB]);
function largeOp(): tw.Tensor {
  return tw.floor(input);
}

describe('releaseMemory', () => {
  it('returns memory to its initial size after a large op', () => {
    expect(initial).toBe(MiB);
    largeOp();
    const grown = tw.memoryStats().memoryBytes;
    expect(grown).toBeGreaterThan(32 * MiB);
    expect(tw.releaseMemory()).toBe(grown - initial);
    expect(tw.memoryStats()).toEqual({ heapBytesInUse: expect.any(Number), memoryBytes: initial });
    expect(tw.releaseMemory()).toBe(0);  // nothing more to give
  });

  it('leaves ops working after a release, and resident tensors made afterwards', () => {
    largeOp();
    tw.releaseMemory();
    const y = largeOp();
    expect(y.dims).toEqual([8 * MiB]);
    expect(y.data[0]).toBe(1);
    expect(y.data[y.data.length - 1]).toBe(1);
    const r = tw.toResident(new tw.Tensor('float32', new Float32Array([-0.5, 2.5]), [2]));
    const floored = tw.floor(r);
    expect(Array.from(floored.toTensor().data)).toEqual([-1, 2]);
    r.dispose();
    floored.dispose();  // a resident left to the garbage collector would pin the memory until collected
    tw.releaseMemory();
  });

  it('is pinned by a live resident tensor, which keeps its data', () => {
    const r = tw.toResident(new tw.Tensor('int32', Int32Array.from({ length: 1000 }, (_, i) => i * 7), [1000]));
    largeOp();
    const grown = tw.memoryStats().memoryBytes;
    expect(tw.releaseMemory()).toBe(0);
    expect(tw.memoryStats().memoryBytes).toBe(grown);
    expect(Array.from(r.toTensor().data).every((v, i) => v === i * 7)).toBe(true);
    r.dispose();
    expect(tw.releaseMemory()).toBe(grown - initial);
  });

  it('keeps a resident tensor disposed before a release disposed, never reading the new memory', () => {
    const r = tw.toResident(new tw.Tensor('float32', new Float32Array(16), [16]));
    r.dispose();
    largeOp();
    expect(tw.releaseMemory()).toBeGreaterThan(0);
    expect(r.disposed).toBe(true);
    expect(() => r.view()).toThrow(/disposed/);
    expect(() => r.toTensor()).toThrow(/disposed/);
    expect(() => tw.floor(r)).toThrow(tw.SpecError);
    r.dispose();  // still idempotent: frees nothing of the new instance
    expect(tw.memoryStats().heapBytesInUse).toBe(initialHeap);
  });
});

describe('automatic release', () => {
  it('happens once the heap has stayed unused for idleMs after growing past aboveBytes', async () => {
    largeOp();
    expect(tw.memoryStats().memoryBytes).toBeGreaterThan(16 * MiB);
    await sleep(IDLE_MS * 4);
    expect(tw.memoryStats().memoryBytes).toBe(initial);
  });

  it('never happens between back-to-back large ops', async () => {
    for (let i = 0; i < 12; i++) {
      largeOp();
      await sleep(IDLE_MS / 5);
      // Released in between, memory would be back at its initial size here.
      expect(tw.memoryStats().memoryBytes).toBeGreaterThan(16 * MiB);
    }
    await sleep(IDLE_MS * 4);
    expect(tw.memoryStats().memoryBytes).toBe(initial);
  });

  it('does not keep a Node process alive', () => {
    const dist = path.resolve(__dirname, '../../dist/cjs/index.cjs');
    const script = `const tw = require(${JSON.stringify(dist)});
      tw.init({ autoRelease: { aboveBytes: 1 << 20, idleMs: 600000 } }).then(() => {
        tw.floor(new tw.Tensor('float32', new Float32Array(4 << 20), [4 << 20]));
        console.log(tw.memoryStats().memoryBytes > (16 << 20) ? 'grown' : 'small');
      });`;
    // A ten-minute timer that kept the process alive would hit this timeout.
    const out = execFileSync(process.execPath, ['-e', script], { timeout: 60_000 }).toString().trim();
    expect(out).toBe('grown');
  });

  it('in a Worker leaves the main thread instance alone', async () => {
    const r = tw.toResident(new tw.Tensor('uint8', Uint8Array.from({ length: 64 }, (_, i) => i), [64]));
    const dist = path.resolve(__dirname, '../../dist/cjs/index.cjs');
    const worker = new Worker(`const tw = require(${JSON.stringify(dist)});
      const { parentPort } = require('node:worker_threads');
      tw.init().then(() => {
        tw.floor(new tw.Tensor('float32', new Float32Array(8 << 20), [8 << 20]));
        parentPort.postMessage(tw.releaseMemory());
      });`, { eval: true });
    const released = await new Promise<number>((resolve, reject) => { worker.on('message', resolve); worker.on('error', reject); });
    await worker.terminate();
    expect(released).toBeGreaterThan(31 * MiB);
    expect(Array.from(r.toTensor().data)).toEqual(Array.from({ length: 64 }, (_, i) => i));
    r.dispose();
  });
});
