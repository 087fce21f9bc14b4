// The conformance suite on the ES module build (import), in Node, Deno or Bun.
import * as tw from '../../dist/esm/index.js';
import { runHost } from './host.mjs';

await runHost(tw);
