// The A/B: every workload of bench/workloads.mjs in two builds of the library
// loaded side by side in one engine, called in turns, default, `out` and
// resident. A is a base checkout's build (its build/esm and build/wasm), B
// this one's. No Node imports: a page runs the same code.
import { workloads } from './workloads.mjs';

// The clock: the process's CPU time where the engine gives it (Node:
// process.cpuUsage, which other processes on a busy machine do not inflate),
// else the wall clock.
const cpu = globalThis.process?.cpuUsage;
const nowMs = cpu ? () => { const { user, system } = cpu(); return (user + system) / 1000; } : () => performance.now();

/** µs per call of fn over one round of about `ms` on the clock, read once per batch of calls. */
function round(fn, ms) {
  let calls = 0;
  let batch = 1;
  const start = nowMs();
  for (;;) {
    for (let i = 0; i < batch; i++) fn();
    calls += batch;
    const spent = nowMs() - start;
    if (spent >= ms) return (spent * 1000) / calls;
    if (spent < ms / 20) batch *= 2;
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Rows { name, mode, a, b, ratio (b / a, the median of the rounds' ratios) }. */
export async function measureAB({ a, b, rounds = 9, ms = 20, only = /./, log = () => {} }) {
  const rows = [];
  for (const workload of workloads({ smoke: false }).filter((w) => only.test(w.name))) {
    if (typeof a[workload.op] !== 'function') {  // an op the base build does not have (Cast, before it)
      log(`${workload.name}: not in A, skipped`);
      continue;
    }
    const [pa, pb] = [await workload.prepare({ tw: a }), await workload.prepare({ tw: b })];
    const newOut = (p) => ('newOut' in p ? p.newOut : () => new p.Out(p.outLength));  // none: a data-dependent output
    const modes = {
      default: (lib, p) => () => p.run(lib, p.xs, p.options(undefined)),
      out: newOut(pb) && ((lib, p) => { const o = { out: newOut(p)() }; return () => p.run(lib, p.xs, p.options(o)); }),
      resident: (lib, p) => {
        if (p.residentByOption) return () => p.run(lib, undefined, p.options({ resident: true })).dispose();
        const xr = p.xs.map((x) => lib.toResident(x));
        return () => p.run(lib, xr, p.options(undefined)).dispose();
      },
    };
    const outBytes = pb.outBytes ?? workload.outBytes;
    for (const [mode, make] of Object.entries(modes)) {
      if (!make) continue;
      const fa = make(a, pa);
      const fb = make(b, pb);
      for (let i = 0; i < 100 && i * outBytes < 1e8; i++) { fa(); fb(); }
      const ta = [];
      const tb = [];
      const ratios = [];
      for (let r = 0; r < rounds; r++) {
        // A then B in even rounds, B then A in odd ones: drift weighs on both alike.
        let ua;
        let ub;
        if (r % 2 === 0) { ua = round(fa, ms); ub = round(fb, ms); } else { ub = round(fb, ms); ua = round(fa, ms); }
        ta.push(ua);
        tb.push(ub);
        ratios.push(ub / ua);
      }
      const row = { name: workload.name, mode, a: median(ta), b: median(tb), ratio: median(ratios) };
      log(`${row.name} ${mode}: A ${row.a.toPrecision(3)} µs, B ${row.b.toPrecision(3)} µs, B/A ${row.ratio.toFixed(2)}`);
      rows.push(row);
    }
    a.releaseMemory();
    b.releaseMemory();
  }
  return rows;
}

export function table(title, rows) {
  return [title, '', '| workload | mode | A µs | B µs | B / A |', '| --- | --- | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.name} | ${r.mode} | ${r.a.toPrecision(3)} | ${r.b.toPrecision(3)} | ${r.ratio.toFixed(2)} |`)].join('\n');
}
