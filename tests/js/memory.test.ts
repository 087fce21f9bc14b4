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
});
