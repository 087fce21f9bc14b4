#!/usr/bin/env node
// The npm package as its users get it. `npm pack`s the built repo (run
// `npm run build` first; npm test does), checks the tarball's file list and
// its types with @arethetypeswrong/cli, then installs it offline into scratch
// projects in a temp dir and runs every op there:
//   (a) a Node CommonJS script            (b) a Node ES module script, with and without SIMD128
//   (c) TypeScript projects, ESM and CJS, compiled by `tsc --strict`, then run
//   (d) a Vite app built for production, in headless Chromium: the page, a
//       Web Worker it starts, the scalar fallback, and a strict-CSP page
//       loading the .wasm from another origin through init({wasm})
//   (e) a project whose node_modules/tessera-wasm is this repo itself
//   bundlers: Vite, webpack 5, Parcel 2, esbuild and Rollup 4 build pages
//       with the default and the inline entry, and an import map serves the
//       package's files as they are; all run in Chromium (bundlers.mjs)
//   (f) `npm pack` in a fresh clone builds dist/ and works (publish.mjs)
//   (g) the size budgets (publish.mjs)
// Nothing is fetched: the tarball has no dependencies; tsc, vite, esbuild and
// playwright-core come from the repo's node_modules, the other bundlers from
// tests/e2e/bundlers/node_modules. Chromium is Debian's.
// Prints one line per check and ends with "package: N passed, M failed".
// TESSERA_KEEP_E2E=1 keeps the temp dir for a look.
import { mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundlerTests } from './bundlers.mjs';
import { checksCjs, checksEsm, counts, fixture, fixtures, group, launchChromium, report, reportResults, root, run, runHost, runPage,
  scratch as scratchWith, serve, work } from './harness.mjs';
import { publishTests } from './publish.mjs';

// ---------------------------------------------------------------------------
// The tarball

/** The package's Markdown pages whose links must resolve: the README, API.md, the guides (docs/), examples/README.md. */
const LINKED_PAGES = (packed) => ['README.md', 'API.md', 'examples/README.md', ...packed.filter((f) => /^docs\/[\w-]+\.md$/.test(f))];

/**
 * The relative links (Markdown links and images, <img src>) of the package's
 * user-facing Markdown files that lead nowhere inside the tarball: a file
 * link must name a packed file, a folder link a folder holding one. Links
 * with a scheme and anchors within the page are not checked.
 */
function brokenLinks(packed, read) {
  const broken = [];
  for (const page of LINKED_PAGES(packed)) {
    if (!packed.includes(page)) {
      broken.push(`${page} (not packed)`);
      continue;
    }
    const text = read(page).replace(/```[\s\S]*?```/g, '');  // code blocks hold no links
    const targets = [...text.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(([^)\s]+)[^)]*\)/g), ...text.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    const folder = page.includes('/') ? page.slice(0, page.lastIndexOf('/') + 1) : '';
    for (const target of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      const path = new URL(target.split('#')[0], `file:///${folder}`).pathname.slice(1);
      const found = path.endsWith('/') || path === '' ? packed.some((f) => f.startsWith(path)) : packed.includes(path) || packed.some((f) => f.startsWith(`${path}/`));
      if (!found) broken.push(`${page}: ${target}`);
    }
  }
  return broken;
}

