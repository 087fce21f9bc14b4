// Serves the built demo (build/web-demo/, from `npm run build:demo`) on
// http://localhost:5173 (PORT to change). Static files only: the page needs
// no server beyond this, and no network.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_DIR = fileURLToPath(new URL('../build/web-demo/', import.meta.url));
const port = Number(process.env.PORT ?? 5173);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml' };

function resolve(url) {
  const path = normalize(decodeURIComponent(new URL(url, 'http://x').pathname));
  if (path.includes('..')) return undefined;
  const file = join(DEMO_DIR, path);
  return existsSync(file) && statSync(file).isDirectory() ? join(file, 'index.html') : file;
}

/** Starts the server; resolves to it once listening (port 0: any free port). */
export function serve(listenPort = port) {
  if (!existsSync(join(DEMO_DIR, 'index.html'))) {
    throw new Error(`${DEMO_DIR}index.html is missing: run \`npm run build && npm run build:demo\` first`);
  }
  const server = createServer((request, response) => {
    let file;
    try {
      file = resolve(request.url ?? '/');
    } catch {
      file = undefined;  // a malformed %-escape
    }
    if (!file || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    createReadStream(file).pipe(response);
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(listenPort, '127.0.0.1', () => done(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serve();
  console.log(`tessera-wasm demo: http://localhost:${server.address().port}/`);
}
