// Timing the call on show: what one warmed call costs in this browser.
// The first calls of a page run the library's JavaScript unoptimised and
// its WebAssembly in the baseline tier; so the call is first repeated for a
// fixed time (the warm-up), and only then timed: the median of a few samples,
// each long enough for the browser's coarse clock (0.1 ms without
// cross-origin isolation) to resolve it to about 2%. The work runs in slices
// of a few milliseconds, so that typing is never held up, and is dropped as
// soon as the call changes.
import { el, guard } from './dom.js';

const WARMUP_MS = 150;
const SAMPLE_MS = 5;
const SAMPLES = 7;
/** Calls slower than this get fewer samples: the page is for trying, not benchmarking. */
const SLOW_MS = 20;

export interface Timing {
  /** Median milliseconds per call. */
  readonly median: number;
  readonly samples: number;
  readonly callsPerSample: number;
  readonly warmupCalls: number;
  readonly warmupMs: number;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Times `run` after warming it up; undefined when `current()` turns false on the way (the call changed). */
async function measure(run: () => unknown, current: () => boolean): Promise<Timing | undefined> {
  const start = performance.now();
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
  const perCall = SAMPLE_MS / callsPerSample;
  const samples: number[] = [];
  const count = perCall > SLOW_MS ? 3 : SAMPLES;
  while (samples.length < count) {
    const t0 = performance.now();
    for (let k = 0; k < callsPerSample; k++) run();
    samples.push((performance.now() - t0) / callsPerSample);
    await nextTask();
    if (!current()) return undefined;
  }
  samples.sort((a, b) => a - b);
  return { median: samples[samples.length >> 1], samples: samples.length, callsPerSample, warmupCalls, warmupMs };
}

const format = (ms: number) => (ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toPrecision(3)} µs`);
const count = (n: number) => n.toLocaleString('en');

let generation = 0;
let pending: ReturnType<typeof setTimeout> | undefined;

/** Stops any timing under way, and shows none. */
export function cancelTiming(): void {
  generation++;
  clearTimeout(pending);
  el.outTime.textContent = '–';
  el.outTimeDetail.textContent = '';
}

/** Times `run` (the call `expression`) once the page has been quiet for a moment. */
export function startTiming(run: () => unknown, expression: string): void {
  cancelTiming();
  const mine = generation;
  el.outTime.textContent = 'warming up…';
  pending = setTimeout(guard(() => {
    measure(run, () => mine === generation).then((t) => {
      if (!t || mine !== generation) return;
      el.outTime.textContent = t.median > 0 ? format(t.median) : `< ${format(0.1 / t.callsPerSample)}`;
      el.outTimeDetail.textContent = `for ${expression}, its checks, kernel and output array included: `
        + `the median of ${t.samples} samples × ${count(t.callsPerSample)} calls, `
        + `timed after ${count(t.warmupCalls)} warm-up calls (${Math.round(t.warmupMs)} ms).`;
    }, (error: unknown) => {
      el.outTime.textContent = '–';
      el.outTimeDetail.textContent = `Not timed: ${(error as Error)?.message ?? error}`;
    });
  }), 300);
}
