// Loading. Each Jest file gets a fresh module registry, so this file starts uninitialized.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as tw from 'tessera-wasm';

const DIST_WASM = path.resolve(__dirname, '../../dist/wasm');
const x = { type: 'float32' as const, data: new Float32Array([1.5]), dims: [1] };

describe('init', () => {
  it('makes ops before init throw an error that says to call init()', () => {
    expect(() => tw.floor(x)).toThrow(/call `await tw.init\(\)`/);
    expect(() => tw.backendInfo()).toThrow(/init/);
    // Ops that would need no kernel for these inputs throw all the same.
    expect(() => tw.constantOfShape([2, 2])).toThrow(/call `await tw.init\(\)`/);
    expect(() => tw.tile({ type: 'float32', data: new Float32Array(0), dims: [0] }, [2])).toThrow(/call `await tw.init\(\)`/);
    expect(() => tw.asStrided(x, { size: [1], stride: [1] })).toThrow(/call `await tw.init\(\)`/);
    const shape = { type: 'int64' as const, data: new BigInt64Array([0n]), dims: [1] };
    expect(() => tw.runNode({ opType: 'ConstantOfShape' }, [shape])).toThrow(/call `await tw.init\(\)`/);
    expect(() => tw.toResident(x)).toThrow(/call `await tw.init\(\)`/);
    expect(() => tw.memoryStats()).toThrow(/call `await tw.init\(\)`/);
  });

  it('names the location it failed to load from, and can be retried', async () => {
    await expect(tw.init({ wasm: '/nonexistent/tessera.wasm' })).rejects.toThrow(/could not load the WebAssembly module from \/nonexistent\/tessera.wasm/);
    await expect(tw.init({ wasm: new Uint8Array([1, 2, 3]) })).rejects.toThrow(/from bytes/);
    // A module that compiles but cannot be instantiated (it imports what the loader does not give) rejects too.
    const importsMissing = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 2, 8, 1, 1, 109, 1, 120, 3, 127, 0]);
    await expect(tw.init({ wasm: importsMissing })).rejects.toThrow(/could not instantiate the WebAssembly module from bytes/);
    expect(() => tw.floor(x)).toThrow(/call `await tw.init\(\)`/);
    // The retry that succeeds after these failures is the next test's first init().
  });

  it('shares one promise between concurrent calls and is idempotent', async () => {
    const first = tw.init();
    const second = tw.init();
    expect(second).toBe(first);
    await Promise.all([first, second]);
    await tw.init();
    expect(tw.floor(x).data[0]).toBe(1);
    const info = tw.backendInfo();
    expect(info.simd).toBe(true);
    expect(info.simdSupported).toBe(true);
    expect(info.source).toMatch(/tessera\.wasm$/);
    expect(info.wasmBytes).toBe(readFileSync(path.join(DIST_WASM, 'tessera.wasm')).byteLength);
  });
});

describe('init options (fresh module instances)', () => {
  const fresh = (): typeof tw => {
    let m: typeof tw | undefined;
    jest.isolateModules(() => { m = require('tessera-wasm'); });
    return m!;
  };

  it('takes bytes, a compiled module, or a path, and the scalar build', async () => {
    const bytes = readFileSync(path.join(DIST_WASM, 'tessera-scalar.wasm'));
    const a = fresh();
    await a.init({ wasm: bytes });
    expect(a.backendInfo()).toMatchObject({ simd: false, source: 'bytes', wasmBytes: bytes.byteLength });
    expect(Array.from(a.floor(x).data)).toEqual([1]);

    const b = fresh();
    await b.init({ wasm: await WebAssembly.compile(bytes) });
    expect(b.backendInfo()).toMatchObject({ simd: false, source: 'module' });

    const c = fresh();
    await c.init({ wasm: path.join(DIST_WASM, 'tessera.wasm') });
    expect(c.backendInfo().simd).toBe(true);

    const d = fresh();
    await d.init({ backend: 'scalar' });
    expect(d.backendInfo()).toMatchObject({ simd: false });
    expect(d.backendInfo().source).toMatch(/tessera-scalar\.wasm$/);
  });
});
