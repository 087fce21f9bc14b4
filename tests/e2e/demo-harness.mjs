// The demo test's harness: named cases run in order in one Chromium (Debian's,
// driven by playwright-core), each on fresh pages of the built demo served on
// localhost; and the checks the cases share, run in the page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromiumContext } from '../../scripts/browsers.mjs';
import { serveDemo } from '../../scripts/serve-demo.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const ARTIFACTS = join(root, 'tests/e2e/artifacts');

export const DESKTOP = { name: 'desktop', width: 1280, height: 800 };
export const PHONE = { name: 'phone', width: 390, height: 844 };

const cases = [];
export const test = (name, body) => cases.push({ name, body });

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

export function assertEqual(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

let context;
let base;
const problems = [];  // console errors and warnings, page errors, requests off the origin: from every page

/** Console errors, page errors and off-origin requests seen so far. */
export const seenProblems = () => [...problems];

export const pageUrl = (path = '') => `${base}${path}`;

/** A fresh page of the demo at `path` (`#/tile`, `?op=Tile&…`), once the module is loaded. */
export async function openPage(path = '', size = DESKTOP) {
  const page = await context.newPage();
  await page.setViewportSize({ width: size.width, height: size.height });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(base) && !r.url().startsWith('data:')) problems.push(`request off the page's origin: ${r.url()}`);
  });
  await page.goto(pageUrl(path));
  await page.waitForSelector('body.ready', { timeout: 15000 });
  return page;
}

/** A page without the harness's waiting, for the layout-shift case. */
export const newPage = () => context.newPage();

export const outputCells = (page) => page.$$eval('#output-grid td', (cells) => cells.map((c) => c.textContent));

/** Waits until the output grid shows `cells` and the call ran (the page recomputes after a short pause). */
export async function expectCells(page, cells, what = 'output cells') {
  try {
    await page.waitForFunction((want) => {
      const got = [...document.querySelectorAll('#output-grid td')].map((c) => c.textContent);
      // data-pending: a change is not yet answered by the worker (the cells may be the last call's).
      return JSON.stringify(got) === JSON.stringify(want) && !document.body.classList.contains('failed') && !('pending' in document.body.dataset);
    }, cells, { timeout: 5000 });
  } catch {
    assertEqual(await outputCells(page), cells, what);
    throw new Error(`${what}: shown, but the page says: ${await page.textContent('#run-status')}`);
  }
}

/** The control whose error a field's note holds. */
export const controlOf = (field) => ({ type: '#type', version: '#version:visible, #node', input: '#input-grid:visible, #input-text:visible', dims: '#dims' })[field] ?? `#param-${field}`;

/**
 * The SpecError (or input error) `message` is shown beside `field`: in the
 * note right under its control, which is marked invalid; the output's status
 * line says "not run" and links to the field; and neither covers the output.
 */
export async function expectError(page, field, message) {
  const selector = `#note-${field}.has-error .error`;
  try {
    await page.waitForSelector(selector, { timeout: 5000 });
  } catch {
    throw new Error(`no error shown beside "${field}"; the output says: ${JSON.stringify(await page.textContent('#run-status'))}`);
  }
  // The field may already show an error (a start the op refuses) until the page
  // re-renders with the new one: wait for the message, then compare what is shown.
  await page.waitForFunction(([s, m]) => document.querySelector(s)?.textContent?.startsWith(m), [selector, message], { timeout: 5000 }).catch(() => {});
  const shown = await page.textContent(selector);
  assert(shown.startsWith(message), `error beside ${field}: expected ${JSON.stringify(message)}, got ${JSON.stringify(shown)}`);
  const control = controlOf(field);
  assert(await page.$eval(control, (e) => e.getAttribute('aria-invalid') === 'true'), `${control} is not marked aria-invalid`);
  const errors = await page.$$eval('.note.has-error', (notes) => notes.map((n) => n.id));
  assertEqual(errors, [`note-${field}`], 'fields showing an error');

  // Beside: the note starts right under its control and overlaps it sideways.
  const [c, n] = [await box(page, control), await box(page, `#note-${field}`)];
  assert(n.top >= c.bottom - 1 && n.top - c.bottom <= 12 && n.left < c.right && n.right > c.left,
    `the note of ${field} ${JSON.stringify(n)} is not right under its control ${JSON.stringify(c)}`);

  assertEqual(await page.getAttribute('#run-status', 'data-field'), field, 'the field the output\'s status line names');
  assert((await page.textContent('#run-status')).startsWith('Not run: see the error at '), 'the status line does not say the call was not run');
  await expectOutputUncovered(page);
  // The status line's link takes a phone user to the field.
  await page.click('#run-status button');
  assert(await page.$eval(control, (e) => e === document.activeElement || e.contains(document.activeElement)), `the status line's link does not focus ${control}`);
}

export const box = (page, selector) => page.$eval(selector, (e) => {
  const r = e.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
});

