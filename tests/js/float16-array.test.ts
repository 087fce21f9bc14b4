// init({ float16Array: true }) where the runtime has no Float16Array (Node 20,
// which Jest runs on): init() rejects saying so, and float16 results stay
// Uint16Arrays of bit patterns. Where the runtime has one (Node 24 and 26,
// Deno, Bun, Chromium, Firefox), the engine matrix checks the option itself
// (tests/engines/float16.mjs).
import * as tw from 'tessera-wasm';

const hasFloat16Array = typeof (globalThis as { Float16Array?: unknown }).Float16Array === 'function';

(hasFloat16Array ? describe.skip : describe)('init({ float16Array }) without a Float16Array in the runtime', () => {
  it('rejects true, saying the runtime lacks it and what to write instead', async () => {
    await expect(tw.init({ float16Array: true })).rejects.toThrow(
      "init({ float16Array: true }): this runtime has no Float16Array (Node 20 and 22 lack it); leave the option out (float16 data is then a Uint16Array of bit patterns: tw.decode(t) or t.toArray() give numbers), or pass float16Array: 'Float16Array' in globalThis");
  });

  it('rejects what is not a boolean', async () => {
    await expect(tw.init({ float16Array: 1 as never })).rejects.toThrow('options.float16Array must be a boolean (got 1)');
  });

  it('takes false, and float16 results are Uint16Arrays of bit patterns', async () => {
    await tw.init({ float16Array: false });
    const y = tw.floor(tw.tensor('float16', [1.5, -1.5]));
    expect(Object.prototype.toString.call(y.data)).toBe('[object Uint16Array]');
    expect(Array.from(y.data as Uint16Array)).toEqual([0x3c00, 0xc000]);
  });
});
if (hasFloat16Array) process.stderr.write('float16-array.test.ts: skipped, this runtime has a Float16Array (the engine matrix tests the option)\n');
