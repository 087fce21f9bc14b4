// `out` (writing into the caller's array) and the ways Tile and AsStrided
// move: between JS arrays (set/copyWithin, chosen for long or few rows; a
// word loop for Tile outputs of up to 1 KiB) and through WebAssembly
// (resident inputs always; JS inputs with many short rows).
import * as tw from 'tessera-wasm';
import { type Plain, asStridedReference, randomTensor, storageBytes, storageFrom, tileReference } from './reference';
import { expectSpecError } from './helpers';

beforeAll(() => tw.init());

const bytes = (t: { type: string; data: unknown }) => Buffer.from(storageBytes(t) as Uint8Array);
const fresh = (t: Plain) => new tw.Tensor(t.type as never, t.data as never, t.dims);

/** The op on JS arrays and on the same input made resident: byte-identical, and equal to the reference. */
function bothWays(x: Plain, op: (input: never) => tw.Tensor | tw.ResidentTensor, reference: Uint8Array | string[]): void {
  const onJs = op(fresh(x) as never) as tw.Tensor;
  const r = tw.toResident(fresh(x) as never);
  const y = op(r as never) as tw.ResidentTensor;
  const throughWasm = y.toTensor();
  r.dispose();
  y.dispose();
  expect(bytes(onJs).equals(bytes(throughWasm))).toBe(true);
  expect(bytes(onJs)).toEqual(Buffer.from(reference as Uint8Array));
}

describe('Tile and AsStrided: the JS-side move against the WebAssembly kernel, on every class of shape', () => {
  const tileShapes: [string, number[], number[]][] = [
    ['rank 0', [], []],
    ['one short row, repeated', [4], [3]],
    ['one long row, repeated', [300], [5]],
    ['many short rows (the kernel)', [64, 3], [2, 2]],
    ['many long rows', [40, 64], [3, 2]],
    ['repeats of 1 merged into runs', [2, 1, 3, 5], [2, 1, 1, 3]],
    ['a zero repeat', [3, 4], [0, 2]],
    ['an outer repeat only', [5, 70], [4, 1]],
    ['four axes', [3, 2, 5, 17], [2, 3, 1, 2]],
    ['three axes, few rows (the JS side at every level)', [2, 2, 300], [2, 3, 2]],
    ['three axes, long rows', [3, 4, 1100], [2, 1, 2]],
    ['small: 4x4 by 2x2 (the word loop)', [4, 4], [2, 2]],
    ['small: three axes, every one repeated', [2, 3, 2], [3, 2, 2]],
    ['small: outer repeats over a single row', [1, 3], [4, 1]],
  ];
  for (const type of ['float32', 'int8', 'int64', 'complex128', 'float16', 'bool']) {
    it.each(tileShapes)(`tile ${type}: %s`, (_name, dims, repeats) => {
      const x = randomTensor(type, dims, dims.length * 7 + repeats.length);
      bothWays(x, (input) => tw.tile(input, repeats), storageFrom(type, tileReference(x, repeats)));
    });
  }

  const stridedShapes: [string, number[], number[], number[], number][] = [
    ['windows (long rows, the JS side)', [4096], [20, 300], [1, 1], 0],
    ['windows (short rows, the kernel)', [512], [200, 3], [2, 1], 5],
    ['a slice with an offset', [10, 30], [4, 20], [30, 1], 35],
    ['a transpose (the kernel)', [20, 30], [30, 20], [1, 30], 0],
    ['rank 0', [7], [], [], 6],
    ['a size-1 inner axis', [50], [10, 1], [5, 9], 1],
    ['three axes', [4, 5, 80], [2, 5, 70], [400, 80, 1], 3],
  ];
  for (const type of ['float32', 'uint8', 'float64', 'uint16']) {
    it.each(stridedShapes)(`asStrided ${type}: %s`, (_name, dims, size, stride, offset) => {
      const x = randomTensor(type, dims, size.length + offset);
      bothWays(x, (input) => tw.asStrided(input, { size, stride, offset }), storageFrom(type, asStridedReference(x, size, stride, offset)));
    });
  }
});

