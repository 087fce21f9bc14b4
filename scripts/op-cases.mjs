// Every op's test-module cases (tests/ops) as JSON, for suites that run plain
// JS (the engine matrix, the benchmark's smoke run): bundles
// tests/engines/op-cases.ts with esbuild into build/engines/op-cases.cjs,
// 'tessera-wasm' left to the built package (dist/cjs), and runs it in a Node
// process of its own. Run `npm run build` first.
//
//   const { file, summary } = await writeOpCases({ seeds })   // throws with the generator's output on failure
//   node scripts/op-cases.mjs [seed,...]                      // the same from the shell
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = join(root, 'build/engines');

/** The seeds the engine matrix and the bench smoke draw their cases from (Jest's registry suite draws its own). */
export const OP_CASE_SEEDS = [14];

/**
 * The library as the bundle loads it: the built CommonJS package, not a copy
 * inside the bundle, seen through tests/engines/recording-library.cjs (which
 * notes the named calls the test modules make).
 */
const LIBRARY = { 'tessera-wasm-built': 'dist/cjs/index.cjs', 'tessera-wasm/testing': 'build/testing/index.cjs' };
const builtLibrary = {
  name: 'tessera-wasm',
  setup(b) {
    b.onResolve({ filter: /^tessera-wasm$/ }, () => ({ path: join(root, 'tests/engines/recording-library.cjs') }));
    b.onResolve({ filter: /^tessera-wasm(-built|\/testing)$/ }, ({ path }) => ({ path: `./${relative(OUT_DIR, join(root, LIBRARY[path]))}`, external: true }));
  },
};

export async function writeOpCases({ seeds = OP_CASE_SEEDS, file = join(OUT_DIR, 'op-cases.json') } = {}) {
  mkdirSync(OUT_DIR, { recursive: true });
  const bundle = join(OUT_DIR, 'op-cases.cjs');
  await build({
    entryPoints: [join(root, 'tests/engines/op-cases.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20',
    outfile: bundle, plugins: [builtLibrary], logLevel: 'silent', tsconfig: join(root, 'tests/tsconfig.json'),
  });
  const run = spawnSync(process.execPath, [bundle, file, seeds.join(',')], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`op cases: ${bundle} exited with ${run.status ?? run.signal}:\n${run.stdout}${run.stderr}`);
  return { file, summary: run.stdout.trim() };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const seeds = process.argv[2] ? process.argv[2].split(',').map(Number) : OP_CASE_SEEDS;
  console.log((await writeOpCases({ seeds })).summary);
}
