// The page: runs the checks its query asks for on the main thread and the
// same in a module Worker, and leaves both results in window.engineResult
// for tests/engines/run.mjs to collect.
import * as tw from '../../../dist/esm/index.js';
import { runHere } from './host.mjs';

function inWorker() {
  return new Promise((resolve) => {
    const worker = new Worker(new URL(`./worker.mjs${location.search}`, import.meta.url), { type: 'module' });
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => resolve({ lines: [`FAIL the worker failed to start or threw: ${event.message}`], passed: 0, failed: 1 });
  });
}

// Side by side: a hang in one (init() failure mode) costs its wait once. The
// 4 GiB checks run on the main thread alone: two such memories at once would
// double the machine's load for nothing the second realm adds.
window.engineResult = new URLSearchParams(location.search).get('mode') === 'big'
  ? runHere(tw, location.search).then((main) => ({ 'main thread': main }))
  : Promise.all([runHere(tw, location.search), inWorker()])
    .then(([main, worker]) => ({ 'main thread': main, 'module worker': worker }));