describe('out', () => {
  const x = new tw.Tensor('float32', new Float32Array([1.5, -2.5, 3.25, -0.5]), [2, 2]);

  it('writes every op into the caller\'s array and returns it as the data', () => {
    const tiled = new Float32Array(16).fill(NaN);
    const t = tw.tile(x, [2, 2], { out: tiled });
    expect(t.data).toBe(tiled);
    expect(bytes(t)).toEqual(bytes(tw.tile(x, [2, 2])));
    const floored = new Float32Array(4);
    expect(tw.floor(x, { out: floored }).data).toBe(floored);
    expect(Array.from(floored)).toEqual([1, -3, 3, -1]);
    const filled = new Int32Array(6).fill(99);
    expect(tw.constantOfShape([2, 3], new tw.Tensor('int32', new Int32Array([7]), [1]), { out: filled }).data).toBe(filled);
    expect(Array.from(filled)).toEqual([7, 7, 7, 7, 7, 7]);
    const zeros = new Float32Array(3).fill(5);
    tw.constantOfShape([3], undefined, { out: zeros });
    expect(Array.from(zeros)).toEqual([0, 0, 0]);
    const strided = new Float32Array(4);
    expect(tw.asStrided(x, { size: [2, 2], stride: [1, 2], out: strided }).data).toBe(strided);
    expect(Array.from(strided)).toEqual([1.5, 3.25, -2.5, -0.5]);
  });

  it('fills packed types and clears the unused bits of the last byte', () => {
    const out = new Uint8Array(2).fill(0xff);
    tw.constantOfShape([3], new tw.Tensor('uint4', new Uint8Array([0x5]), [1]), { out });
    expect(Array.from(out)).toEqual([0x55, 0x05]);
    const two = new Uint8Array(2).fill(0xff);
    tw.constantOfShape([5], new tw.Tensor('int2', new Uint8Array([0b11]), [1]), { out: two });
    expect(Array.from(two)).toEqual([0xff, 0x03]);
  });

  it('lets Floor run in place', () => {
    const data = new Float32Array([2.5, -0.25, 7]);
    const t = new tw.Tensor('float32', data, [3]);
    tw.floor(t, { out: data });
    expect(Array.from(data)).toEqual([2, -1, 7]);
  });

  it('ends a resident chain in the caller\'s array', () => {
    const r = tw.toResident(x);
    const out = new Float32Array(16);
    const t = tw.tile(r, [2, 2], { out });
    expect(t).not.toBeInstanceOf(tw.ResidentTensor);
    expect(t.data).toBe(out);
    expect(bytes(t)).toEqual(bytes(tw.tile(x, [2, 2])));
    const floored = new Float32Array(4);
    tw.floor(r, { out: floored });
    expect(Array.from(floored)).toEqual([1, -3, 3, -1]);
    const strided = new Float32Array(2);
    tw.asStrided(r, { size: [2], stride: [3], out: strided });
    expect(Array.from(strided)).toEqual([1.5, -0.5]);
    r.dispose();
  });

  it('refuses an out of the wrong class or length (float16 takes a Uint16Array, or a Float16Array where the runtime has one)', () => {
    const h = new tw.Tensor('float16', new Uint16Array([0x3c00, 0xbe00]), [2]);
    const cases: [unknown, RegExp][] = [
      [new Float32Array(2), /out must be a Uint16Array for a float16 output \(got Float32Array\)/],
      [new Uint16Array(3), /out must have length 2 for this output \(got 3\)/],
      [[0, 0], /out must be a Uint16Array/],
    ];
    for (const [out, message] of cases) expectSpecError(() => tw.floor(h, { out: out as never }), 'Floor', 13, message);
  });

  it('refuses what it cannot write into, and leaves out untouched when it refuses', () => {
    const cases: [() => unknown, string, RegExp, Float32Array][] = [];
    const detached = new Float32Array(16);
    structuredClone(detached.buffer, { transfer: [detached.buffer] });
    const shared = new Float32Array(new SharedArrayBuffer(64));
    const overlapping = new Float32Array(20);
    const input = new tw.Tensor('float32', overlapping.subarray(0, 4), [2, 2]);
    const resident = tw.toResident(x);
    const heapView = resident.view() as Float32Array;
    cases.push([() => tw.tile(x, [2, 2], { out: detached }), 'Tile', /detached/, detached]);
    cases.push([() => tw.tile(x, [2, 2], { out: shared }), 'Tile', /SharedArrayBuffer/, shared]);
    cases.push([() => tw.tile(input, [2, 2], { out: overlapping.subarray(4 - 2, 18) }), 'Tile', /overlap input/, overlapping]);
    cases.push([() => tw.asStrided(input, { size: [4], stride: [1], out: overlapping.subarray(3, 7) }), 'AsStrided', /overlap input/, overlapping]);
    cases.push([() => tw.floor(x, { out: heapView }), 'Floor', /not a view of WebAssembly memory/, new Float32Array(heapView)]);
    cases.push([() => tw.tile(x, [-1, 2], { out: new Float32Array(0) }), 'Tile', /repeats\[0\] must be >= 0/, new Float32Array(0)]);
    for (const [call, op, message, watched] of cases) {
      const before = Buffer.from(watched.buffer.byteLength ? new Uint8Array(watched.buffer, watched.byteOffset, watched.byteLength) : new Uint8Array(0));
      let thrown: unknown;
      try { call(); } catch (error) { thrown = error; }
      expect(thrown).toBeInstanceOf(tw.SpecError);
      expect((thrown as tw.SpecError).op).toBe(op);
      expect((thrown as Error).message).toMatch(message);
      if (watched.buffer.byteLength) expect(Buffer.from(new Uint8Array(watched.buffer, watched.byteOffset, watched.byteLength))).toEqual(before);
    }
    expect((() => { try { tw.tile(x, [2, 2], { out: detached }); } catch (e) { return (e as tw.SpecError).param; } })()).toBe('out');
    resident.dispose();
    expectSpecError(() => tw.tile(new tw.Tensor('string', ['a'], [1]), [2], { out: new Float32Array(2) as never }), 'Tile', 13, /a string output takes no out/);
    expectSpecError(() => tw.constantOfShape([2], undefined, { out: new Float32Array(2), resident: true } as never), 'ConstantOfShape', 25, /out and resident/);
  });
});
