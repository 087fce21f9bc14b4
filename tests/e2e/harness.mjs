// What the package tests share (tests/e2e/package.test.mjs and the groups it
// imports): the pass/fail count, child processes with a clean npm
// environment, scratch projects with the tarball installed offline, a static
// server, and pages in Debian's headless Chromium.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromiumContext } from '../../scripts/browsers.mjs';
import { serve as serveStatic } from '../../scripts/serve.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const fixtures = fileURLToPath(new URL('fixtures/', import.meta.url));
export const work = mkdtempSync(join(tmpdir(), 'tessera-package-'));

export const counts = { passed: 0, failed: 0 };
export function report(name, ok, detail = '') {
  if (ok) counts.passed++;
  else counts.failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || !detail ? '' : `\n       ${String(detail).split('\n').join('\n       ')}`}`);
}

/** Runs one group; an exception fails it as one check, and the rest go on. */
export async function group(name, body) {
  console.log(`== ${name}`);
  const start = performance.now();
  try {
    await body();
  } catch (error) {
    report(`${name}: completes`, false, error?.stack ?? error);
  }
  console.log(`   (${((performance.now() - start) / 1000).toFixed(1)} s)`);
}

/** Reports the results a scratch host printed (checks.mjs's format), each under the host's name. */
export function reportResults(host, results) {
  if (!Array.isArray(results) || results.length === 0) {
    report(`${host}: printed results`, false, JSON.stringify(results));
    return;
  }
  for (const r of results) {
    report(`${host}: ${r.name}`, r.ok, r.detail);
  }
}

// npm run scripts export npm_config_local_prefix and friends, which would make
// a child npm install into this repo: children get none of them.
const childEnv = Object.fromEntries(Object.entries(process.env)
  .filter(([key]) => !key.toLowerCase().startsWith('npm_') || key.toLowerCase() === 'npm_config_cache'));

export function run(command, args, cwd, { allowFailure = false } = {}) {
  const result = spawnSync(command, args, { cwd, env: childEnv, encoding: 'utf8', timeout: 180_000, maxBuffer: 64 << 20 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? `\n${result.error}` : ''}`;
  if (!allowFailure && result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${result.status}:\n${output.slice(-4000)}`);
  }
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '', output };
}

/** Runs a scratch host script and parses the JSON results it printed last. */
export function runHost(cwd, args) {
  const { stdout } = run(process.execPath, args, cwd);
  return JSON.parse(stdout.trim().split('\n').pop());
}

/** A scratch project in the temp dir: package.json, the files given, and the tarball installed offline. */
export function scratch(name, tarball, packageJson, files) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `scratch-${name}`, private: true, ...packageJson }, null, 2));
  for (const [to, content] of Object.entries(files)) writeFileSync(join(dir, to), content);
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], dir);
  return dir;
}

export const fixture = (path) => readFileSync(join(fixtures, path), 'utf8');
export const checksEsm = fixture('checks.mjs');
// The same checks as a CommonJS module: one export, rewritten.
export const checksCjs = checksEsm.replace('export async function runChecks', 'async function runChecks') + '\nmodule.exports = { runChecks };\n';

// ---------------------------------------------------------------------------
// Browser pages

/** A static server for `dir`; `headers(path)` adds response headers. Resolves to { origin, close() }. */
export function serve(dir, headers = () => ({})) {
  return serveStatic({ mounts: { '/': dir }, headers });
}

/** Headless Chromium (Debian's), with a fresh profile; the caller closes it. */
export function launchChromium() {
  return launchChromiumContext(mkdtempSync(join(work, 'chromium-profile-')));
}

/** Loads `url`, waits for window.__results and reports them, plus any uncaught page error. */
export async function runPage(context, host, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(url);
  let results;
  // Polled from here: waitForFunction would need eval, which the CSP pages forbid.
  for (let i = 0; i < 300 && results === undefined; i++) {
    results = await page.evaluate(() => window.__results);
    if (results === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  report(`${host}: page reported results`, results !== undefined, 'no window.__results after 30 s');
  report(`${host}: no uncaught page error`, errors.length === 0, errors.join('\n'));
  if (results?.page) reportResults(host, results.page);
  if (results?.worker) reportResults(`${host} (Web Worker)`, results.worker);
  await page.close();
  return results;
}
