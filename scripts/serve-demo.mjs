// Serves the demo on http://localhost:5173 (PORT to change): web-demo/ at /,
// and the built package at /node_modules/tessera-wasm/ as a web app would see it.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 5173);
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml' };

function resolve(url) {
  const path = normalize(decodeURIComponent(new URL(url, 'http://x').pathname));
  if (path.includes('..')) return undefined;
  if (path.startsWith('/node_modules/tessera-wasm/')) return join(root, path.slice('/node_modules/tessera-wasm/'.length));
  const file = join(root, 'web-demo', path);
  return existsSync(file) && statSync(file).isDirectory() ? join(file, 'index.html') : file;
}

export function serve(listenPort = port) {
  const server = createServer((request, response) => {
    const file = resolve(request.url ?? '/');
    if (!file || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((done) => server.listen(listenPort, '127.0.0.1', () => done(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serve();
  console.log(`tessera-wasm demo: http://localhost:${server.address().port}/`);
}
