#!/usr/bin/env node
// The benchmark's figures in the docs, written from the one place they live:
// bench/results.json, which a full `npm run bench` replaces. Each table sits
// between the markers
//   <!-- bench-table NAME: ... -->  and  <!-- /bench-table -->
// in README.md or a page of docs/, NAME being one of
//   summary           the README's one table: a few workloads, each engine
//   modes             default, out and resident for one large tile (docs/out-and-resident.md)
//   engine-ENGINE     every workload of one engine, as `npm run bench` prints it (docs/performance.md)
//   sweep-ENGINE      its cost per output byte from 1 KiB to 64 MiB (docs/performance.md)
//   targets-ENGINE    the targets its rows meet or miss, as `npm run bench` prints them
// so that no figure of the run is copied by hand. NAME may start with
// FILE: to be written from bench/FILE.json instead, the kept results of a
// partial run (`--only`; bench/results-families.json holds the op families'
// rows, bench/results-postprocess.json the TopK and NonMaxSuppression rows,
// bench/results-quantize.json the QuantizeLinear/DequantizeLinear rows, each
// the bench/results-partial.json sections its runs wrote). After a full run:
//
//   node scripts/perf-tables.mjs           writes every table
//   node scripts/perf-tables.mjs --check   exits 1 when a table is not what it would write
//                                          (the test command runs this)
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { engineTable, fmt, sweepTable, targets } from '../bench/report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LABEL = 'perf tables';
const BLOCK = /(<!-- bench-table ([\w:-]+): [^\n]*? -->\n)[\s\S]*?(<!-- \/bench-table -->)/g;

/** The README's workloads: a small call, then large ones of each op family. */
const SUMMARY = [
  'tile f32 [4,4]x[2,2]',
  'tile f32 [1024,1024]x[2,2]',
  'asStrided f32 transpose [1024,1024] stride [1,1024]',
  'floor f32 4e6',
  'constantOfShape f32 [1024,1024]',
  'cast u8->f32 1e6',
];
/** The workload docs/out-and-resident.md compares the three ways on. */
const MODES = 'tile f32 [1024,1024]x[2,2]';

/** "Node v20.20.2" -> "Node 20", "Firefox ESR 153.8.0" -> "Firefox ESR 153". */
const engineName = (section) => section.version.replace(/ v?(\d+)[\d.]*$/, ' $1');
const us = (row, column) => (row?.us[column] === undefined ? 'n/a' : fmt(row.us[column]));

function sections(results) {
  return Object.values(results.engines).filter((s) => !s.error);
}

function summaryTable(results) {
  const lines = [
    '| workload | engine | default | `out` | resident | onnxruntime-web | TensorFlow.js | plain JS |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const name of SUMMARY) {
    sections(results).forEach((section, i) => {
      const row = section.rows.find((r) => r.name === name);
      if (!row) throw new Error(`bench/results.json has no workload "${name}" for ${section.engine}`);
      lines.push(`| ${i === 0 ? name : ''} | ${engineName(section)} | ${['tessera', 'out', 'resident', 'ort', 'tfjs', 'js'].map((c) => us(row, c)).join(' | ')} |`);
    });
  }
  return lines;
}

function modesTable(results) {
  return [
    '| engine | default | `out` | resident |',
    '| --- | ---: | ---: | ---: |',
    ...sections(results).map((section) => {
      const row = section.rows.find((r) => r.name === MODES);
      if (!row) throw new Error(`bench/results.json has no workload "${MODES}" for ${section.engine}`);
      return `| ${engineName(section)} | ${us(row, 'tessera')} | ${us(row, 'out')} | ${us(row, 'resident')} |`;
    }),
  ];
}

/** The lines of table NAME, from `results`. */
function table(name, results) {
  if (name === 'summary') return summaryTable(results);
  if (name === 'modes') return modesTable(results);
  const [, kind, engine] = /^(engine|sweep|targets)-(\w+)$/.exec(name) ?? [];
  const section = results.engines[engine];
  if (!kind) throw new Error(`unknown table "${name}" (known: summary, modes, engine-ENGINE, sweep-ENGINE, targets-ENGINE)`);
  if (!section || section.error) throw new Error(`bench/results.json has no figures for the engine "${engine}"`);
  if (kind === 'engine') return engineTable(section.rows);
  if (kind === 'targets') return targets(section).map((t) => `- [${t.met ? 'x' : ' '}] ${t.text}: ${t.values.join('; ')}`);
  if (!section.sweep?.length) throw new Error(`bench/results.json has no size sweep for ${engine}`);
  return sweepTable(section.sweep);
}

/** bench/FILE.json, read once. */
const files = new Map();
function resultsOf(file) {
  if (!files.has(file)) {
    const results = JSON.parse(readFileSync(`${root}bench/${file}.json`, 'utf8'));
    if (results.smoke) throw new Error(`bench/${file}.json is from a smoke run: its figures mean nothing`);
    files.set(file, results);
  }
  return files.get(file);
}

/** Table NAME, or FILE:NAME from bench/FILE.json. */
function tableOf(name) {
  const [file, tableName] = name.includes(':') ? name.split(':') : ['results', name];
  return table(tableName, resultsOf(file));
}

function run(check) {
  resultsOf('results');
  const pages = ['README.md', ...readdirSync(`${root}docs`).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  const stale = [];
  let tables = 0;
  for (const page of pages) {
    const current = readFileSync(`${root}${page}`, 'utf8');
    const text = current.replace(BLOCK, (_, begin, name, end) => {
      tables++;
      return `${begin}${tableOf(name).join('\n')}\n${end}`;
    });
    if (page === 'README.md' && !/<!-- bench-table summary: /.test(current)) throw new Error('README.md has no <!-- bench-table summary: ... --> table');
    if (text === current) continue;
    stale.push(page);
    if (!check) writeFileSync(`${root}${page}`, text);
  }
  return { stale, tables, sources: [...files].map(([file, r]) => `bench/${file}.json (run of ${r.date})`).join(', ') };
}

try {
  const check = process.argv.includes('--check');
  const { stale, tables, sources } = run(check);
  if (check && stale.length) {
    console.log(`${LABEL}: ${stale.join(', ')} not as ${sources} give: run \`node scripts/perf-tables.mjs\` and commit`);
    console.log(`${LABEL}: 0 passed, 1 failed`);
    process.exit(1);
  }
  if (check) {
    console.log(`${LABEL}: ${tables} tables are from ${sources}`);
    console.log(`${LABEL}: 1 passed, 0 failed`);
  } else {
    console.log(`${LABEL}: ${tables} tables from ${sources}; rewrote ${stale.join(', ') || 'none'}`);
  }
} catch (error) {
  console.log(`${LABEL}: ${error.message}`);
  console.log(`${LABEL}: 0 passed, 1 failed`);
  process.exit(1);
}
