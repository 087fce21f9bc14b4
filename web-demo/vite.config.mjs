// Builds the demo as any web app that depends on tessera-wasm would be built:
// `tessera-wasm` is the package's ESM build (dist/esm), whose
// `new URL('../wasm/tessera.wasm', import.meta.url)` Vite follows, copying the
// .wasm into the output. `npm run build` (dist/) must have run first.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: {
    alias: [{ find: /^tessera-wasm$/, replacement: fileURLToPath(new URL('../dist/esm/index.js', import.meta.url)) }],
  },
  build: {
    outDir: fileURLToPath(new URL('../build/web-demo', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // The .wasm files stay files (fetched and compiled streaming), never inlined as base64.
    assetsInlineLimit: 0,
  },
  // The op runs in a module Worker (src/worker.ts), bundled with its own copy of the library.
  worker: { format: 'es' },
  plugins: [{
    // The first paint waits for the script that draws the controls, so nothing moves once it runs.
    name: 'render-blocking-entry',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace('<script type="module" crossorigin', '<script type="module" blocking="render" crossorigin'),
    },
  }],
  logLevel: 'warn',
});
