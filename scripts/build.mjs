// Builds the package into dist/:
//   dist/wasm/     tessera.wasm (SIMD128) and tessera-scalar.wasm (fallback)
//   dist/esm/      one ES module file (esbuild, from tsc's modules in build/esm, the
//                  Emscripten loader among them as an ES module), and inline.js:
//                  the same with both .wasm files inside, as base64
//   dist/cjs/      the same two as CommonJS files (esbuild, from the same modules)
//   dist/types/    TypeScript declarations: .d.ts for the ESM build (tsc) and
//                  .d.cts for the CommonJS one (the same, with .cjs specifiers)
// Usage: node scripts/build.mjs [--skip-wasm] [--if-stale]
//   --if-stale (npm pack's prepack): builds only when a file the package
//   exports is missing or older than a source, so that packing a fresh build
//   costs nothing and packing a fresh clone builds it.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { esmLoader, sharedLoader } from './glue.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const wasmBuild = `${root}build/wasm`;
// The tools' progress goes to stderr: `npm pack --json` runs this build (prepack)
// and its stdout must stay JSON.
const run = (command, args, env = {}) =>
  execFileSync(command, args, { cwd: root, stdio: ['inherit', process.stderr, 'inherit'], env: { ...process.env, ...env } });

if (process.argv.includes('--if-stale') && distIsFresh()) {
  console.error('dist/ is newer than every source: not rebuilt');
  process.exit(0);
}

run('node', ['scripts/gen-tables.mjs']);

if (!process.argv.includes('--skip-wasm')) {
  // Debian's emscripten needs Debian's acorn for its optimizer.
  const env = { NODE_PATH: '/usr/share/nodejs' };
  if (!existsSync(`${wasmBuild}/CMakeCache.txt`)) {
    run('emcmake', ['cmake', '-S', '.', '-B', wasmBuild, '-DCMAKE_BUILD_TYPE=Release'], env);
  }
  run('cmake', ['--build', wasmBuild, '-j2'], env);
}

// Both builds share one loader (scripts/glue.mjs says why the scalar build's).
const glue = sharedLoader(readFileSync(`${wasmBuild}/tessera.js`, 'utf8'),
  readFileSync(`${wasmBuild}/tessera-scalar.js`, 'utf8').replaceAll('tessera-scalar.wasm', 'tessera.wasm'));

rmSync(`${root}dist`, { recursive: true, force: true });
mkdirSync(`${root}dist/wasm`, { recursive: true });
for (const file of ['tessera.wasm', 'tessera-scalar.wasm']) cpSync(`${wasmBuild}/${file}`, `${root}dist/wasm/${file}`);