let tarball;
let files;
await group('npm pack', async () => {
  // prepack rebuilds dist/ only when a source is newer (npm test has just built it).
  const { stdout } = run('npm', ['pack', '--json', '--pack-destination', work], root);
  const [packed] = JSON.parse(stdout);
  tarball = join(work, packed.filename);
  files = packed.files.map((f) => f.path).sort();

  const allowed = [/^dist\/esm\/(index|inline)\.js$/, /^dist\/cjs\/(index|inline)\.cjs$/, /^dist\/types\/.+\.d\.c?ts$/,
    /^dist\/wasm\/[^/]+\.wasm$/, /^inline\/package\.json$/, /^(README|API|CHANGELOG|CONTRIBUTING)\.md$/, /^LICENSE$/, /^package\.json$/,
    /^docs\/[\w-]+\.(md|png)$/, /^examples\/[\w./-]+$/];
  const stray = files.filter((f) => !allowed.some((pattern) => pattern.test(f)));
  report('tarball holds only dist/ (esm, cjs, types, wasm), inline/package.json, the docs (README, API, CHANGELOG, CONTRIBUTING, docs/, examples/), LICENSE, package.json', stray.length === 0, `stray: ${stray.join(', ')}`);
  const broken = brokenLinks(files, (file) => readFileSync(join(root, file), 'utf8'));
  report('every relative link of README.md, API.md, examples/README.md and docs/*.md resolves inside the tarball', broken.length === 0, `broken: ${broken.join(', ')}`);
  const required = ['dist/esm/index.js', 'dist/cjs/index.cjs', 'dist/types/index.d.ts', 'dist/types/index.d.cts',
    'dist/esm/inline.js', 'dist/cjs/inline.cjs', 'dist/types/inline.d.ts', 'dist/types/inline.d.cts', 'inline/package.json',
    'dist/wasm/tessera.wasm', 'dist/wasm/tessera-scalar.wasm', 'README.md', 'LICENSE', 'package.json', 'API.md', 'CHANGELOG.md', 'docs/README.md'];
  const absent = required.filter((f) => !files.includes(f));
  report('tarball holds both entries in each build, both declaration kinds, both .wasm files, README, API.md, CHANGELOG, the guides\' index, LICENSE', absent.length === 0, `absent: ${absent.join(', ')}`);
  const dts = files.filter((f) => f.endsWith('.d.ts')).map((f) => f.replace(/\.d\.ts$/, ''));
  const dcts = files.filter((f) => f.endsWith('.d.cts')).map((f) => f.replace(/\.d\.cts$/, ''));
  report('every .d.ts has its .d.cts twin', dts.join() === dcts.join(), `d.ts: ${dts.length}, d.cts: ${dcts.length}`);

  const simdBytes = packed.files.find((f) => f.path === 'dist/wasm/tessera.wasm')?.size;
  // 53 KB until the elementwise kernels (binary ops, Where, the unary map
  // engine: one SIMD128 loop per op and type) took it to 240 KB, and the
  // reductions, Resize and the FFT to 604 KB (92 KB gzipped); TopK, CumSum,
  // NonMaxSuppression, the explicit SIMD128 reductions, the narrow casts and
  // the transpose blocks to 674 KB, then to 697 KB, and the
  // QuantizeLinear/DequantizeLinear kernel (quantize.cc, its code writers and
  // its exports: 16 KB) to 714 KB. A size to win back
  // (docs/sizes.md: tessera_reduce alone is 205 KB of code), held here so
  // that it grows no further unnoticed.
  report('dist/wasm/tessera.wasm is under 736 KB before gzip', simdBytes > 0 && simdBytes < 736 * 1024, `${simdBytes} bytes`);

  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const dot = pkg.exports?.['.'];
  const inline = pkg.exports?.['./inline'];
  // For resolvers that ignore exports (Parcel 2 by default, TypeScript's node10).
  const inlineStub = JSON.parse(readFileSync(join(root, 'inline/package.json'), 'utf8'));
  const fields = [
    ['exports["."].import', dot?.import?.types === './dist/types/index.d.ts' && dot?.import?.default === './dist/esm/index.js'],
    ['exports["."].require', dot?.require?.types === './dist/types/index.d.cts' && dot?.require?.default === './dist/cjs/index.cjs'],
    ['exports["./inline"].import', inline?.import?.types === './dist/types/inline.d.ts' && inline?.import?.default === './dist/esm/inline.js'],
    ['exports["./inline"].require', inline?.require?.types === './dist/types/inline.d.cts' && inline?.require?.default === './dist/cjs/inline.cjs'],
    ['exports["./inline"] has an inline/package.json twin', inlineStub.module === '../dist/esm/inline.js'
      && inlineStub.main === '../dist/cjs/inline.cjs' && inlineStub.types === '../dist/types/inline.d.cts'],
    ['exports["./wasm"]', pkg.exports?.['./wasm'] === './dist/wasm/tessera.wasm'],
    ['files', JSON.stringify(pkg.files) === JSON.stringify(['dist', 'inline/package.json', 'README.md', 'LICENSE', 'API.md', 'CHANGELOG.md', 'CONTRIBUTING.md', 'docs', 'examples'])],
    ['scripts.prepack builds dist/ when stale', pkg.scripts?.prepack === 'node scripts/build.mjs --if-stale'],
    ['sideEffects', pkg.sideEffects === false],
    ['engines', typeof pkg.engines?.node === 'string'],
    ['types', pkg.types === './dist/types/index.d.cts'],
    ['no dependencies', pkg.dependencies === undefined],
  ];
  for (const [field, ok] of fields) report(`package.json ${field}`, ok, JSON.stringify(pkg[field.split(/[[.]/)[0]]));
});
if (!tarball) {
  console.log(`package: ${counts.passed} passed, ${counts.failed} failed`);
  process.exit(1);
}
const scratch = (name, packageJson, files) => scratchWith(name, tarball, packageJson, files);

// The named functions never import the registry: a page that imports one op
// carries that op alone, however many the library has (runNode and tw.OPS
// carry them all). Bundled as a user's bundler would, minified and gzipped.
await group('tree-shaking: a page importing init, Tensor and tile carries Tile alone', async () => {
  const dir = join(work, 'shake');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'entry.mjs'), `import { init, Tensor, tile } from ${JSON.stringify(join(root, 'dist/esm/index.js'))};\n`
    + `await init();\nconsole.log(tile(new Tensor('float32', new Float32Array(4), [2, 2]), [1, 2]).dims);\n`);
  run(join(root, 'node_modules/.bin/esbuild'), ['entry.mjs', '--bundle', '--minify', '--format=esm', '--platform=browser',
    '--outfile=out.js', '--log-level=warning'], dir);
  const bundle = readFileSync(join(dir, 'out.js'));
  const gzipped = gzipSync(bundle, { level: 9 }).length;
  // Issue 33's bound (22,062 bytes at its start, 24,176 with issue 34's
  // defenses and the compute plan; 19,981 once the loader lost Embind).
  report('the tile-only bundle is at most 23,000 bytes gzipped (esbuild, minified)', gzipped <= 23000, `${gzipped} bytes`);
  const tw = await import(join(root, 'dist/esm/index.js'));
  const others = Object.keys(tw.OPS).filter((op) => op !== 'Tile' && bundle.includes(`"${op}"`));
  report('no other op of tw.OPS is named in it', others.length === 0, `named: ${others.join(', ')}`);
});

