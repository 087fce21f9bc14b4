// The browsers' test server: static files, cross-origin isolated (COOP
// same-origin, COEP require-corp on every response), on 127.0.0.1.
//   /dist/...            the built package
//   /tests/engines/...   the suite and the browser pages
//   /vectors/...         the official ONNX vectors' folder, when there is one
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript', '.js': 'text/javascript',
  '.wasm': 'application/wasm', '.json': 'application/json',
};
const ISOLATED = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/** The file a URL path names, or undefined. */
function fileFor(pathname, root, vectors) {
  const path = normalize(decodeURIComponent(pathname));
  if (path.includes('..')) return undefined;
  if (path.startsWith('/vectors/')) return vectors && join(vectors, path.slice('/vectors/'.length));
  if (path.startsWith('/dist/') || path.startsWith('/tests/engines/')) return join(root, path);
  return undefined;
}

/** Starts the server on a free port; resolves to {origin, close()}. */
export function serve(root, vectors) {
  const server = createServer((request, response) => {
    let body;
    let file;
    try {
      file = fileFor(new URL(request.url ?? '/', 'http://x').pathname, root, vectors);
      if (file && statSync(file).isFile()) body = readFileSync(file);
    } catch {
      body = undefined;  // absent, or a malformed %-escape
    }
    if (!body) {
      response.writeHead(404, ISOLATED).end('not found');
      return;
    }
    response.writeHead(200, { ...ISOLATED, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({
      origin: `http://127.0.0.1:${server.address().port}`,
      close: () => new Promise((done) => server.close(done)),
    }));
  });
}
