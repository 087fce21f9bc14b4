// What the suite's checks are made of: a counter that runs named checks, and
// the assertions they throw from. Plain ES module, no host APIs.
import { storageBytes } from './reference.mjs';

export class Checks {
  passed = 0;
  failed = 0;
  constructor(log) {
    this.log = log;
  }
  /** Runs one check; it fails by throwing. Returns whether it passed. */
  async run(name, body) {
    try {
      await body();
      this.passed++;
      return true;
    } catch (error) {
      this.failed++;
      this.log(`FAIL ${name}: ${error?.mismatch ? error.message : error?.stack ?? error}`);
      return false;
    }
  }
}

/** A check's failure: printed as its message alone (anything else thrown prints its stack). */
export const mismatch = (message) => Object.assign(new Error(message), { mismatch: true });

export function thrown(fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

export const tensorOf = (tw, t) => new tw.Tensor(t.type, t.data, t.dims);
const describeArray = (a) => {
  const shown = Array.from(a.slice(0, 16), (v) => (typeof v === 'string' ? JSON.stringify(v) : v)).join(', ');
  return a.length > 16 ? `[${shown}, ... (${a.length})]` : `[${shown}]`;
};

/** Throws unless `actual` has this type, dims and storage (bytes, or strings). */
export function expectTensor(actual, type, dims, storage) {
  if (actual?.type !== type) throw mismatch(`type ${actual?.type}, expected ${type}`);
  if (actual.dims.join() !== dims.join()) throw mismatch(`dims [${actual.dims}], expected [${dims}]`);
  const got = storageBytes(actual);
  const same = got.length === storage.length && got.every((v, i) => v === storage[i]);
  if (!same) throw mismatch(`storage ${describeArray(got)}, expected ${describeArray(storage)}`);
}

export function expectUnchanged(tensor, before, what) {
  const now = storageBytes(tensor);
  if (now.length !== before.length || !now.every((v, i) => v === before[i])) throw mismatch(`the op changed its ${what}`);
}

/** Throws unless fn throws a tw.SpecError for op, version and param, and holds on to no memory. */
export function expectSpecError(tw, fn, { op, version, param, message }) {
  const heap = tw.memoryStats().heapBytesInUse;
  const error = thrown(fn);
  if (!(error instanceof tw.SpecError) || error.name !== 'SpecError') throw mismatch(`expected a SpecError, got ${error?.stack ?? error}`);
  const got = { op: error.op, version: error.version, param: error.param };
  if (got.op !== op || got.version !== version || got.param !== param) {
    throw mismatch(`expected ${JSON.stringify({ op, version, param })}, got ${JSON.stringify(got)} (${error.message})`);
  }
  const prefix = version === undefined ? `${op}: ` : `${op}-${version}: `;
  if (!error.message.startsWith(prefix)) throw mismatch(`message does not start with "${prefix}": ${error.message}`);
  if (message && !message.test(error.message)) throw mismatch(`message does not match ${message}: ${error.message}`);
  const after = tw.memoryStats().heapBytesInUse;
  if (after !== heap) throw mismatch(`the rejected call left ${after - heap} bytes allocated`);
}
