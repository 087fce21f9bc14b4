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
  await page.goto(`${base}?op=${Object.keys(OPS).at(-1)}`);
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
