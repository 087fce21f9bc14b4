import * as tw from 'tessera-wasm';
import { expectSpecError, values } from './helpers';

beforeAll(() => tw.init());

const f32 = (values: number[], dims = [values.length]) => new tw.Tensor('float32', new Float32Array(values), dims);

describe('resident tensors', () => {
  it('chain ops without leaving WebAssembly memory, and copy out on request', () => {
    const before = tw.memoryStats().heapBytesInUse;
    const x = tw.toResident(f32([1.5, -2.5, 3.25, -0.5], [2, 2]));
    expect(x).toBeInstanceOf(tw.ResidentTensor);
    expect([x.type, x.dims, x.size, x.byteLength]).toEqual(['float32', [2, 2], 4, 16]);
    const tiled = tw.tile(x, [1, 2]);
    const floored = tw.floor(tiled);
    const view = tw.asStrided(floored, { size: [4, 2], stride: [1, 4] });
    expect(view).toBeInstanceOf(tw.ResidentTensor);
    const out = view.toTensor();
    expect(out).toBeInstanceOf(tw.Tensor);
    const expected = tw.asStrided(tw.floor(tw.tile(f32([1.5, -2.5, 3.25, -0.5], [2, 2]), [1, 2])), { size: [4, 2], stride: [1, 4] });
    expect(values(out)).toEqual(values(expected));
    expect(tw.memoryStats().heapBytesInUse).toBeGreaterThan(before);
    for (const r of [x, tiled, floored, view]) r.dispose();
    expect(tw.memoryStats().heapBytesInUse).toBe(before);
  });

  it('gives zero-copy views that read the data in place', () => {
    const x = tw.toResident(new tw.Tensor('int64', new BigInt64Array([1n, -2n, 3n]), [3]));
    const view = x.view();
    expect(view).toBeInstanceOf(BigInt64Array);
    expect(Array.from(view)).toEqual([1n, -2n, 3n]);
    x.dispose();
  });

  it('makes resident constants on request, or from a resident shape', () => {
    const value = new tw.Tensor('int32', new Int32Array([7]), [1]);
    const c = tw.constantOfShape([2, 3], value, { resident: true });
    expect(c).toBeInstanceOf(tw.ResidentTensor);
    expect(values(c.toTensor())).toEqual([7, 7, 7, 7, 7, 7]);
    const zero = tw.constantOfShape([5], undefined, { resident: true });
    expect(values(zero.toTensor())).toEqual([0, 0, 0, 0, 0]);
    const shape = tw.toResident(new tw.Tensor('int64', new BigInt64Array([2n]), [1]));
    const [fromNode] = tw.runNode({ opType: 'ConstantOfShape', attributes: { value } }, [shape]);
    expect(fromNode).toBeInstanceOf(tw.ResidentTensor);
    for (const r of [c, zero, shape, fromNode as tw.ResidentTensor]) r.dispose();
  });

  it('keeps packed types packed', () => {
    const x = tw.toResident(new tw.Tensor('uint4', new Uint8Array([0x21, 0x43, 0x05]), [5]));
    const y = tw.asStrided(x, { size: [3], stride: [2] });
    expect(values(y.toTensor())).toEqual([0x31, 0x05]);
    x.dispose();
    y.dispose();
  });

  it('throws a clear error on use after dispose, and dispose is idempotent', () => {
    const x = tw.toResident(f32([1, 2]));
    x.dispose();
    x.dispose();
    expect(x.disposed).toBe(true);
    expect(() => x.toTensor()).toThrow(/was disposed/);
    expect(() => tw.floor(x)).toThrow(/was disposed/);
  });

  it('rejects strings', () => {
    expectSpecError(() => tw.toResident(new tw.Tensor('string', ['a'], [1]) as never), 'toResident', undefined, 'string tensors cannot be resident');
  });

  it('re-acquires views after memory growth', () => {
    const x = tw.toResident(f32([4.5, -4.5]));
    const grown = tw.constantOfShape([64 << 20], new tw.Tensor('uint8', new Uint8Array([1]), [1]), { resident: true });
    expect(Array.from(tw.floor(x).toTensor().data)).toEqual([4, -5]);
    expect(Array.from(x.view())).toEqual([4.5, -4.5]);
    grown.dispose();
    x.dispose();
  });
});

describe('resident tensors never disposed', () => {
  // The library registers a new resident for collection at the end of the
  // task that made it (registering at once costs as much as a small op): one
  // still alive then is registered, one disposed before is never.
  it('are registered for collection at the end of the task that made them, unless disposed before', async () => {
    let internal: typeof import('tessera-wasm/testing') | undefined;
    jest.isolateModules(() => { internal = require('tessera-wasm/testing'); });
    const t = internal!;
    await t.init();
    const kept: unknown[] = [];
    for (let i = 0; i < 8; i++) kept.push(t.floor(t.toResident(new t.Tensor('float32', new Float32Array(1024).fill(1.5), [1024]))));
    const disposed = t.toResident(new t.Tensor('float32', new Float32Array(16), [16]));
    disposed.dispose();
    expect(t.registrationsPending()).toBe(16);  // the eight inputs and eight outputs, not the disposed one
    await Promise.resolve();  // the end of the task's microtasks
    expect(t.registrationsPending()).toBe(0);
    for (const r of kept) (r as { dispose(): void }).dispose();
  });
});
