// WebAssembly memory to its limit (4 GiB less 64 KiB), once per engine: the
// big-node, big-chromium and big-firefox cells of run.mjs, one engine at a
// time. Two parts, each run in a realm (process, page) of its own, so that
// one part's released memory does not await collection beside the next; the
// larger holds ~4.2 GiB:
//   1. a resident Tile to 3 GiB from the heap's base, across the 2 GiB mark
//      (where a signed 32-bit offset turns negative), checked at sampled
//      offsets, the mark's among them. Every block after it lies above the
//      mark: there the differential test (every op, every type: 1, 2, 4, 8
//      and 16-byte elements and packed 4 and 2-bit ones; fresh, resident and
//      out) runs against the plain references, each resident tensor checked
//      to start above the mark, and a resident view() and memoryStats() too.
//      Beside the tile, a request that cannot fit, and ones past the limit
//      and at it, are SpecErrors naming bytes asked, limit and use, with
//      nothing allocated, the tile intact and the next call right;
//      releaseMemory() keeps memory while the tile lives, then goes from
//      above 3 GiB back to the initial size;
//   2. an in-place Floor of 2.06 GiB (out: x), its scratch block across the
//      mark, checked at sampled offsets and every 4099th element.
// An engine that will not grow a WebAssembly memory past 2 GiB skips it all,
// saying so. Logs "memory: ..." lines with sizes and times (docs/memory.md).
import { Checks, expectSpecError, mismatch } from './checks.mjs';
import { differential } from './differential.mjs';
import { between, rng } from './reference.mjs';
import { SEED } from './suite.mjs';

const GiB = 2 ** 30;
const MiB = 2 ** 20;
/** Where a signed 32-bit offset turns negative. */
const MARK = 2 ** 31;
/** limits.inc's memory_bytes: 65535 pages. */
const LIMIT = 2 ** 32 - 2 ** 16;
/** Tile of a [7, 1024] uint16 tensor by [TILE_ROWS, 3]: 3 GiB. */
const TILE_ROWS = 74898;
const FLOOR_ELEMENTS = (2 * GiB + 64 * MiB) / 4;
const SAMPLES = 4096;

const now = () => globalThis.performance.now();
const ms = (start) => `${(now() - start).toFixed(0)} ms`;
const gib = (bytes) => (bytes < GiB ? `${(bytes / MiB).toFixed(0)} MiB` : `${(bytes / GiB).toFixed(2)} GiB`);

const PARTS = { 1: largestBlocks, 2: inPlaceFloor };

/** Runs one part (1 or 2) on the SIMD build unless told otherwise; gives the counts. */
export async function runBigMemory(tw, { part, backend = 'simd', log = console.log }) {
  const checks = new Checks(log);
  const refusal = growthRefusal();
  if (!PARTS[part]) {
    log(`FAIL no part ${part} of the 4 GiB checks: part=1 or 2`);
    checks.failed++;
  } else if (refusal) {
    log(`4 GiB memory: skipped, this engine will not grow a WebAssembly memory past 2 GiB (${refusal})`);
  } else {
    await tw.init({ backend });
    await PARTS[part]({ tw, checks, log, initial: tw.memoryStats().memoryBytes });
  }
  log(`${checks.passed} passed, ${checks.failed} failed`);
  return { passed: checks.passed, failed: checks.failed };
}

/** Why a WebAssembly memory cannot grow past 2 GiB here, or undefined when it can (memory is reserved, not touched). */
function growthRefusal() {
  try {
    const memory = new WebAssembly.Memory({ initial: 1, maximum: 65535 });
    memory.grow(MARK / 65536 + 16);
    return undefined;
  } catch (error) {
    return `${error?.name}: ${error?.message}`;
  }
}

