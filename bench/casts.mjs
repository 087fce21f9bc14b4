// The narrow casts of issue 38, 1e6 elements into an existing `out`, in Node
// and the browsers: tw.cast against a plain JS loop doing the same conversion
// exactly (bench/casts-core.mjs; each loop is checked against tw.cast's
// output before it is timed). The candidates run interleaved, round after
// round, and each row reports the medians: the machine is shared, so a burst
// of noise hits both sides alike.
//   npm run build && node bench/casts.mjs [--engines node,chromium,firefox] [--base <checkout with build/esm>]
//     [--rounds 31] [--n 1000000] [--only REGEX]
// --base times that build's tw.cast in the same rounds (the before of a
// change; Node only). Browsers through bench/browsers.mjs (cross-origin
// isolated pages, the clock unrounded), the page bench/casts-page.html.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { measureCasts } from './casts-core.mjs';
import { BROWSERS, runPage, serve } from './browsers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const rounds = Number(option('--rounds', '31'));
const n = Number(option('--n', '1000000'));
const only = option('--only', '.');
const engines = option('--engines', 'node').split(',');
const baseDir = option('--base');

for (const engine of engines) {
  if (engine === 'node') {
    const tw = await import(pathToFileURL(join(root, 'build/esm/index.js')).href);
    await tw.init();
    const base = baseDir ? await import(pathToFileURL(join(baseDir, 'build/esm/index.js')).href) : undefined;
    if (base) await base.init();
    const { CAST_KERNELS } = await import(pathToFileURL(join(root, 'build/esm/generated/casts.js')).href);
    console.log(`Node ${process.versions.node}, ${n} elements, ${rounds} rounds`);
    await measureCasts({ tw, base, n, rounds, only: new RegExp(only), kernelPairs: new Set(Object.keys(CAST_KERNELS)), log: console.log });
    continue;
  }
  const server = await serve();
  const browser = await BROWSERS[engine]();
  try {
    const result = await runPage(browser, `${server.origin}/bench/casts-page.html?only=${encodeURIComponent(only)}&rounds=${rounds}&n=${n}`, () => {});
    if (result.error) throw new Error(result.error);
    console.log(`${browser.version}, ${n} elements, ${rounds} rounds`);
    for (const line of result.lines) console.log(line);
  } finally {
    await browser.close();
    await server.close();
  }
}
