// The sizes of what the package ships (npm run build first), raw and gzipped
// (level 9), and the budgets they must stay within (scripts/size-budgets.json:
// a baseline per file and one margin; the package test fails a file that
// outgrows baseline + margin).
// Usage:
//   node scripts/sizes.mjs               docs/sizes.md's two tables: sizes, and budgets
//   node scripts/sizes.mjs --check       exits 1 when a file is over its budget
//   node scripts/sizes.mjs --rebase      sets every baseline to today's size (after a growth worth its bytes)
//   node scripts/sizes.mjs --init-time [runs]
//       import and init() CPU times of the default and the inline entry in
//       Node, each the median of `runs` (default 15) fresh processes, taking turns
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const budgetFile = `${root}scripts/size-budgets.json`;
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const file = (path) => readFileSync(`${root}${path}`);
// What a bundler would ship of an entry: bundled and minified by esbuild.
const minified = (entry) => execFileSync(`${root}node_modules/.bin/esbuild`, [entry, '--bundle', '--minify', '--format=esm',
  '--platform=browser', '--log-level=error'], { cwd: root, maxBuffer: 256 << 20 });

/** The files with a budget, by name: each one's bytes. */
export function budgeted() {
  return {
    'dist/wasm/tessera.wasm': file('dist/wasm/tessera.wasm'),
    'dist/wasm/tessera-scalar.wasm': file('dist/wasm/tessera-scalar.wasm'),
    'dist/esm/index.js': file('dist/esm/index.js'),
    'dist/esm/inline.js': file('dist/esm/inline.js'),
    'dist/cjs/index.cjs': file('dist/cjs/index.cjs'),
    'dist/cjs/inline.cjs': file('dist/cjs/inline.cjs'),
    'dist/esm/index.js minified': minified('dist/esm/index.js'),
    'dist/esm/inline.js minified': minified('dist/esm/inline.js'),
  };
}

/** Each budgeted file's size against its limit: [{ name, kind: 'raw'|'gzip', size, baseline, limit }]. */
export function checkBudgets(files = budgeted()) {
  const { margin, baseline } = JSON.parse(readFileSync(budgetFile, 'utf8'));
  return Object.entries(files).flatMap(([name, bytes]) => ['raw', 'gzip'].map((kind) => {
    const base = baseline[name]?.[kind];
    return { name, kind, size: kind === 'raw' ? bytes.length : gz(bytes), baseline: base, limit: base === undefined ? undefined : Math.floor(base * (1 + margin)) };
  }));
}

/** docs/sizes.md's budget table, from scripts/size-budgets.json alone (not today's sizes). */
export function budgetTable() {
  const { margin, baseline } = JSON.parse(readFileSync(budgetFile, 'utf8'));
  const limit = (n) => Math.floor(n * (1 + margin));
  const lines = [`| file | baseline | gzip -9 | budget (+${Math.round(margin * 100)}%) | gzip -9 budget |`, '| --- | ---: | ---: | ---: | ---: |'];
  for (const [name, { raw, gzip }] of Object.entries(baseline)) {
    lines.push(`| \`${name.replace(/ minified$/, '')}\`${name.endsWith(' minified') ? ' bundled and minified' : ''} | ${raw} B | ${gzip} B | ${limit(raw)} B | ${limit(gzip)} B |`);
  }
  return lines.join('\n');
}