rmSync(`${root}build/esm`, { recursive: true, force: true });
run('node', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']);

mkdirSync(`${root}build/esm/glue`, { recursive: true });
writeFileSync(`${root}build/esm/glue/tessera-glue.js`, esmLoader(glue));
// The inline entry's bytes (js/src/inline.ts): the very files in dist/wasm.
const base64 = (file) => JSON.stringify(readFileSync(`${root}dist/wasm/${file}`).toString('base64'));
writeFileSync(`${root}build/esm/glue/tessera-inline-wasm.js`,
  `export const SIMD_WASM_BASE64 = ${base64('tessera.wasm')};\nexport const SCALAR_WASM_BASE64 = ${base64('tessera-scalar.wasm')};\n`);

// A .d.ts in a "type": "module" package describes an ES module; TypeScript
// under node16/nodenext would tell `require('tessera-wasm')` users that they
// load ESM. The require condition gets .d.cts twins whose relative specifiers
// name .cjs files (TypeScript maps ./x.cjs to ./x.d.cts).
const relativeJs = /((?:\bfrom|\bimport\()\s*)(['"])(\.{1,2}\/[^'"]*)\.js\2/g;
for (const entry of readdirSync(`${root}dist/types`, { recursive: true })) {
  const file = `${root}dist/types/${entry}`;
  if (!String(entry).endsWith('.d.ts')) continue;
  const text = readFileSync(file, 'utf8');
  writeFileSync(file.replace(/\.d\.ts$/, '.d.cts'), text.replace(relativeJs, '$1$2$3.cjs$2'));
}

// One file per entry, not tsc's 22 modules: Node loads an ES module graph file
// by file, which took import-to-ready from about 15 ms to about 40 ms. The
// bundle sits where init.js did, so `new URL('../wasm/tessera.wasm', import.meta.url)`
// still names dist/wasm, and bundlers still see it.
const esbuild = (entry, args) => run('node_modules/.bin/esbuild', [`build/esm/${entry}.js`, '--bundle', '--target=es2022',
  '--log-level=warning', ...args]);
esbuild('index', ['--format=esm', '--platform=neutral', '--outfile=dist/esm/index.js']);

// import.meta.url has no CommonJS meaning: the bundle gets its own file URL instead.
esbuild('index', ['--format=cjs', '--platform=node', '--target=node20', '--outfile=dist/cjs/index.cjs',
  '--define:import.meta.url=__tessera_module_url',
  "--banner:js=const __tessera_module_url = require('node:url').pathToFileURL(__filename).href;"]);

// The inline entry always hands init() its bytes, so the default location is
// dead code there. Without import.meta.url, bundlers see no
// `new URL('../wasm/…', import.meta.url)` and copy no .wasm next to it.
esbuild('inline', ['--format=esm', '--platform=neutral', '--outfile=dist/esm/inline.js', '--define:import.meta.url=undefined']);
esbuild('inline', ['--format=cjs', '--platform=node', '--target=node20', '--outfile=dist/cjs/inline.cjs', '--define:import.meta.url=undefined']);
for (const file of ['dist/cjs/index.cjs', 'dist/cjs/inline.cjs']) writeFileSync(`${root}${file}`, hardenHelpers(readFileSync(`${root}${file}`, 'utf8'), file));

/**
 * esbuild's CommonJS helpers, made immune to a polluted Object.prototype:
 * `__export` walks its getter table with for-in (inherited keys included) and
 * every helper's property descriptor is an object literal, which inherits a
 * polluted `get`, `set` or `value`: `require()` then threw "Getter must be a
 * function". Keys come from Object.keys, descriptors get no prototype. Only
 * the helper prelude (before the first bundled module) changes, and the
 * build fails when esbuild's helpers no longer read as expected.
 */
function hardenHelpers(code, file) {
  const start = code.indexOf('\n// build/esm/');
  if (start < 0) throw new Error(`${file}: no bundled module found after esbuild's helpers`);
  let prelude = code.slice(0, start);
  const forIn = 'for (var name in all)';
  if (!prelude.includes(forIn)) throw new Error(`${file}: esbuild's __export helper changed: harden it again`);
  prelude = prelude.replace(forIn, 'for (var name of Object.keys(all))');
  let descriptors = 0;
  prelude = prelude.replace(/(__defProp\([^,]+, [^,]+, )\{ /g, (_, call) => { descriptors++; return `${call}{ __proto__: null, `; });
  if (descriptors < 3) throw new Error(`${file}: found ${descriptors} of esbuild's 3 helper descriptors: harden them again`);
  return prelude + code.slice(start);
}

// The tests' own entry (js/src/testing.ts: the API plus the dispatcher's
// internals), outside dist/: the package never ships it. From build/testing/,
// '../wasm/tessera.wasm' names the files CMake built.
esbuild('testing', ['--format=cjs', '--platform=node', '--target=node20', '--outfile=build/testing/index.cjs',
  '--define:import.meta.url=__tessera_module_url',
  "--banner:js=const __tessera_module_url = require('node:url').pathToFileURL(__filename).href;"]);

/** Every file package.json's exports name exists, and the oldest is newer than every source. */
function distIsFresh() {
  const sources = ['js/src', 'cpp', 'CMakeLists.txt', 'tsconfig.json', 'package.json', 'scripts/build.mjs', 'scripts/glue.mjs', 'scripts/gen-tables.mjs'];
  const exported = (value) => (typeof value === 'string' ? [value] : Object.values(value).flatMap(exported));
  const outputs = exported(JSON.parse(readFileSync(`${root}package.json`, 'utf8')).exports).filter((f) => f.startsWith('./dist/'));
  const mtime = (path) => {
    const stat = statSync(`${root}${path}`);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(0, ...readdirSync(`${root}${path}`).map((entry) => mtime(`${path}/${entry}`)));
  };
  if (!outputs.every((f) => existsSync(`${root}${f}`))) return false;
  return Math.min(...outputs.map(mtime)) > Math.max(...sources.map(mtime));
}
