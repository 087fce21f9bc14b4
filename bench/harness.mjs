// Timing: warm-up, then interleaved batches, median of the batches' per-call
// means. Plain ES module with no Node imports: the same code times Node and
// the browsers (bench/page.mjs).
//
// Each implementation is warmed up first: engines tier JS and each wasm
// function up over its first calls (onnxruntime-web's session.run takes about
// a second of calls to reach its steady speed). Warming goes on in chunks of
// about 30 ms until a chunk's mean stops improving three times in a row (at
// least 40 calls and 150 ms; at most 4 s). Then implementations take turns,
// batch by batch, so drift and other processes on the machine touch them
// alike; a batch is enough calls for about `batchMs`. The figure is the median
// of the batches' per-call means. An implementation slower than 50 ms a call
// (tfjs's Tile) gets 5 batches, not 21.

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * The timing functions for one host.
 * @param smoke    a few calls only (the test command's smoke run: figures meaningless)
 * @param collect  a full garbage collection, or a no-op where the engine offers none
 * @param batchMs  the length of one timed batch: long against the host's timer resolution
 */
export function harness({ smoke, collect, batchMs }) {
  const WARM_CALLS = smoke ? 3 : 40;
  const WARM_MS = smoke ? 0 : 150;
  const WARM_MAX_MS = smoke ? 50 : 4000;
  const ROUNDS = smoke ? 3 : 21;
  const SLOW_ROUNDS = smoke ? 1 : 5;
  const BATCH_MS = smoke ? 0.2 : batchMs;

  async function timeCalls(fn, calls) {
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) {
      const r = fn();
      if (r instanceof Promise) await r;
    }
    return performance.now() - t0;
  }

  /** Warms `fn` up; returns the time of one call at the end, in ms. */
  async function warm(fn) {
    let calls = 0;
    let ms = 0;
    let best = Infinity;
    let stale = 0;
    let chunk = 1;
    for (;;) {
      const t = await timeCalls(fn, chunk);
      calls += chunk;
      ms += t;
      const mean = t / chunk;
      stale = mean < best * 0.95 ? 0 : stale + 1;
      best = Math.min(best, mean);
      if (ms >= WARM_MAX_MS && calls >= 3) return best;
      if (mean > 500 && calls >= 2) return best;  // seconds a call (tfjs's Tile): tier-up is not the question
      if (stale >= 3 && calls >= WARM_CALLS && ms >= WARM_MS) return best;
      chunk = Math.max(1, Math.min(10000, Math.round(30 / Math.max(mean, 1e-4))));
    }
  }

  /** Median µs per call of each implementation. */
  async function measure(impls) {
    const names = Object.keys(impls);
    const batch = {};
    const rounds = {};
    for (const name of names) {
      const one = await warm(impls[name]);
      batch[name] = Math.max(1, Math.min(10000, Math.ceil(BATCH_MS / Math.max(one, 1e-4))));
      rounds[name] = one > 50 ? SLOW_ROUNDS : ROUNDS;
    }
    const samples = Object.fromEntries(names.map((n) => [n, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < names.length; k++) {
        const name = names[(k + round) % names.length];
        if (samples[name].length >= rounds[name]) continue;
        // A full collection before each batch: a batch then pays for its own
        // garbage, not for the previous implementation's (default-mode calls
        // allocate their outputs, up to 64 MiB each).
        if (!smoke) collect();
        samples[name].push(((await timeCalls(impls[name], batch[name])) * 1000) / batch[name]);
      }
    }
    return Object.fromEntries(names.map((n) => [n, median(samples[n])]));
  }

  /** A short interleaved measurement, for choosing between implementations. */
  async function measureQuick(impls) {
    const names = Object.keys(impls);
    const samples = Object.fromEntries(names.map((n) => [n, []]));
    for (const n of names) await timeCalls(impls[n], smoke ? 1 : 20);
    for (let r = 0; r < (smoke ? 1 : 7); r++) {
      for (const n of names) samples[n].push(await timeCalls(impls[n], 3));
    }
    return Object.fromEntries(names.map((n) => [n, median(samples[n])]));
  }

  return { measure, measureQuick };
}

/** The host's timer resolution in µs: the smallest step performance.now() takes. */
export function timerResolutionUs() {
  let smallest = Infinity;
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    let t1 = t0;
    while (t1 === t0) t1 = performance.now();
    smallest = Math.min(smallest, t1 - t0);
  }
  return smallest * 1000;
}
