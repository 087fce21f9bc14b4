// The demo in a real browser: Debian's Chromium driven by playwright-core.
// Serves the built page (build/web-demo, from `npm run build:demo`) on
// localhost, runs each op from its spec example and checks the output grid,
// breaks one constraint per op and checks the SpecError shown beside the
// field at fault, and checks the URL state, the timing, the wasm size, the
// keyboard, a phone-width layout and a quiet console.
// Prints `demo e2e: N passed, M failed`, writes build/e2e-results.json, and
// exits non-zero on failure. Screenshots go to tests/e2e/artifacts/.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { DEMO_DIR, serve } from '../../scripts/serve-demo.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ARTIFACTS = join(root, 'tests/e2e/artifacts');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

// ---------------------------------------------------------------------------
// Each wired op: its spec example's output, and one constraint to break.
// The expected values are the specs' own (ONNX test_*_example vectors and
// the ATB AsStrided mapping), not the library's.

const OPS = {
  Tile: {
    example: {
      dims: '[4, 4]', type: 'float32',
      cells: ['0', '1', '0', '1', '2', '3', '2', '3', '0', '1', '0', '1', '2', '3', '2', '3'],
    },
    async breakIt(page) {
      await page.fill('#param-repeats', '2');
    },
    field: 'repeats',
    message: 'Tile-13: repeats must have one entry per input dimension (input rank 2, got 1)',
  },
  Floor: {
    example: { dims: '[3]', type: 'float32', cells: ['-2', '1', '2'] },
    // Floor-6 has no bfloat16: picked under Floor-13, it is refused once the version changes.
    async breakIt(page) {
      await page.selectOption('#version', '13');
      await page.selectOption('#type', 'bfloat16');
      await expectCells(page, ['-2', '1', '2']);
      await page.selectOption('#version', '6');
    },
    field: 'type',
    message: 'Floor-6: X type must be one of float16, float32, float64 (got bfloat16)',
  },
  ConstantOfShape: {
    example: { dims: '[4, 3, 2]', type: 'float32', cells: new Array(24).fill('1') },
    async breakIt(page) {
      await page.fill('#param-shape', '2, -1');
    },
    field: 'shape',
    message: 'ConstantOfShape-25: input[1] must be >= 0 (got -1)',
  },
  AsStrided: {
    example: { dims: '[2, 2]', type: 'float16', cells: ['1', '4', '3', '6'] },
    async breakIt(page) {
      await page.fill('#param-stride', '2');
    },
    field: 'stride',
    message: 'AsStrided: stride must have as many entries as size (2, got 1)',
  },
};

// ---------------------------------------------------------------------------
// A small harness: named cases run in order, each with a fresh page.

const cases = [];
const test = (name, body) => cases.push({ name, body });

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

function assertEqual(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

const outputCells = (page) => page.$$eval('#output-grid td', (cells) => cells.map((c) => c.textContent));

/** Waits until the output grid shows `cells` (the page recomputes after a short debounce). */
async function expectCells(page, cells, what = 'output cells') {
  try {
    await page.waitForFunction((want) => {
      const got = [...document.querySelectorAll('#output-grid td')].map((c) => c.textContent);
      return JSON.stringify(got) === JSON.stringify(want) && !document.body.classList.contains('failed');
    }, cells, { timeout: 5000 });
  } catch {
    assertEqual(await outputCells(page), cells, what);
    throw new Error(`${what}: shown, but the page reports an error: ${await page.textContent('#banner')}`);
  }
}

async function expectError(page, field, message) {
  const selector = `#note-${field}.has-error .error`;
  try {
    await page.waitForSelector(selector, { timeout: 5000 });
  } catch {
    throw new Error(`no error shown beside "${field}"; banner: ${JSON.stringify(await page.textContent('#banner'))}`);
  }
  assertEqual(await page.textContent(selector), message, `error beside ${field}`);
  const control = field === 'type' ? '#type' : field === 'input' ? '#input-grid, #input-text' : `#param-${field}`;
  const invalid = await page.$$eval(control, (els) => els.some((e) => e.getAttribute('aria-invalid') === 'true'));
  assert(invalid, `${control} is not marked aria-invalid`);
  assert(await page.isVisible('#banner'), 'the output banner does not say the op was not run');
}

let server;
let context;
let base;
const problems = [];  // console errors and page errors, from every page

async function openPage(query = '', { viewport } = {}) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(base) && !r.url().startsWith('data:')) problems.push(`request off the page's origin: ${r.url()}`);
  });
  await page.goto(`${base}${query}`);
  await page.waitForSelector('body.ready', { timeout: 15000 });
  return page;
}

