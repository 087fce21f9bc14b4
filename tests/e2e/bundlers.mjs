// The package under each bundler a web app might use, with the settings the
// bundler table of docs/bundlers.md gives and nothing else: Vite, webpack 5, Parcel 2,
// esbuild and Rollup 4 (+ @rollup/plugin-node-resolve) each build the pages
// of fixtures/bundler-app once, and headless Chromium loads every page from
// the build output alone, served with a strict CSP:
//   default.html  the default entry; where the bundler copies no .wasm, the
//                 page expects init() to fail naming the missing file
//   inline.html   tessera-wasm/inline: no .wasm fetched
//   files.html    esbuild only: the .wasm files imported with --loader:.wasm=file
// and, with no bundler at all, the same pages with an import map naming the
// package's files as they are (as a CDN would serve them).
// Each page that runs also runs with SIMD128 refused, expecting the scalar build.
// The bundlers come from tests/e2e/bundlers/node_modules (scripts/setup.sh
// installs them), esbuild and Vite from the repo's own devDependencies.
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checksEsm, fixtures, group, launchChromium, report, root, run, runPage, scratch, serve } from './harness.mjs';

const bundlersDir = join(root, 'tests/e2e/bundlers/');
const fromBundlers = createRequire(bundlersDir);
const importFromBundlers = (name) => import(pathToFileURL(fromBundlers.resolve(name)).href);
const CSP = "script-src 'self' 'wasm-unsafe-eval'";

// What docs/bundlers.md promises for each: `copies` says whether the default entry
// works as is (the bundler copies the .wasm that new URL(…, import.meta.url)
// names, or the package's files are served as they are); `pages` are the
// fixture's pages it builds; `inlineScripts` the pages it gives an inline
// <script> (an import map: Parcel's maps the copied .wasm files' names), which
// a strict CSP must allow by hash. No bundler may warn (webpack did, of
// init()'s Node-only import('node:fs/promises'), until the import said
// webpackIgnore).
const BUNDLERS = [
  { name: 'Vite', copies: true, pages: ['default', 'inline'], inlineScripts: [], build: buildVite },
  { name: 'webpack 5', copies: true, pages: ['default', 'inline'], inlineScripts: [], build: buildWebpack },
  { name: 'Parcel 2', copies: true, pages: ['default', 'inline'], inlineScripts: ['default'], build: buildParcel },
  { name: 'esbuild', copies: false, pages: ['default', 'inline', 'files'], inlineScripts: [], build: buildEsbuild },
  { name: 'Rollup 4', copies: false, pages: ['default', 'inline'], inlineScripts: [], build: buildRollup },
  { name: 'no bundler, an import map', copies: 'served', pages: ['default', 'inline'], inlineScripts: ['default', 'inline'], build: useImportMap },
];

