// A/B of two builds of the library in one process per engine (Node, and
// headless Chromium and Firefox ESR): the base checkout's build against this
// one's, every workload in turns (bench/ab-core.mjs says what is timed).
//   git worktree add /tmp/base <rev> && (cd /tmp/base && npm ci && npm run build)
//   npm run build && node bench/ab.mjs --base /tmp/base [--engines node,chromium,firefox] [--only REGEX] [--rounds N]
// More rounds (9 by default) narrow the noise of a shared machine: each row's ratio is the median of its rounds'.
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium, launchFirefox } from '../scripts/browsers.mjs';
import { ISOLATED, serve } from '../scripts/serve.mjs';
import { measureAB, table } from './ab-core.mjs';
import { runPage } from './browsers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const base = option('--base');
if (!base) throw new Error('usage: node bench/ab.mjs --base <checkout with build/esm and build/wasm> [--engines ...] [--only REGEX]');
const engines = option('--engines', 'node,chromium,firefox').split(',');
const only = option('--only', '.');
const rounds = Number(option('--rounds', '9'));

for (const engine of engines) {
  if (engine === 'node') {
    const a = await import(pathToFileURL(join(resolve(base), 'build/esm/index.js')).href);
    const b = await import(pathToFileURL(join(root, 'build/esm/index.js')).href);
    await a.init();
    await b.init();
    console.log(table(`Node ${process.versions.node} (A: ${base})`, await measureAB({ a, b, only: new RegExp(only), rounds })), '\n');
    continue;
  }
  const server = await serve({
    mounts: { '/bench/': join(root, 'bench'), '/build/': join(root, 'build'), '/base/build/': join(resolve(base), 'build') },
    headers: ISOLATED,
  });
  const browser = engine === 'chromium' ? await launchChromium(['--js-flags=--expose-gc'])
    : await launchFirefox({ protocolTimeout: 30 * 60 * 1000, extraPrefsFirefox: { 'privacy.reduceTimerPrecision': false } });
  try {
    const result = await runPage(browser, `${server.origin}/bench/ab-page.html?only=${encodeURIComponent(only)}&rounds=${rounds}`, console.log);
    if (result.error) throw new Error(result.error);
    console.log(table(`${browser.version} (A: ${base})`, result.rows), '\n');
  } finally {
    await browser.close();
    await server.close();
  }
}
