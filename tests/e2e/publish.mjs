// The package as `npm publish` would make it from a fresh clone: the clone of
// this repository's HEAD has no dist/ and no build/, its node_modules is the
// repo's (linked: no network), and `npm pack` there must build dist/ through
// prepack, yield the same files as the tarball packed here, and work when
// installed. Packing again must not rebuild (prepack skips a fresh dist/).
// Then the size budgets (scripts/sizes.mjs, scripts/size-budgets.json).
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { budgetTable, checkBudgets } from '../../scripts/sizes.mjs';
import { checksEsm, fixture, group, report, reportResults, root, run, runHost, scratch, work } from './harness.mjs';

/** `packedFiles`: the paths in the tarball packed from the working tree. */
export async function publishTests(packedFiles) {
  await group('(f) npm pack in a fresh clone', async () => {
    const head = run('git', ['rev-parse', 'HEAD'], root).stdout.trim();
    const uncommitted = run('git', ['status', '--porcelain', '--untracked-files=no'], root).stdout.trim();
    // The clone holds HEAD only: uncommitted changes are not in what it packs.
    if (uncommitted) console.log(`note: the working tree has uncommitted changes; the clone packs HEAD (${head.slice(0, 12)})`);
    const clone = join(work, 'clone');
    run('git', ['clone', '--quiet', '--no-checkout', root, clone], work);
    run('git', ['checkout', '--quiet', head], clone);
    symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');
    report('(f) the clone has no dist/ and no build/', !existsSync(join(clone, 'dist')) && !existsSync(join(clone, 'build')));

    const destination = join(work, 'clone-pack');
    mkdirSync(destination);
    const { stdout } = run('npm', ['pack', '--json', '--pack-destination', destination], clone);
    const [packed] = JSON.parse(stdout);
    const files = packed.files.map((f) => f.path).sort();
    report('(f) npm pack built dist/ (prepack)', existsSync(join(clone, 'dist/esm/inline.js')) && files.includes('dist/wasm/tessera.wasm'), files.join(', '));
    const missing = packedFiles.filter((f) => !files.includes(f));
    const extra = files.filter((f) => !packedFiles.includes(f));
    report(`(f) its tarball holds the same ${files.length} files as the one packed here`, missing.length === 0 && extra.length === 0,
      `missing: ${missing.join(', ')}; extra: ${extra.join(', ')}`);

    const again = run('npm', ['pack', '--dry-run', '--json'], clone);
    report('(f) packing again does not rebuild (dist/ is fresh)', again.stderr.includes('not rebuilt'), again.stderr.slice(-2000));

    const dir = scratch('clone-node-esm', join(destination, packed.filename), { type: 'module' },
      { 'index.js': fixture('node-esm/index.js'), 'checks.mjs': checksEsm });
    reportResults('(f) the clone\'s tarball, installed', runHost(dir, ['index.js']));
  });

  await group('(g) size budgets (scripts/size-budgets.json; node scripts/sizes.mjs --rebase after a growth worth it)', async () => {
    for (const { name, kind, size, baseline, limit } of checkBudgets()) {
      report(`(g) ${name}, ${kind}: ${size} B within ${limit} B`, size <= limit, `over the budget (baseline ${baseline} B); no budget means a new file: rebase`);
    }
    const sizes = readFileSync(join(root, 'docs/sizes.md'), 'utf8');
    report('(g) docs/sizes.md quotes the budgets', sizes.includes(budgetTable()), `expected in docs/sizes.md:\n${budgetTable()}`);
  });
}