/** Builds the fixture's pages with every bundler and runs them in Chromium. */
export async function bundlerTests(tarball) {
  let app;
  await group('bundlers: a scratch app', async () => {
    const files = Object.fromEntries(readdirSync(join(fixtures, 'bundler-app')).map((f) => [f, join(fixtures, 'bundler-app', f)]));
    app = scratch('bundler-app', tarball, { type: 'module' }, { 'checks.mjs': checksEsm });
    for (const [name, from] of Object.entries(files)) cpSync(from, join(app, name));
  });
  if (!app) return;

  const context = await launchChromium();
  try {
    for (const bundler of BUNDLERS) {
      await group(`bundlers: ${bundler.name}, in headless Chromium (${CSP})`, async () => {
        const out = join(app, 'out', bundler.name.split(/[ ,]/)[0].toLowerCase());
        const { warnings } = await bundler.build(app, out, bundler.pages);
        const unexpected = warnings.filter((w) => !bundler.knownWarning?.test(w.trim()));
        report(`${bundler.name}: builds with no warning${bundler.knownWarning ? ' but the known one' : ''}`, unexpected.length === 0, unexpected.join('\n'));
        const emitted = readdirSync(out, { recursive: true }).map(String);
        const wasm = emitted.filter((f) => f.endsWith('.wasm'));
        const imported = bundler.pages.includes('files');  // files.js's --loader:.wasm=file imports
        const copied = bundler.copies === 'served' ? 'the package\'s two .wasm files, served as they are'
          : bundler.copies ? 'copied both .wasm files for new URL(…, import.meta.url), once (none for the inline entry)'
            : `copied no .wasm for new URL(…, import.meta.url)${imported ? ' (two for files.js\'s imports)' : ''}`;
        report(`${bundler.name}: ${copied}`, wasm.length === (bundler.copies || imported ? 2 : 0), emitted.join(', '));

        const policies = {};
        for (const page of bundler.pages) {
          const hashes = inlineScriptHashes(readFileSync(join(out, `${page}.html`), 'utf8'));
          report(`${bundler.name} ${page}.html: ${bundler.inlineScripts.includes(page) ? 'an inline script, allowed by its hash' : 'no inline script'}`,
            hashes.length === (bundler.inlineScripts.includes(page) ? 1 : 0), `${hashes.length} inline scripts`);
          policies[`/${page}.html`] = [CSP, ...hashes].join(' ');
        }
        const site = await serve(out, (path) => (policies[path] ? { 'Content-Security-Policy': policies[path] } : {}));
        try {
          for (const page of bundler.pages) {
            const url = `${site.origin}/${page}.html`;
            if (page === 'default' && !bundler.copies) {
              await runPage(context, `${bundler.name} ${page}.html (no .wasm copied)`, `${url}?missing`);
              continue;
            }
            await runPage(context, `${bundler.name} ${page}.html`, url);
            await runPage(context, `${bundler.name} ${page}.html without SIMD128`, `${url}?nosimd`);
          }
        } finally {
          site.close();
        }
      });
    }
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------
// Each bundler as its documentation starts it, entries named; HTML entries
// where the bundler takes them (Vite, Parcel), else the page copied beside
// the bundle. Resolves to { warnings }.

async function buildVite(app, out, pages) {
  const { build } = await import('vite');
  const warnings = [];
  await build({
    root: app, configFile: false, logLevel: 'warn',
    customLogger: { info() {}, warn: (message) => warnings.push(message), warnOnce: (message) => warnings.push(message), error() {}, clearScreen() {}, hasWarned: false, hasErrorLogged: () => false },
    // The size advisory is set past the inline entry (both .wasm builds in base64,
    // about 1.5 MB minified): every other warning still fails the build.
    build: { outDir: out, chunkSizeWarningLimit: 2048, rollupOptions: { input: Object.fromEntries(pages.map((p) => [p, join(app, `${p}.html`)])) } },
  });
  return { warnings };
}

async function buildWebpack(app, out, pages) {
  const { default: webpack } = await importFromBundlers('webpack');
  const stats = await new Promise((resolve, reject) => {
    // The size advisory is set past the .wasm files and the inline entry (about 1.5 MB): every other warning still fails the build.
    const compiler = webpack({ mode: 'production', context: app, entry: Object.fromEntries(pages.map((p) => [p, `./${p}.js`])), output: { path: out },
      performance: { maxAssetSize: 2 ** 21, maxEntrypointSize: 2 ** 21 } });
    compiler.run((error, result) => compiler.close(() => (error ? reject(error) : resolve(result))));
  });
  const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
  if (errors.length > 0) throw new Error(`webpack: ${errors.map((e) => e.message).join('\n')}`);
  copyPages(app, out, pages);
  return { warnings: warnings.map((w) => w.message) };
}

async function buildParcel(app, out, pages) {
  const parcel = join(bundlersDir, 'node_modules/parcel/lib/bin.js');
  const { output } = run(process.execPath, [parcel, 'build', ...pages.map((p) => `${p}.html`), '--dist-dir', out,
    '--no-cache', '--no-autoinstall', '--no-source-maps', '--log-level', 'warn'], app);
  return { warnings: output.trim() ? [output.trim()] : [] };
}

async function buildEsbuild(app, out, pages) {
  const esbuild = join(root, 'node_modules/.bin/esbuild');
  const plain = pages.filter((p) => p !== 'files').map((p) => `${p}.js`);
  const warnings = [run(esbuild, [...plain, '--bundle', '--format=esm', `--outdir=${out}`, '--log-level=warning'], app).stderr];
  if (pages.includes('files')) {
    warnings.push(run(esbuild, ['files.js', '--bundle', '--format=esm', '--loader:.wasm=file', `--outdir=${out}`, '--log-level=warning'], app).stderr);
  }
  copyPages(app, out, pages);
  return { warnings: warnings.map((w) => w.trim()).filter(Boolean) };
}

async function buildRollup(app, out, pages) {
  const { rollup } = await importFromBundlers('rollup');
  const { nodeResolve } = await importFromBundlers('@rollup/plugin-node-resolve');
  const warnings = [];
  const bundle = await rollup({
    input: Object.fromEntries(pages.map((p) => [p, join(app, `${p}.js`)])),
    plugins: [nodeResolve()],
    onwarn: (warning) => warnings.push(String(warning.message)),
  });
  await bundle.write({ dir: out, format: 'es' });
  await bundle.close();
  copyPages(app, out, pages);
  return { warnings };
}

/** CSP source expressions allowing each inline <script> of a page (an import map is one). */
function inlineScriptHashes(html) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes, body]) => !/\bsrc=/i.test(attributes) && body.length > 0)
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

// The package's files served as they are, each bare specifier mapped to one.
async function useImportMap(app, out, pages) {
  cpSync(join(app, 'node_modules/tessera-wasm'), join(out, 'tessera-wasm'), { recursive: true });
  for (const file of ['page.mjs', 'checks.mjs', ...pages.map((p) => `${p}.js`)]) cpSync(join(app, file), join(out, file));
  const importMap = JSON.stringify({ imports: { 'tessera-wasm': './tessera-wasm/dist/esm/index.js', 'tessera-wasm/inline': './tessera-wasm/dist/esm/inline.js' } });
  for (const page of pages) {
    const html = readFileSync(join(app, `${page}.html`), 'utf8');
    writeFileSync(join(out, `${page}.html`), html.replace('<script type="module"', `<script type="importmap">${importMap}</script>\n    <script type="module"`));
  }
  return { warnings: [] };
}

function copyPages(app, out, pages) {
  for (const page of pages) cpSync(join(app, `${page}.html`), join(out, `${page}.html`));
}