async function screenshot(page, name) {
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`  screenshot: ${path}`);
}

// ---------------------------------------------------------------------------
// Cases

test('the op menu offers every wired op', async () => {
  const page = await openPage();
  const offered = await page.$$eval('#op option', (os) => os.map((o) => o.value));
  assertEqual(offered, Object.keys(OPS), 'ops in the menu');
  await page.close();
});

for (const [op, spec] of Object.entries(OPS)) {
  test(`${op}: the spec example's output (dims, type, cells)`, async () => {
    const page = await openPage(`?op=${op}`);
    await expectCells(page, spec.example.cells);
    assertEqual(await page.textContent('#out-dims'), spec.example.dims, 'output dims');
    assertEqual(await page.textContent('#out-type'), spec.example.type, 'output type');
    // Every output cell is coloured by the heat map.
    const colours = await page.$$eval('#output-grid td', (cells) => cells.map((c) => getComputedStyle(c).backgroundColor));
    assert(colours.every((c) => /^rgb/.test(c) && c !== 'rgba(0, 0, 0, 0)'), `uncoloured cells: ${colours}`);
    await screenshot(page, `demo-${op}`);
    await page.close();
  });

  test(`${op}: a broken constraint shows its SpecError beside the field`, async () => {
    const page = await openPage(`?op=${op}`);
    await expectCells(page, spec.example.cells);
    await spec.breakIt(page);
    await expectError(page, spec.field, spec.message);
    // The spec example puts it right again.
    await page.click('#example');
    await expectCells(page, spec.example.cells);
    assert(!(await page.isVisible('#banner')), 'the banner stays after the example is restored');
    await page.close();
  });

  test(`${op}: the URL reproduces the page`, async () => {
    const page = await openPage(`?op=${op}`);
    await expectCells(page, spec.example.cells);
    await page.click('#random');
    await page.waitForTimeout(300);
    await page.waitForFunction(() => !document.body.classList.contains('failed'));
    const cells = await outputCells(page);
    const dims = await page.textContent('#out-dims');
    const link = page.url();
    assert(link.includes(`op=${op}`), `the URL lacks the op: ${link}`);
    const again = await openPage(link.slice(base.length));
    await expectCells(again, cells, 'cells after reopening the link');
    assertEqual(await again.textContent('#out-dims'), dims, 'dims after reopening the link');
    await page.close();
    await again.close();
  });
}

test('Floor: editing a grid cell recomputes the output', async () => {
  const page = await openPage('?op=Floor');
  await page.fill('#input-grid input[data-i="1"]', '7.9');
  await expectCells(page, ['-2', '7', '2']);
  await page.fill('#input-grid input[data-i="0"]', 'abc');
  await expectError(page, 'input', 'x[0]: "abc" is not a number');
  await page.close();
});

test('Floor: the text box takes any rank', async () => {
  const page = await openPage('?op=Floor');
  await page.check('#mode-text');
  await page.fill('#input-text', '[[[1.5, -0.5]], [[2.25, -3]]]');
  await expectCells(page, ['1', '-1', '2', '-3']);
  assertEqual(await page.textContent('#out-dims'), '[2, 1, 2]', 'dims from the text');
  assertEqual(await page.$$eval('#output-grid caption', (cs) => cs.map((c) => c.textContent)), ['y[0, :, :]', 'y[1, :, :]'], 'slice captions');
  await page.fill('#input-text', '[[1, 2], [3]]');
  await expectError(page, 'input', 'x[1] has 1 entries where the first has 2: rows must be the same length');
  await page.close();
});

