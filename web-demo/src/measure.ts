// Timing a call, in the worker: what one warmed call costs in this browser.
// The first calls run the library's JavaScript unoptimised and its
// WebAssembly in the baseline tier; so the call is first repeated for a
// fixed time (the warm-up), and only then timed: the median of a few samples,
// each long enough for the browser's coarse clock (0.1 ms without
// cross-origin isolation) to resolve it to about 2%. The work runs in slices
// of about 10 ms and is dropped as soon as another call is asked for. A call
// slower than SLOW_MS is not warmed up, and all of it fits in BUDGET_MS.

const WARMUP_MS = 150;
const SAMPLE_MS = 5;
const SAMPLES = 7;
/** Slower calls are timed a few times, without a warm-up: the page is for trying, not benchmarking. */
export const SLOW_MS = 50;
/** All the timing of one call, warm-up included. */
export const BUDGET_MS = 1500;

export interface Timing {
  /** Median milliseconds per call. */
  readonly median: number;
  readonly samples: number;
  readonly callsPerSample: number;
  readonly warmupCalls: number;
  readonly warmupMs: number;
  /** Timed without a warm-up (each call over SLOW_MS). */
  readonly slow: boolean;
}

// A task boundary without setTimeout's 4 ms clamp: lets a newer request's message in.
let channel: MessageChannel | undefined;
const queue: (() => void)[] = [];
const nextTask = () => new Promise<void>((resolve) => {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queue.shift()?.();
  }
  queue.push(resolve);
  channel.port2.postMessage(0);
});

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[samples.length >> 1];

/**
 * Times `run`, whose first call took `firstMs`; undefined when `current()`
 * turns false on the way (another call was asked for).
 */
export async function measure(run: () => unknown, firstMs: number, current: () => boolean): Promise<Timing | undefined> {
  const start = performance.now();
  if (firstMs > SLOW_MS) {
    // The first call stands as one sample; more only while they fit the budget.
    const samples = [firstMs];
    while (samples.length < 3 && performance.now() - start + median(samples) <= BUDGET_MS) {
      await nextTask();
      if (!current()) return undefined;
      const t0 = performance.now();
      run();
      samples.push(performance.now() - t0);
    }
    return { median: median(samples), samples: samples.length, callsPerSample: 1, warmupCalls: 0, warmupMs: 0, slow: true };
  }
  let warmupCalls = 0;
  let slice = { ms: 0, calls: 0 };  // the last slice: the warmest calls
  while (performance.now() - start < WARMUP_MS) {
    const sliceStart = performance.now();
    let calls = 0;
    let now = sliceStart;
    do {
      run();
      calls++;
      now = performance.now();
    } while (now < sliceStart + 10);
    warmupCalls += calls;
    slice = { ms: now - sliceStart, calls };
    await nextTask();
    if (!current()) return undefined;
  }
  const warmupMs = performance.now() - start;
  // Enough calls per sample for the clock: grown from the warm-up's estimate until one batch takes SAMPLE_MS.
  let callsPerSample = Math.max(1, Math.floor(SAMPLE_MS / 2 / (slice.ms / slice.calls)));
  for (;;) {
    const t0 = performance.now();
    for (let k = 0; k < callsPerSample; k++) run();
    const ms = performance.now() - t0;
    await nextTask();
    if (!current()) return undefined;
    if (ms >= SAMPLE_MS || callsPerSample >= 1 << 20) break;
    callsPerSample = Math.min(1 << 20, ms <= 0.5 ? callsPerSample * 4 : Math.ceil((callsPerSample * SAMPLE_MS * 1.2) / ms));
  }
  const samples: number[] = [];
  const count = SAMPLE_MS / callsPerSample > SLOW_MS / 2 ? 3 : SAMPLES;
  while (samples.length < count && (samples.length < 3 || performance.now() - start < BUDGET_MS)) {
    const t0 = performance.now();
    for (let k = 0; k < callsPerSample; k++) run();
    samples.push((performance.now() - t0) / callsPerSample);
    await nextTask();
    if (!current()) return undefined;
  }
  return { median: median(samples), samples: samples.length, callsPerSample, warmupCalls, warmupMs, slow: false };
}
