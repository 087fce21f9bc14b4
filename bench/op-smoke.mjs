// The smoke run's registry check: every op of tw.OPS, on arrival, runs the
// first case its test module (tests/ops) makes, once through runNode on each
// instance (SIMD and scalar), and its outputs must match the reference's
// (tests/engines/registry.mjs reads the cases scripts/op-cases.mjs wrote).
// The time of that one call is printed, not judged: a first call (its
// compilation included), so it only says the op runs at all in the bench.
import { expectOutput, opCasesFor } from '../tests/engines/registry.mjs';

/** One row per op of tw.OPS: { op, label, us: { tessera, scalar }, error? }. */
export function opSmoke({ tw, twScalar }, json) {
  const instances = { tessera: tw, scalar: twScalar };
  const decoded = Object.fromEntries(Object.entries(instances).map(([name, lib]) => [name, opCasesFor(lib, json)]));
  return Object.keys(tw.OPS).map((op) => {
    const row = { op, label: '', us: {} };
    try {
      for (const [name, lib] of Object.entries(instances)) {
        const entry = decoded[name].find((o) => o.op === op);
        if (!entry) throw new Error('its test module gave no cases (tests/ops/index.ts lists it?)');
        if (entry.error) throw new Error(`its test module threw: ${entry.error.split('\n')[0]}`);
        const [c] = entry.cases;
        if (!c) throw new Error('its test module made no case');
        row.label = c.label;
        const started = performance.now();
        const outputs = lib.runNode(c.node, c.inputs);
        row.us[name] = (performance.now() - started) * 1000;
        if (outputs.length !== c.outputs.length) throw new Error(`${outputs.length} outputs, expected ${c.outputs.length}`);
        outputs.forEach((y, i) => expectOutput(y, c.outputs[i], entry.looseNaN, entry.tolerance));
      }
    } catch (error) {
      row.error = `${error.message}`;
    }
    return row;
  });
}

/** The printed table: an op a row, its one call's µs on each instance. */
export function opSmokeTable(rows) {
  const us = (v) => (v === undefined ? '-' : v >= 100 ? v.toFixed(0) : v.toFixed(1));
  return [
    `Every op of the registry once (its test module's first case through runNode, a first call: figures meaningless): ${rows.filter((r) => !r.error).length} of ${rows.length} agree with the reference`,
    '',
    '| op | case | tessera µs | scalar µs | outputs |',
    '| --- | --- | ---: | ---: | --- |',
    ...rows.map((r) => `| ${r.op} | ${r.label} | ${us(r.us.tessera)} | ${us(r.us.scalar)} | ${r.error ? `FAIL ${r.error}` : 'as the reference'} |`),
  ];
}
