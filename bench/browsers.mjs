// Runs the workloads in headless browsers: Debian's chromium through
// playwright-core, Debian's firefox-esr through puppeteer-core (WebDriver
// BiDi). Pages come from a static server on 127.0.0.1 that sends the
// cross-origin isolation headers: isolated pages get a finer
// performance.now() (Chromium 5 µs instead of 100 µs).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, launchFirefox } from '../scripts/browsers.mjs';
import { ISOLATED, serve as serveStatic } from '../scripts/serve.mjs';
import { median } from './harness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// What a page may load: the bench's own files and peers, the library's bundle and .wasm builds.
const SERVED = ['/bench/', '/dist/', '/build/esm/', '/build/wasm/'];
const PAGE_TIMEOUT_MS = 20 * 60 * 1000;

const launchBenchChromium = () => launchChromium(['--js-flags=--expose-gc']);  // gc() between batches, as in Node

const launchBenchFirefox = () => launchFirefox({
  protocolTimeout: PAGE_TIMEOUT_MS,
  // Firefox rounds performance.now() to 1 ms (0.1 ms isolated) against timing attacks; a benchmark needs the clock.
  extraPrefsFirefox: { 'privacy.reduceTimerPrecision': false },
});

export const BROWSERS = { chromium: launchBenchChromium, firefox: launchBenchFirefox };

/** The static server (scripts/serve.mjs), cross-origin isolated; resolves once listening on 127.0.0.1 (any free port). */
export function serve() {
  return serveStatic({ mounts: Object.fromEntries(SERVED.map((prefix) => [prefix, join(root, prefix)])), headers: ISOLATED });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the page for `query`, relays its progress lines, and gives its result. */
export async function runPage(browser, url, log) {
  const page = await browser.newPage();
  try {
    page.on('pageerror', (error) => log(`  page error: ${error.message}`));
    await page.goto(url);
    const started = Date.now();
    let shown = 0;
    for (;;) {
      const { result, lines } = await page.evaluate(() => ({ result: window.benchResult ?? null, lines: window.benchLog ?? [] }));
      for (; shown < lines.length; shown++) log(`  ${lines[shown]}`);
      if (result) return result;
      if (Date.now() - started > PAGE_TIMEOUT_MS) throw new Error(`no result within ${PAGE_TIMEOUT_MS / 60000} min`);
      await sleep(250);
    }
  } finally {
    await page.close().catch(() => {});
  }
}

/**
 * One engine's section: every workload in a page of its own.
 * @returns { engine, version, ..., rows } or { engine, error } when the browser could not run
 */
export async function runBrowser(engine, { names, smoke, peers, log }) {
  const server = await serve();
  let browser;
  try {
    browser = await BROWSERS[engine]();
    log(`== ${engine}: ${browser.version}`);
    const section = { engine, version: browser.version, rows: [] };
    const initMs = [];
    for (const name of names) {
      const query = new URLSearchParams({ engine, workload: name });
      if (smoke) query.set('smoke', '1');
      if (peers) query.set('peers', '1');
      const result = await runPage(browser, `${server.origin}/bench/page.html?${query}`, log);
      if (result.error) throw new Error(`${engine}, ${name}: ${result.error}`);
      const { rows, initMs: pageInitMs, ...about } = result;
      Object.assign(section, about);  // the same in every page: the last one's stands
      section.rows.push(...rows);
      initMs.push(pageInitMs);
    }
    // Import of the bundle, fetch of the .wasm and init(), in each page: the median.
    section.initMs = median(initMs);
    return section;
  } finally {
    await browser?.close().catch(() => {});
    await server.close();
  }
}
