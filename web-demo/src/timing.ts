// The time per call, as the worker measured it (measure.ts), and what it covers.
import { el } from './dom.js';
import { BUDGET_MS, SLOW_MS, type Timing } from './measure.js';

const format = (ms: number) => (ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toPrecision(3)} µs`);
const count = (n: number) => n.toLocaleString('en');

/** No time to show (the call did not run). */
export function clearTiming(): void {
  el.outTime.textContent = '–';
  el.outTimeDetail.textContent = '';
}

/** The call `expression` ran and is being timed in the worker. */
export function timingStarted(): void {
  el.outTime.textContent = 'warming up…';
  el.outTimeDetail.textContent = '';
}

export function showTiming(t: Timing | undefined, expression: string, error?: string): void {
  if (!t) {
    el.outTime.textContent = '–';
    el.outTimeDetail.textContent = error ? `Not timed: ${error}` : '';
    return;
  }
  el.outTime.textContent = t.median > 0 ? format(t.median) : `< ${format(0.1 / t.callsPerSample)}`;
  const slow = t.samples === 1
    ? `one call, not repeated (it takes longer than the page's ${BUDGET_MS / 1000} s budget for timing).`
    : `the median of ${t.samples} calls, not warmed up (each takes over ${SLOW_MS} ms; the page times a call within ${BUDGET_MS / 1000} s).`;
  el.outTimeDetail.textContent = t.slow
    ? `for ${expression}, its checks, kernel and output array included: ${slow}`
    : `for ${expression}, its checks, kernel and output array included: `
      + `the median of ${t.samples} samples × ${count(t.callsPerSample)} calls, `
      + `timed after ${count(t.warmupCalls)} warm-up calls (${Math.round(t.warmupMs)} ms).`;
}
