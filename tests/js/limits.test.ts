// Limits: the largest outputs WebAssembly memory holds work; past the limit
// is a SpecError that gives the bytes asked for and the limit, not a crash;
// memory growth during a call corrupts nothing the library holds. Each Jest
// file gets a module of its own, so this file starts from a small memory,
// and memory never shrinks: the growth tests come first.
import * as tw from 'tessera-wasm';
import { OP_TESTS } from '../ops';
import { expectSpecError } from './helpers';

beforeAll(() => tw.init());

// limits.inc: 4 GiB less the one 64 KiB page Emscripten keeps back.
const LIMIT = 2 ** 32 - 2 ** 16;
const GiB = 2 ** 30;
const u8 = (v: number) => new tw.Tensor('uint8', new Uint8Array([v]), [1]);

describe('memory growth during a call', () => {
  it('leaves resident tensors intact; a view taken before it is detached, never stale', () => {
    const startBytes = tw.memoryStats().memoryBytes;
    const x = tw.toResident(new tw.Tensor('float32', Float32Array.from({ length: 16 }, (_, i) => i - 7.5), [16]));
    const before = x.view();
    expect(Array.from(before)).toEqual(Array.from({ length: 16 }, (_, i) => i - 7.5));

    const big = tw.constantOfShape([64 * 2 ** 20], u8(7), { resident: true });  // grows memory
    expect(tw.memoryStats().memoryBytes).toBeGreaterThan(startBytes);
    expect(before.length).toBe(0);  // detached: reads nothing, rather than stale zeros
    expect(Array.from(x.view())).toEqual(Array.from({ length: 16 }, (_, i) => i - 7.5));
    const floored = tw.floor(x);
    expect(Array.from(floored.toTensor().data)).toEqual(Array.from({ length: 16 }, (_, i) => Math.floor(i - 7.5)));
    const view = big.view();
    expect([view[0], view[view.length - 1]]).toEqual([7, 7]);
    for (const r of [x, big, floored]) r.dispose();
  });

  it('gives correct results when memory grows between copying the input in and the kernel (packed types)', () => {
    // The input and output are allocated and the input written first; the
    // unpacked scratch (a byte an element, 4x the packed input) grows memory.
    const n = 2 ** 27;  // 64 MiB packed: larger than all memory so far
    const packed = new Uint8Array(n / 2);
    for (let i = 0; i < packed.length; i += 4099) packed[i] = (i & 0xff) | 0x11;
    packed[packed.length - 1] = 0x9c;
    const startBytes = tw.memoryStats().memoryBytes;
    const x = new tw.Tensor('uint4', packed, [n]);
    const y = tw.asStrided(x, { size: [n / 2], stride: [2], offset: 1 });  // every odd element: the high nibbles
    expect(tw.memoryStats().memoryBytes).toBeGreaterThan(startBytes + n);
    const got = y.data as Uint8Array;
    for (let i = 0; i < packed.length; i += 4099) {
      const j = i;  // y element j is x element 2j + 1, the high nibble of packed byte j
      expect((got[j >> 1] >> ((j & 1) * 4)) & 0xf).toBe(packed[j] >> 4);
    }
    expect(got[got.length - 1] >> 4).toBe(0x9);
  });
});

describe('every op of the registry: an output larger than memory is a SpecError naming the bytes and the limit', () => {
  it.each(OP_TESTS.map((t) => [t.op, t] as const))('%s', (_, test) => {
    if (typeof test.tooLarge === 'string') {
      // An op with no such case says why; the census below holds every op to one or the other.
      expect(test.tooLarge.length).toBeGreaterThan(10);
      return;
    }
    const c = test.tooLarge(LIMIT);
    const heap = tw.memoryStats().heapBytesInUse;
    const node = { opType: test.op, domain: tw.OPS[test.op as keyof typeof tw.OPS].domain, attributes: { ...c.attributes } };
    let thrown: unknown;
    try {
      tw.runNode(node, c.inputs as tw.Tensor[]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(tw.SpecError);
    expect((thrown as Error).message).toMatch(new RegExp(`${LIMIT} bytes`));
    expect(tw.memoryStats().heapBytesInUse).toBe(heap);
  });
});

describe('the largest outputs', () => {
  it('a 1 GiB ConstantOfShape (uint8) works and is right at both ends', () => {
    const y = tw.constantOfShape([GiB], u8(0xab));
    const data = y.data as Uint8Array;
    expect(data.length).toBe(GiB);
    expect([data[0], data[1], data[GiB / 2], data[GiB - 2], data[GiB - 1]]).toEqual([0xab, 0xab, 0xab, 0xab, 0xab]);
    expect(data.indexOf(0)).toBe(-1);
  });

  it('a 1 GiB resident ConstantOfShape (int4: 2^31 elements) works and is right at both ends', () => {
    const y = tw.constantOfShape([2 * GiB], new tw.Tensor('int4', new Uint8Array([0x5]), [1]), { resident: true });
    try {
      expect(y.byteLength).toBe(GiB);
      const view = y.view();
      expect([view[0], view[GiB - 1]]).toEqual([0x55, 0x55]);
    } finally {
      y.dispose();
    }
  });

  it('one byte past the limit is a SpecError giving the size asked for and the limit', () => {
    expectSpecError(() => tw.constantOfShape([LIMIT + 1], u8(1)), 'ConstantOfShape', 25, `${LIMIT + 1} bytes`, `${LIMIT} bytes`);
    expectSpecError(() => tw.constantOfShape([LIMIT / 4 + 1], new tw.Tensor('float32', new Float32Array([1]), [1]), { resident: true }),
      'ConstantOfShape', 25, `${LIMIT + 4} bytes`, `${LIMIT} bytes`);
    expectSpecError(() => tw.constantOfShape([2 * LIMIT + 1], new tw.Tensor('uint4', new Uint8Array([1]), [1])),
      'ConstantOfShape', 25, `${LIMIT + 1} bytes`, `${LIMIT} bytes`);
    expectSpecError(() => tw.tile(u8(1), [LIMIT + 1]), 'Tile', 13, `${LIMIT + 1} bytes`, `${LIMIT} bytes`);
    expectSpecError(() => tw.asStrided(u8(1), { size: [LIMIT + 1], stride: [0] }), 'AsStrided', undefined, `${LIMIT + 1} bytes`, `${LIMIT} bytes`);
  });

  it('exactly the limit passes the checks, and memory that cannot hold it is a SpecError naming bytes and limit', () => {
    const heap = tw.memoryStats().heapBytesInUse;
    expectSpecError(() => tw.constantOfShape([LIMIT], u8(1), { resident: true }), 'ConstantOfShape', 25,
      `could not allocate ${LIMIT} bytes`, `limit ${LIMIT} bytes`);
    expect(tw.memoryStats().heapBytesInUse).toBe(heap);
    // The module still works afterwards.
    expect(Array.from(tw.constantOfShape([3], u8(9)).data)).toEqual([9, 9, 9]);
  });

  it('after a request memory could not hold, one that fits still gets all of the rest', () => {
    // dlmalloc stops growing its heap in place once a growth has failed; the
    // library must not let an impossible request reach it.
    expectSpecError(() => tw.constantOfShape([LIMIT], u8(1), { resident: true }), 'ConstantOfShape', 25, 'could not allocate');
    const y = tw.constantOfShape([GiB + GiB / 2], u8(3), { resident: true });
    try {
      const view = y.view();
      expect([view[0], view[view.length - 1]]).toEqual([3, 3]);
    } finally {
      y.dispose();
    }
  });
});