function sizeTable() {
  const rows = [];
  const add = (what, buffers) => rows.push([what, buffers.reduce((n, b) => n + b.length, 0), buffers.reduce((n, b) => n + gz(b), 0)]);
  const files = budgeted();
  add('`dist/wasm/tessera.wasm` (SIMD128)', [files['dist/wasm/tessera.wasm']]);
  add('`dist/wasm/tessera-scalar.wasm` (fallback)', [files['dist/wasm/tessera-scalar.wasm']]);
  add('`dist/esm/index.js` (one file)', [files['dist/esm/index.js']]);
  add('of which the Emscripten loader (`build/esm/glue/tessera-glue.js` before bundling)', [file('build/esm/glue/tessera-glue.js')]);
  add('`dist/cjs/index.cjs` (one file)', [files['dist/cjs/index.cjs']]);
  add('`dist/esm/inline.js` (`tessera-wasm/inline`: both builds inside, base64)', [files['dist/esm/inline.js']]);
  add('`dist/cjs/inline.cjs`', [files['dist/cjs/inline.cjs']]);
  add('the ESM build bundled and minified (`esbuild --bundle --minify`)', [files['dist/esm/index.js minified']]);
  add('what a SIMD128 browser loads, default entry: the above + `tessera.wasm`', [files['dist/esm/index.js minified'], files['dist/wasm/tessera.wasm']]);
  add('what any browser loads, inline entry: `inline.js` bundled and minified', [files['dist/esm/inline.js minified']]);
  return ['| file | raw | gzip -9 |', '| --- | ---: | ---: |', ...rows.map(([what, raw, zipped]) => `| ${what} | ${kb(raw)} | ${kb(zipped)} |`)].join('\n');
}

/** Import and init() of one entry in a fresh Node process: milliseconds of each. */
function timeInit(entry) {
  // A CommonJS entry is timed as require() loads it, an ES module as import does.
  const load = entry.endsWith('.cjs') ? `require(${JSON.stringify(`${root}${entry}`)})` : `await import(${JSON.stringify(pathToFileURL(`${root}${entry}`).href)})`;
  // CPU time, not wall time: other jobs on a shared machine steal the CPU,
  // and a descheduled process accrues none.
  const script = `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const ms = ({ user, system }) => (user + system) / 1000;
const t0 = process.cpuUsage();
const tw = ${load};
const t1 = process.cpuUsage();
await tw.init();
const t2 = process.cpuUsage();
if (!tw.backendInfo().simd) throw new Error('not the SIMD build');
console.log(JSON.stringify([ms(process.cpuUsage(t0)) - ms(process.cpuUsage(t1)), ms(process.cpuUsage(t1)) - ms(process.cpuUsage(t2))]));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

function initTimes(runs) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const entries = ['dist/esm/index.js', 'dist/esm/inline.js', 'dist/cjs/index.cjs', 'dist/cjs/inline.cjs'];
  const times = Object.fromEntries(entries.map((e) => [e, []]));
  for (let run = 0; run < runs; run++) for (const entry of entries) times[entry].push(timeInit(entry));
  console.log(`| entry (Node ${process.versions.node}, CPU time, median of ${runs} fresh processes) | import | init() | both |`);
  console.log('| --- | ---: | ---: | ---: |');
  for (const entry of entries) {
    const ms = (pick) => `${median(times[entry].map(pick)).toFixed(1)} ms`;
    console.log(`| \`${entry}\` | ${ms(([i]) => i)} | ${ms(([, n]) => n)} | ${ms(([i, n]) => i + n)} |`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const mode = process.argv[2];
  if (mode === '--init-time') {
    initTimes(Number(process.argv[3] ?? 15));
  } else if (mode === '--rebase') {
    const { margin } = JSON.parse(readFileSync(budgetFile, 'utf8'));
    const baseline = Object.fromEntries(Object.entries(budgeted()).map(([name, bytes]) => [name, { raw: bytes.length, gzip: gz(bytes) }]));
    writeFileSync(budgetFile, `${JSON.stringify({ margin, baseline }, null, 2)}\n`);
    console.log(`${budgetFile} rebased; docs/sizes.md's budget table (paste it there) is now:\n\n${budgetTable()}`);
  } else if (mode === '--check') {
    const over = checkBudgets().filter((b) => !(b.size <= b.limit));
    for (const b of over) console.log(`${b.name} (${b.kind}): ${b.size} B, over its budget of ${b.limit} B (baseline ${b.baseline} B)`);
    console.log(over.length === 0 ? 'every file within its budget' : 'over budget: shrink it, or run `node scripts/sizes.mjs --rebase` if the growth is worth it');
    process.exit(over.length === 0 ? 0 : 1);
  } else {
    console.log(`${sizeTable()}\n\nBudgets (scripts/size-budgets.json):\n\n${budgetTable()}`);
  }
}