test('Tile-1: tiles and axis replace repeats', async () => {
  const page = await openPage('?op=Tile');
  await page.selectOption('#version', '1');
  assert(await page.isVisible('#param-tiles') && await page.isVisible('#param-axis'), 'no tiles and axis fields');
  assert(!(await page.isVisible('#param-repeats')), 'Tile-1 still shows repeats');
  await expectCells(page, ['0', '1', '0', '1', '2', '3', '2', '3']);
  assertEqual(await page.textContent('#out-dims'), '[2, 4]', 'Tile-1 dims');
  await page.fill('#param-axis', '2');
  await expectError(page, 'axis', 'Tile-1: axis must lie in [0, 2) for an input of rank 2 (got 2)');
  await page.close();
});

test('Tile: hovering an output cell marks its source and the cells sharing it', async () => {
  const page = await openPage('?op=Tile');
  await expectCells(page, OPS.Tile.example.cells);
  await page.hover('#output-grid td[data-i="11"]');  // y[2, 3] = 3, from input[0, 1]... row 2 is input row 0
  assertEqual(await page.$$eval('#source-grid td.is-source', (cs) => cs.map((c) => c.dataset.i)), ['1'], 'source cell');
  assertEqual(await page.$$eval('#output-grid td.is-sibling', (cs) => cs.map((c) => c.dataset.i)), ['1', '3', '9'], 'cells with the same source');
  assertEqual(await page.textContent('#hover-line'), 'y[2, 3] = 1 comes from input[0, 1], as do 3 other shown output cells', 'hover line');
  await page.close();
});

test('AsStrided: hovering an output cell marks the flat input element it reads', async () => {
  const page = await openPage('?op=AsStrided');
  await expectCells(page, OPS.AsStrided.example.cells);
  await page.hover('#output-grid td[data-i="2"]');  // y[1, 0] = x_flat[0 + 1*2 + 0*3]
  assertEqual(await page.$$eval('#source-grid td.is-source', (cs) => cs.map((c) => c.dataset.i)), ['2'], 'source cell');
  assertEqual(await page.textContent('#hover-line'), 'y[1, 0] = 3 comes from x[2] (= x[0, 2])', 'hover line');
  // Reading past the input is refused with the index it would read.
  await page.fill('#param-offset', '5');
  await expectError(page, 'offset', "AsStrided: the largest index read, offset + sum((size[j] - 1) * stride[j]) = 10, must be less than the input's element count 9");
  await page.close();
});

test('ConstantOfShape: each version offers only its own types', async () => {
  const page = await openPage('?op=ConstantOfShape');
  const typesOf = async (version) => {
    await page.selectOption('#version', version);
    return page.$$eval('#type option:not([disabled])', (os) => os.map((o) => o.value).filter((v) => !/⚠/.test(v)));
  };
  const v9 = await typesOf('9');
  assert(!v9.includes('bfloat16') && v9.includes('float16') && v9.length === 12, `ConstantOfShape-9 offers ${v9}`);
  const v25 = await typesOf('25');
  assert(['bfloat16', 'float8e4m3fn', 'int4', 'float4e2m1', 'float8e8m0', 'int2'].every((t) => v25.includes(t)), `ConstantOfShape-25 offers ${v25}`);
  await page.selectOption('#type', 'float8e4m3fn');
  await page.fill('#param-value', '1000');  // saturates to the largest float8e4m3fn, 448
  await page.fill('#param-shape', '2');
  await expectCells(page, ['448', '448']);
  assertEqual(await page.textContent('#out-type'), 'float8e4m3fn', 'output type');
  await page.selectOption('#version', '9');
  await expectError(page, 'type', 'ConstantOfShape-9: value type must be one of bool, float16, float32, float64, int8, int16, int32, int64, uint8, uint16, uint32, uint64 (got float8e4m3fn)');
  await page.close();
});

