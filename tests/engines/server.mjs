// The browsers' test server (scripts/serve.mjs), cross-origin isolated, on 127.0.0.1:
//   /dist/...            the built package
//   /tests/engines/...   the suite and the browser pages
//   /build/engines/...   every op's cases (scripts/op-cases.mjs)
//   /vectors/...         the official ONNX vectors' folder, when there is one
import { join } from 'node:path';
import { ISOLATED, serve as serveStatic } from '../../scripts/serve.mjs';

/** Starts the server on a free port; resolves to {origin, close()}. */
export function serve(root, vectors) {
  return serveStatic({
    mounts: {
      '/dist/': join(root, 'dist'), '/tests/engines/': join(root, 'tests/engines'), '/build/engines/': join(root, 'build/engines'),
      ...(vectors ? { '/vectors/': vectors } : {}),
    },
    headers: ISOLATED,
  });
}