/** Nothing is drawn over the output: each drawn cell is what its centre shows, and no error text overlaps the grid. */
export async function expectOutputUncovered(page) {
  await page.$eval('#output-grid', (e) => e.scrollIntoView({ block: 'nearest' }));
  const covered = await page.evaluate(() => {
    const grid = document.getElementById('output-grid');
    const g = grid.getBoundingClientRect();
    const out = [];
    for (const cell of grid.querySelectorAll('td')) {
      const r = cell.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      // Cells scrolled out of the grid's own box (it scrolls sideways) or out of the window are not on show.
      if (x < g.left || x > g.right || y < g.top || y > g.bottom || y < 0 || y > innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top !== cell && !cell.contains(top)) out.push(`cell ${cell.dataset.i} under ${top?.outerHTML.slice(0, 60)}`);
    }
    for (const e of document.querySelectorAll('.note.has-error, #run-status')) {
      const r = e.getBoundingClientRect();
      if (r.left < g.right && r.right > g.left && r.top < g.bottom && r.bottom > g.top && g.height > 0) out.push(`#${e.id} overlaps the output`);
    }
    return out;
  });
  assertEqual(covered, [], 'what covers the output');
}

/**
 * Labels cut off: a menu option wider than its menu's text box (the
 * closed menu would cut it), text wider than its box, or a label off the
 * screen. Grids that scroll sideways are exempt (they scroll).
 */
export function cutLabels(page) {
  return page.evaluate(() => {
    const cut = [];
    const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    const name = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} "${e.textContent.trim().slice(0, 30)}"`;
    const ctx = document.createElement('canvas').getContext('2d');
    for (const select of document.querySelectorAll('select')) {
      if (!shown(select)) continue;
      const cs = getComputedStyle(select);
      ctx.font = cs.font;
      const room = select.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      for (const o of select.options) {
        const width = ctx.measureText(o.label).width;
        if (width > room) cut.push(`#${select.id} option "${o.label}" needs ${width.toFixed(0)}px, has ${room.toFixed(0)}px`);
      }
    }
    const labels = 'a, button, label, legend, dt, dd, h1, h2, h3, summary, .note, .run-status, .timing, .badge, .backend, .tagline';
    for (const e of document.querySelectorAll(labels)) {
      if (!shown(e) || e.closest('.grid-scroll')) continue;
      if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) cut.push(`${name(e)} needs ${e.scrollWidth}px, has ${e.clientWidth}px`);
      const r = e.getBoundingClientRect();
      if (r.right > document.documentElement.clientWidth + 0.5 || r.left < -0.5) cut.push(`${name(e)} runs off the screen`);
    }
    return cut;
  });
}

const AXE = join(root, 'node_modules/axe-core/axe.min.js');

/** axe-core's serious and critical violations on the page as it is now, one line each. */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const { violations, passes } = await window.axe.run(document);
    if (passes.length === 0) return ['axe-core ran no rule'];
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary.split('\n').slice(1, 2).join('')}`).join(' | ')}`);
  });
}

/**
 * Starts a heartbeat in the page: a 50 ms timer noting the longest gap
 * between its beats, which `longestGap` reads. A main thread blocked for a
 * second shows as a gap of a second.
 */
export async function startHeartbeat(page) {
  await page.evaluate(() => {
    window.__gap = 0;
    let last = performance.now();
    const beat = () => {
      const now = performance.now();
      window.__gap = Math.max(window.__gap, now - last);
      last = now;
      window.__beat = setTimeout(beat, 50);
    };
    clearTimeout(window.__beat);
    beat();
  });
}

export const longestGap = (page) => page.evaluate(() => window.__gap);

/** Sideways overflow of the whole page, in pixels. */
export const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

export async function screenshot(page, path, options = {}) {
  await page.screenshot({ path, ...options });
  console.log(`  screenshot: ${path}`);
}

/** Runs every case; prints `demo e2e: N passed, M failed` and writes build/e2e-results.json. */
export async function run() {
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'tessera-chromium-'));
  let server;
  let passed = 0;
  let failed = 0;
  try {
    server = await serveDemo(0);
    base = `${server.origin}/`;
    context = await launchChromiumContext(profile, { viewport: { width: DESKTOP.width, height: DESKTOP.height } });
    // DEMO_ONLY=<regex> runs the matching cases alone (while working on one).
    const only = process.env.DEMO_ONLY ? new RegExp(process.env.DEMO_ONLY) : undefined;
    for (const { name, body } of cases.filter((c) => !only || only.test(c.name))) {
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
    await server?.close();
    rmSync(profile, { recursive: true, force: true });
  }
  console.log(`demo e2e: ${passed} passed, ${failed} failed`);
  mkdirSync(join(root, 'build'), { recursive: true });
  writeFileSync(join(root, 'build/e2e-results.json'), JSON.stringify({ passed, failed }));
  process.exitCode = failed === 0 ? 0 : 1;
}