await group('@arethetypeswrong/cli on the tarball', async () => {
  // The .wasm subpaths are files, not modules: nothing to type.
  const { status, output } = run(join(root, 'node_modules/.bin/attw'),
    [tarball, '--format', 'json', '--exclude-entrypoints', './wasm', './wasm-scalar', './package.json'], work, { allowFailure: true });
  const json = JSON.parse(output.slice(output.indexOf('{')));
  const problems = json.analysis?.problems ?? json.problems;
  report('attw finds no problem', status === 0 && Array.isArray(problems) && problems.length === 0, JSON.stringify(problems ?? output).slice(0, 2000));
  for (const [entry, name] of [['.', 'index'], ['./inline', 'inline']]) {
    const resolutions = json.analysis?.entrypoints?.[entry]?.resolutions ?? {};
    const typesFile = (mode) => resolutions[mode]?.resolution?.fileName;
    report(`attw: ${entry}: require resolves to the .d.cts, import to the .d.ts, node10 to the .d.cts`,
      new RegExp(`${name}\\.d\\.cts$`).test(typesFile('node16-cjs')) && new RegExp(`${name}\\.d\\.ts$`).test(typesFile('node16-esm'))
        && new RegExp(`${name}\\.d\\.ts$`).test(typesFile('bundler')) && new RegExp(`${name}\\.d\\.cts$`).test(typesFile('node10')),
      JSON.stringify(Object.fromEntries(Object.keys(resolutions).map((m) => [m, typesFile(m)]))));
  }
});

// ---------------------------------------------------------------------------
// Node

await group('(a) Node CommonJS script', async () => {
  const dir = scratch('node-cjs', {}, { 'index.js': fixture('node-cjs/index.js'), 'checks.js': checksCjs });
  reportResults('(a) cjs', runHost(dir, ['index.js']));
});

await group('(b) Node ES module script', async () => {
  const dir = scratch('node-esm', { type: 'module' }, { 'index.js': fixture('node-esm/index.js'), 'checks.mjs': checksEsm });
  reportResults('(b) esm', runHost(dir, ['index.js']));
  reportResults('(b) esm without SIMD128', runHost(dir, ['index.js', 'nosimd']));
});

// ---------------------------------------------------------------------------
// TypeScript: ESM and CJS projects under node16 rules, and one with no DOM lib