// ---------------------------------------------------------------- 1. a 3 GiB tile, and ops above it
async function largestBlocks({ tw, checks, log, initial }) {
  const next = rng(SEED);
  const x = new tw.Tensor('uint16', Uint16Array.from({ length: 7 * 1024 }, () => between(next, 0, 65535)), [7, 1024]);
  const xr = tw.toResident(x);
  let y;
  const tiled = await checks.run('a resident Tile to 3 GiB, across the mark, right at sampled offsets', () => {
    const start = now();
    y = tw.tile(xr, [TILE_ROWS, 3]);
    log(`memory: ${gib(initial)} at first, ${gib(tw.memoryStats().memoryBytes)} after a resident Tile to ${gib(y.byteLength)} (${ms(start)})`);
    if (y.byteLength !== 7 * TILE_ROWS * 3072 * 2 || y.dims.join() !== `${7 * TILE_ROWS},3072`) throw mismatch(`dims [${y.dims}]`);
    if (!(y.offset < MARK && y.offset + y.byteLength > MARK)) throw mismatch(`the tile is at ${y.offset}`);
    expectTile(y, x.data, next);
  });
  if (!tiled) {
    xr.dispose();
    return;
  }
  try {
    await aboveTheMark({ tw, checks, log }, y);
    await checks.run('a request that cannot fit beside it is a SpecError naming bytes, limit and use; nothing changes', () => {
      const inUse = tw.memoryStats().heapBytesInUse;
      const asked = 1.5 * GiB;
      const message = new RegExp(`^ConstantOfShape-25: could not allocate ${asked} bytes of WebAssembly memory \\(limit ${LIMIT} bytes, \\d+ reserved now, ${inUse} in use\\)$`);
      expectSpecError(tw, () => tw.constantOfShape([asked], u8(tw, 1), { resident: true }), { op: 'ConstantOfShape', version: 25, param: undefined, message });
      expectTile(y, x.data, next);
      const after = tw.floor(new tw.Tensor('float32', new Float32Array([2.5, -0.5]), [2]));
      if (after.data[0] !== 2 || after.data[1] !== -1) throw mismatch(`the next call gave [${after.data}]`);
    });
    await checks.run('past the limit, and at it, is a SpecError naming bytes and limit', () => {
      const past = new RegExp(`needs ${LIMIT + 1} bytes, more than WebAssembly memory can hold \\(${LIMIT} bytes\\)`);
      expectSpecError(tw, () => tw.constantOfShape([LIMIT + 1], u8(tw, 1), { resident: true }), { op: 'ConstantOfShape', version: 25, param: 'shape', message: past });
      const repeats = Math.ceil((LIMIT + 1) / x.data.byteLength);  // the smallest repeat past the limit
      const tilePast = new RegExp(`needs ${repeats * x.data.byteLength} bytes, more than WebAssembly memory can hold \\(${LIMIT} bytes\\)`);
      expectSpecError(tw, () => tw.tile(xr, [1, repeats]), { op: 'Tile', version: 13, param: 'repeats', message: tilePast });
      expectSpecError(tw, () => tw.constantOfShape([2 ** 32], u8(tw, 1)), { op: 'ConstantOfShape', version: 25, param: 'shape', message: /needs 4294967296 bytes/ });
      const at = new RegExp(`could not allocate ${LIMIT} bytes of WebAssembly memory \\(limit ${LIMIT} bytes`);
      expectSpecError(tw, () => tw.constantOfShape([LIMIT], u8(tw, 1), { resident: true }), { op: 'ConstantOfShape', version: 25, param: undefined, message: at });
      expectTile(y, x.data, next);
    });
    await checks.run('releaseMemory() keeps memory while the 3 GiB tile is alive', () => {
      const before = tw.memoryStats().memoryBytes;
      const released = tw.releaseMemory();
      if (released !== 0 || tw.memoryStats().memoryBytes !== before) throw mismatch(`released ${released}`);
      expectTile(y, x.data, next);
    });
  } finally {
    y.dispose();
    xr.dispose();
  }
  await checks.run('releaseMemory() from above 3 GiB back to the initial size, and the next call works', () => {
    const before = tw.memoryStats().memoryBytes;
    if (before <= 3 * GiB) throw mismatch(`memory is ${before} bytes only`);
    const start = now();
    expectReleased(tw, initial);
    log(`memory: releaseMemory() from ${gib(before)} to ${gib(tw.memoryStats().memoryBytes)} (${ms(start)})`);
  });
}

/** With `low` below (the 3 GiB tile, from the heap's base), every op on every type makes its blocks above the mark. */
async function aboveTheMark({ tw, checks, log }, low) {
  const placed = placedAboveTheMark(tw);
  const modes = ['fresh', 'resident', 'out'];
  const start = now();
  await differential({ tw: placed.tw, checks, seed: SEED, log }, modes);
  log(`memory: the differential test (${modes.join(', ')}) above the mark took ${ms(start)}, memory then ${gib(tw.memoryStats().memoryBytes)}`);
  await checks.run('the differential test made its resident tensors above the mark', () => {
    if (placed.count() < 100) throw mismatch(`only ${placed.count()} resident tensors seen`);
  });
  await checks.run('a resident view() and memoryStats() above the mark', () => {
    const values = Float64Array.from({ length: 1000 }, (_, i) => i * 0.25 - 100);
    const r = placed.tw.toResident(new tw.Tensor('float64', values, [1000]));
    try {
      const view = r.view();
      if (view.byteOffset !== r.offset || r.offset < MARK) throw mismatch(`view at ${view.byteOffset}, tensor at ${r.offset}`);
      if (!view.every((v, i) => v === values[i])) throw mismatch('the view reads other values');
      const stats = tw.memoryStats();
      if (!(stats.heapBytesInUse >= low.byteLength + r.byteLength && stats.heapBytesInUse <= stats.memoryBytes)) {
        throw mismatch(`memoryStats() ${JSON.stringify(stats)}`);
      }
    } finally {
      r.dispose();
    }
  });
}

