// Builds the package into dist/:
//   dist/wasm/     tessera.wasm (SIMD128) and tessera-scalar.wasm (fallback)
//   dist/esm/      one ES module file (esbuild, from tsc's modules in build/esm, the
//                  Emscripten loader among them as an ES module)
//   dist/cjs/      one CommonJS file (esbuild, from the same modules)
//   dist/types/    TypeScript declarations: .d.ts for the ESM build (tsc) and
//                  .d.cts for the CommonJS one (the same, with .cjs specifiers)
// Usage: node scripts/build.mjs [--skip-wasm]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { esmLoader } from './glue.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const wasmBuild = `${root}build/wasm`;
const run = (command, args, env = {}) =>
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

run('node', ['scripts/gen-tables.mjs']);

if (!process.argv.includes('--skip-wasm')) {
  // Debian's emscripten needs Debian's acorn for its optimizer.
  const env = { NODE_PATH: '/usr/share/nodejs' };
  if (!existsSync(`${wasmBuild}/CMakeCache.txt`)) {
    run('emcmake', ['cmake', '-S', '.', '-B', wasmBuild, '-DCMAKE_BUILD_TYPE=Release'], env);
  }
  run('cmake', ['--build', wasmBuild, '-j2'], env);
}

// Both builds must share one loader: it is only Embind's registration code.
const glue = readFileSync(`${wasmBuild}/tessera.js`, 'utf8');
const scalarGlue = readFileSync(`${wasmBuild}/tessera-scalar.js`, 'utf8').replaceAll('tessera-scalar.wasm', 'tessera.wasm');
if (glue !== scalarGlue) throw new Error('the SIMD and scalar builds produced different JS loaders');

rmSync(`${root}dist`, { recursive: true, force: true });
mkdirSync(`${root}dist/wasm`, { recursive: true });
for (const file of ['tessera.wasm', 'tessera-scalar.wasm']) cpSync(`${wasmBuild}/${file}`, `${root}dist/wasm/${file}`);

rmSync(`${root}build/esm`, { recursive: true, force: true });
run('node', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']);

mkdirSync(`${root}build/esm/glue`, { recursive: true });
writeFileSync(`${root}build/esm/glue/tessera-glue.js`, esmLoader(glue));

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

// One file, not tsc's 22 modules: Node loads an ES module graph file by file,
// which took import-to-ready from about 15 ms to about 40 ms. The bundle sits
// where init.js did, so `new URL('../wasm/tessera.wasm', import.meta.url)`
// still names dist/wasm, and bundlers still see it.
run('node_modules/.bin/esbuild', ['build/esm/index.js', '--bundle', '--format=esm', '--platform=neutral',
  '--target=es2022', '--outfile=dist/esm/index.js', '--log-level=warning']);

// import.meta.url has no CommonJS meaning: the bundle gets its own file URL instead.
run('node_modules/.bin/esbuild', ['build/esm/index.js', '--bundle', '--format=cjs', '--platform=node',
  '--target=node20', '--outfile=dist/cjs/index.cjs', '--log-level=warning',
  '--define:import.meta.url=__tessera_module_url',
  "--banner:js=const __tessera_module_url = require('node:url').pathToFileURL(__filename).href;"]);
