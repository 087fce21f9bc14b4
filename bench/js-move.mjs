// Where moving between JS arrays beats the WebAssembly round trip, for the
// rule in js/src/ops/dispatch.ts (BUILTIN_MIN_ROW_BYTES, BUILTIN_MAX_ROW_CALLS), in
// Node, headless Chromium and headless Firefox ESR (bench/js-move-core.mjs
// says what is timed). Prints one table per engine of the ratio JS / kernel.
//   node bench/js-move.mjs [--engines node,chromium,firefox]   (after npm run build)
import { fileURLToPath } from 'node:url';
import { BROWSERS, runPage, serve } from './browsers.mjs';
import { measureJsMove, table } from './js-move-core.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = process.argv.indexOf('--engines');
const engines = (at >= 0 ? process.argv[at + 1] : 'node,chromium,firefox').split(',');

for (const engine of engines) {
  if (engine === 'node') {
    const tw = await import(`${root}build/esm/index.js`);
    const { withExecutor } = await import(`${root}build/esm/ops/dispatch.js`);
    await tw.init();
    console.log(table(`Node ${process.versions.node}`, measureJsMove({ tw, withExecutor })), '\n');
    continue;
  }
  const server = await serve();
  const browser = await BROWSERS[engine]();
  try {
    const result = await runPage(browser, `${server.origin}/bench/js-move-page.html`, console.log);
    if (result.error) throw new Error(result.error);
    console.log(table(browser.version, result.rows), '\n');
  } finally {
    await browser.close();
    await server.close();
  }
}
