// The one static file server: the demo (npm start), the browser cells of the
// engine matrix, the package test's pages and the benchmark's pages. Files
// only, from the folders a caller mounts, on 127.0.0.1; nothing else of the
// disk is reachable (no '..', no path outside a mount).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml',
  '.onnx': 'application/octet-stream',
};

/** Headers that make a page cross-origin isolated (a finer performance.now(), SharedArrayBuffer). */
export const ISOLATED = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Starts a server; resolves once listening to { origin, port, close() }.
 *   mounts:  { '/url/prefix/': '/a/folder' }, the longest prefix first; '/' mounts a whole folder
 *   headers: extra response headers, or a function of the URL path giving them
 *   port:    0 (default) takes any free port
 * A folder's URL serves its index.html.
 */
export function serve({ mounts, headers = {}, port = 0 }) {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const extra = typeof headers === 'function' ? headers : () => headers;
  const fileFor = (pathname) => {
    const path = normalize(decodeURIComponent(pathname));
    if (path.includes('..')) return undefined;
    const prefix = prefixes.find((p) => path.startsWith(p));
    if (prefix === undefined || !mounts[prefix]) return undefined;
    const file = join(mounts[prefix], path.slice(prefix.length));
    if (!existsSync(file)) return undefined;
    return statSync(file).isDirectory() ? join(file, 'index.html') : file;
  };
  const server = createServer((request, response) => {
    let path = '/';
    let body;
    let file;
    try {
      path = new URL(request.url ?? '/', 'http://x').pathname;
      file = fileFor(path);
      if (file && statSync(file).isFile()) body = readFileSync(file);
    } catch {
      body = undefined;  // absent, or a malformed %-escape
    }
    if (!body) {
      response.writeHead(404, { 'cache-control': 'no-store', ...extra(path) }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...extra(path),
    }).end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      resolve({ origin: `http://127.0.0.1:${bound}`, port: bound, close: () => new Promise((done) => server.close(done)) });
    });
  });
}
