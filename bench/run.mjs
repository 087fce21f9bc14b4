// tessera-wasm's benchmark: median µs per call, end to end (JS typed array
// in, JS typed array out), against onnxruntime-web, tfjs-wasm, plain JS and
// a roofline measured in tessera's own module in the same page or process,
// in Node, headless Chromium and headless Firefox.
//
//   node bench/run.mjs                  the full run (needs `npm ci --prefix bench`; `npm run bench` does it)
//   node bench/run.mjs --smoke          one tiny workload, a few calls, no peers, Node only, and every op of
//                                       the registry once (bench/op-smoke.mjs; the test command runs it)
//   node bench/run.mjs --only tile      workloads whose name matches a regular expression
//   node bench/run.mjs --engines node,firefox   some engines (node, chromium, firefox)
//   node bench/run.mjs --no-peers       without onnxruntime-web and tfjs-wasm
//
// Prints a markdown table per engine and writes bench/results.json, one
// section per engine (bench/results-smoke.json for --smoke,
// bench/results-partial.json for any other partial run).
//
// The parts: harness.mjs (timing), roofline.mjs, workloads.mjs,
// family-workloads.mjs, front-end-workloads.mjs, quantize-workloads.mjs,
// workload-kit.mjs, plain-js.mjs, plain-js-postprocess.mjs,
// plain-js-front-ends.mjs and plain-js-quantize.mjs (what is
// measured), suite.mjs (one workload's columns, memory
// and checks), node-host.mjs and page.mjs (the library and peers in Node and
// in a page), browsers.mjs (launching them), report.mjs (tables and targets).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { runBrowser } from './browsers.mjs';
import { median, timerResolutionUs } from './harness.mjs';
import { initTimes, nodeHost, peerVersions } from './node-host.mjs';
import { writeOpCases } from '../scripts/op-cases.mjs';
import { opSmoke } from './op-smoke.mjs';
import { report } from './report.mjs';
import { AGAINST, COLUMNS, SWEEP_COLUMNS, suite } from './suite.mjs';
import { sweepWorkloads, workloads } from './workloads.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const ENGINES = ['node', 'chromium', 'firefox'];

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const smoke = args.includes('--smoke');
const only = option('--only') === undefined ? undefined : new RegExp(option('--only'));
const engines = option('--engines')?.split(',') ?? (smoke ? ['node'] : ENGINES);
const peers = !smoke && !args.includes('--no-peers');
const unknown = engines.filter((e) => !ENGINES.includes(e));
if (unknown.length) throw new Error(`unknown engine ${unknown.join(', ')}: the engines are ${ENGINES.join(', ')}`);
if (peers && !existsSync(`${here}node_modules/onnxruntime-web`)) {
  throw new Error('bench peers are not installed: run `npm ci --prefix bench` (or `npm run bench`, which does)');
}
if (!peers) console.log(smoke ? 'smoke run: onnxruntime-web and tfjs-wasm skipped' : '--no-peers: onnxruntime-web and tfjs-wasm skipped');

const log = (line) => process.stderr.write(`${line}\n`);
const chosen = workloads({ smoke }).filter((w) => !only || only.test(w.name));
const cpus = os.cpus();
const machine = {
  cpu: cpus[0]?.model ?? 'unknown CPU', cores: cpus.length, platform: `${os.platform()} ${os.arch()}`,
  node: process.version, loadBefore: os.loadavg()[0].toFixed(2),
};

const sections = {};
for (const engine of engines) {
  try {
    sections[engine] = engine === 'node' ? await nodeSection() : await runBrowser(engine, { names: chosen.map((w) => w.name), smoke, peers, log });
  } catch (error) {
    log(`${engine}: ${error.stack ?? error}`);
    sections[engine] = { engine, error: String(error.message ?? error) };
  }
}
machine.loadAfter = os.loadavg()[0].toFixed(2);

async function nodeSection() {
  // Every op's cases, made before the host loads the library (scripts/op-cases.mjs runs a process of its own).
  const opCases = smoke ? JSON.parse(readFileSync((await writeOpCases()).file, 'utf8')) : undefined;
  const host = await nodeHost({ smoke, peers });
  log(`== node: ${host.version}`);
  const { run } = suite(host);
  const rows = [];
  for (const workload of chosen) {
    const row = await run(workload);
    log(`  ${workload.name}: ${Object.entries(row.us).map(([k, v]) => `${k} ${v.toPrecision(3)}`).join(', ')}`);
    rows.push(row);
  }
  // Cost per output byte from 1 KiB to 64 MiB: flat means linear in size.
  const sweep = [];
  if (!only || only.test('sweep')) {
    for (const workload of sweepWorkloads({ smoke })) {
      const { us } = await run(workload, SWEEP_COLUMNS);
      sweep.push({ op: workload.op, bytes: workload.bytes, nsPerByte: Object.fromEntries(Object.entries(us).map(([k, v]) => [k, (v * 1000) / workload.bytes])) });
    }
  }
  const ops = opCases && opSmoke(host, opCases);
  for (const row of ops ?? []) log(`  ${row.op} once: ${row.error ? `FAIL ${row.error}` : `${row.label}, as the reference`}`);
  const { tw, twScalar, ort, tf, module, freshMemory, collect, ...about } = host;
  const initRuns = smoke ? 1 : 9;
  return { ...about, timerResolutionUs: timerResolutionUs(), gc: true, initMs: median(initTimes(initRuns)), initRuns, rows, sweep, ops };
}

const results = {
  date: new Date().toISOString(), command: `node bench/run.mjs ${args.join(' ')}`.trim(), machine, smoke,
  unit: 'µs per call, median', columns: COLUMNS, against: AGAINST, peers: peers ? peerVersions() : undefined,
  engines: sections,
};
console.log(report(results));

// Only a full run with every engine replaces results.json (scripts/perf-tables.mjs writes the docs' tables from it).
const complete = !smoke && !only && peers && ENGINES.every((e) => sections[e] && !sections[e].error);
const file = `${here}${smoke ? 'results-smoke.json' : complete ? 'results.json' : 'results-partial.json'}`;
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nwrote ${file}`);
const opRows = sections.node?.ops;
if (opRows) console.log(`op smoke: ${opRows.filter((r) => !r.error).length} of ${opRows.length} ops of the registry ran once and agree with their reference`);
if (Object.values(sections).some((s) => s.error || s.ops?.some((r) => r.error))) process.exitCode = 1;
