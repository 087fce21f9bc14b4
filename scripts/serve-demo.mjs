// Serves the built demo (build/web-demo/, from `npm run build:demo`) on
// http://localhost:5173 (PORT to change). Static files only: the page needs
// no server beyond this, and no network.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';

export const DEMO_DIR = fileURLToPath(new URL('../build/web-demo/', import.meta.url));

/** Serves the demo; resolves to { origin, port, close() } once listening (port 0: any free port). */
export function serveDemo(port = Number(process.env.PORT ?? 5173)) {
  if (!existsSync(join(DEMO_DIR, 'index.html'))) {
    throw new Error(`${DEMO_DIR}index.html is missing: run \`npm run build && npm run build:demo\` first`);
  }
  return serve({ mounts: { '/': DEMO_DIR }, port });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { port } = await serveDemo();
  console.log(`tessera-wasm demo: http://localhost:${port}/`);
}