const tsc = join(root, 'node_modules/typescript/bin/tsc');
const tsProjects = [
  { name: 'ts-esm', type: 'module', lib: ['ES2022', 'DOM'], types: [], declarations: /tessera-wasm\/dist\/types\/index\.d\.ts/ },
  { name: 'ts-cjs', type: 'commonjs', lib: ['ES2022', 'DOM'], types: [], declarations: /tessera-wasm\/dist\/types\/index\.d\.cts/ },
  { name: 'ts-node-no-dom', type: 'module', lib: ['ES2022'], types: ['node'], declarations: /tessera-wasm\/dist\/types\/index\.d\.ts/ },
];
for (const project of tsProjects) {
  await group(`(c) TypeScript ${project.name} (tsc --strict, module nodenext, lib ${project.lib.join('+')})`, async () => {
    const tsconfig = {
      compilerOptions: {
        strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'ES2022', lib: project.lib,
        types: project.types, typeRoots: [join(root, 'node_modules/@types')], skipLibCheck: false,
        outDir: 'out', rootDir: '.',
      },
      files: ['main.ts'],
    };
    const dir = scratch(project.name, { type: project.type },
      { 'main.ts': fixture('ts/main.ts'), 'tsconfig.json': JSON.stringify(tsconfig, null, 2) });
    const { status, output } = run(process.execPath, [tsc, '-p', '.', '--explainFiles'], dir, { allowFailure: true });
    report(`(c) ${project.name}: tsc --strict compiles against the declarations`, status === 0, output.split('\n').filter((l) => /error/.test(l)).join('\n'));
    report(`(c) ${project.name}: tsc picked the ${project.type === 'module' ? '.d.ts' : '.d.cts'} declarations`,
      project.declarations.test(output), output.split('\n').filter((l) => l.includes('tessera-wasm')).join('\n'));
    if (status === 0) reportResults(`(c) ${project.name}`, runHost(dir, ['out/main.js']));
  });
}

await group('declarations: every export has a doc comment (what an editor shows)', async () => {
  const { default: ts } = await import('typescript');
  for (const entry of ['index.d.ts', 'index.d.cts', 'inline.d.ts', 'inline.d.cts']) {
    const file = join(work, 'node-cjs/node_modules/tessera-wasm/dist/types', entry);
    const program = ts.createProgram([file], { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext });
    const checker = program.getTypeChecker();
    const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)));
    const undocumented = exported.filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return ts.displayPartsToString(target.getDocumentationComment(checker)).trim() === '';
    });
    report(`${entry}: all ${exported.length} exports documented`, exported.length > 10 && undocumented.length === 0,
      `undocumented: ${undocumented.map((s) => s.name).join(', ')}`);
  }
});

// ---------------------------------------------------------------------------
// (d) A Vite app in headless Chromium

await group('(d) Vite app in headless Chromium', async () => {
  const app = fixtures + 'vite-app/';
  const files = Object.fromEntries(readdirSync(app).map((f) => [f, readFileSync(app + f, 'utf8')]));
  const dir = scratch('vite-app', { type: 'module' }, { ...files, 'checks.mjs': checksEsm });
  const { build } = await import('vite');
  await build({
    root: dir, configFile: false, logLevel: 'warn',
    build: { outDir: join(dir, 'dist'), rollupOptions: { input: { index: join(dir, 'index.html'), csp: join(dir, 'csp.html') } } },
    worker: { format: 'es' },
  });
  const assets = readdirSync(join(dir, 'dist/assets'));
  report('(d) vite build copied both .wasm files (new URL(..., import.meta.url))',
    assets.some((f) => /^tessera-[\w-]+\.wasm$/.test(f) && !f.startsWith('tessera-scalar')) && assets.some((f) => /^tessera-scalar-[\w-]+\.wasm$/.test(f)),
    assets.join(', '));

  const csp = "script-src 'self' 'wasm-unsafe-eval'";
  const site = await serve(join(dir, 'dist'), (path) => (path === '/csp.html' ? { 'Content-Security-Policy': csp } : {}));
  const cdn = await serve(join(dir, 'node_modules/tessera-wasm/dist/wasm'), () => ({ 'Access-Control-Allow-Origin': '*' }));
  const context = await launchChromium();
  try {
    await runPage(context, '(d) page', `${site.origin}/index.html`);
    await runPage(context, '(d) page without SIMD128', `${site.origin}/index.html?nosimd`);
    await runPage(context, `(d) CSP page (${csp})`, `${site.origin}/csp.html?wasm=${encodeURIComponent(`${cdn.origin}/tessera.wasm`)}`);
  } finally {
    await context.close();
    site.close();
    cdn.close();
  }
});

// ---------------------------------------------------------------------------
// (e) node_modules/tessera-wasm is this repo (after npm ci && npm run build)

await group('(e) the repo itself as node_modules/tessera-wasm', async () => {
  for (const [name, type, main, checks] of [['repo-cjs', 'commonjs', 'node-cjs/index.js', ['checks.js', checksCjs]],
    ['repo-esm', 'module', 'node-esm/index.js', ['checks.mjs', checksEsm]]]) {
    const dir = join(work, name);
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    symlinkSync(root, join(dir, 'node_modules/tessera-wasm'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type }));
    writeFileSync(join(dir, 'index.js'), fixture(main));
    writeFileSync(join(dir, checks[0]), checks[1]);
    reportResults(`(e) ${name}`, runHost(dir, ['index.js']));
  }
});

await bundlerTests(tarball);
await publishTests(files);

if (process.env.TESSERA_KEEP_E2E) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log(`package: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed === 0 ? 0 : 1);
