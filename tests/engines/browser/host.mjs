// Runs in a browser realm (the page's main thread or a module Worker), on the
// ES module build the realm imported. The query says what to run:
//   mode=suite   the conformance suite (../suite.mjs) on backend=simd|scalar,
//                with the ONNX vectors fetched from /vectors/ (vectors=1) or
//                skipped=<why>, and every op's cases from /build/engines/op-cases.json
//                (cases=1)
//   mode=reject  init() given a module that cannot load must reject, not hang
//   mode=big     memory to its 4 GiB limit, part=1|2 of ../big-memory.mjs
//                (the page runs it on its main thread only: one such memory at a time)
// Either way the realm must be cross-origin isolated, and nothing may be
// thrown or rejected unhandled. Gives {lines, passed, failed}.
import { runBigMemory } from '../big-memory.mjs';
import { runSuite } from '../suite.mjs';

/** How long an init() may take to settle before the check says it hangs. */
const SETTLE_MS = 5000;

export async function runHere(tw, search) {
  const params = new URLSearchParams(search);
  const lines = [];
  const log = (line) => lines.push(String(line));
  const uncaught = [];
  self.addEventListener('error', (event) => uncaught.push(`uncaught ${event.message}`));
  self.addEventListener('unhandledrejection', (event) => uncaught.push(`unhandled rejection: ${event.reason?.message ?? event.reason}`));

  const mode = params.get('mode');
  let { passed, failed } = mode === 'reject' ? await initRejects(tw, params.get('backend'), log)
    : mode === 'big' ? await runBigMemory(tw, { backend: params.get('backend'), part: params.get('part'), log })
      : await runSuite(tw, { backend: params.get('backend'), vectors: vectorsFrom(params), opCases: await opCasesFrom(params), log });
  lines.pop();  // the suite's own count: the total below includes this host's checks

  if (self.crossOriginIsolated === true) passed++;
  else {
    failed++;
    log('FAIL served cross-origin isolated: self.crossOriginIsolated is not true');
  }
  await new Promise((resolve) => setTimeout(resolve, 100));  // let a late rejection surface
  if (uncaught.length === 0) passed++;
  else {
    failed++;
    log(`FAIL nothing thrown or rejected unhandled: ${uncaught.join('; ')}`);
  }
  log(`${passed} passed, ${failed} failed`);
  return { lines, passed, failed };
}

function vectorsFrom(params) {
  if (params.get('vectors') !== '1') return { skipped: params.get('skipped') ?? 'the page was given none' };
  return {
    async read(path) {
      const response = await fetch(`/vectors/${path}`);
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`/vectors/${path}: HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}

async function opCasesFrom(params) {
  if (params.get('cases') !== '1') return { skipped: 'the page was given none' };
  const response = await fetch('/build/engines/op-cases.json');
  if (!response.ok) throw new Error(`/build/engines/op-cases.json: HTTP ${response.status}`);
  return response.json();
}

// A module that is valid but cannot be instantiated: it imports a function
// nobody provides, (module (import "absent" "f" (func))).
const UNSATISFIABLE_IMPORT = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 2, 12, 1, 6, 97, 98, 115, 101, 110, 116, 1, 102, 0, 0,
]);
// Not a module: the header, then a section id no module has.
const INVALID_BYTES = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99, 1, 0]);

/** Settles `promise` to 'resolved' / the rejection's message, or 'hung' after SETTLE_MS. */
function settled(promise) {
  return Promise.race([
    promise.then(() => 'resolved', (error) => `rejected: ${error?.message ?? error}`),
    new Promise((resolve) => setTimeout(() => resolve('hung'), SETTLE_MS)),
  ]);
}

/** init() rejects, with an error naming what it tried, for bytes that will not compile or instantiate; then loads. */
async function initRejects(tw, backend, log) {
  let passed = 0;
  let failed = 0;
  const check = (name, ok, detail) => {
    if (ok) passed++;
    else {
      failed++;
      log(`FAIL ${name}: ${detail}`);
    }
  };
  const invalid = await settled(tw.init({ wasm: INVALID_BYTES }));
  check('init() rejects bytes that are no module', invalid.startsWith('rejected: tessera-wasm: could not load the WebAssembly module from bytes'), invalid);
  const unlinkable = await settled(tw.init({ wasm: UNSATISFIABLE_IMPORT }));
  check('init() rejects a module whose imports cannot be satisfied', unlinkable.startsWith('rejected: tessera-wasm: '),
    unlinkable === 'hung' ? `init() did not settle within ${SETTLE_MS / 1000} s: it hangs when instantiation fails` : unlinkable);
  // After a hang, init() would hand back the hung call's promise: not worth the wait.
  const retry = unlinkable === 'hung' ? 'not tried: the hung call above still holds init()\'s shared promise' : await settled(tw.init({ backend }));
  check('init() loads the real module after those failures', retry === 'resolved' && tw.backendInfo().simd === (backend === 'simd'), retry);
  log(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}
