// The sizes of what the package ships (npm run build first), raw and gzipped
// (level 9), as a Markdown table for the README. The app column is what a
// bundler would ship: the ESM build bundled and minified by esbuild.
// Usage: node scripts/sizes.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const rows = [];
const add = (what, buffers) => rows.push([what, buffers.reduce((n, b) => n + b.length, 0), buffers.reduce((n, b) => n + gz(b), 0)]);
add('`dist/wasm/tessera.wasm` (SIMD128)', [readFileSync(`${root}dist/wasm/tessera.wasm`)]);
add('`dist/wasm/tessera-scalar.wasm` (fallback)', [readFileSync(`${root}dist/wasm/tessera-scalar.wasm`)]);
add('`dist/esm/index.js` (one file)', [readFileSync(`${root}dist/esm/index.js`)]);
add('of which the Emscripten loader (`build/esm/glue/tessera-glue.js` before bundling)', [readFileSync(`${root}build/esm/glue/tessera-glue.js`)]);
add('`dist/cjs/index.cjs` (one file)', [readFileSync(`${root}dist/cjs/index.cjs`)]);
const minified = execFileSync(`${root}node_modules/.bin/esbuild`, ['dist/esm/index.js', '--bundle', '--minify', '--format=esm',
  '--platform=browser', '--log-level=error'], { cwd: root });
add('the ESM build bundled and minified (`esbuild --bundle --minify`)', [minified]);

console.log('| file | raw | gzip -9 |');
console.log('| --- | ---: | ---: |');
for (const [what, raw, zipped] of rows) console.log(`| ${what} | ${kb(raw)} | ${kb(zipped)} |`);