test('ConstantOfShape: a shape too big for memory is refused beside the shape', async () => {
  const page = await openPage('?op=ConstantOfShape');
  await page.fill('#param-shape', '100000, 100000');
  await expectError(page, 'shape', 'ConstantOfShape-25: output of dims [100000, 100000] needs 40000000000 bytes, more than WebAssembly memory can hold (2147483648 bytes)');
  await page.fill('#param-shape', '2');
  await expectCells(page, ['1', '1']);
  await page.close();
});

test('timing and the wasm module size are shown', async () => {
  const page = await openPage('?op=Floor');
  await page.waitForFunction(() => /^[\d.]+ (µs|ms)$/.test(document.getElementById('out-time').textContent), null, { timeout: 10000 });
  assert(/median of \d+ samples/.test(await page.textContent('#out-time-detail')), 'no median explained');
  const wasm = readdirSync(join(DEMO_DIR, 'assets')).find((f) => /^tessera-[\w-]+\.wasm$/.test(f) && !f.includes('scalar'));
  assert(wasm, 'the build holds no tessera-*.wasm');
  const bytes = statSync(join(DEMO_DIR, 'assets', wasm)).size;
  assertEqual(await page.textContent('#wasm-size'), `${(bytes / 1024).toFixed(1)} KiB`, 'wasm size');
  assert((await page.textContent('#backend')).includes('SIMD128'), 'Chromium should run the SIMD128 build');
  await page.close();
});

test('keyboard: arrows move through the input grid and the output cells', async () => {
  const page = await openPage('?op=Floor');
  await page.focus('#input-grid input[data-i="0"]');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  assertEqual(await page.evaluate(() => document.activeElement.dataset.i), '1', 'focused input cell');
  await page.focus('#output-grid td[data-i="0"]');
  await page.keyboard.press('ArrowRight');
  assertEqual(await page.evaluate(() => document.activeElement.dataset.i), '1', 'focused output cell');
  assert((await page.textContent('#hover-line')).startsWith('y[1] = 1 comes from X[1]'), `hover line: ${await page.textContent('#hover-line')}`);
  await page.close();
});

test('phone width: nothing overflows sideways', async () => {
  const page = await openPage('?op=Floor', { viewport: { width: 390, height: 844 } });
  await expectCells(page, OPS.Floor.example.cells);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert(overflow <= 0, `the page is ${overflow}px wider than the window`);
  await screenshot(page, 'demo-phone');
  await page.close();
});

test('loading does not shift the layout', async () => {
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${base}?op=Tile`);
  await page.waitForSelector('body.ready');
  await page.waitForTimeout(500);
  const shift = await page.evaluate(() => window.__shift);
  assert(shift < 0.02, `cumulative layout shift ${shift.toFixed(3)}`);
  await page.close();
});

test('no console errors, page errors or requests off the origin', async () => {
  assertEqual(problems, [], 'problems');
});

// ---------------------------------------------------------------------------

async function main() {
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'tessera-chromium-'));
  let passed = 0;
  let failed = 0;
  try {
    server = await serve(0);
    base = `http://127.0.0.1:${server.address().port}/`;
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run'],
      viewport: { width: 1280, height: 860 },
    });
    for (const { name, body } of cases) {
      try {
        await body();
        passed++;
        console.log(`ok - ${name}`);
      } catch (error) {
        failed++;
        console.log(`not ok - ${name}\n  ${String(error?.message ?? error).split('\n').join('\n  ')}`);
      }
    }
  } catch (error) {
    failed++;
    console.log(`not ok - setting up the browser: ${error?.message ?? error}`);
  } finally {
    await context?.close();
    server?.close();
    rmSync(profile, { recursive: true, force: true });
  }
  console.log(`demo e2e: ${passed} passed, ${failed} failed`);
  mkdirSync(join(root, 'build'), { recursive: true });
  writeFileSync(join(root, 'build/e2e-results.json'), JSON.stringify({ passed, failed }));
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
