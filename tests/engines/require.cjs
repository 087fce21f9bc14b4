// The conformance suite on the CommonJS build (require), in Node or Bun.
const tw = require('../../dist/cjs/index.cjs');

import('./host.mjs').then(({ runHost }) => runHost(tw));
