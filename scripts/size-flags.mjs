// What each Emscripten flag buys: builds variants of the two .wasm files
// (CMake's TESSERA_WASM_EXTRA_FLAGS appended to the product's flags) into
// build/size-flags/<variant>/, measures the .wasm and the loader raw and
// gzipped, and times two kernels through the package with each variant:
// Floor on 1e6 float32 and Tile [1024, 1024] x [2, 2] float32 (the CPU time
// of a call through the package on resident tensors; V8's optimizing tier
// only), medians of 30 runs, the variants taking turns in one process. docs/sizes.md quotes its output.
// Usage: node scripts/size-flags.mjs [variant names...]   (npm run build first)
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { esmLoader } from './glue.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// ---------------------------------------------------------------------------
// Bench mode: one process loads every variant's package (each its own module
// instance) and takes turns between them, so that a busy moment on the machine
// falls on every variant alike.

if (process.argv[2] === '--bench') {
  const dirs = process.argv.slice(3);
  const packages = [];
  for (const dir of dirs) {
    const tw = await import(pathToFileURL(`${dir}/dist/esm/index.js`).href);
    await tw.init();
    if (!tw.backendInfo().simd) throw new Error(`${dir}: the SIMD build did not load`);
    const x = new tw.Tensor('float32', Float32Array.from({ length: 1e6 }, (_, i) => (i - 5e5) * 0.37), [1e6]);
    const t = new tw.Tensor('float32', Float32Array.from({ length: 1024 * 1024 }, (_, i) => i), [1024, 1024]);
    // Resident tensors: the kernels and their malloc/free, without the copies
    // in and out of JS arrays, whose cost no compiler flag changes.
    const rx = tw.toResident(x);
    const rt = tw.toResident(t);
    packages.push({
      floor: () => tw.floor(rx).dispose(),
      tile: () => tw.tile(rt, [2, 2]).dispose(),
      times: { floor: [], tile: [] },
    });
  }
  // CPU time, not wall time: other jobs on a shared machine steal the CPU
  // between runs, and a descheduled process accrues none.
  const time = (body) => {
    const start = process.cpuUsage();
    body();
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
  for (let run = -5; run < 30; run++) {  // 5 warm-up runs, then 30 timed
    for (const p of packages) {
      for (const op of ['floor', 'tile']) {
        const ms = time(p[op]);
        if (run >= 0) p.times[op].push(ms);
      }
    }
  }
  console.log(JSON.stringify(packages.map((p) => p.times)));
  process.exit(0);
}

// ---------------------------------------------------------------------------
// Variants

// Each variant is the product's flags with these appended (later flags win).
const VARIANTS = [
  ['product: -O3, no RTTI, no exceptions, dlmalloc', ''],
  ['-O2', '-O2'],
  ['-Os', '-Os'],
  ['-Oz', '-Oz'],
  ['-flto', '-flto'],
  ['--closure 1', '--closure 1'],
  ['emmalloc', '-sMALLOC=emmalloc'],
  ['RTTI', '-frtti'],
  ['exceptions', '-fexceptions'],
  ['a filesystem', '-sFILESYSTEM=1'],
];
const chosen = process.argv.slice(2);
const variants = VARIANTS.filter(([name]) => chosen.length === 0 || chosen.includes(name));
const env = { ...process.env, NODE_PATH: '/usr/share/nodejs' };
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);
const minify = (js) => execFileSync(`${root}node_modules/.bin/esbuild`, ['--minify', '--log-level=error'], { input: js });
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

if (!existsSync(`${root}dist/esm/index.js`)) throw new Error('run `npm run build` first');
const built = [];
for (const [name, flags] of variants) {
  const dir = `${root}build/size-flags/${name.replace(/[^\w.=-]+/g, '_')}`;
  process.stderr.write(`building ${name} in ${dir}\n`);
  const configure = spawnSync('emcmake', ['cmake', '-S', root, '-B', dir, '-DCMAKE_BUILD_TYPE=Release',
    `-DTESSERA_WASM_EXTRA_FLAGS=${flags}`], { env, encoding: 'utf8' });
  const make = configure.status === 0 && spawnSync('cmake', ['--build', dir, '--target', 'tessera', 'tessera-scalar', '-j2'],
    { env, encoding: 'utf8' });
  if (!make || make.status !== 0) {
    const log = `${configure.stdout}${configure.stderr}${make ? make.stdout + make.stderr : ''}`;
    const reason = log.split('\n').find((l) => /error/i.test(l)) ?? 'build failed';
    built.push({ name, flags, error: reason.trim().slice(0, 160) });
    continue;
  }
  // A copy of the built package with this variant's loader and .wasm files.
  const pkg = `${dir}/package`;
  rmSync(pkg, { recursive: true, force: true });
  cpSync(`${root}dist`, `${pkg}/dist`, { recursive: true });
  cpSync(`${root}build/esm`, `${pkg}/dist/esm`, { recursive: true });  // the unbundled modules, whose loader is swapped below
  writeFileSync(`${pkg}/package.json`, JSON.stringify({ type: 'module' }));
  const glue = readFileSync(`${dir}/tessera.js`, 'utf8');
  writeFileSync(`${pkg}/dist/esm/glue/tessera-glue.js`, esmLoader(glue));
  for (const file of ['tessera.wasm', 'tessera-scalar.wasm']) cpSync(`${dir}/${file}`, `${pkg}/dist/wasm/${file}`);
  const simd = readFileSync(`${dir}/tessera.wasm`);
  const scalar = readFileSync(`${dir}/tessera-scalar.wasm`);
  built.push({ name, flags, pkg, simd: [simd.length, gz(simd)], scalar: [scalar.length, gz(scalar)], glue: [glue.length, gz(glue)], minified: gz(minify(glue)) });
}

const benched = built.filter((b) => !b.error);
process.stderr.write(`timing ${benched.length} variants\n`);
const times = JSON.parse(execFileSync(process.execPath, ['--no-liftoff', fileURLToPath(import.meta.url), '--bench', ...benched.map((b) => b.pkg)],
  { encoding: 'utf8' }));
benched.forEach((b, i) => Object.assign(b, times[i]));

console.log('| flags | tessera.wasm | gzip | tessera-scalar.wasm | gzip | loader JS | gzip | loader minified by esbuild, gzip | floor 1e6 f32 | tile 1024²×[2,2] f32 |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const b of built) {
  if (b.error) {
    console.log(`| ${b.name} | failed: ${b.error.replaceAll('|', '/')} | | | | | | | | |`);
    continue;
  }
  console.log(`| ${b.name} | ${kb(b.simd[0])} KB | ${kb(b.simd[1])} KB | ${kb(b.scalar[0])} KB | ${kb(b.scalar[1])} KB | `
    + `${kb(b.glue[0])} KB | ${kb(b.glue[1])} KB | ${kb(b.minified)} KB | ${median(b.floor).toFixed(2)} ms | ${median(b.tile).toFixed(2)} ms |`);
}
