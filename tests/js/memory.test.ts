import * as tw from 'tessera-wasm';

beforeAll(() => tw.init());

describe('memory discipline', () => {
  it('returns the heap to its baseline after 10,000 calls, failing ones included', () => {
    const good = { type: 'float32' as const, data: new Float32Array(257).fill(-1.5), dims: [257] };
    const half = { type: 'float16' as const, data: new Uint16Array(33).fill(0xbe00), dims: [33] };
    const rejected = { type: 'int32' as const, data: new Int32Array(8), dims: [8] };
    tw.floor(good);
    const baseline = tw.memoryStats().heapBytesInUse;
    let failures = 0;
    for (let i = 0; i < 10_000; i++) {
      try {
        if (i % 3 === 0) tw.floor(good);
        else if (i % 3 === 1) tw.floor(half);
        else tw.floor(rejected as never);
      } catch (error) {
        expect((error as Error).name).toBe('SpecError');
        failures++;
      }
    }
    expect(failures).toBe(3333);
    expect(tw.memoryStats().heapBytesInUse).toBe(baseline);
  });

  it('counts a live resident tensor in heapBytesInUse, and no longer once disposed', () => {
    const before = tw.memoryStats();
    expect(before.memoryBytes).toBeGreaterThanOrEqual(1 << 20);
    const resident = tw.toResident({ type: 'float64', data: new Float64Array(4096), dims: [4096] });
    const during = tw.memoryStats().heapBytesInUse;
    expect(during - before.heapBytesInUse).toBeGreaterThanOrEqual(4096 * 8);
    expect(during - before.heapBytesInUse).toBeLessThan(4096 * 8 + 64);  // the block and malloc's header, no more
    resident.dispose();
    expect(tw.memoryStats().heapBytesInUse).toBe(before.heapBytesInUse);
  });

  it('starts every resident tensor on a 64-byte cache line, whatever was allocated before', () => {
    // dlmalloc alone aligns to 8; a kernel's vector stores at 8 mod 16 split lines (a fill ran 1.6x slower).
    const live: tw.ResidentTensor[] = [];
    for (const n of [1, 3, 16, 1000, 4097]) {
      live.push(tw.toResident({ type: 'uint8', data: new Uint8Array(n), dims: [n] }));
      live.push(tw.constantOfShape([n], { type: 'float32', data: Float32Array.of(1.5), dims: [1] }, { resident: true }));
    }
    for (const t of live) expect(t.offset % 64).toBe(0);
    live.forEach((t) => t.dispose());
  });
});
