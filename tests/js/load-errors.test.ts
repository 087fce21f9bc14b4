// A .wasm that is not where init() was told to look: the rejection names the
// URL and what to do. (A bundle whose default .wasm was not copied, esbuild's
// 404, is checked in Chromium by the package test's bundler pages.)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as TW from 'tessera-wasm';

/** A fresh, uninitialized instance of the library (its own module registry). */
function freshLibrary(): typeof TW {
  let fresh: typeof TW | undefined;
  jest.isolateModules(() => {
    fresh = jest.requireActual<typeof TW>('tessera-wasm');
  });
  return fresh!;
}

describe('init() of a .wasm URL that answers 404', () => {
  it('rejects naming the URL, and says to check it or use tessera-wasm/inline', async () => {
    const server = createServer((_, response) => {
      response.writeHead(404, 'Not Found');
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets/tessera.wasm`;
      const tw = freshLibrary();
      await expect(tw.init({ wasm: url })).rejects.toThrow(
        `tessera-wasm: could not load the WebAssembly module from ${url}: HTTP 404 Not Found. Check the URL given to init({ wasm }); 'tessera-wasm/inline' needs no .wasm file at all`);
    } finally {
      server.close();
    }
  });
});