/** tw, with each resident tensor its ops and toResident() return checked to start above the mark. */
function placedAboveTheMark(tw) {
  let seen = 0;
  const check = (r) => {
    if (r instanceof tw.ResidentTensor && r.byteLength > 0) {
      if (r.offset < MARK) throw mismatch(`a resident tensor at offset ${r.offset}, below the mark`);
      seen++;
    }
    return r;
  };
  const placed = { ...tw };  // a module namespace's own properties cannot be shadowed through a prototype
  for (const name of ['toResident', 'tile', 'floor', 'asStrided', 'constantOfShape']) placed[name] = (...args) => check(tw[name](...args));
  placed.runNode = (...args) => tw.runNode(...args).map(check);
  return { tw: placed, count: () => seen };
}

// ---------------------------------------------------------------- 2. in-place Floor
async function inPlaceFloor({ tw, checks, log, initial }) {
  const values = [-2.5, 2.5, -0.5, 0.5, -0, 1e-40, -1e-40, 8388607.5, -8388607.5, Infinity, -Infinity, NaN, 123456.75, -1];
  let x;
  try {
    x = new Float32Array(FLOOR_ELEMENTS);
  } catch (error) {
    log(`FAIL a Float32Array of ${gib(FLOOR_ELEMENTS * 4)}: this engine will not make one (${error?.message})`);
    checks.failed++;
    return;
  }
  await checks.run(`an in-place Floor of ${gib(FLOOR_ELEMENTS * 4)} (out: x), right at sampled offsets`, () => {
    const next = rng(SEED + 1);
    x.fill(-1.5);
    const samples = sampleIndices(next, FLOOR_ELEMENTS, MARK / 4);
    const expected = new Map();
    for (const i of samples) {
      x[i] = values[between(next, 0, values.length - 1)];
      expected.set(i, Math.fround(Math.floor(x[i])));
    }
    const start = now();
    const y = tw.floor(new tw.Tensor('float32', x, [FLOOR_ELEMENTS]), { out: x });
    log(`memory: ${gib(tw.memoryStats().memoryBytes)} after an in-place Floor of ${gib(x.byteLength)} (${ms(start)})`);
    if (y.data !== x) throw mismatch('the result does not hold x itself');
    for (const [i, want] of expected) if (!Object.is(x[i], want)) throw mismatch(`element ${i}: ${x[i]}, expected ${want}`);
    for (let i = 0; i < FLOOR_ELEMENTS; i += 4099) if (!expected.has(i) && x[i] !== -2) throw mismatch(`element ${i}: ${x[i]}, expected -2`);
  });
  x = undefined;
  await checks.run('releaseMemory() gives back the Floor\'s scratch', () => expectReleased(tw, initial));
}

// ---------------------------------------------------------------- helpers
const u8 = (tw, v) => new tw.Tensor('uint8', new Uint8Array([v]), [1]);

/** Sample indices below n: random ones, the first and last, and those around `mark`. */
function sampleIndices(next, n, mark) {
  const picked = new Set([0, 1, n - 2, n - 1, mark - 2, mark - 1, mark, mark + 1]);
  while (picked.size < SAMPLES) picked.add(between(next, 0, n - 1));
  return [...picked].filter((i) => i >= 0 && i < n);
}

/** y = tile(x [7, 1024], [rows, 3]): y[i, j] = x[i % 7, j % 1024], at sampled offsets (the mark's among them). */
function expectTile(y, x, next) {
  const view = y.view();
  const markElement = (MARK - y.offset) / 2;
  for (const k of sampleIndices(next, view.length, Math.floor(markElement))) {
    const i = Math.floor(k / 3072);
    const j = k % 3072;
    const want = x[(i % 7) * 1024 + (j % 1024)];
    if (view[k] !== want) throw mismatch(`element ${k} ([${i}, ${j}]) is ${view[k]}, expected ${want}`);
  }
}

function expectReleased(tw, initial) {
  const before = tw.memoryStats().memoryBytes;
  const released = tw.releaseMemory();
  if (released !== before - initial || tw.memoryStats().memoryBytes !== initial) {
    throw mismatch(`released ${released} of ${before} bytes; memory ${tw.memoryStats().memoryBytes}, ${initial} at first`);
  }
  const y = tw.tile(new tw.Tensor('int32', new Int32Array([1, -2]), [2]), [2]);
  if (y.data.join() !== '1,-2,1,-2') throw mismatch(`the next call gave [${y.data}]`);
}

